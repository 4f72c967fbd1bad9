// A module's print template, resolved from its page schema: the declared `print` (title, header fields, line
// columns, totals, approvals, signatures) or, for `printable: true`, the default one (the drawer's fields and
// lines). Checked at start: a template naming a field the page does not have stops the server with file and path.
import type { ColumnDef, FieldCondition, FieldDef, PageSchema } from '../../../common/schema';
import type { ModuleSchema } from '../records/module-schema';
import { stageFieldOf } from '../../../common/schema/stage-field';

/** What a printed value is: money prints with 2 decimals, dates formatted, pictures and files not at all. */
export type PrintKind = 'money' | 'date' | 'month' | 'dateTime' | 'text';

/** `when`: the field's dependOn; a field whose condition does not hold for the record is not printed. */
export interface PrintField {
  name: string;
  label: string;
  kind: PrintKind;
  unit?: string;
  when?: FieldCondition;
}
/** `plain`: a sum printed as a number (a quantity), not as money. */
export interface PrintColumn {
  prop: string;
  label: string;
  kind: PrintKind;
  sum: boolean;
  weight: number;
  plain?: boolean;
}
export interface PrintTotal {
  field: string;
  label: string;
  capital: boolean;
  fromLines: boolean;
}

export interface PrintTemplate {
  title: string;
  codeLabel: string;
  header: PrintField[];
  linesTitle: string;
  columns: PrintColumn[];
  totals: PrintTotal[];
  approvals: boolean;
  signatures: string[];
  stage?: { field: string; label: string };
}

/** Record properties every record has besides its fields (usable in a header). */
const SYSTEM: Record<string, { label: string; kind: PrintKind }> = {
  code: { label: '单号', kind: 'text' },
  status: { label: '状态', kind: 'text' },
  createdByName: { label: '创建人', kind: 'text' },
  createdAt: { label: '创建时间', kind: 'dateTime' },
  updatedAt: { label: '更新时间', kind: 'dateTime' },
};

const UNPRINTABLE = new Set(['upload', 'image', 'imageUpload', 'fileUpload', 'richText', 'signature']);

function fieldKind(f: FieldDef): PrintKind {
  if (f.unit === '元') return 'money';
  if (f.fontendType === 'date') return 'date';
  if (f.fontendType === 'month') return 'month';
  if (f.fontendType === 'dateTime') return 'dateTime';
  return 'text';
}

/** A line cell is money when it is a price, or computed from one (金额 = quantity * unitPrice). */
function columnKind(c: ColumnDef, all: ColumnDef[]): PrintKind {
  if (c.priceType || c.type === 'money') return 'money';
  const expr = c.compute?.expr;
  if (expr && all.some((p) => p.priceType && p.prop !== c.prop && new RegExp(`\\b${p.prop}\\b`).test(expr)))
    return 'money';
  if (c.inputType === 'date') return 'date';
  if (c.type === 'time') return 'dateTime';
  if (c.type === 'month') return 'month';
  if (c.type === 'allDate') return 'date';
  return 'text';
}

/** Whether a module's records print at all. */
export const isPrintable = (schema: PageSchema) => !!(schema.print || schema.printable);

/** Every field name a template refers to that the page lacks, as "print.header[2] \"x\"" (empty when sound). */
export function printTemplateErrors(m: Pick<ModuleSchema, 'schema' | 'fields' | 'lineColumns'>): string[] {
  const p = m.schema.print;
  if (!p) return [];
  const fields = new Set([...m.fields.map((f) => f.fieldName), ...Object.keys(SYSTEM)]);
  if (m.schema.stages) fields.add(stageFieldOf(m.schema.stages));
  const cols = new Set(m.lineColumns.map((c) => c.prop));
  const errors: string[] = [];
  (p.header ?? []).forEach((f, i) => {
    if (!fields.has(f)) errors.push(`print.header[${i}] "${f}" is not a field of the page`);
  });
  if (p.lines && !cols.size) errors.push('print.lines: the page has no line items (drawer.lines)');
  (p.lines?.columns ?? []).forEach((c, i) => {
    if (cols.size && !cols.has(c)) errors.push(`print.lines.columns[${i}] "${c}" is not a column of drawer.lines`);
  });
  (p.totals ?? []).forEach((t, i) => {
    if (!fields.has(t.field) && !cols.has(t.field))
      errors.push(`print.totals[${i}] "${t.field}" is neither a field nor a line column of the page`);
  });
  return errors;
}

/** The template a module prints with, or null when it does not print. */
export function printTemplate(m: ModuleSchema): PrintTemplate | null {
  const s = m.schema;
  if (!isPrintable(s)) return null;
  const p = s.print ?? {};
  const byName = new Map(m.fields.map((f) => [f.fieldName, f]));
  const drawerFields = (s.drawer?.fields ?? m.fields).filter((f) => !f.hidden && !UNPRINTABLE.has(f.fontendType));
  const header: PrintField[] = p.header
    ? p.header.flatMap((name) => {
        const f = byName.get(name);
        if (f)
          return [
            {
              name,
              label: f.titleName,
              kind: fieldKind(f),
              unit: f.unit && f.unit !== '元' ? f.unit : undefined,
              when: f.dependOn,
            },
          ];
        if (SYSTEM[name]) return [{ name, ...SYSTEM[name] }];
        if (s.stages && name === stageFieldOf(s.stages))
          return [{ name, label: s.stages.label ?? '阶段', kind: 'text' as const }];
        return [];
      })
    : drawerFields.map((f) => ({
        name: f.fieldName,
        label: f.titleName,
        kind: fieldKind(f),
        unit: f.unit && f.unit !== '元' ? f.unit : undefined,
        when: f.dependOn,
      }));
  const allCols = m.lineColumns.filter((c) => c.type !== 'image');
  const picked = p.lines
    ? p.lines.columns.map((prop) => m.lineColumns.find((c) => c.prop === prop)!).filter(Boolean)
    : allCols;
  const columns = picked.map((c) => ({
    prop: c.prop,
    label: c.label,
    kind: columnKind(c, m.lineColumns),
    sum: c.summaryMethod === 'sum',
    weight: Math.max(40, Math.min(240, c.width ?? 100)),
  }));
  const totals = (p.totals ?? []).map((t) => ({
    field: t.field,
    label: t.label ?? byName.get(t.field)?.titleName ?? m.lineColumns.find((c) => c.prop === t.field)?.label ?? t.field,
    capital: !!t.capital,
    fromLines: !byName.has(t.field) && m.lineColumns.some((c) => c.prop === t.field),
  }));
  return {
    title: p.title ?? s.drawer?.title ?? s.title,
    codeLabel: s.drawer?.systemCode?.title ?? '单号',
    header,
    linesTitle: s.drawer?.lines?.title ?? '明细',
    columns,
    totals,
    approvals: p.approvals !== false,
    signatures: p.signatures ?? [],
    stage: s.stages ? { field: stageFieldOf(s.stages), label: s.stages.label ?? '阶段' } : undefined,
  };
}
