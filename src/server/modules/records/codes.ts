// System codes: prefix + yyyyMMdd + a 4-digit per-tenant daily sequence, e.g. BX202611210001.
// The upsert increments atomically, so concurrent adds never share a code.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';

export function dayStamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`;
}

/** The moment whose day a new code carries: the context's today (the demo story's day) or now. */
export function codeMoment(today?: string): Date {
  if (!today) return new Date();
  const [y, m, d] = today.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}

export async function nextCode(trx: TenantTx, tenantCode: string, prefix: string, now = new Date()): Promise<string> {
  const day = dayStamp(now);
  const { rows } = await sql<{ last: number }>`
    INSERT INTO record_sequences (tenant_code, prefix, day, last) VALUES (${tenantCode}, ${prefix}, ${day}, 1)
    ON CONFLICT (tenant_code, prefix, day) DO UPDATE SET last = record_sequences.last + 1
    RETURNING last`.execute(trx);
  return `${prefix}${day}${String(rows[0].last).padStart(4, '0')}`;
}
