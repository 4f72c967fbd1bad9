// Turns the list call's sorters and filters into SQL over the records table: sorting and filtering run in
// the database (with expression indexes), never in JavaScript over all rows.
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../errors';
import type { ModuleSchema } from './schema-registry';

export interface Sorter { field: string; order?: string }
export interface Filter { field: string; operator: string; value?: unknown }

/** Record properties that are real columns. */
const COLUMNS: Record<string, string> = {
  id: 'id', code: 'code', status: 'status', categoryId: 'category_id', createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'updated_at',
};

export const OPERATORS = ['eq', 'ne', 'in', 'contains', 'between', 'gte', 'lte', 'gt', 'lt', 'null', 'notNull'] as const;

/** The SQL expression of a field: a column, data->>'f' (numeric through yg_num), or a line-item path. */
export function fieldExpr(m: ModuleSchema, field: string): RawBuilder<unknown> {
  if (COLUMNS[field]) return sql.ref(`r.${COLUMNS[field]}`);
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field)) throw badRequest(`不支持的字段：${field}`);
  return m.numeric.has(field) ? sql`yg_num(r.data->>${sql.lit(field)})` : sql`(r.data->>${sql.lit(field)})`;
}

function asScalar(field: string, v: unknown): string | number {
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  throw badRequest(`筛选值格式不正确：${field}`);
}

export function filterSql(m: ModuleSchema, f: Filter): RawBuilder<unknown> {
  if (!(OPERATORS as readonly string[]).includes(f.operator)) throw badRequest(`不支持的筛选条件：${f.operator}`);
  if (f.field.startsWith('lines.')) return lineFilterSql(f);
  if (!COLUMNS[f.field] && !m.filterable.has(f.field) && !m.fields.some((x) => x.fieldName === f.field)) {
    throw badRequest(`不支持的筛选字段：${f.field}`);
  }
  const e = fieldExpr(m, f.field);
  const numeric = m.numeric.has(f.field) || ['id', 'categoryId', 'createdBy'].includes(f.field);
  const val = (v: unknown) => {
    const s = asScalar(f.field, v);
    if (numeric) {
      const n = Number(s);
      if (!Number.isFinite(n)) throw badRequest(`筛选值格式不正确：${f.field}`);
      return n;
    }
    return String(s);
  };
  switch (f.operator) {
    case 'eq': return sql`${e} = ${val(f.value)}`;
    case 'ne': return sql`${e} IS DISTINCT FROM ${val(f.value)}`;
    case 'gt': return sql`${e} > ${val(f.value)}`;
    case 'gte': return sql`${e} >= ${val(f.value)}`;
    case 'lt': return sql`${e} < ${val(f.value)}`;
    case 'lte': return sql`${e} <= ${val(f.value)}`;
    case 'null': return sql`${e} IS NULL`;
    case 'notNull': return sql`${e} IS NOT NULL`;
    case 'contains': return sql`${e}::text ILIKE ${'%' + String(asScalar(f.field, f.value)).replace(/[\\%_]/g, '\\$&') + '%'}`;
    case 'in': {
      if (!Array.isArray(f.value) || f.value.length === 0 || f.value.length > 500) throw badRequest(`筛选值格式不正确：${f.field}`);
      return sql`${e} IN (${sql.join(f.value.map(val))})`;
    }
    case 'between': {
      if (!Array.isArray(f.value) || f.value.length !== 2) throw badRequest(`筛选值格式不正确：${f.field}`);
      const [lo, hi] = f.value;
      // A date range ends at the end of its last day.
      const top = !numeric && typeof hi === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(hi) && f.field in COLUMNS ? `${hi}T23:59:59.999` : hi;
      return sql`${e} BETWEEN ${val(lo)} AND ${val(top)}`;
    }
  }
  throw badRequest(`不支持的筛选条件：${f.operator}`);
}

/** lines.<prop>: true when any line item matches (eq / in / contains). */
function lineFilterSql(f: Filter): RawBuilder<unknown> {
  const prop = f.field.slice('lines.'.length);
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(prop)) throw badRequest(`不支持的字段：${f.field}`);
  const item = sql`(li->>${sql.lit(prop)})`;
  let cond: RawBuilder<unknown>;
  if (f.operator === 'eq') cond = sql`${item} = ${String(asScalar(f.field, f.value))}`;
  else if (f.operator === 'in' && Array.isArray(f.value) && f.value.length) cond = sql`${item} IN (${sql.join(f.value.map((v) => String(asScalar(f.field, v))))})`;
  else if (f.operator === 'contains') cond = sql`${item} ILIKE ${'%' + String(asScalar(f.field, f.value)) + '%'}`;
  else throw badRequest(`明细字段只支持 eq、in、contains 筛选：${f.field}`);
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements(r.lines) li WHERE ${cond})`;
}

export function orderSql(m: ModuleSchema, sorters: Sorter[] | undefined): RawBuilder<unknown> {
  const parts = (sorters ?? []).slice(0, 3).map((s) => {
    if (!COLUMNS[s.field] && !m.sortable.has(s.field)) throw badRequest(`不支持排序的字段：${s.field}`);
    const dir = /^(desc|descend|descending)$/i.test(s.order ?? '') ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`;
    return sql`${fieldExpr(m, s.field)} ${dir}`;
  });
  parts.push(sql`r.id DESC`);
  return sql.join(parts);
}

/** One partial expression index per sortable or filterable data field of a module. */
export function indexStatements(m: ModuleSchema): string[] {
  const fields = new Set([...m.sortable, ...m.filterable].filter((f) => !COLUMNS[f] && !f.startsWith('lines.')));
  return [...fields].map((f) => {
    const expr = m.numeric.has(f) ? `yg_num(data->>'${f}')` : `(data->>'${f}')`;
    return `CREATE INDEX IF NOT EXISTS "rx_${m.schema.module}_${f}" ON records (tenant_code, ${expr}) WHERE module = '${m.schema.module}' AND deleted_at IS NULL`;
  });
}
