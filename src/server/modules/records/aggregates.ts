// Figures read from other records (field `aggregate`): e.g. 请假天数 = the sum of the approved leave of the
// employee in the month. Loaded on every save and every settle of the record, before its computed fields,
// so the figure can never be sent wrong and follows its sources whenever an effect touches the record.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import type { RefContext } from '../../../common/rules/conditions';
import type { ModuleSchema, SchemaRegistry } from './schema-registry';
import { filterConds } from './conditions-sql';

type Row = Record<string, unknown>;

export async function loadAggregates(trx: TenantTx, tenant: string, schemas: SchemaRegistry, m: ModuleSchema, data: Row, refs: RefContext) {
  for (const f of m.fields) {
    const a = f.aggregate;
    if (!a) continue;
    const tm = schemas.get(a.module);
    if (!tm) throw badRequest(`${f.titleName}的来源模块不存在`);
    const conds = filterConds(tm, a.filter, { ...refs, data });
    const where = sql.join([sql`r.tenant_code = ${tenant}`, sql`r.module = ${tm.schema.module}`, sql`r.deleted_at IS NULL`, ...conds], sql` AND `);
    const value = a.op === 'count'
      ? sql<string>`count(*)`
      : sql<string>`coalesce(sum(yg_num(r.data->>${sql.lit(a.field!)})), 0)`;
    const { rows } = await sql<{ v: string }>`SELECT ${value} AS v FROM records r WHERE ${where}`.execute(trx);
    data[f.fieldName] = Number(rows[0]?.v ?? 0);
  }
}
