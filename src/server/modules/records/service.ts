// Creating and changing records: the one path that routes and the demo seed share, so seeded data passes
// exactly the rules users' data does.
import { badRequest } from '../../errors';
import type { TenantTx } from '../../db/tenant-scope';
import { validateRecord } from '../../../common/rules';
import { applyComputed } from '../../../common/computed';
import { RecordStatus } from '../../../common/record-status';
import type { ModuleSchema } from './schema-registry';
import { nextCode } from './codes';
import { getRecord, insertRecord, toFlat } from './repository';
import { attachLabels } from './labels';
import { definitionOf, startInstance } from '../workflow/engine';

/** Keeps only the fields the schema defines (unknown ones are dropped) and the line-item columns. */
export function cleanInput(m: ModuleSchema, body: Record<string, unknown>) {
  const data: Record<string, unknown> = {};
  for (const f of m.fields) if (body[f.fieldName] !== undefined) data[f.fieldName] = body[f.fieldName];
  const props = m.lineColumns.map((c) => c.prop);
  const lines = Array.isArray(body.lines)
    ? (body.lines as Record<string, unknown>[]).map((l) => Object.fromEntries(props.filter((p) => l?.[p] !== undefined).map((p) => [p, l[p]])))
    : [];
  return { data, lines };
}

/** Drops unknown fields, fills computed ones, then runs the form's own rules on every field and cell. */
export function validated(m: ModuleSchema, body: Record<string, unknown>) {
  const clean = cleanInput(m, body);
  clean.data = applyComputed(m.fields, clean.data, clean.lines);
  const err = validateRecord(m.fields, m.lineColumns, { ...clean.data, lines: clean.lines });
  if (err) throw badRequest(err.message);
  return clean;
}

export function moneyOf(m: ModuleSchema, data: Record<string, unknown>) {
  const v = m.moneyField ? Number(data[m.moneyField]) : NaN;
  return Number.isFinite(v) ? v : null;
}

export async function categoryOk(trx: TenantTx, tenant: string, module: string, categoryId: unknown) {
  if (categoryId === undefined || categoryId === null) return null;
  const c = await trx.selectFrom('categories').select('id').where('tenant_code', '=', tenant).where('module', '=', module).where('id', '=', Number(categoryId)).executeTakeFirst();
  if (!c) throw badRequest('分类不存在');
  return c.id;
}

export async function createRecord(trx: TenantTx, tenant: string, userId: number, m: ModuleSchema, body: Record<string, unknown>) {
  const clean = validated(m, body);
  const hasFlow = !!(await definitionOf(trx, tenant, m.schema.module));
  const categoryId = await categoryOk(trx, tenant, m.schema.module, body.categoryId);
  await attachLabels(trx, tenant, m.fields, m.lineColumns, clean.data, clean.lines);
  const code = await nextCode(trx, tenant, m.codePrefix);
  // A module without a bound process takes effect when saved (domain guide §2.3).
  const status = hasFlow ? RecordStatus.draft : RecordStatus.approved;
  const id = await insertRecord(trx, tenant, m.schema.module, { code, status, ...clean, categoryId, userId });
  if (body.submit === true) {
    await startInstance(trx, { tenant, module: m.schema.module, recordId: id, originatorId: userId, money: moneyOf(m, clean.data) });
  }
  return toFlat((await getRecord(trx, tenant, m.schema.module, id))!);
}
