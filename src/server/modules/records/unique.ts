// Uniqueness rules declared by a page schema (`unique`): a record's key under each rule is held in
// record_keys by primary key, in the transaction that saves the record. A second holder is refused with
// the rule's message, by the database itself, even when two saves race.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { conflict } from '../../errors';
import type { ModuleSchema } from './schema-registry';

export async function holdKeys(trx: TenantTx, tenant: string, m: ModuleSchema, recordId: number, data: Record<string, unknown>) {
  const rules = m.schema.unique ?? [];
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
