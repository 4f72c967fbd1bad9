// The second wall of tenant isolation: every tenant-owned query runs in a transaction that drops to the
// non-owner role yiguan_app and sets app.tenant, so row-level security hides other tenants' rows even
// when a query forgets its own tenant filter.
import { sql, type Transaction } from 'kysely';
import type { DB } from './index';
import type { Database } from './types';

export type TenantTx = Transaction<Database>;

export async function withTenant<T>(db: DB, tenantCode: string, fn: (trx: TenantTx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // One round trip: the non-owner role (so row-level security applies), the tenant, and a time limit so a
    // query whose client gave up does not run on.
    await sql`SELECT set_config('role', 'yiguan_app', true), set_config('app.tenant', ${tenantCode}, true), set_config('statement_timeout', '15s', true)`.execute(trx);
    return fn(trx);
  });
}
