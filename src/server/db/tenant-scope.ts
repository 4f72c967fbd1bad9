// The second wall of tenant isolation: every tenant-owned query runs in a transaction that drops to the
// non-owner role yiguan_app and sets app.tenant, so row-level security hides other tenants' rows even
// when a query forgets its own tenant filter.
import { currentActor } from './actor';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './types';
import { takesReadScopes, takesStatementBatches } from './batches';
import { literal, READ_SCOPE, READ_SCOPE_END } from './prepared';
import { trackWrites } from './cache-bus';
import { checkTenantOpen } from './tenant-lock';
import { markSessionWrite, marksWrites } from './replica';

type DB = Kysely<Database>;

export type TenantTx = Transaction<Database>;

/**
 * PostgreSQL's answers that mean "another transaction got in the way, run yours again": a deadlock (two stock
 * transfers in opposite directions lock the same two balances in opposite orders) and a serialization failure.
 * PostgreSQL rolled the transaction back, so running it again from the start is safe and is what its manual asks.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

export const isRetryable = (err: unknown) => RETRYABLE.has(String((err as { code?: unknown } | null)?.code ?? ''));

/** The team whose rows a tenant-scoped transaction sees (row-level security's app.tenant). */
const scopes = new WeakMap<object, string>();
export const tenantOf = (trx: object): string | undefined => scopes.get(trx);

/** The tenant's settings (role, team, time limit, the audit actor) as set_config calls local to a transaction. */
function settingsOf(tenantCode: string) {
  const actor = currentActor();
  return [
    ['role', 'yiguan_app'],
    ['app.tenant', tenantCode],
    ['statement_timeout', '15s'],
    ['app.user', actor?.userId == null ? '' : String(actor.userId)],
    ['app.ip', actor?.ip ?? ''],
  ]
    .map(([k, v]) => `set_config('${k}', ${literal(v)}, true)`)
    .join(', ');
}

/**
 * BEGIN and the tenant's settings in one round trip (node-postgres sends a text without parameters by the simple
 * protocol, which takes several statements), then the work, then COMMIT: a list call costs three round trips.
 */
async function batchedTransaction<T>(db: DB, tenantCode: string, fn: (trx: TenantTx) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql.raw(`BEGIN; SELECT ${settingsOf(tenantCode)}`).execute(conn);
    // The connection inside its transaction is what a Kysely transaction would be (nothing calls .transaction() on it).
    // Its writes are tracked, so that the caches keep nothing it read of a table it wrote (cache-bus.ts TxWrites).
    const trx = trackWrites(conn as unknown as TenantTx);
    scopes.set(trx, tenantCode);
    let result: T;
    try {
      result = await fn(trx);
    } catch (err) {
      await sql
        .raw('ROLLBACK')
        .execute(conn)
        .catch(() => {});
      throw err;
    }
    try {
      await sql.raw('COMMIT').execute(conn);
    } catch (err) {
      await sql
        .raw('ROLLBACK')
        .execute(conn)
        .catch(() => {});
      throw err;
    }
    return result;
  });
}

export async function withTenant<T>(db: DB, tenantCode: string, work: (trx: TenantTx) => Promise<T>): Promise<T> {
  checkTenantOpen(tenantCode);
  // With a read replica, a session whose transaction changed anything has its reads kept on the primary until the
  // replica has replayed that commit (replica.ts): whether it did is asked before COMMIT (a transaction id is
  // assigned at its first change), and the mark made once the commit is done.
  let wrote = false;
  const marking = marksWrites(db);
  const fn = marking
    ? async (trx: TenantTx) => {
        const result = await work(trx);
        const { rows } = await sql<{
          wrote: boolean;
        }>`SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS wrote`.execute(trx);
        wrote = rows[0]?.wrote === true;
        return result;
      }
    : work;
  const result = await inTransaction(db, tenantCode, fn);
  if (wrote) await markSessionWrite(db);
  return result;
}

async function inTransaction<T>(db: DB, tenantCode: string, fn: (trx: TenantTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (takesStatementBatches(db)) return await batchedTransaction(db, tenantCode, fn);
      return await db.transaction().execute(async (trx) => {
        // One round trip: the non-owner role (so row-level security applies), the tenant, and a time limit so a
        // query whose client gave up does not run on.
        // The request's user and address go with it, for the audit log's triggers (013_audit_log).
        const actor = currentActor();
        await sql`SELECT set_config('role', 'yiguan_app', true), set_config('app.tenant', ${tenantCode}, true), set_config('statement_timeout', '15s', true),
          set_config('app.user', ${actor?.userId == null ? '' : String(actor.userId)}, true), set_config('app.ip', ${actor?.ip ?? ''}, true)`.execute(
          trx,
        );
        // Its writes tracked for the caches, as above.
        const tracked = trackWrites(trx);
        scopes.set(tracked, tenantCode);
        return fn(tracked);
      });
    } catch (err) {
      if (!isRetryable(err) || attempt >= ATTEMPTS) throw err;
      // A little random wait, so the two that collided do not collide again.
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * attempt));
    }
  }
}

/**
 * A call that only reads (a list page, a record): on PostgreSQL each of its statements is its own read-only
 * transaction under the tenant's settings, sent with them as one text (db/prepared.ts read scopes): one round trip per
 * statement instead of BEGIN, the statement and COMMIT. Row-level security applies exactly as in withTenant; a
 * statement that would write is refused by PostgreSQL (read-only transaction). Statements do not share a snapshot:
 * only for calls whose reads stand each on their own. On PGlite (one process, no round trips) it is withTenant (batches.ts takesReadScopes).
 */
export async function withTenantRead<T>(db: DB, tenantCode: string, fn: (trx: TenantTx) => Promise<T>): Promise<T> {
  checkTenantOpen(tenantCode);
  if (!takesReadScopes(db)) return withTenant(db, tenantCode, fn);
  return db.connection().execute(async (conn) => {
    // Not sent: the connection keeps the settings and puts them before each statement until the scope ends.
    await sql
      .raw(`${READ_SCOPE}${settingsOf(tenantCode)}, set_config('transaction_read_only', 'on', true)`)
      .execute(conn);
    scopes.set(conn, tenantCode);
    try {
      return await fn(conn as unknown as TenantTx);
    } finally {
      await sql.raw(READ_SCOPE_END).execute(conn);
    }
  });
}
