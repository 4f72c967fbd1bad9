// The second wall of tenant isolation: every tenant-owned query runs in a transaction that drops to the
// non-owner role yiguan_app and sets app.tenant, so row-level security hides other tenants' rows even
// when a query forgets its own tenant filter.
import { currentActor } from './actor';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './types';
import { takesStatementBatches } from './batches';

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

/** A text as a PostgreSQL string literal that means the same under any standard_conforming_strings. */
const literal = (s: string) => {
  if (s.includes('\0')) throw new Error('NUL in a session setting');
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
};

/**
 * BEGIN and the tenant's settings in one round trip (node-postgres sends a text without parameters by the simple
 * protocol, which takes several statements), then the work, then COMMIT: a list call costs three round trips.
 */
async function batchedTransaction<T>(db: DB, tenantCode: string, fn: (trx: TenantTx) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    const actor = currentActor();
    const settings = [['role', 'yiguan_app'], ['app.tenant', tenantCode], ['statement_timeout', '15s'],
      ['app.user', actor?.userId == null ? '' : String(actor.userId)], ['app.ip', actor?.ip ?? '']]
      .map(([k, v]) => `set_config('${k}', ${literal(v)}, true)`).join(', ');
    await sql.raw(`BEGIN; SELECT ${settings}`).execute(conn);
    scopes.set(conn, tenantCode);
    let result: T;
    try {
      // The connection inside its transaction is what a Kysely transaction would be (nothing calls .transaction() on it).
      result = await fn(conn as unknown as TenantTx);
    } catch (err) {
      await sql.raw('ROLLBACK').execute(conn).catch(() => {});
      throw err;
    }
    try {
      await sql.raw('COMMIT').execute(conn);
    } catch (err) {
      await sql.raw('ROLLBACK').execute(conn).catch(() => {});
      throw err;
    }
    return result;
  });
}

export async function withTenant<T>(db: DB, tenantCode: string, fn: (trx: TenantTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (takesStatementBatches(db)) return await batchedTransaction(db, tenantCode, fn);
      return await db.transaction().execute(async (trx) => {
        // One round trip: the non-owner role (so row-level security applies), the tenant, and a time limit so a
        // query whose client gave up does not run on.
        // The request's user and address go with it, for the audit log's triggers (013_audit_log).
        const actor = currentActor();
        await sql`SELECT set_config('role', 'yiguan_app', true), set_config('app.tenant', ${tenantCode}, true), set_config('statement_timeout', '15s', true),
          set_config('app.user', ${actor?.userId == null ? '' : String(actor.userId)}, true), set_config('app.ip', ${actor?.ip ?? ''}, true)`.execute(trx);
        scopes.set(trx, tenantCode);
        return fn(trx);
      });
    } catch (err) {
      if (!isRetryable(err) || attempt >= ATTEMPTS) throw err;
      // A little random wait, so the two that collided do not collide again.
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * attempt));
    }
  }
}
