// Turns the list call's sorters and filters into SQL over the records table: sorting and filtering run in
// the database (with expression indexes), never in JavaScript over all rows.
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../errors';
import type { ModuleSchema } from './schema-registry';
import { partitionTable } from '../../db/record-partitions';
import { CHINA_UTC_OFFSET, todayInChina } from '../../../common/china-time';
import { resolveRef } from '../../../common/rules/conditions';
import { stageFieldOf } from '../../../common/schema/stage-field';

export interface Sorter {
  field: string;
  order?: string;
}
export interface Filter {
  field: string;
  operator: string;
  value?: unknown;
}

/**
 * Record properties that are real columns. A Map, not an object literal: a field a client names after a member of
 * Object.prototype (constructor, toString, __proto__) must read as no column, not as a function.
 */
const COLUMNS = new Map<string, string>([
  ['id', 'id'],
  ['code', 'code'],
  ['status', 'status'],
  ['categoryId', 'category_id'],
  ['createdBy', 'created_by'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
]);

export const OPERATORS = [
  'eq',
  'ne',
  'in',
  'contains',
  'has',
  'between',
  'gte',
  'lte',
  'gt',
  'lt',
  'null',
  'notNull',
  'year',
] as const;

/** `{ "$source": "planReturnDate" }`: a schema condition's value naming another field of the same (filtered) record. */
export const sourceRefOf = (v: unknown): string | undefined =>
  v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as { $source?: unknown }).$source === 'string'
    ? (v as { $source: string }).$source
    : undefined;

const COMPARE: Record<string, string> = { eq: '=', ne: 'IS DISTINCT FROM', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/** A stored date or date-time text as a timestamp in China time (null when it is not one). */
const chinaTime = (t: RawBuilder<unknown>) =>
  sql`(CASE WHEN ${t} ~ ${'^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$'} THEN (${t} || ${sql.lit(CHINA_UTC_OFFSET)})::timestamptz END)`;

/**
 * A clock-driven stage (stages.clock) as SQL: while the stored stage is one of the clock's three, the one the
 * period and now() give; any other stage (已取消) as stored. Lists filter and sort on what users see.
 */
function clockStageSql(m: ModuleSchema): RawBuilder<unknown> {
  const st = m.schema.stages!;
  const c = st.clock!;
  const stored = sql`(r.data->>${sql.lit(stageFieldOf(st))})`;
  const lo = chinaTime(sql`(r.data->${sql.lit(c.period)}->>0)`);
  const hi = chinaTime(sql`(r.data->${sql.lit(c.period)}->>1)`);
  return sql`(CASE WHEN ${stored} IN (${c.before}, ${c.during}, ${c.after}) AND ${lo} IS NOT NULL AND ${hi} IS NOT NULL THEN
    CASE WHEN now() < ${lo} THEN ${c.before}::text WHEN now() < ${hi} THEN ${c.during}::text ELSE ${c.after}::text END ELSE ${stored} END)`;
}

/** The SQL expression of a field: a column, data->>'f' (numeric through yg_num), or a line-item path. */
export function fieldExpr(m: ModuleSchema, field: string): RawBuilder<unknown> {
  const column = COLUMNS.get(field);
  if (column) return sql.ref(`r.${column}`);
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field)) throw badRequest(`不支持的字段：${field}`);
  if (m.schema.stages?.clock && field === stageFieldOf(m.schema.stages)) return clockStageSql(m);
  return m.numeric.has(field) ? sql`yg_num(r.data->>${sql.lit(field)})` : sql`(r.data->>${sql.lit(field)})`;
}

/** A filter's value as one scalar; `name` says what the refusal calls the field (looked up only when refusing). */
function asScalar(name: () => string, v: unknown): string | number {
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  throw badRequest(`筛选值格式不正确：${name()}`);
}

/**
 * One filter as SQL. A client's filter must name a field the list declares; a schema's own condition (a record
 * picker's filter, e.g. on partnerTypeName) is trusted with any field of the record.
 */
/**
 * What a filter's message calls a field: its title on the page (报销金额, a line cell's label for lines.<cell>), so a
 * refused search names what the user sees; the key only when the page does not declare it.
 */
export function fieldTitle(m: ModuleSchema, field: string): string {
  if (field.startsWith('lines.')) {
    const prop = field.slice('lines.'.length);
    return m.lineColumns.find((c) => c.prop === prop)?.label ?? field;
  }
  return (
    m.fields.find((x) => x.fieldName === field)?.titleName ??
    m.schema.list.search?.find((x) => x.fieldName === field)?.titleName ??
    m.schema.list.columns.find((c) => c.prop === field)?.label ??
    field
  );
}

export function filterSql(m: ModuleSchema, f: Filter, opts: { fromSchema?: boolean } = {}): RawBuilder<unknown> {
  if (!(OPERATORS as readonly string[]).includes(f.operator)) throw badRequest(`不支持的筛选条件：${f.operator}`);
  const name = () => fieldTitle(m, f.field);
  if (f.field.startsWith('lines.')) return lineFilterSql(f, name);
  if (
    !opts.fromSchema &&
    !COLUMNS.has(f.field) &&
    !m.filterable.has(f.field) &&
    !m.fields.some((x) => x.fieldName === f.field)
  ) {
    throw badRequest(`不支持的筛选字段：${f.field}`);
  }
  // A multi-valued field (partner types, visible departments) matches when any of its values does.
  if (m.multi.has(f.field) && ['eq', 'in', 'has'].includes(f.operator)) {
    const vals = (f.operator === 'in' ? (Array.isArray(f.value) ? f.value : []) : [f.value]).map((v) =>
      String(asScalar(name, v)),
    );
    if (!vals.length || vals.length > 500) throw badRequest(`筛选值格式不正确：${name()}`);
    const arr = sql`(r.data->${sql.lit(f.field)})`;
    return sql`(jsonb_typeof(${arr}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(${arr}) x WHERE x IN (${sql.join(vals)})))`;
  }
  const e = fieldExpr(m, f.field);
  // Two fields of the same record compared (a schema's own condition only): returned by the agreed date.
  const other = sourceRefOf(f.value);
  if (other !== undefined) {
    if (!opts.fromSchema || !COMPARE[f.operator]) throw badRequest(`筛选值格式不正确：${name()}`);
    return sql`${e} ${sql.raw(COMPARE[f.operator])} ${fieldExpr(m, other)}`;
  }
  const numeric = m.numeric.has(f.field) || ['id', 'categoryId', 'createdBy'].includes(f.field);
  const val = (v: unknown) => {
    const s = asScalar(name, v);
    if (numeric) {
      const n = Number(s);
      if (!Number.isFinite(n)) throw badRequest(`筛选值格式不正确：${name()}`);
      return n;
    }
    return String(s);
  };
  switch (f.operator) {
    case 'eq':
      return sql`${e} = ${val(f.value)}`;
    case 'ne':
      return sql`${e} IS DISTINCT FROM ${val(f.value)}`;
    case 'gt':
      return sql`${e} > ${val(f.value)}`;
    case 'gte':
      return sql`${e} >= ${val(f.value)}`;
    case 'lt':
      return sql`${e} < ${val(f.value)}`;
    case 'lte':
      return sql`${e} <= ${val(f.value)}`;
    case 'null':
      return sql`${e} IS NULL`;
    case 'notNull':
      return sql`${e} IS NOT NULL`;
    // The year of a date or date-time (stored as text from YYYY): the records of an evaluation year.
    case 'year': {
      const y = String(asScalar(name, f.value));
      if (!/^\d{4}$/.test(y)) throw badRequest(`筛选值格式不正确：${name()}`);
      return sql`left((${e})::text, 4) = ${y}`;
    }
    // An array field (several users, departments…) holds the value; a single value equals it.
    case 'has': {
      const v = String(asScalar(name, f.value));
      const arr = sql`(r.data->${sql.lit(f.field)})`;
      return sql`(CASE WHEN jsonb_typeof(${arr}) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements_text(${arr}) x WHERE x = ${v}) ELSE (r.data->>${sql.lit(f.field)}) = ${v} END)`;
    }
    case 'contains':
      return sql`${e}::text ILIKE ${'%' + String(asScalar(name, f.value)).replace(/[\\%_]/g, '\\$&') + '%'}`;
    case 'in': {
      if (!Array.isArray(f.value) || f.value.length === 0 || f.value.length > 500)
        throw badRequest(`筛选值格式不正确：${name()}`);
      return sql`${e} IN (${sql.join(f.value.map(val))})`;
    }
    case 'between': {
      if (!Array.isArray(f.value) || f.value.length !== 2) throw badRequest(`筛选值格式不正确：${name()}`);
      const [lo, hi] = f.value;
      // A date range ends at the end of its last day.
      const top =
        !numeric && typeof hi === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(hi) && COLUMNS.has(f.field)
          ? `${hi}T23:59:59.999`
          : hi;
      return sql`${e} BETWEEN ${val(lo)} AND ${val(top)}`;
    }
  }
  throw badRequest(`不支持的筛选条件：${f.operator}`);
}

/** lines.<prop>: true when any line item matches (eq / in / contains). */
function lineFilterSql(f: Filter, name: () => string): RawBuilder<unknown> {
  const prop = f.field.slice('lines.'.length);
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(prop)) throw badRequest(`不支持的字段：${f.field}`);
  const item = sql`(li->>${sql.lit(prop)})`;
  let cond: RawBuilder<unknown>;
  if (f.operator === 'eq') cond = sql`${item} = ${String(asScalar(name, f.value))}`;
  else if (f.operator === 'in' && Array.isArray(f.value) && f.value.length)
    cond = sql`${item} IN (${sql.join(f.value.map((v) => String(asScalar(name, v))))})`;
  else if (f.operator === 'contains') cond = sql`${item} ILIKE ${'%' + String(asScalar(name, f.value)) + '%'}`;
  else throw badRequest(`明细字段只支持 eq、in、contains 筛选：${name()}`);
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements(r.lines) li WHERE ${cond})`;
}

/** One key of a list's order, the id tie-breaker last: NULLs sort as the smallest value both ways. */
export interface OrderKey {
  expr: RawBuilder<unknown>;
  desc: boolean;
  /** A column that holds no NULL (creation time, id, a CASE): ordered without a NULLS clause, as its index is. */
  notNull?: boolean;
}

/**
 * The keys a list sorts by after the (constant) tenant, in order: what ORDER BY says (orderSql) and what keyset
 * paging seeks by, from one place. The id tie-breaker follows the first sorter's direction, so that one index
 * (tenant, field DESC NULLS LAST, id DESC) serves both directions, read forwards or backwards.
 */
export function orderKeys(m: ModuleSchema, sorters: Sorter[] | undefined): OrderKey[] {
  const keys: OrderKey[] = [];
  let idDesc: boolean | undefined;
  for (const s of (sorters ?? []).slice(0, 3)) {
    // A read-time column (sortAs) sorts by its stored field, in the reverse direction when it grows as that falls.
    const as = m.schema.list.columns.find((c) => c.prop === s.field && c.sortable && c.sortAs)?.sortAs;
    const field = as?.field ?? s.field;
    if (!COLUMNS.has(field) && !m.sortable.has(field)) throw badRequest(`不支持排序的字段：${s.field}`);
    const asked = /^(desc|descend|descending)$/i.test(s.order ?? '');
    const desc = asked !== !!as?.reverse;
    idDesc ??= desc;
    if (as?.when?.length) {
      // Rows outside `when` hold the column's floor (逾期天数 0 once shipped): they come first ascending, last descending.
      const today = todayInChina();
      const holds = sql.join(
        as.when.map((c) =>
          filterSql(m, { ...c, value: resolveRef(c.value, { today }) } as Filter, { fromSchema: true }),
        ),
        sql` AND `,
      );
      keys.push({ expr: sql`(CASE WHEN ${holds} THEN 1 ELSE 0 END)`, desc: asked, notNull: true });
    }
    keys.push({ expr: fieldExpr(m, field), desc });
  }
  // Newest first by default: by creation time, which only the module's (tenant, created_at, id) index gives
  // (ordered by id alone, the planner may walk the whole primary key of every team from its end).
  if (!keys.length) keys.push({ expr: sql`r.created_at`, desc: (idDesc = true), notNull: true });
  keys.push({ expr: sql`r.id`, desc: idDesc ?? true, notNull: true });
  return keys;
}

/**
 * ORDER BY of a list (orderKeys). `sorted`: the same order, which no index gives (the constant tenant as an
 * expression), so the planner gathers the matching rows the cheapest way and sorts them: for a narrowed list known to
 * match few rows (a rare keyword, found by its trigram index), rather than walking the order's index past every row.
 */
export function orderSql(
  m: ModuleSchema,
  sorters: Sorter[] | undefined,
  opts: { sorted?: boolean } = {},
): RawBuilder<unknown> {
  const keys = orderKeys(m, sorters);
  const dir = (k: OrderKey) =>
    k.notNull ? (k.desc ? sql`DESC` : sql`ASC`) : k.desc ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`;
  // The tenant first (constant in the list) so only the module's (tenant, field, id) index can give this
  // order: the planner never walks the whole primary key of every team for the newest rows of one.
  const tenantDesc = keys[keys.length - 1].desc;
  const tenant = opts.sorted ? sql`(r.tenant_code || '')` : sql`r.tenant_code`;
  return sql.join([
    tenantDesc ? sql`${tenant} DESC` : sql`${tenant} ASC`,
    ...keys.map((k) => sql`${k.expr} ${dir(k)}`),
  ]);
}

/**
 * The module's indexes, on its partition: its default order (newest first), one per sortable field in exactly the
 * order the list asks for (page 1 and page 500 read the index, never sort the table), and one per
 * filterable field.
 */
export function indexStatements(m: ModuleSchema): string[] {
  const mod = m.schema.module;
  // On the module's own partition (db/record-partitions.ts), so no module predicate.
  const on = partitionTable(mod);
  const where = 'WHERE deleted_at IS NULL';
  const exprOf = (f: string) => COLUMNS.get(f) ?? (m.numeric.has(f) ? `yg_num(data->>'${f}')` : `(data->>'${f}')`);
  const out = [
    `CREATE INDEX IF NOT EXISTS "rx_${mod}__newest" ON ${on} (tenant_code, created_at DESC, id DESC) ${where}`,
  ];
  for (const f of m.sortable) {
    if (f === 'id') continue;
    out.push(
      `CREATE INDEX IF NOT EXISTS "rs_${mod}_${f}" ON ${on} (tenant_code, ${exprOf(f)} DESC NULLS LAST, id DESC) ${where}`,
    );
  }
  for (const f of new Set([...m.indexed].filter((x) => !COLUMNS.has(x) && !x.startsWith('lines.')))) {
    out.push(`CREATE INDEX IF NOT EXISTS "rx_${mod}_${f}" ON ${on} (tenant_code, ${exprOf(f)}) ${where}`);
  }
  // Filtered columns (status tabs and searches): the page in id order and its bounded count from the index.
  for (const f of ['status', 'categoryId'].filter(
    (x) => m.indexed.has(x) || m.filterable.has(x) || x === 'categoryId',
  )) {
    out.push(
      `CREATE INDEX IF NOT EXISTS "rc_${mod}_${f}" ON ${on} (tenant_code, ${COLUMNS.get(f)}, created_at DESC, id DESC) ${where}`,
    );
  }
  // The keyword search (code or the record's JSON text contains the words, repository.ts whereSql): the team, then
  // trigrams of both (pg_trgm and btree_gin, migration 021), built only where the database can use them under
  // row-level security (indexes.ts).
  out.push(
    `CREATE INDEX IF NOT EXISTS "rk_${mod}" ON ${on} USING gin (tenant_code, code gin_trgm_ops, (data::text) gin_trgm_ops) ${where}`,
  );
  return out;
}

/** The name of a CREATE INDEX statement of indexStatements. */
export const indexNameOf = (stmt: string) => /INDEX IF NOT EXISTS "([^"]+)"/.exec(stmt)![1];
