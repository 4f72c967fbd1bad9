// The page schemas under schemas/, indexed by module key: the server's only source of field rules.
// Loaded once at start; an invalid schema stops the start with the file and JSON path.
import fs from 'node:fs';
import path from 'node:path';
import {
  isDictionaryPage,
  isFieldOptionsPage,
  isPlatformTablePage,
  isTeamAdminPage,
  validatePageSchema,
  type DictionaryPageSchema,
  type FieldDef,
  type PageSchema,
} from '../../../common/schema';
import { compileExpr } from '../../../common/expr';
import { listViewFields } from '../../../common/list-views';
import { checkView } from './views';
import { checkPageSchemas, formatProblem, type SchemaFile } from '../../../common/schema/check';
import { pageCheckContext } from './page-check';
import type { ModuleSchema } from './module-schema';
import type { SchemaCheck } from './schema-checks';
import { partitionKey } from '../../db/record-partitions';
import { stageFieldOf } from '../../../common/schema/stage-field';

export type { ModuleSchema };

const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;
const NUMERIC_COLUMN_TYPES = new Set(['money', 'percent']);

function listJson(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listJson(p);
    return e.name.endsWith('.json') && e.name !== 'page.schema.json' ? [p] : [];
  });
}

export function describeModule(file: string, schema: PageSchema, parent?: PageSchema): ModuleSchema {
  const byName = new Map<string, FieldDef>();
  for (const f of [...(schema.addDialog?.fields ?? []), ...(schema.drawer?.fields ?? [])]) byName.set(f.fieldName, f);
  const fields = [...byName.values()];
  const numeric = new Set<string>();
  for (const f of fields) if (f.fontendType === 'number' || f.type === 'number') numeric.add(f.fieldName);
  for (const c of schema.list.columns) if (NUMERIC_COLUMN_TYPES.has(c.type ?? '') || c.priceType) numeric.add(c.prop);
  const multi = new Set(
    fields
      .filter((f) => f.fontendType === 'multiSelect' || (f.fontendType === 'treeSelect' && f.props?.multiple))
      .map((f) => f.fieldName),
  );
  // A column computed when read sorts by the stored field its order follows (sortAs): that field is what is sorted and indexed.
  const sortable = new Set(schema.list.columns.filter((c) => c.sortable).map((c) => c.sortAs?.field ?? c.prop));
  // A search field filters on its filterOn (e.g. lines.expenseType) when it has one.
  const filterable = new Set([
    ...(schema.list.search ?? []).map((f) => f.filterOn ?? f.fieldName),
    ...schema.list.columns.map((c) => c.prop),
  ]);
  // Record pickers of other pages filter on a module's stage (e.g. advances that are 已支付).
  if (schema.stages) filterable.add(stageFieldOf(schema.stages));
  // A dictionary tree filters its field.
  if (schema.tree?.field) filterable.add(schema.tree.field);
  // Section-header tabs and the month/year field narrow the list too, so they get indexes like searches.
  const viewFields = listViewFields(file, schema);
  for (const f of viewFields) filterable.add(f);
  const indexedTypes = new Set([
    'select',
    'treeSelect',
    'radio',
    'date',
    'month',
    'dateTime',
    'dateRange',
    'number',
    'switch',
  ]);
  const indexed = new Set(
    [
      ...(schema.list.search ?? [])
        .filter((f) => indexedTypes.has(f.fontendType) && !(f.filterOn ?? '').startsWith('lines.'))
        .map((f) => f.filterOn ?? f.fieldName),
      ...viewFields,
      ...(schema.stages ? [stageFieldOf(schema.stages)] : []),
    ].filter((f) => !sortable.has(f)),
  );
  for (const name of [schema.module, ...sortable, ...filterable]) {
    if (!IDENT.test(name.replace(/^lines\./, '')))
      throw new Error(`${file}: "${name}" is not a valid module or field name`);
  }
  const s = schema as PageSchema & { codePrefix?: string; moneyField?: string };
  return {
    file,
    schema,
    fields,
    lineColumns: schema.drawer?.lines?.columns ?? [],
    sortable,
    filterable,
    indexed,
    numeric,
    multi,
    codePrefix: s.codePrefix ?? schema.module.slice(0, 2).toUpperCase(),
    moneyField: s.moneyField,
    permissionModule: parent?.module ?? schema.module,
    parent: parent?.module,
  };
}

/** Every expression a page declares, with where it sits (for the start-up error). */
function expressionsOf(schema: PageSchema): [string, string][] {
  const out: [string, string][] = [];
  const fields = [...(schema.addDialog?.fields ?? []), ...(schema.drawer?.fields ?? [])];
  for (const f of fields) if (f.compute?.expr) out.push([`fields.${f.fieldName}.compute`, f.compute.expr]);
  for (const c of schema.drawer?.lines?.columns ?? [])
    if (c.compute?.expr) out.push([`lines.${c.prop}.compute`, c.compute.expr]);
  for (const [i, c] of (schema.checks ?? []).entries()) if (c.expr) out.push([`checks[${i}]`, c.expr]);
  for (const [i, r] of (schema.list?.rowStyles ?? []).entries()) out.push([`list.rowStyles[${i}]`, r.when]);
  for (const [i, r] of (schema.stages?.auto ?? []).entries()) out.push([`stages.auto[${i}]`, r.when]);
  for (const a of schema.stages?.actions ?? [])
    for (const [i, c] of (a.checks ?? []).entries()) if (c.expr) out.push([`stages.${a.key}.checks[${i}]`, c.expr]);
  for (const e of schema.effects ?? []) {
    if (e.when) out.push([`effects.${e.key}.when`, e.when]);
    if (e.target && e.target !== 'self' && e.target !== 'source') {
      out.push([`effects.${e.key}.target`, e.target.equals]);
      for (const [k, x] of Object.entries(e.target.where ?? {})) out.push([`effects.${e.key}.target.where.${k}`, x]);
    }
    for (const [k, x] of Object.entries({ ...e.set, ...e.add })) out.push([`effects.${e.key}.${k}`, x]);
    for (const [k, x] of Object.entries(e.line ?? {})) out.push([`effects.${e.key}.line.${k}`, x]);
    for (const [k, x] of Object.entries(e.lines ?? {})) out.push([`effects.${e.key}.lines.${k}`, x]);
    for (const [k, x] of Object.entries(e.setLines ?? {})) out.push([`effects.${e.key}.setLines.${k}`, x]);
    if (e.linesWhen) out.push([`effects.${e.key}.linesWhen`, e.linesWhen]);
    const st = e.stock;
    if (st) {
      for (const [k, x] of Object.entries({
        ...st.keys,
        quantity: st.quantity,
        price: st.price,
        allowNegative: st.allowNegative,
        moveType: st.moveType,
      })) {
        if (x) out.push([`effects.${e.key}.stock.${k}`, x]);
      }
      for (const [k, x] of Object.entries(st.writeBack ?? {})) out.push([`effects.${e.key}.stock.writeBack.${k}`, x]);
    }
  }
  if (schema.approvalWhen) out.push(['approvalWhen', schema.approvalWhen]);
  for (const g of schema.generators ?? []) {
    for (const [k, x] of Object.entries(g.set)) out.push([`generators.${g.key}.set.${k}`, x]);
    for (const [k, x] of Object.entries(g.lines.set)) out.push([`generators.${g.key}.lines.set.${k}`, x]);
    if (g.lines.label) out.push([`generators.${g.key}.lines.label`, g.lines.label]);
    for (const [n, j] of Object.entries(g.lines.join ?? {}))
      for (const [k, x] of Object.entries(j.match)) out.push([`generators.${g.key}.join.${n}.${k}`, x]);
  }
  return out;
}

/** Modules a page reads or writes besides its own: views, generators' sources and joins, aggregates. */
/**
 * What the names checker (checkPageSchemas: every module, field and option a page names) leaves to the server: expressions
 * that do not parse, the shapes features need (pickers, trees, views, stock effects) and each feature's own checks.
 */
function checkLinks(all: ModuleSchema[], has: (module: string) => boolean, checks: readonly SchemaCheck[]) {
  const links = {
    has,
    lineColumnsOf: (k: string) => all.find((x) => x.schema.key === k || x.schema.module === k)?.lineColumns,
  };
  for (const m of all) {
    for (const [where, src] of expressionsOf(m.schema)) {
      try {
        compileExpr(src);
      } catch (e) {
        throw new Error(`${m.file}: ${where}: ${(e as Error).message}`);
      }
    }
    for (const f of [
      ...m.fields.map((x) => ({ name: x.fieldName, data: x.data })),
      ...m.lineColumns.map((c) => ({ name: `lines.${c.prop}`, data: c.data })),
    ]) {
      const d = f.data as { module?: unknown; modules?: string[] } | undefined;
      if (d && typeof d === 'object' && !Array.isArray(d) && typeof d.module === 'string') {
        if (d.modules && !d.modules.includes(d.module))
          throw new Error(`${m.file}: ${f.name}: module "${d.module}" is not one of its modules`);
        const filterOf = (d as { filterOf?: Record<string, unknown> }).filterOf;
        for (const k of Object.keys(filterOf ?? {}))
          if (!(d.modules ?? []).includes(k))
            throw new Error(`${m.file}: ${f.name}: filterOf names "${k}", which is not one of its modules`);
      }
    }
    checkView(m);
    // Each feature's own checks (schema-checks.ts), in the order they were handed over.
    for (const check of checks) {
      const problems = check(m, links);
      if (problems.length) throw new Error(`${m.file}: ${problems.join('; ')}`);
    }
    // A cell offering a picked record's lines names a picker field of the form that exposes its lines.
    for (const c of m.lineColumns) {
      const pl =
        c.data && typeof c.data === 'object' && !Array.isArray(c.data) && 'pickedLines' in c.data
          ? (c.data as { pickedLines: { field: string } }).pickedLines
          : undefined;
      if (!pl) continue;
      const f = m.fields.find((x) => x.fieldName === pl.field);
      const d = f?.data as { module?: string; expose?: string[] } | undefined;
      if (!d?.module || !(d.expose ?? []).includes('lines'))
        throw new Error(
          `${m.file}: lines.${c.prop} reads the lines of "${pl.field}", which is not a record picker of the form exposing lines`,
        );
    }
    const tree = m.schema.tree;
    if (
      tree?.fromPicker &&
      !m.fields.some(
        (f) =>
          f.fieldName === tree.field &&
          f.data &&
          typeof f.data === 'object' &&
          !Array.isArray(f.data) &&
          'module' in f.data,
      )
    ) {
      throw new Error(`${m.file}: tree.field "${tree.field}" is not a record picker of the form`);
    }
    if (tree?.children) {
      const f = m.fields.find((x) => x.fieldName === tree.children!.field);
      const d = f?.data as { module?: string } | undefined;
      const child =
        d && typeof d === 'object' && !Array.isArray(d) && d.module
          ? all.find((x) => x.schema.key === d.module || x.schema.module === d.module)
          : undefined;
      if (!child)
        throw new Error(`${m.file}: tree.children.field "${tree.children.field}" is not a record picker of the form`);
      if (!child.fields.some((x) => x.fieldName === tree.children!.parentField))
        throw new Error(
          `${m.file}: tree.children.parentField "${tree.children.parentField}" is not a field of ${child.schema.key}`,
        );
    }
    // editableBy names a field of the form holding the user, and fields (or lines.<cell>) of the form he may change.
    for (const e of m.schema.editableBy ?? []) {
      if (!m.fields.some((f) => f.fieldName === e.field))
        throw new Error(`${m.file}: editableBy.field "${e.field}" is not a field of the form`);
      for (const name of e.fields) {
        const cell = name.startsWith('lines.') ? name.slice(6) : null;
        const known = cell
          ? m.lineColumns.some((c) => c.prop === cell && !c.compute)
          : m.fields.some((f) => f.fieldName === name && !f.disabled);
        if (!known)
          throw new Error(
            `${m.file}: editableBy "${e.field}" lists "${name}", which is not a field or line cell a user fills in`,
          );
      }
    }
    // A stage action's notify names a field of the form (or of the action) holding the recipient; inputOnly, fields of the action.
    for (const a of m.schema.stages?.actions ?? []) {
      const to = a.notify?.to;
      if (to && !m.fields.some((f) => f.fieldName === to) && !(a.fields ?? []).some((f) => f.fieldName === to))
        throw new Error(`${m.file}: stages.${a.key}.notify.to "${to}" is not a field of the form`);
      for (const name of a.inputOnly ?? []) {
        if (!(a.fields ?? []).some((f) => f.fieldName === name))
          throw new Error(`${m.file}: stages.${a.key}.inputOnly "${name}" is not a field of the action`);
      }
    }
    // A read-time column sorts by a stored field of the form (sortAs), and only when it is sortable.
    for (const c of m.schema.list.columns) {
      if (!c.sortAs) continue;
      if (!c.sortable) throw new Error(`${m.file}: list column ${c.prop} declares sortAs but is not sortable`);
      const own = (x: ModuleSchema | undefined) => !!x?.fields.some((f) => f.fieldName === c.sortAs!.field);
      const viewed = m.schema.viewOf ? all.find((x) => x.schema.module === m.schema.viewOf) : undefined;
      if (!own(m) && !own(viewed))
        throw new Error(
          `${m.file}: list column ${c.prop} sorts as "${c.sortAs.field}", which is not a field of the form`,
        );
    }
    for (const e of m.schema.effects ?? []) {
      // A `source` target is whichever module's effect made the record: known only when it runs.
      if (e.kind === 'release' && !(m.schema.effects ?? []).some((x) => x.stock?.reserve))
        throw new Error(`${m.file}: effect ${e.key} releases reservations but no effect reserves stock`);
      // A stock effect for another record only holds or gives back (its reservation is that record's): no move, no write-back.
      if (e.kind === 'stock' && e.target && e.target !== 'self') {
        if (!e.stock?.reserve || e.stock.writeBack)
          throw new Error(
            `${m.file}: effect ${e.key} posts stock for its target: only a reservation (reserve, no writeBack) may`,
          );
      }
      // `reached:<stage>` must name one of the page's own stage values (a typo would never run).
      const reached = /^reached:(.+)$/.exec(e.on)?.[1];
      if (reached && !(m.schema.stages?.values ?? []).some((v) => v.value === reached))
        throw new Error(`${m.file}: effect ${e.key} runs on reaching "${reached}", which is not a stage of the page`);
    }
  }
}

/** Where a page's records are stored: its own module, or for a view (viewOf) the viewed one's. */
export const storedModuleOf = (m: ModuleSchema) => m.schema.viewOf ?? m.schema.module;

/** That module as a statement on records names it, pruned to its partition (db/record-partitions.ts partitionKey). */
export const storedKeyOf = (m: ModuleSchema) => partitionKey(storedModuleOf(m));

export class SchemaRegistry {
  private modules = new Map<string, ModuleSchema>();
  private dictionaries: { file: string; schema: DictionaryPageSchema }[] = [];

  /** `checks`: what the features check of their part of each page (schema-checks.ts); none, to read the pages only. */
  constructor(dir: string, checks: readonly SchemaCheck[] = []) {
    if (!fs.existsSync(dir)) return;
    const pages: SchemaFile[] = [];
    for (const file of listJson(dir)) {
      const rel = path.relative(path.dirname(dir), file);
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
      const res = validatePageSchema(parsed, rel);
      if (!res.ok)
        throw new Error(`页面配置错误 ${rel}: ${res.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}`);
      pages.push({ file: rel, schema: res.schema });
      // Dictionary pages are validated like every page but hold no records: kept apart for the dict module.
      if (isDictionaryPage(res.schema)) {
        this.dictionaries.push({ file: rel, schema: res.schema });
        continue;
      }
      // A field-options page (the field-options page) holds no records either: its editor reads every record page.
      if (isFieldOptionsPage(res.schema)) continue;
      // A team-admin page holds no records: its editor reads the team's members, roles and join requests.
      if (isTeamAdminPage(res.schema)) continue;
      // A platform page edits the platform catalogue tables (platform/routes.ts), not records.
      if (isPlatformTablePage(res.schema)) continue;
      // A page's nested entities are record modules of their own, under the page's permission codes.
      const nested = (res.schema.entities ?? []).map((e, i) =>
        describeModule(`${rel}#/entities/${i}`, e, res.schema as PageSchema),
      );
      for (const m of [describeModule(rel, res.schema), ...nested]) {
        if (this.modules.has(m.schema.module))
          throw new Error(`${m.file}: module "${m.schema.module}" is defined twice`);
        this.modules.set(m.schema.module, m);
      }
    }
    // Every name the pages use names something (fields, options, modules, permission codes…): all problems at once.
    const problems = checkPageSchemas(pages, pageCheckContext());
    if (problems.length) throw new Error(`页面配置错误:\n${problems.map(formatProblem).join('\n')}`);
    checkLinks(this.all(), (k) => this.modules.has(k), checks);
  }

  get(module: string): ModuleSchema | undefined {
    return this.modules.get(module);
  }

  all(): ModuleSchema[] {
    return [...this.modules.values()];
  }

  /**
   * The module a page's records are stored as: its own, or for a view (viewOf) the viewed one's. A statement that
   * names it reads one partition of records (db/record-partitions.ts) instead of probing them all.
   */
  storedIn(module: string): string {
    const m = this.modules.get(module);
    return m ? storedModuleOf(m) : module;
  }

  /** The dictionary pages (not record modules): which fieldKeys each one shows and maintains. */
  dictionaryPages(): { file: string; schema: DictionaryPageSchema }[] {
    return this.dictionaries;
  }
}
