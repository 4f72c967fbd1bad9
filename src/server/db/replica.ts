// A streaming replica for the calls that only read (DATABASE_READ_URL): which database a read goes to.
//
// Read-your-writes: a session that wrote must never read a row older than its own write. After a transaction of the
// request's session commits a change (tenant-scope.ts withTenant), the primary's WAL insert position is stored in the
// session's row (sessions.wrote_lsn). The insert position and not the write position: it is past the commit record
// whatever synchronous_commit says, whereas the write position may still lag behind it. The session row is what every
// server process reads on each call (sessions.ts, its cache emptied by the change in this process at once and in the
// others before their next call: cache-bus.ts sync), so the mark holds across processes. A read of that session goes
// to the replica only once the replica's replay position has passed the mark; everyone else reads there at once.
//
// Nothing read on the replica is cached: a cache is emptied when the primary commits a change, which the replica
// applies later, so a row read there just after the emptying would be kept stale (the replica's Kysely has no cache
// bus: cacheBusOf answers undefined for it and its transactions).
import { sql, type Kysely } from 'kysely';
import type { Database } from './types';
import { currentActor } from './actor';

type DB = Kysely<Database>;

/** How long one reading of the replica's replay position answers for every call: not a query per read. */
export const REPLAY_CACHE_MS = 150;

/** An LSN ('16/B374D848') as a number that orders as the WAL does. */
export function lsnValue(lsn: string): bigint {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn);
  if (!m) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

/** How long the replica may take to say its replay position: longer, and it counts as unreachable for now. */
const ASK_TIMEOUT_MS = 1000;

function answerWithin<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export class ReadReplica {
  private replayed: { at: number; lsn: bigint | null } | undefined;
  /** Whether the last asking got no position: said once when that starts and once when it ends, not at every asking. */
  private blind = false;
  private asking: Promise<bigint | null> | undefined;

  /** ask: the replica's replay position as text, null when it is not a standby (a stand-in in the unit tests). */
  constructor(
    readonly db: DB,
    private readonly ask: () => Promise<string | null> = () => replayPosition(db),
    private readonly log: (msg: string) => void = (m) => console.warn(m),
  ) {}

  /**
   * How far the replica has replayed the primary's WAL, read at most once per REPLAY_CACHE_MS; null when it cannot
   * say (unreachable, or not a standby at all).
   */
  async replayLsn(): Promise<bigint | null> {
    const now = Date.now();
    if (this.replayed && now - this.replayed.at < REPLAY_CACHE_MS) return this.replayed.lsn;
    this.asking ??= (async () => {
      let lsn: bigint | null = null;
      let why = 'DATABASE_READ_URL is not a standby (no replay position)';
      try {
        const text = await answerWithin(this.ask(), ASK_TIMEOUT_MS);
        lsn = text ? lsnValue(text) : null;
      } catch (err) {
        why = `read replica unreachable (${(err as Error).message})`;
      }
      if (lsn === null && !this.blind) this.log(`[db] ${why}: reads go to the primary`);
      if (lsn !== null && this.blind) this.log('[db] read replica answers again');
      this.blind = lsn === null;
      // Stamped when the answer came: the position was at least this far then.
      this.replayed = { at: Date.now(), lsn };
      return lsn;
    })().finally(() => {
      this.asking = undefined;
    });
    return this.asking;
  }
}

async function replayPosition(db: DB): Promise<string | null> {
  const { rows } = await sql<{ lsn: string | null }>`SELECT pg_last_wal_replay_lsn()::text AS lsn`.execute(db);
  return rows[0]?.lsn ?? null;
}

const replicas = new WeakMap<object, ReadReplica>();
/** Attaches the replica to the primary's Kysely (openDatabase), so that readers of that database may use it. */
export const attachReplica = (db: object, replica: ReadReplica) => void replicas.set(db, replica);

/** Of a session, what the read routing needs: its id and the WAL position of its last write (sessions.wrote_lsn). */
export interface ReadingSession {
  sessionId: number;
  wroteLsn?: string | null;
}

/**
 * The database a call of this session that only reads reads from: the replica, unless the session wrote something
 * the replica has not replayed yet; the primary when there is no replica, or while it cannot say how far it is
 * (down, or not a standby: every read then goes to the primary rather than fail or read who knows what).
 */
export async function readerOf(db: DB, session: ReadingSession): Promise<DB> {
  const replica = replicas.get(db);
  if (!replica) return db;
  const replayed = await replica.replayLsn();
  if (replayed === null) return db;
  if (!session.wroteLsn) return replica.db;
  return replayed >= lsnValue(session.wroteLsn) ? replica.db : db;
}

/**
 * After a transaction of the current request's session has committed a change: its mark, the primary's WAL insert
 * position now (past that commit). One statement, on the primary, outside the team's transaction (the sessions
 * table is not the team's). Nothing to do without a replica, or outside a signed-in request.
 */
export async function markSessionWrite(db: DB): Promise<void> {
  const sessionId = currentActor()?.sessionId;
  if (!replicas.has(db) || sessionId == null) return;
  await sql`UPDATE sessions SET wrote_lsn = pg_current_wal_insert_lsn() WHERE id = ${sessionId}`.execute(db);
}

/** Whether writes must be marked for the current request: a replica and a signed-in session. */
export const marksWrites = (db: object) => replicas.has(db) && currentActor()?.sessionId != null;
