// Transaction-scoped advisory locks by name: what two writers of the same thing (a stock balance's key, a
// document's reservations) queue on before either reads it.
import { sql } from 'kysely';
import type { TenantTx } from './tenant-scope';

/** Takes advisory locks by name, in sorted order (taking one already held is free). */
export async function lockNames(trx: TenantTx, names: Iterable<string>) {
  for (const n of [...new Set(names)].sort())
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${n}, 0))`.execute(trx);
}
