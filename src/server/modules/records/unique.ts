// Uniqueness rules declared by a page schema (`unique`): a record's key under each rule is held in
// record_keys by primary key, in the transaction that saves the record. A second holder is refused with
// the rule's message, by the database itself, even when two saves race.
import { sql } from 'kysely';
import { chinaInstant } from '../../../common/china-time';
import type { TenantTx } from '../../db/tenant-scope';
import { conflict } from '../../errors';
import type { ModuleSchema } from './schema-registry';

export async function holdKeys(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  recordId: number,
  data: Record<string, unknown>,
) {
  // A page of one record per team (single) holds one empty key.
  const rules = [
    ...(m.schema.unique ?? []),
    ...(m.schema.single ? [{ fields: [], message: `${m.schema.title}只能有一条，请修改已有的记录` }] : []),
  ];
  if (!rules.length) return;
  await releaseKeys(trx, tenant, [recordId]);
  for (const [i, rule] of rules.entries()) {
    if (rule.when && data[rule.when.field] !== rule.when.value) continue;
    const parts = rule.fields.map((f) => data[f]);
    if (parts.some((p) => p === undefined || p === null || p === '')) continue;
    const { rows } = await sql<{ record_id: number }>`
      INSERT INTO record_keys (tenant_code, module, rule, key, record_id)
      VALUES (${tenant}, ${m.schema.module}, ${i}, ${JSON.stringify(parts)}, ${recordId})
      ON CONFLICT DO NOTHING RETURNING record_id`.execute(trx);
    if (!rows.length) throw conflict(rule.message);
  }
}

export async function releaseKeys(trx: TenantTx, tenant: string, recordIds: number[]) {
  if (!recordIds.length) return;
  await trx.deleteFrom('record_keys').where('tenant_code', '=', tenant).where('record_id', 'in', recordIds).execute();
}

/** A dateRange value as a tstzrange literal in China time: whole days for dates, [start, end) for date-times. */
export function periodLiteral(v: unknown): string | null {
  if (!Array.isArray(v) || v.length !== 2 || v.some((x) => typeof x !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(x)))
    return null;
  const [a, b] = v as string[];
  const at = (s: string, nextDay = false) => {
    const d = chinaInstant(s);
    if (nextDay && s.length <= 10) d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString();
  };
  const lo = at(a);
  const hi = at(b, b.length <= 10);
  if (Number.isNaN(Date.parse(lo)) || Number.isNaN(Date.parse(hi)) || lo >= hi) return null;
  return `[${lo},${hi})`;
}

/**
 * Overlap rules (`noOverlap`): each record's period per resource is held in record_periods, whose exclusion
 * constraint refuses an overlapping period of the same resource in the team, races included.
 */
export async function holdPeriods(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  recordId: number,
  data: Record<string, unknown>,
) {
  const rules = m.schema.noOverlap ?? [];
  if (!rules.length) return;
  await trx.deleteFrom('record_periods').where('tenant_code', '=', tenant).where('record_id', '=', recordId).execute();
  for (const [i, rule] of rules.entries()) {
    if (rule.when && data[rule.when.field] !== rule.when.value) continue;
    const unless = rule.unless === undefined ? [] : Array.isArray(rule.unless) ? rule.unless : [rule.unless];
    if (unless.some((u) => String(data[u.field] ?? '') === String(u.value))) continue;
    const parts = rule.resource.map((f) => data[f]);
    const period = periodLiteral(data[rule.period]);
    if (!period || parts.some((p) => p === undefined || p === null || p === '')) continue;
    try {
      await sql`INSERT INTO record_periods (tenant_code, module, rule, resource, period, record_id)
        VALUES (${tenant}, ${m.schema.module}, ${i}, ${JSON.stringify(parts)}, ${period}::tstzrange, ${recordId})`.execute(
        trx,
      );
    } catch (e) {
      // 23P01 exclusion_violation: the transaction is lost anyway, the save fails with the rule's message.
      if ((e as { code?: string }).code === '23P01') throw conflict(rule.message);
      throw e;
    }
  }
}

export async function releasePeriods(trx: TenantTx, tenant: string, recordIds: number[]) {
  if (!recordIds.length) return;
  await trx
    .deleteFrom('record_periods')
    .where('tenant_code', '=', tenant)
    .where('record_id', 'in', recordIds)
    .execute();
}
