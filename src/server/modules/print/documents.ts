// A page's named documents (`documents`): 木作部件清单, 下料单, 配件清单 of a record's lines, a list as an .xlsx, package
// labels. What a document holds is resolved here from the page schema (pure, unit-tested); it is laid out by the
// print layout (layout.ts, labels.ts) or written by exceljs. Checked at start: a document naming a field, a column or
// a permission the page lacks stops the server. No module is named here.
import type { ColumnDef, DocumentDef } from '../../../common/schema';
import type { ModuleSchema } from '../records/module-schema';
import { ACTIONS } from '../menu/catalogue';
import { printTemplate, type PrintColumn, type PrintField, type PrintTemplate } from './template';
import { stageFieldOf } from '../../../common/schema/stage-field';

type Row = Record<string, unknown>;

/** Marks a 小计 row among a document's lines (laid out shaded, left out of the 合计). */
export const SUBTOTAL = '__subtotal';

export const documentOf = (m: Pick<ModuleSchema, 'schema'>, key: string) =>
  (m.schema.documents ?? []).find((d) => d.key === key);

/** The permission's action (print, export, view) of a document. */
export const documentAction = (d: DocumentDef) => d.permissionCode.split(':')[1];

/** The line columns of the module whose lines the document reads (this page's or the picked record's module). */
export function linesModuleOf(m: Pick<ModuleSchema, 'fields'>, d: DocumentDef): string | null {
  if (!d.linesOf) return null;
  const f = m.fields.find((x) => x.fieldName === d.linesOf);
  const data = f?.data as { module?: string } | undefined;
  return data && typeof data === 'object' && !Array.isArray(data) && typeof data.module === 'string'
    ? data.module
    : null;
}

/** Every problem of a page's documents, as "documents[1].columns[2] \"x\" …" (empty when sound). */
export function documentErrors(
  m: Pick<ModuleSchema, 'schema' | 'fields' | 'lineColumns'>,
  linesOf: (module: string) => ColumnDef[] | undefined,
): string[] {
  const errors: string[] = [];
  const fields = new Set([
    ...m.fields.map((f) => f.fieldName),
    'code',
    'status',
    'createdByName',
    'createdAt',
    'updatedAt',
  ]);
  if (m.schema.stages) fields.add(stageFieldOf(m.schema.stages));
  const listCols = new Set(m.schema.list?.columns.map((c) => c.prop) ?? []);
  const seen = new Set<string>();
  (m.schema.documents ?? []).forEach((d, i) => {
    const at = `documents[${i}]`;
    if (seen.has(d.key)) errors.push(`${at}: key "${d.key}" is used twice`);
    seen.add(d.key);
    const [mod, action] = d.permissionCode.split(':');
    if (mod !== m.schema.module || !(ACTIONS as readonly string[]).includes(action))
      errors.push(`${at}.permissionCode "${d.permissionCode}" is not a permission of this page`);
    if (d.from === 'list') {
      if (d.format !== 'xlsx') errors.push(`${at}: a list document is an xlsx`);
      (d.columns ?? []).forEach((c, k) => {
        if (!listCols.has(c)) errors.push(`${at}.columns[${k}] "${c}" is not a list column`);
      });
      for (const k of ['header', 'linesOf', 'lineFilter', 'groupBy', 'sum', 'times', 'layout', 'qr'] as const)
        if (d[k] !== undefined) errors.push(`${at}.${k}: only for record documents`);
      return;
    }
    (d.header ?? []).forEach((f, k) => {
      if (!fields.has(f)) errors.push(`${at}.header[${k}] "${f}" is not a field of the page`);
    });
    let cols: ColumnDef[] | undefined = m.lineColumns;
    if (d.linesOf) {
      const mod2 = linesModuleOf(m as ModuleSchema, d);
      cols = mod2 ? linesOf(mod2) : undefined;
      if (!mod2) errors.push(`${at}.linesOf "${d.linesOf}" is not a record picker of the form`);
    }
    if (!cols?.length) {
      errors.push(`${at}: no line items to read`);
      return;
    }
    const names = new Set(cols.map((c) => c.prop));
    const check = (what: string, list: string[] | undefined) =>
      (list ?? []).forEach((c, k) => {
        if (!names.has(c)) errors.push(`${at}.${what}[${k}] "${c}" is not a line column`);
      });
    check('columns', d.columns);
    check('groupBy', d.groupBy);
    check('sum', d.sum);
    check('lineFilter', Object.keys(d.lineFilter ?? {}));
    if (d.qr && !names.has(d.qr)) errors.push(`${at}.qr "${d.qr}" is not a line column`);
    if (d.layout === 'labels' && !d.qr) errors.push(`${at}: labels need a qr column`);
    if (d.layout === 'labels' && d.format !== 'pdf') errors.push(`${at}: labels are a pdf`);
    if (d.times && !m.fields.some((f) => f.fieldName === d.times))
      errors.push(`${at}.times "${d.times}" is not a field of the page`);
  });
  return errors;
}

const asList = (v: unknown) => (Array.isArray(v) ? v : [v]);
const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};
const round = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * The document's lines from a record's lines: those matching lineFilter, the summed cells multiplied by `times`,
 * sorted into groups (groupBy) each followed by a 小计 row (marked SUBTOTAL). Returns the lines and the totals.
 */
export function documentLines(
  d: DocumentDef,
  lines: Row[],
  record: Row,
): { lines: Row[]; totals: Record<string, number> } {
  const keep = Object.entries(d.lineFilter ?? {});
  const factor = d.times ? num(record[d.times]) : 1;
  const sum = d.sum ?? [];
  let out = lines
    .filter((l) => keep.every(([k, v]) => asList(v).some((x) => String(x) === String(l[k] ?? ''))))
    .map((l) =>
      factor === 1 ? { ...l } : { ...l, ...Object.fromEntries(sum.map((c) => [c, round(num(l[c]) * factor)])) },
    );
  const totals = Object.fromEntries(sum.map((c) => [c, round(out.reduce((s, l) => s + num(l[c]), 0))]));
  if (d.groupBy?.length) {
    const keyOf = (l: Row) => JSON.stringify(d.groupBy!.map((g) => l[g] ?? null));
    const groups = new Map<string, Row[]>();
    for (const l of out) groups.set(keyOf(l), [...(groups.get(keyOf(l)) ?? []), l]);
    const cols = d.columns ?? [];
    out = [...groups.values()].flatMap((g) => {
      const label = d
        .groupBy!.map((k) => String(g[0][`${k}Name`] ?? g[0][k] ?? ''))
        .filter(Boolean)
        .join(' ');
      const first = cols.find((c) => !sum.includes(c)) ?? cols[0];
      const sub: Row = {
        [SUBTOTAL]: true,
        ...Object.fromEntries(sum.map((c) => [c, round(g.reduce((s, l) => s + num(l[c]), 0))])),
      };
      if (first) sub[first] = `小计 ${label}`.trim();
      return [...g, sub];
    });
  }
  return { lines: out, totals };
}

/** The print template a record document is laid out with: the page's print layout, the document's header and columns. */
export function documentTemplate(
  m: ModuleSchema,
  d: DocumentDef,
  lineColumns: ColumnDef[],
  linesTitle?: string,
): PrintTemplate {
  const base = printTemplate({ ...m, schema: { ...m.schema, printable: true, print: { header: d.header ?? [] } } })!;
  const byProp = new Map(lineColumns.map((c) => [c.prop, c]));
  const picked = (d.columns ?? lineColumns.filter((c) => c.type !== 'image').map((c) => c.prop))
    .map((p) => byProp.get(p)!)
    .filter(Boolean);
  const columns: PrintColumn[] = picked.map((c) => ({
    prop: c.prop,
    label: c.label,
    kind: c.priceType || c.type === 'money' ? 'money' : c.inputType === 'date' ? 'date' : 'text',
    sum: (d.sum ?? []).includes(c.prop),
    plain: !(c.priceType || c.type === 'money'),
    weight: Math.max(40, Math.min(240, c.width ?? 100)),
  }));
  const header: PrintField[] = base.header;
  return {
    ...base,
    title: d.title,
    header,
    columns,
    totals: [],
    approvals: false,
    signatures: [],
    linesTitle: linesTitle ?? base.linesTitle,
  };
}
