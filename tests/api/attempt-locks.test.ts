// Failed-attempt limits under bursts of parallel requests: five wrong passwords lock an account and five wrong
// SMS codes burn a code however many requests arrive together. A limit read before the check and counted after it
// lets every request already in flight be checked (all twenty guesses at a password, as many as forty at a
// code on PostgreSQL); the attempt must be taken in the database before the password or the code is looked at.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ATTEMPTS } from '../../src/server/modules/auth/captcha';
import { MAX_FAILED_LOGINS } from '../../src/server/modules/auth/login-guard';
import { testDialects } from '../helpers/databases';
import { apiReplicas, createTestApp, type TestApp } from '../helpers/test-app';

// The hash of every password check the app makes: the checks of one user's password are those against his hash.
const checked = vi.hoisted(() => [] as string[]);
vi.mock(import('../../src/server/modules/auth/passwords'), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    verifyPassword: (stored: string, password: string) => {
      checked.push(stored);
      return real.verifyPassword(stored, password);
    },
  };
});

const WRONG_LOGIN = { status: 400, message: '用户名或密码错误', data: null };
const WRONG_CODE = ['验证码错误', '验证码错误次数过多，请重新获取'];
const DEAD_CODE = '验证码已失效，请重新获取';

describe.each(testDialects())('failed-attempt limits under parallel requests on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The suite's app lifts the limits per client (test-app.ts), so only the attempt limits stop the bursts.
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function sendCode(mobile: string, scene: string) {
    // Lets the 60-second resend window of the mobile pass without waiting.
    await sql`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE mobile = ${mobile}`.execute(
      t.db,
    );
    const r = await t.call('GET', `/api/admin/captcha/getSmsCaptcha?mobile=${mobile}&scene=${scene}`);
    expect(r.status, r.message).toBe(200);
    return t.lastSmsCode(mobile, scene);
  }

  async function register(username: string, mobile: string, password = 'secret123') {
    const code = await sendCode(mobile, 'register');
    const r = await t.call('POST', '/api/admin/sysuser/registerAccountInitial', {
      username,
      mobile,
      code,
      password,
      rePassword: password,
    });
    expect(r.status, r.message).toBe(200);
    return t.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  const auditOf = async (userId: number) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('user_id', '=', userId)
        .where('entity', '=', 'session')
        .execute()
    )
      .map((r) => r.action)
      .sort();

  // The password checks are counted in this process: with replicas (API_REPLICAS) the app runs in others.
  it.skipIf(apiReplicas() > 1)(
    'checks at most 5 of 20 parallel passwords; the right one sent among the guesses does not get in',
    async () => {
      const user = await register('burst', '13900000301');
      checked.length = 0;
      const login = (password: string) =>
        t.call('POST', '/api/admin/login/user', { loginType: 'password', username: 'burst', password });
      const guesses = Array.from({ length: 12 }, () => login('wrongpass1'));
      // The right password goes out while the twelve guesses are being hashed, as the thirteenth of twenty: sent once
      // all twelve have reached their check, so that it is taken after them on PostgreSQL's several connections too.
      await vi.waitFor(() => expect(checked.length).toBeGreaterThanOrEqual(12), { timeout: 60_000, interval: 5 });
      const rest = [login('secret123'), ...Array.from({ length: 7 }, () => login('wrongpass1'))];
      const answers = await Promise.all([...guesses, ...rest]);

      expect(checked.filter((h) => h === user.password_hash)).toHaveLength(MAX_FAILED_LOGINS);
      // Every answer, the right password's too, is the wrong-password one: the lock is not told.
      for (const a of answers) expect(a).toEqual(WRONG_LOGIN);
      const row = await t.db
        .selectFrom('users')
        .select(['locked_until', 'failed_logins'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.locked_until!).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
      // The log tells the five guesses that were checked, the last of them locking; none of the refused ones.
      expect(await auditOf(user.id)).toEqual([
        'locked',
        'login',
        'login_failed',
        'login_failed',
        'login_failed',
        'login_failed',
      ]);

      // Once the lock has passed the right password gets in, and the count starts again.
      await sql`UPDATE users SET locked_until = now() - interval '1 second' WHERE id = ${user.id}`.execute(t.db);
      expect((await login('secret123')).status).toBe(200);
      expect(
        (await t.db.selectFrom('users').select('failed_logins').where('id', '=', user.id).executeTakeFirstOrThrow())
          .failed_logins,
      ).toBe(0);
    },
  );

  it.skipIf(apiReplicas() > 1)('counts parallel wrong passwords inside a session towards the same lock', async () => {
    const user = await register('insider2', '13900000302');
    const token = await t.login('insider2', 'secret123');
    checked.length = 0;
    const deactivate = (password: string) => t.call('POST', '/api/admin/sysuser/deactivate', { password }, token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deactivate('wrongpass1')));
    expect(checked.filter((h) => h === user.password_hash)).toHaveLength(MAX_FAILED_LOGINS);
    for (const a of answers) expect(a).toMatchObject({ status: 400, message: '密码错误' });
    // Locked: the right password is refused, and the account stays.
    expect(await deactivate('secret123')).toMatchObject({ status: 400, message: '密码错误' });
    expect(
      (await t.db.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirstOrThrow()).status,
    ).toBe('active');
  });

  type CodeCall = (mobile: string, code: string, token: string) => Promise<{ status: number; message: string }>;
  // changeMobile's code goes to the new number; a login code to the account's own.
  const codeCalls: [string, string, { own: string; codeTo: string }, CodeCall][] = [
    [
      'changeMobile',
      'bind',
      { own: '13900000311', codeTo: '13900000321' },
      (mobile, code, token) => t.call('POST', '/api/admin/sysuser/changeMobile', { mobile, code }, token),
    ],
    [
      'login by code',
      'login',
      { own: '13900000312', codeTo: '13900000312' },
      (mobile, code) => t.call('POST', '/api/admin/login/user', { loginType: 'sms', mobile, code }),
    ],
  ];

  it.each(codeCalls)(
    'checks at most 5 of 40 parallel wrong codes (%s), and the code is burnt for the right one after',
    async (_, scene, mobiles, call) => {
      await register(`coder${mobiles.own.slice(-2)}`, mobiles.own);
      const token = await t.login(`coder${mobiles.own.slice(-2)}`, 'secret123');
      const mobile = mobiles.codeTo;
      const code = await sendCode(mobile, scene);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = await Promise.all(Array.from({ length: 40 }, () => call(mobile, wrong, token)));

      const checkedWrong = answers.filter((a) => WRONG_CODE.includes(a.message));
      expect(checkedWrong.length).toBeLessThanOrEqual(MAX_ATTEMPTS);
      expect(answers.filter((a) => a.message === '验证码错误次数过多，请重新获取')).toHaveLength(1);
      expect(answers.filter((a) => a.message === DEAD_CODE)).toHaveLength(40 - checkedWrong.length);
      const row = await t.db
        .selectFrom('sms_codes')
        .select(['attempts', 'used_at'])
        .where('mobile', '=', mobile)
        .where('scene', '=', scene)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(MAX_ATTEMPTS);
      expect(row.used_at).not.toBeNull();
      expect(await call(mobile, code, token)).toMatchObject({ status: 400, message: DEAD_CODE });
    },
  );

  it('gives a right code its try back: a code checked right but not used (a taken username) still takes four wrong ones', async () => {
    const code = await sendCode('13900000331', 'register');
    const reg = (username: string, c: string) =>
      t.call('POST', '/api/admin/sysuser/registerAccountInitial', {
        username,
        mobile: '13900000331',
        code: c,
        password: 'secret123',
        rePassword: 'secret123',
      });
    for (let i = 0; i < 3; i++) expect(await reg('demo', code)).toMatchObject({ status: 409, message: '用户名已存在' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await reg('fresh331', wrong)).message).toBe('验证码错误');
    expect((await reg('fresh331', code)).status).toBe(200);
  });
});
