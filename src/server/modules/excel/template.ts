// Excel import, part 1: which fields of a page a spreadsheet may fill, the choices of each (dictionary items,
// inline options, the records a picker offers) by label, and the template (.xlsx) a user downloads: one header
// per field (required ones marked *), drop-down lists for choices (from a hidden sheet when long), date columns
// formatted, and a 说明 sheet. Knows no module: everything comes from the (team-tuned) page schema.
import { excel, type ExcelJS } from './exceljs';
import type { TenantTx } from '../../db/tenant-scope';
import type { ColumnDef, FieldDef } from '../../../common/schema';
import type { RefContext } from '../../../common/rules/conditions';
import type { ModuleSchema, SchemaRegistry } from '../records/schema-registry';
import { dictTrees, type DictNode } from '../dict/routes';
import { pickerOptions, recordSourceOf } from '../records/pickers';
import { keyOf } from '../records/labels';

/** How a cell is read into the field's value. */
export type CellKind =
  | 'text'
  | 'number'
  | 'date'
  | 'month'
  | 'dateTime'
  | 'dateRange'
  | 'choice'
  | 'multiChoice'
  | 'switch'
  | 'picker';

export interface ImportColumn {
  field: FieldDef;
  /** The header as written in the template (title, * when required). */
  header: string;
  kind: CellKind;
  /** Labels offered (choices and pickers): label → stored value. */
  choices?: Map<string, unknown>;
  /** A line-item cell: rows that leave every record column blank add a line to the record above. */
  line?: boolean;
}

/** Field types a cell cannot hold (files, two-part values): left out of the template, said in its note. */
const NOT_IMPORTED = new Set(['upload', 'image', 'twoText', 'dimension', 'cascader']);
export const MAX_IMPORT_ROWS = 5000;
export const DATA_SHEET = '导入数据';

const isChoiceList = (d: unknown): d is { label: string; value: unknown }[] => Array.isArray(d);

function kindOf(f: FieldDef): CellKind {
  if (recordSourceOf(f.data)) return 'picker';
  const multi =
    f.fontendType === 'multiSelect' ||
    f.fontendType === 'checkbox' ||
    (f.fontendType === 'treeSelect' && !!f.props?.multiple);
  if (f.data && (isChoiceList(f.data) || keyOf(f.data))) return multi ? 'multiChoice' : 'choice';
  switch (f.fontendType) {
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'month':
      return 'month';
    case 'dateTime':
      return 'dateTime';
    case 'dateRange':
      return 'dateRange';
    case 'switch':
      return 'switch';
    default:
      return f.type === 'number' ? 'number' : 'text';
  }
}

/** The fields of the add form a user fills in by hand and a cell can hold. */
export function importFields(m: ModuleSchema): FieldDef[] {
  return m.fields.filter(
    (f) => !f.disabled && !f.compute && !f.aggregate && !f.hidden && !NOT_IMPORTED.has(f.fontendType),
  );
}

/**
 * The line cells a user types or picks (not computed, not filled by a picker alone), as form fields, when the
 * page's lines are the user's to fill. Each spreadsheet row then holds one line; rows that leave the record's
 * columns blank add their line to the record above.
 */
export function importLineFields(m: ModuleSchema): FieldDef[] {
  const lines = m.schema.drawer?.lines;
  if (!lines || lines.readOnly || lines.addable === false) return [];
  const typeOf = (c: ColumnDef): FieldDef['fontendType'] =>
    c.inputType === 'select' || c.inputType === 'multiSelect' || c.inputType === 'number' || c.inputType === 'date'
      ? c.inputType
      : 'text';
  return m.lineColumns
    .filter((c) => c.inputType && !c.compute)
    .map((c) => ({
      fieldName: c.prop,
      titleName: c.label,
      fontendType: typeOf(c),
      requireAble: c.requireAble,
      data: c.data as FieldDef['data'],
      min: c.min,
      max: c.max,
      maxLength: c.maxLength,
      valueFormat: c.inputType === 'date' ? 'YYYY-MM-DD' : undefined,
    }));
}

export const linesTitle = (m: ModuleSchema) => m.schema.drawer?.lines?.title ?? '明细';

/** What the template leaves out: files, two-part values and the line items. */
export function leftOut(m: ModuleSchema): string[] {
  const out = m.fields
    .filter((f) => !f.disabled && !f.compute && !f.aggregate && !f.hidden && NOT_IMPORTED.has(f.fontendType))
    .map((f) => f.titleName);
  return out;
}

function flatten(nodes: DictNode[], into: Map<string, unknown>, prefix = '') {
  for (const n of nodes) {
    if (n.disabled || n.deleted) continue;
    const path = prefix ? `${prefix}/${n.dictName}` : n.dictName;
    // A name seen twice (two 设计部 under different parents) is only offered by its path.
    if (!into.has(n.dictName)) into.set(n.dictName, n.id);
    else if (into.get(n.dictName) !== n.id) into.set(n.dictName, AMBIGUOUS);
    into.set(path, n.id);
    if (n.children) flatten(n.children, into, path);
  }
  return into;
}
/** A label two items share: the cell must give the path instead. */
export const AMBIGUOUS = Symbol('ambiguous');

/** The import columns of a page with their choices, as the caller's team sees them now. */
export async function importColumns(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  m: ModuleSchema,
  refs: RefContext,
): Promise<ImportColumn[]> {
  const lineFields = importLineFields(m);
  const fields = [...importFields(m), ...lineFields];
  const isLine = new Set(lineFields);
  const keys = [...new Set(fields.map((f) => keyOf(f.data)).filter((k): k is string => !!k))];
  const trees = keys.length ? await dictTrees(trx, tenant, keys, 1) : {};
  const out: ImportColumn[] = [];
  for (const f of fields) {
    const kind = kindOf(f);
    const title = isLine.has(f) ? `${linesTitle(m)}-${f.titleName}` : f.titleName;
    const col: ImportColumn = {
      field: f,
      header: f.requireAble ? `${title}*` : title,
      kind,
      ...(isLine.has(f) ? { line: true } : {}),
    };
    const key = keyOf(f.data);
    if (key) col.choices = flatten(trees[key] ?? [], new Map());
    else if (isChoiceList(f.data))
      col.choices = new Map(
        f.data.filter((o) => !(o as { disabled?: boolean }).disabled).map((o) => [String(o.label), o.value]),
      );
    else if (kind === 'picker') {
      // What the picker offers now (up to 50, newest first) for the drop-down; a cell naming another record is
      // looked up by its text when read (import.ts).
      const opts = await pickerOptions(trx, tenant, schemas, f, { ...refs, data: {} });
      col.choices = new Map(opts.map((o) => [o.label, o.value]));
    }
    out.push(col);
  }
  return out;
}

/** The labels a drop-down offers (paths only where a name is ambiguous). */
export function offeredLabels(col: ImportColumn): string[] {
  if (col.kind === 'switch') return ['是', '否'];
  if (!col.choices) return [];
  const byValue = new Map<unknown, string>();
  for (const [label, v] of col.choices) {
    if (v === AMBIGUOUS) continue;
    // The shortest label of each item: its name, or its path when the name is shared.
    const had = byValue.get(v);
    if (had === undefined || label.length < had.length) byValue.set(v, label);
  }
  return [...byValue.values()];
}

const colName = (i: number) => {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

const FORMATS: Partial<Record<CellKind, string>> = {
  date: 'yyyy-mm-dd',
  month: 'yyyy-mm',
  dateTime: 'yyyy-mm-dd hh:mm',
};
const HINTS: Partial<Record<CellKind, string>> = {
  date: '日期，如 2026-01-31',
  month: '月份，如 2026-01',
  dateTime: '日期时间，如 2026-01-31 09:30',
  dateRange: '起止日期，如 2026-01-01 至 2026-01-05',
  number: '数字',
  multiChoice: '可填多个，用“、”分隔',
  switch: '是 / 否',
  picker: '从下拉列表选择，或填写编号',
};

/** The template: headers, drop-downs, formats and a 说明 sheet. */
export async function buildTemplate(m: ModuleSchema, cols: ImportColumn[]): Promise<Buffer> {
  const wb = new (await excel()).Workbook();
  wb.creator = '易管';
  const ws = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const lists = wb.addWorksheet('选项', { state: 'veryHidden' });
  const note = wb.addWorksheet('说明');
  let listCol = 0;
  cols.forEach((c, i) => {
    const cell = ws.getCell(1, i + 1);
    cell.value = c.header;
    cell.font = { bold: true, color: c.field.requireAble ? { argb: 'FFCF1322' } : undefined };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F5FF' } };
    const hint = [HINTS[c.kind], c.field.remark, c.field.placeholder].filter(Boolean).join('；');
    if (hint) cell.note = hint;
    const column = ws.getColumn(i + 1);
    column.width = Math.max(12, Math.min(40, c.header.length * 2 + 4));
    const fmt = FORMATS[c.kind];
    if (fmt) column.numFmt = fmt;
    else if (c.kind === 'text') column.numFmt = '@';
    const range = `${colName(i)}2:${colName(i)}${MAX_IMPORT_ROWS + 1}`;
    const labels = offeredLabels(c);
    if (labels.length && c.kind !== 'multiChoice') {
      const inline = labels.join(',');
      // An inline list holds at most 255 characters and no commas in its items; others come from the hidden sheet.
      let formula: string;
      if (inline.length <= 200 && !labels.some((l) => /[,"]/.test(l))) formula = `"${inline}"`;
      else {
        const lc = colName(listCol++);
        labels.forEach((l, r) => {
          lists.getCell(`${lc}${r + 1}`).value = l;
        });
        formula = `选项!$${lc}$1:$${lc}$${labels.length}`;
      }
      // exceljs 4 keeps sheet-wide validations in ws.dataValidations (not in its typings).
      (
        ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
      ).dataValidations.add(range, {
        type: 'list',
        allowBlank: !c.field.requireAble,
        formulae: [formula],
        showErrorMessage: c.kind !== 'picker',
        errorStyle: 'stop',
        errorTitle: c.field.titleName,
        error: `请从下拉列表中选择${c.field.titleName}`,
      });
    }
  });
  const left = leftOut(m);
  const rows: string[] = [
    `${m.schema.title}导入模板`,
    `在「${DATA_SHEET}」表第 2 行起每行填写一条记录，最多 ${MAX_IMPORT_ROWS} 行；表头不要修改。`,
    '带 * 的列必填；有下拉列表的列请从列表中选择（多选列可填多个，用“、”分隔）。',
    '日期填 2026-01-31，月份填 2026-01；空白的列按新增表单的默认值填写。',
    '每行按新增表单的同样规则校验；预览会列出每一行的错误，可选择只导入正确的行或全部正确才导入。',
  ];
  if (cols.some((c) => c.line)) {
    rows.push(
      `「${linesTitle(m)}」：每行填写一条明细（以“${linesTitle(m)}-”开头的列）；下一行若不填单据的列、只填明细的列，则作为同一单据的又一条明细。`,
    );
  } else if (m.schema.drawer?.lines) rows.push(`「${linesTitle(m)}」不通过导入填写：导入后在单据中补充。`);
  if (left.length) rows.push(`以下字段不通过导入填写：${left.join('、')}。`);
  rows.forEach((t, r) => {
    note.getCell(r + 1, 1).value = t;
  });
  note.getCell(1, 1).font = { bold: true, size: 14 };
  note.getColumn(1).width = 100;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
