// SMS verification codes: 6 digits, 5 minutes, one send per mobile per 60 s and 10 per day, 5 wrong tries burn it.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db';
import { AppError, badRequest } from '../../errors';
import { Status } from '../../../common/api';
import type { SmsProvider } from '../providers/sms';
import { sha256 } from './tokens';
import { chinaInstant, todayInChina } from '../../../common/china-time';

/**
 * register and bind (mobile change) need an unregistered mobile, login and reset a registered one; a code is
 * sent either way and the mobile's state is told only to whoever holds a valid code (no account probing).
 */
export type SmsScene = 'register' | 'login' | 'reset' | 'bind';
export const SMS_SCENES: SmsScene[] = ['register', 'login', 'reset', 'bind'];

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_MS = 60_000;
export const DAILY_LIMIT = 10;
export const MAX_ATTEMPTS = 5;
const DEAD_CODE = '验证码已失效，请重新获取';

export class CaptchaService {
  constructor(
    private db: DB,
    private sms: SmsProvider,
  ) {}

  async send(mobile: string, scene: SmsScene): Promise<void> {
    // 今日 is China's day (the server's own clock may run in UTC, where the day turns at 08:00 in China).
    const dayStart = chinaInstant(`${todayInChina()} 00:00:00`);
    const recent = await this.db
      .selectFrom('sms_codes')
      .select([sql<number>`count(*)`.as('n'), sql<Date | null>`max(created_at)`.as('last')])
      .where('mobile', '=', mobile)
      .where('created_at', '>=', dayStart)
      .executeTakeFirstOrThrow();
    if (recent.last) {
      const wait = Math.ceil((new Date(recent.last).getTime() + RESEND_MS - Date.now()) / 1000);
      if (wait > 0) throw new AppError(Status.TOO_MANY, `验证码发送过于频繁，请${wait}秒后再试`);
    }
    if (Number(recent.n) >= DAILY_LIMIT) throw new AppError(Status.TOO_MANY, '今日验证码发送次数已达上限，请明天再试');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db
      .insertInto('sms_codes')
      .values({ mobile, scene, code_hash: sha256(`${mobile}:${code}`), expires_at: new Date(Date.now() + CODE_TTL_MS) })
      .execute();
    await this.sms.send({ mobile, scene, code });
  }

  /** Checks and consumes the newest live code of this mobile and scene; throws a Chinese message otherwise. */
  async verify(mobile: string, scene: SmsScene, code: string): Promise<void> {
    await this.consume(await this.check(mobile, scene, code));
  }

  /**
   * Checks the newest live code (a wrong one counts a try) without using it up, and returns its id: callers
   * check the code before anything that would tell whether a username or mobile exists, and consume it once
   * the request has passed every check (so a taken username can be fixed without a new code).
   */
  async check(mobile: string, scene: SmsScene, code: string): Promise<number> {
    const tried = await this.takeTry(mobile, scene);
    if (!tried) throw badRequest(DEAD_CODE);
    if (tried.code_hash === sha256(`${mobile}:${code}`)) {
      // A right code is not a failure: its try goes back, so a request refused for a taken username costs none.
      await this.db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('id', '=', tried.id)
        .execute();
      return Number(tried.id);
    }
    throw badRequest((await this.burnWhenTriedOut(tried.id)) ? '验证码错误次数过多，请重新获取' : '验证码错误');
  }

  /**
   * Counts a try of the newest live code before it is compared, in the statement that finds it: read first and
   * counted after, every request already in flight would be compared (forty parallel guesses at one code had
   * seven to forty compared on PostgreSQL). A code whose tries are all taken — by compares still running, too —
   * answers as used up. Undefined when there is no live code or no try left.
   */
  private takeTry(mobile: string, scene: SmsScene) {
    return this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where((eb) =>
        eb(
          'id',
          '=',
          eb
            .selectFrom('sms_codes')
            .select('id')
            .where('mobile', '=', mobile)
            .where('scene', '=', scene)
            .where('used_at', 'is', null)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        ),
      )
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .where('attempts', '<', MAX_ATTEMPTS)
      .returning(['id', 'code_hash'])
      .executeTakeFirst();
  }

  /** A wrong code's try stays counted; the failure that finds them all taken burns the code (only one can). */
  private async burnWhenTriedOut(id: number): Promise<boolean> {
    const burnt = await this.db
      .updateTable('sms_codes')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '>=', MAX_ATTEMPTS)
      .executeTakeFirst();
    return Number(burnt.numUpdatedRows) === 1;
  }

  /** Uses the code up; guarded on used_at so two requests racing with the same code cannot both pass. */
  async consume(id: number): Promise<void> {
    const used = await this.db
      .updateTable('sms_codes')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw badRequest(DEAD_CODE);
  }
}
