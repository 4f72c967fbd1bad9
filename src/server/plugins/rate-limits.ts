// Limits per client through @fastify/rate-limit, with its counters in the database
// (`rate_limits`) so that several replicas share them. Which call counts against which limit is listed here,
// in one table, rather than spread over the route files; each limit counts per IP, per account named in the
// body (logins), or per signed-in user. Exceeding one answers HTTP 429 with the envelope and Retry-After.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { DB } from '../db';
import type { Limit, LimitName } from '../rate-limit-sizes';

type Per = 'ip' | 'account' | 'user';

const PER: Record<LimitName, Per> = {
  login: 'ip',
  loginAccount: 'account',
  sms: 'ip',
  qr: 'ip',
  register: 'ip',
  reset: 'ip',
  ocr: 'user',
  createTeam: 'user',
  upload: 'user',
  invite: 'user',
  teamLookup: 'user',
  teamLookupIp: 'ip',
};

export const ROUTE_LIMITS: Record<string, LimitName[]> = {
  'POST /api/admin/login/user': ['login', 'loginAccount'],
  'GET /api/admin/captcha/getSmsCaptcha': ['sms'],
  'GET /api/admin/wechat/generateAWeChatQRCode': ['qr'],
  'POST /api/admin/sysuser/registerAccountInitial': ['register'],
  'POST /api/admin/sysuserdetail/retrievePasswordByUsername': ['reset'],
  'POST /api/admin/systenant/idCardOcr': ['ocr'],
  'POST /api/admin/systenant/businessLicense': ['ocr'],
  'POST /api/admin/systenant/createTenant': ['createTeam'],
  'POST /api/admin/fileUtil/uploadFile': ['upload'],
  'POST /api/data/:module/import/preview': ['upload'],
  'POST /api/data/:module/import': ['upload'],
  'POST /api/admin/applyjointenant/invite': ['invite'],
  'POST /api/admin/applyjointenant/queryJoinTenantById': ['teamLookup', 'teamLookupIp'],
};

function subject(req: FastifyRequest, per: Per): string {
  if (per === 'account') {
    const b = (req.body ?? {}) as { username?: unknown; mobile?: unknown };
    const who =
      typeof b.username === 'string' && b.username ? b.username : typeof b.mobile === 'string' ? b.mobile : '';
    return `account:${who.trim().toLowerCase()}`;
  }
  if (per === 'user') {
    const userId = (req as unknown as { auth?: { userId?: number } | null }).auth?.userId;
    if (userId) return `user:${userId}`;
  }
  return `ip:${req.ip}`;
}

/** A @fastify/rate-limit store whose counters live in PostgreSQL: one upsert per hit, atomic across replicas. */
function databaseStore(db: DB) {
  return class DatabaseStore {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      sql<{ hits: number; ttl: number }>`
        INSERT INTO rate_limits (key, hits, reset_at) VALUES (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING hits, (extract(epoch FROM reset_at - now()) * 1000)::integer AS ttl`
        .execute(db)
        .then(
          (r) => {
            cb(null, { current: Number(r.rows[0].hits), ttl: Math.max(0, Number(r.rows[0].ttl)) });
            // Now and then, forget windows long over so the table stays the size of the active clients.
            if (Math.random() < 0.01)
              void sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'`.execute(db).catch(() => {});
          },
          (err: Error) => cb(err),
        );
    }

    child() {
      return new DatabaseStore();
    }
  };
}

/**
 * Refuses a call for now: sets Retry-After and answers the error the envelope turns into HTTP 429 with `message`
 * (by default 操作过于频繁，请…后再试). Shared by the limits here and the OCR queue bound.
 */
export function tooManyRequests(reply: FastifyReply, ttlMs: number, message?: string) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  void reply.header('Retry-After', String(seconds));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)}分钟` : `${seconds}秒`;
  return Object.assign(new Error(message ?? `操作过于频繁，请${wait}后再试`), { statusCode: 429 });
}

export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: { db: DB; limits: Record<LimitName, Limit> }) => {
  // global: false — only the calls of ROUTE_LIMITS count; createRateLimit gives a checker per limit, so one call
  // can count against several (an IP's logins and an account's), which the plugin's own hook would run only once.
  await app.register(rateLimit, { global: false, store: databaseStore(opts.db), skipOnError: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const names = methods.flatMap((m) => ROUTE_LIMITS[`${m} ${route.url}`] ?? []);
    if (!names.length) return;
    const checks = names.map((name) =>
      app.createRateLimit({
        max: opts.limits[name].max,
        timeWindow: opts.limits[name].seconds * 1000,
        keyGenerator: (req: FastifyRequest) => `${name}:${subject(req, PER[name])}`,
      }),
    );
    // preHandler: the body is parsed (logins count per account) and the session is known (per user).
    const limit = async (req: FastifyRequest, reply: FastifyReply) => {
      for (const check of checks) {
        const r = await check(req);
        if (!r.isAllowed && r.isExceeded) throw tooManyRequests(reply, r.ttl);
      }
    };
    const existing = route.preHandler;
    route.preHandler = [limit, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
  });
});
