// Generators (page `generators`): one action builds a whole record from other records, e.g. 生成工资表 for a
// month — one line per salary file in effect, each joined to that employee's confirmed attendance, appraisal
// and open advances, its cells computed by the schema's expressions. The record is then created through the
// records service like any other (its computed fields, rules and uniqueness apply: a month cannot be generated
// twice). Knows no module names.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest, forbidden } from '../../errors';
import type { GeneratorDef, GeneratorJoin } from '../../../common/schema';
import { isEmptyValue, namedFieldError } from '../../../common/rules';
import { evalExpr } from '../../../common/computed';
import { RecordStatus } from '../../../common/record-status';
import type { RefContext } from '../../../common/rules/conditions';
import type { ModuleSchema } from './schema-registry';
import { filterConds } from './conditions-sql';
import { callerRefs } from './visibility';
import { createRecord } from './service';
import { todayOf, type Ctx } from './ctx';

type Row = Record<string, unknown>;

const flatSql = sql`(r.data || jsonb_build_object('id', r.id, 'code', r.code, 'status', r.status, 'lines', r.lines))`;

/** Records of `module` in effect that match the conditions, oldest first. */
async function inEffect(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  conds: ReturnType<typeof filterConds>,
  limit: number,
): Promise<Row[]> {
  const where = sql.join(
    [
      sql`r.tenant_code = ${tenant}`,
      sql`r.module = ${m.schema.module}`,
      sql`r.deleted_at IS NULL`,
      sql`r.status = ${RecordStatus.approved}`,
      ...conds,
    ],
    sql` AND `,
  );
  const { rows } = await sql<{
    rec: Row;
  }>`SELECT ${flatSql} AS rec FROM records r WHERE ${where} ORDER BY r.created_at, r.id LIMIT ${limit}`.execute(trx);
  return rows.map((r) => r.rec);
}

/** With `latest`: per value of `per`, the row whose `by` is greatest (text order: months, dates); first seen kept on a tie. */
function latestOf(rows: Row[], latest: { per: string; by: string } | undefined): Row[] {
  if (!latest) return rows;
  const best = new Map<string, Row>();
  for (const r of rows) {
    const key = String(r[latest.per] ?? '');
    const cur = best.get(key);
    if (!cur || String(r[latest.by] ?? '') > String(cur[latest.by] ?? '')) best.set(key, r);
  }
  return rows.filter((r) => best.get(String(r[latest.per] ?? '')) === r);
}

function mapped(set: Record<string, string>, scope: Row): Row {
  const out: Row = {};
  for (const [k, e] of Object.entries(set)) {
    const v = evalExpr(e, scope);
    if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}

async function joined(trx: TenantTx, ctx: Ctx, j: GeneratorJoin, scope: Row, refs: RefContext) {
  const jm = ctx.schemas.get(j.module);
  if (!jm) throw badRequest(`关联模块不存在：${j.module}`);
  const conds = filterConds(jm, j.filter, refs);
  for (const [field, e] of Object.entries(j.match)) {
    const v = evalExpr(e, scope);
    if (v === null || v === undefined || v === '') return j.many ? [] : null;
    conds.push(
      field === 'code'
        ? sql`r.code = ${String(v)}`
        : field === 'id'
          ? sql`r.id = ${Number(v) || 0}`
          : sql`(r.data->>${sql.lit(field)}) = ${String(v)}`,
    );
  }
  const found = await inEffect(trx, ctx.tenant, jm, conds, j.many ? 500 : 1);
  return j.many ? found : (found[0] ?? null);
}

export async function generateRecord(
  trx: TenantTx,
  ctx: Ctx,
  userId: number,
  m: ModuleSchema,
  key: string,
  values: Row,
  permissions: string[],
) {
  const g: GeneratorDef | undefined = m.schema.generators?.find((x) => x.key === key);
  if (!g) throw badRequest('不支持的操作');
  if (!permissions.includes(g.permissionCode)) throw forbidden();
  const input: Row = {};
  for (const f of g.fields) {
    const v = values[f.fieldName];
    const err = namedFieldError(f, v);
    if (err) throw badRequest(err);
    if (!isEmptyValue(v)) input[f.fieldName] = v;
  }
  const refs = { ...(await callerRefs(trx, ctx.tenant, userId, todayOf(ctx))), data: input };
  const fm = ctx.schemas.get(g.lines.from.module);
  if (!fm) throw badRequest(`关联模块不存在：${g.lines.from.module}`);
  const rows = latestOf(
    await inEffect(trx, ctx.tenant, fm, filterConds(fm, g.lines.from.filter, refs), 5000),
    g.lines.from.latest,
  );
  if (!rows.length) throw badRequest(`没有可用于生成的${fm.schema.title}`);
  const lines: Row[] = [];
  const missing = new Map<string, string[]>();
  for (const row of rows) {
    const scope: Row = { row, input };
    for (const [name, j] of Object.entries(g.lines.join ?? {})) {
      scope[name] = await joined(trx, ctx, j, scope, refs);
      if (j.required && (scope[name] === null || (Array.isArray(scope[name]) && !(scope[name] as unknown[]).length))) {
        const who = String(evalExpr(g.lines.label ?? 'row.code', scope) ?? row.code);
        missing.set(j.required, [...(missing.get(j.required) ?? []), who]);
      }
    }
    lines.push(mapped(g.lines.set, scope));
  }
  // Every row's gap at once, so the user fixes them all before trying again.
  if (missing.size) throw badRequest([...missing].map(([msg, who]) => `${msg}：${who.join('、')}`).join('；'));
  const body = { ...mapped(g.set, { input }), lines };
  return createRecord(trx, ctx, userId, m, body, { fromEffect: true });
}
