// One chart of a page's 智能数据 view as one GROUP BY query over the team's records (or their line items):
// the caller's conditions (tenant, module, not deleted, the page's visibility and the role's data scope, the
// section header's tab) come in as `where`; the chart adds its own filter and the header's period on its date
// field. Money is rounded to 2 decimals by the database; `limit` keeps the top N groups and sums the rest
// as 其他. Knows no module: fields, labels and units come from the page schema.
import { sql, type RawBuilder } from 'kysely';
import { CHINA_TIME_ZONE } from '../../../common/china-time';
import type { ChartDef } from '../../../common/schema';
import { periodFilter } from '../../../common/list-views';
import { resolveRef, type RefContext } from '../../../common/rules/conditions';
import type { TenantTx } from '../../db/tenant-scope';
import type { ModuleSchema } from '../records/schema-registry';
import { fieldExpr, filterSql } from '../records/query';
import { chartField, SYSTEM_TIMES } from './check';

export interface ChartFigures {
  key: string;
  title: string;
  type: ChartDef['type'];
  op: ChartDef['measure']['op'];
  unit?: string;
  /** The group labels, in the order shown (by value: largest first; months and days: in time order). */
  categories: string[];
  values: number[];
  /** The field the header's period narrowed, or null when the chart covers every period. */
  periodField: string | null;
}

/** Groups shown at most when a chart declares no limit (by value), and months or days at most (the newest). */
export const DEFAULT_TOP = 30;
export const MAX_BUCKETS = 400;
export const BLANK = '未填写';
export const REST = '其他';

const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The SQL of a field of the chart: on the record, or on its line item `li`. */
function valueSql(
  m: ModuleSchema,
  chart: ChartDef,
  name: string,
): { v: RawBuilder<unknown>; label: RawBuilder<unknown> | null; time: boolean } {
  const f = chartField(m, chart, name);
  if (!f || !IDENT.test(name)) throw new Error(`${m.file}: charts.${chart.key}: unknown field ${name}`);
  if (f.in === 'line') {
    const v = f.numeric ? sql`yg_num(li->>${sql.lit(name)})` : sql`(li->>${sql.lit(name)})`;
    return { v, label: sql`(li->>${sql.lit(`${name}Name`)})`, time: false };
  }
  const system = ['id', 'code', 'status', 'categoryId', 'createdBy', 'createdAt', 'updatedAt'].includes(name);
  const label =
    name === 'createdBy'
      ? sql`(SELECT nick_name FROM users WHERE id = r.created_by)`
      : system
        ? null
        : sql`(r.data->>${sql.lit(`${name}Name`)})`;
  return { v: fieldExpr(m, name), label, time: SYSTEM_TIMES.has(name) };
}

/** The group key of a chart: the value as text, or its month / day. */
function groupSql(m: ModuleSchema, chart: ChartDef) {
  const { v, label, time } = valueSql(m, chart, chart.groupBy.field);
  const by = chart.groupBy.by ?? 'value';
  if (by === 'value')
    return { key: sql`(${v})::text`, label: label ? sql`coalesce(${label}, (${v})::text)` : sql`(${v})::text` };
  const len = by === 'month' ? 7 : 10;
  const key = time
    ? sql`to_char(${v} AT TIME ZONE ${sql.lit(CHINA_TIME_ZONE)}, ${by === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'})`
    : sql`(CASE WHEN ${v} ~ ${by === 'month' ? '^\\d{4}-\\d{2}' : '^\\d{4}-\\d{2}-\\d{2}'} THEN substr(${v}, 1, ${sql.lit(len)}) END)`;
  return { key, label: key };
}

/**
 * The figures of one chart. `where` holds the caller's conditions over `r` (records of the data module);
 * `period` is the header's month or year (already validated), `refs` resolves the filter's $today / $user.
 */
export async function chartFigures(
  trx: TenantTx,
  m: ModuleSchema,
  chart: ChartDef,
  where: RawBuilder<unknown>,
  period: string | undefined,
  refs: RefContext,
): Promise<ChartFigures> {
  const conds = [where];
  for (const f of chart.filter ?? [])
    conds.push(
      filterSql(
        m,
        { ...f, value: f.value === undefined ? undefined : resolveRef(f.value, refs) },
        { fromSchema: true },
      ),
    );
  const periodField = chart.dateField ?? m.schema.sectionHeader?.dateField ?? null;
  if (period && periodField) {
    for (const f of periodFilter(periodField, period, SYSTEM_TIMES.has(periodField) ? 'instant' : 'text') ?? [])
      conds.push(filterSql(m, f, { fromSchema: true }));
  }
  const by = chart.groupBy.by ?? 'value';
  const g = groupSql(m, chart);
  if (by !== 'value') conds.push(sql`${g.key} IS NOT NULL`);
  const measure = chart.measure.field ? valueSql(m, chart, chart.measure.field).v : sql`1`;
  // Line items of the record, when the chart counts them (a record without a line table has none).
  const from = chart.lines
    ? sql`records r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.lines) = 'array' THEN r.lines ELSE '[]'::jsonb END) li`
    : sql`records r`;
  const num = chart.measure.op === 'count' ? sql`NULL::numeric` : measure;
  const groups = sql`SELECT ${g.key} AS k, max(${g.label}) AS lbl, sum(${num}) AS s, count(${chart.measure.field ? measure : sql`1`}) AS c
    FROM ${from} WHERE ${sql.join(conds, sql` AND `)} GROUP BY 1`;
  const op = chart.measure.op;
  const ord = op === 'sum' ? sql`coalesce(s, 0)` : op === 'avg' ? sql`coalesce(s / nullif(c, 0), 0)` : sql`c`;
  let rows: {
    k: string | null;
    lbl: string | null;
    s: string | null;
    a: string | null;
    c: string | number;
    top: boolean;
  }[];
  if (by === 'value') {
    const top = chart.limit ?? DEFAULT_TOP;
    ({ rows } = await sql<(typeof rows)[number]>`
      WITH g AS (${groups}), ranked AS (SELECT g.*, row_number() OVER (ORDER BY ${ord} DESC, k ASC NULLS LAST) AS rn FROM g)
      SELECT rn <= ${top} AS top, CASE WHEN rn <= ${top} THEN k END AS k, max(CASE WHEN rn <= ${top} THEN lbl END) AS lbl,
        round(sum(s), 2) AS s, round(sum(s) / nullif(sum(c), 0), 2) AS a, sum(c) AS c, min(rn) AS o
      FROM ranked GROUP BY 1, 2 ORDER BY o`.execute(trx));
  } else {
    ({ rows } = await sql<(typeof rows)[number]>`
      SELECT * FROM (SELECT true AS top, k, lbl, round(s, 2) AS s, round(s / nullif(c, 0), 2) AS a, c FROM (${groups}) g ORDER BY k DESC LIMIT ${MAX_BUCKETS}) t ORDER BY k ASC`.execute(
      trx,
    ));
  }
  // Sums and averages come rounded to 2 decimals from the database (numeric, exact); counts are whole.
  const values = rows.map((r) => Number((op === 'count' ? r.c : op === 'avg' ? r.a : r.s) ?? 0));
  return {
    key: chart.key,
    title: chart.title,
    type: chart.type,
    op,
    unit: chart.measure.unit,
    categories: rows.map((r) => (!r.top ? REST : r.k === null || r.k === '' ? BLANK : String(r.lbl ?? r.k))),
    values,
    periodField,
  };
}
