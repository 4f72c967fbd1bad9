import path from 'node:path';
import { parseLimits, type Limit, type LimitName } from './rate-limit-sizes';

/** Runtime configuration, read once from the environment (see the README table). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * Where the cache bus LISTENs (DATABASE_LISTEN_URL): the PostgreSQL server itself, never a transaction pooler,
   * which hands each statement to whichever server connection is free and so loses the notifications. Defaults to
   * databaseUrl, except through a pooler (then the caches stay off: a missed notification would serve stale rows).
   */
  databaseListenUrl?: string;
  /**
   * 'transaction' (DATABASE_POOLER): databaseUrl is a pooler in transaction mode (pgbouncer's pool_mode=transaction), where
   * consecutive statements of one client may run on different server connections: nothing may rely on a server
   * connection's state between transactions (prepared statements, session settings, session advisory locks).
   */
  databasePooler?: 'transaction';
  /**
   * A streaming replica of databaseUrl's cluster (DATABASE_READ_URL), the server itself rather than a pooler: the
   * calls that only read lists, exports, charts, pickers and prints read there, except a session's own reads until
   * the replica has replayed its last write (db/replica.ts). Unset: everything reads and writes databaseUrl.
   */
  databaseReadUrl?: string;
  seedDemo: boolean;
  /** Minutes of inactivity after which a normal session ends; remembered sessions use rememberIdleMinutes. */
  sessionIdleMinutes: number;
  rememberIdleMinutes: number;
  sessionAbsoluteDays: number;
  /** Public origin used in QR codes and share links (else origin.ts: a listed proxy's forwarded host or this server's address). */
  publicUrl?: string;
  /**
   * The reverse proxies whose X-Forwarded-* headers are believed (addresses or CIDRs, from TRUST_PROXY);
   * false when none is listed, so a client cannot forge its address (rate limits) or the origin (QR links).
   */
  trustProxy: false | string[];
  /** Limits per client (RATE_LIMITS=`name=max/seconds,…`, defaults in rate-limit-sizes.ts). */
  rateLimits: Record<LimitName, Limit>;
  /** OCR calls one server process holds at once (running and waiting); more are refused with 429. */
  ocrQueue: number;
  webDir: string;
  /**
   * The web app is being built beside this start (`npm start` on a fresh clone: scripts/start.mjs sets WEB_BUILDING):
   * until webDir holds it, pages answer a short 正在准备页面 stand-in that reloads itself, instead of nothing.
   */
  webBuilding: boolean;
  /** Folder of the JSON page schemas (one per route). */
  schemasDir: string;
  logLevel: string;
  /** Called with the text of every SQL statement run (parameters apart); an embedding program's probe, never set from the environment. */
  onQuery?: (sql: string) => void;
}

function flag(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'off', 'no'].includes(v.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    databasePooler: poolerOf(env.DATABASE_POOLER),
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    seedDemo: flag(env.SEED_DEMO, true),
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 120),
    rememberIdleMinutes: Number(env.REMEMBER_IDLE_MINUTES ?? 60 * 24 * 7),
    sessionAbsoluteDays: Number(env.SESSION_ABSOLUTE_DAYS ?? 30),
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: proxyList(env.TRUST_PROXY),
    rateLimits: parseLimits(env.RATE_LIMITS),
    ocrQueue: Math.max(1, Number(env.OCR_QUEUE ?? 8) || 8),
    webDir: path.resolve(env.WEB_DIR ?? './dist/web'),
    webBuilding: flag(env.WEB_BUILDING, false),
    schemasDir: path.resolve(env.SCHEMAS_DIR ?? './schemas'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

function poolerOf(v: string | undefined): 'transaction' | undefined {
  if (!v || v === 'none') return undefined;
  if (v === 'transaction') return v;
  throw new Error(`DATABASE_POOLER: "${v}" is not a pooler mode (transaction, or none)`);
}

function proxyList(v: string | undefined): false | string[] {
  const list = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : false;
}
