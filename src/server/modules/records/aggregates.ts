// Figures read from other records (field `aggregate`): e.g. 请假天数 = the sum of the approved leave of the
// employee in the month. Loaded on every save and every settle of the record, before its computed fields,
// so the figure can never be sent wrong and follows its sources whenever an effect touches the record.
// An `onRead` aggregate is not stored at all: it is computed for every record as it is read (readAggregates),
// so a list shows, e.g., a partner's open receivables as they are now, whatever module changed them.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import type { RefContext } from '../../../common/rules/conditions';
import type { AggregateDef } from '../../../common/schema/types';
import type { ModuleSchema, SchemaRegistry } from './schema-registry';
import { filterConds } from './conditions-sql';

type Row = Record<string, unknown>;

export async function loadAggregates(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  m: ModuleSchema,
  data: Row,
  refs: RefContext,
) {
  for (const f of m.fields) {
    const a = f.aggregate;
    if (!a) continue;
    if (a.onRead) {
      delete data[f.fieldName]; // read-time figures are never stored, whatever a client sends
      continue;
    }
    data[f.fieldName] = await aggregateOf(trx, tenant, schemas, f.titleName, a, { ...refs, data });
  }
}

/** The read-time (onRead) aggregates of records as they are read: one figure per record and field. */
export async function readAggregates<T extends Row>(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  m: ModuleSchema,
  rows: T[],
  today: string,
): Promise<T[]> {
  const fields = m.fields.filter((f) => f.aggregate?.onRead);
  if (!fields.length || !rows.length) return rows;
  const out: T[] = [];
  for (const row of rows) {
    const next: Row = { ...row };
    for (const f of fields)
      next[f.fieldName] = await aggregateOf(trx, tenant, schemas, f.titleName, f.aggregate!, { today, data: row });
    out.push(next as T);
  }
  return out;
}

/** The sum of field (or the count) of a.module's records matching a.filter, plus those of a.also; $field read from refs.data. */
async function aggregateOf(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  title: string,
  a: AggregateDef,
  refs: RefContext,
): Promise<number> {
  let total = 0;
  for (const part of [a, ...(a.also ?? [])]) total += await partOf(trx, tenant, schemas, title, a.op, part, refs);
  return total;
}

async function partOf(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  title: string,
  op: AggregateDef['op'],
  a: { module: string; field?: string; filter: AggregateDef['filter'] },
  refs: RefContext,
): Promise<number> {
  const tm = schemas.get(a.module);
  if (!tm) throw badRequest(`${title}的来源模块不存在`);
  const field = a.field;
  if (op === 'sum' && !field) throw badRequest(`${title}的来源字段不存在`);
  const conds = filterConds(tm, a.filter, refs);
  const where = sql.join(
    [sql`r.tenant_code = ${tenant}`, sql`r.module = ${tm.schema.module}`, sql`r.deleted_at IS NULL`, ...conds],
    sql` AND `,
  );
  const value =
    op === 'count' ? sql<string>`count(*)` : sql<string>`coalesce(sum(yg_num(r.data->>${sql.lit(field!)})), 0)`;
  const { rows } = await sql<{ v: string }>`SELECT ${value} AS v FROM records r WHERE ${where}`.execute(trx);
  return Number(rows[0]?.v ?? 0);
}
