// Record pickers (`data: { module, label, filter, fill }`): a field whose value is a record of another module.
// The server lists the records a picker offers, and on every save checks that the picked one exists in the
// team and still matches the filter (a forged or stale pick is refused), then hands it to the expressions
// as picked.<field>. Knows no module names: all of it comes from the page schemas.
import { sql, type RawBuilder } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest } from '../../errors';
import type { FieldDef, RecordSource } from '../../../common/schema';
import type { RefContext } from '../../../common/rules/conditions';
import type { ModuleSchema, SchemaRegistry } from './schema-registry';
import { filterConds } from './conditions-sql';
import { notRetiredSql, visibleSql } from './visibility';
import { recordSourceOf } from './record-source';
import { partitionKey } from '../../db/record-partitions';

type Row = Record<string, unknown>;

export { recordSourceOf };

export const pickerFields = (m: ModuleSchema) => m.fields.filter((f) => recordSourceOf(f.data));

/** The picked records' properties a page may read: those its label and fills name, and those it exposes. */
export function exposedProps(src: RecordSource): string[] {
  const inLabel = [...src.label.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((x) => x[1]);
  return [...new Set(['id', 'code', ...inLabel, ...Object.values(src.fill ?? {}), ...(src.expose ?? [])])];
}

/** The option label of a picked record: its template with {prop} replaced (missing props read empty). */
export function labelOf(src: RecordSource, rec: Row): string {
  return src.label
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, p: string) => {
      const v = rec[p];
      return v === undefined || v === null ? '' : String(v);
    })
    .trim();
}

/** A picker's conditions for one of its modules: its own `filterOf` entry, else the common `filter`. */
export const filterFor = (src: RecordSource, tm: ModuleSchema) => src.filterOf?.[tm.schema.module] ?? src.filter;

/** The modules a picker reads: `modules` when it names several (a project of any of the three initiation pages), else `module`. */
export const sourceModules = (src: RecordSource): string[] => (src.modules?.length ? src.modules : [src.module]);

function target(schemas: SchemaRegistry, f: FieldDef): { src: RecordSource; tms: ModuleSchema[] } {
  const src = recordSourceOf(f.data)!;
  const tms = sourceModules(src).map((k) => schemas.get(k));
  if (tms.some((tm) => !tm)) throw badRequest(`${f.titleName}的来源模块不存在`);
  return { src, tms: tms as ModuleSchema[] };
}

// `module` is the record's module (a picker over several modules stores it beside the pick as <field>Module).
const flatSql = sql`(r.data || jsonb_build_object('id', r.id, 'code', r.code, 'status', r.status, 'lines', r.lines, 'module', r.module))`;

/** Records of one module, or of several (`tms`: each with its own conditions, as fields differ per module). */
async function query(
  trx: TenantTx,
  tenant: string,
  tm: ModuleSchema | ModuleSchema[],
  conds: RawBuilder<unknown>[] | ((tm: ModuleSchema) => RawBuilder<unknown>[]),
  limit: number,
) {
  const tms = Array.isArray(tm) ? tm : [tm];
  const condsOf = (x: ModuleSchema) => (typeof conds === 'function' ? conds(x) : conds);
  const per = tms.map(
    (x) => sql`(${sql.join([sql`r.module = ${partitionKey(x.schema.module)}`, ...condsOf(x)], sql` AND `)})`,
  );
  const where = sql.join(
    [
      sql`r.tenant_code = ${tenant}`,
      sql`r.deleted_at IS NULL`,
      per.length === 1 ? per[0] : sql`(${sql.join(per, sql` OR `)})`,
    ],
    sql` AND `,
  );
  const { rows } = await sql<{
    rec: Row;
  }>`SELECT ${flatSql} AS rec FROM records r WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit}`.execute(
    trx,
  );
  return rows.map((r) => r.rec);
}

const pick = (rec: Row, props: string[]) =>
  Object.fromEntries(props.filter((p) => rec[p] !== undefined).map((p) => [p, rec[p]]));

/** What any picker of `tm` may offer this caller: records they see that are not retired. */
function offerable(tm: ModuleSchema, refs: RefContext): RawBuilder<unknown>[] {
  return [visibleSql(tm, refs), notRetiredSql(tm, refs)].filter((c): c is RawBuilder<unknown> => c !== null);
}

/** What a picker offers for these form values: up to 50 records, newest first, optionally matching a keyword. */
export async function pickerOptions(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  f: FieldDef,
  refs: RefContext,
  keyword?: string,
  limit = 50,
) {
  const { src, tms } = target(schemas, f);
  const kw: RawBuilder<unknown>[] = [];
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
    kw.push(sql`(r.code ILIKE ${like} OR r.data::text ILIKE ${like})`);
  }
  const props = [...exposedProps(src), ...(src.modules?.length ? ['module'] : [])];
  const valueField = src.valueField ?? 'code';
  const rows = await query(
    trx,
    tenant,
    tms,
    (tm) => [...filterConds(tm, filterFor(src, tm), refs), ...offerable(tm, refs), ...kw],
    limit,
  );
  return rows.map((rec) => ({ value: rec[valueField], label: labelOf(src, rec), record: pick(rec, props) }));
}

export interface PickedOptions {
  /** Whether the pick must still match the filter (on a save), or only exist in the team (recomputing a stored record). */
  checkFilter: boolean;
  /** Fields whose pick is the one already stored: it only has to exist (an advance since 已还清 stays on its claim). */
  unchanged?: Set<string>;
}

/**
 * Loads every picked record of `data` (by field name) and stores its label beside the value (<field>Name).
 * A pick that does not exist in the team, or (checkFilter) no longer matches the picker's filter, is refused.
 */
export async function loadPicked(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  m: ModuleSchema,
  data: Row,
  refs: RefContext,
  opts: PickedOptions,
) {
  return loadPickedOf(trx, tenant, schemas, pickerFields(m), data, refs, opts);
}

/** loadPicked for any list of fields, e.g. what a stage action asks for (下单: the supplier). */
export async function loadPickedOf(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  fields: FieldDef[],
  data: Row,
  refs: RefContext,
  opts: PickedOptions,
) {
  const picked: Record<string, Row | null> = {};
  for (const f of fields.filter((x) => recordSourceOf(x.data))) {
    const v = data[f.fieldName];
    if (v === undefined || v === null || v === '') {
      picked[f.fieldName] = null;
      if (recordSourceOf(f.data)!.modules?.length) delete data[`${f.fieldName}Module`];
      continue;
    }
    const { src, tms } = target(schemas, f);
    if (typeof v !== 'string' && typeof v !== 'number') throw badRequest(`${f.titleName}格式不正确`);
    const valueField = src.valueField ?? 'code';
    const byValue = valueField === 'id' ? sql`r.id = ${Number(v) || 0}` : sql`r.code = ${String(v)}`;
    // A new pick must match the filter, be visible to the caller and not be retired; a kept one only exist.
    const strict = opts.checkFilter && !opts.unchanged?.has(f.fieldName);
    const [rec] = await query(
      trx,
      tenant,
      tms,
      (tm) => [
        byValue,
        ...(strict ? [...filterConds(tm, filterFor(src, tm), { ...refs, data }), ...offerable(tm, refs)] : []),
      ],
      1,
    );
    if (!rec) throw badRequest(`${f.titleName}不存在或不可选`);
    picked[f.fieldName] = rec;
    data[`${f.fieldName}Name`] = labelOf(src, rec);
    // A pick from one of several modules keeps which one (a project of 装修立项 or 家具立项).
    if (src.modules?.length) data[`${f.fieldName}Module`] = rec.module;
  }
  return picked;
}

/** Line cells that pick a record of another module (e.g. a stock document's 物料). */
export const linePickerColumns = (m: ModuleSchema) => m.lineColumns.filter((c) => recordSourceOf(c.data));

/**
 * Loads the records the lines' picker cells pick (one query per column), refusing a pick that does not exist
 * in the team (or, checkFilter, no longer matches the picker) with the line's number, and writes each line's
 * `<cell>Name` and the cells the picker fills: always those a user cannot type in (no inputType: 规格, 单位),
 * the others only while blank (a reference price the user may change).
 */
export async function loadLinePicks(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  m: ModuleSchema,
  data: Row,
  lines: Row[],
  refs: RefContext,
  opts: { checkFilter: boolean; found?: Map<string, Map<string, Row>> },
) {
  const cols = linePickerColumns(m);
  if (!cols.length || !lines.length) return lines;
  const out = lines.map((l) => ({ ...l }));
  for (const c of cols) {
    const src = recordSourceOf(c.data)!;
    const tm = schemas.get(src.module);
    if (!tm) throw badRequest(`${c.label}的来源模块不存在`);
    const valueField = src.valueField ?? 'code';
    const values = [...new Set(out.map((l) => l[c.prop]).filter((v) => v !== undefined && v !== null && v !== ''))];
    if (values.some((v) => typeof v !== 'string' && typeof v !== 'number')) throw badRequest(`${c.label}格式不正确`);
    const found = new Map<string, Row>();
    if (values.length) {
      const conds = [
        valueField === 'id'
          ? sql`r.id IN (${sql.join(values.map((v) => Number(v) || 0))})`
          : sql`r.code IN (${sql.join(values.map(String))})`,
      ];
      if (opts.checkFilter) conds.push(...filterConds(tm, src.filter, { ...refs, data }), ...offerable(tm, refs));
      for (const rec of await query(trx, tenant, tm, conds, values.length)) found.set(String(rec[valueField]), rec);
    }
    // The picked records by cell, for line cells whose options are a line's own pick's lines (库位 of the line's 仓库).
    opts.found?.set(c.prop, found);
    const typed = new Set(m.lineColumns.filter((x) => x.inputType).map((x) => x.prop));
    out.forEach((line, i) => {
      const v = line[c.prop];
      if (v === undefined || v === null || v === '') {
        delete line[`${c.prop}Name`];
        return;
      }
      const rec = found.get(String(v));
      if (!rec) throw badRequest(`第${i + 1}行${c.label}不存在或不可选`);
      line[`${c.prop}Name`] = labelOf(src, rec);
      for (const [to, from] of Object.entries(src.fill ?? {})) {
        const blankCell = line[to] === undefined || line[to] === null || line[to] === '';
        if (!typed.has(to) || blankCell) line[to] = rec[from] ?? null;
      }
    });
  }
  return out;
}

/** `none` checks: the first whose filter matches a record (other than this one) gives its message. */
export async function failedNoneCheck(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  m: ModuleSchema,
  data: Row,
  refs: RefContext,
  recordId?: number,
  submit = false,
) {
  for (const c of m.schema.checks ?? []) {
    if (!c.none || (c.on === 'submit' && !submit)) continue;
    const tm = c.none.module ? schemas.get(c.none.module) : m;
    if (!tm) continue;
    const conds = filterConds(tm, c.none.filter, { ...refs, data });
    if (recordId) conds.push(sql`r.id <> ${recordId}`);
    if ((await query(trx, tenant, tm, conds, 1)).length) return c.message;
  }
  return null;
}
