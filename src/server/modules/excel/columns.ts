// A list column as a spreadsheet column: its Chinese header, the cell a record gives it (labels, not ids; dates
// as the list shows them; money and percentages as numbers with their format), its width and whether the 合计
// row sums it. Shared by the Excel export and import (headers and the columns a sheet may hold), so both read a
// list's columns the same way. Knows no module: everything comes from the column's type, viewField and data.
import type { ColumnDef, ColumnType } from '../../../common/schema';
import { formatDate, type DateKind } from '../../../common/rules/format';
import { instantInChina } from '../../../common/china-time';
import { badRequest } from '../../errors';

/** Column types that show no data of the record (buttons, marks, page-supplied renderers): never exported. */
const NOT_DATA: ReadonlySet<ColumnType> = new Set<ColumnType>(['buttonList', 'starMark', 'slot']);

const DATE_KINDS: Partial<Record<ColumnType, DateKind>> = { time: 'date', month: 'month', allDate: 'dateTime' };

export type CellValue = string | number | null;

export interface SheetColumn {
  prop: string;
  header: string;
  /** Excel number format: '0.00' for money, '0.00%' for percentages. */
  numFmt?: string;
  /** Whether the 合计 row sums this column. */
  summed: boolean;
  /** Character width of the column in the sheet. */
  width: number;
  /** The cell of a record (a flat record as the list call answers it). */
  cell(row: Record<string, unknown>): CellValue;
}

/** Whether a column carries record data a sheet can hold. */
export const isDataColumn = (c: ColumnDef) => !NOT_DATA.has(c.type ?? 'text');

/** The money columns sum (unless summaryMethod: 'none'), and any column that says summaryMethod: 'sum'. */
export const isSummed = (c: ColumnDef) =>
  c.summaryMethod === 'sum' || (c.type === 'money' && c.summaryMethod !== 'none');

const empty = (v: unknown) => v === undefined || v === null || v === '';

function toNumber(v: unknown): number | null {
  if (empty(v) || typeof v === 'boolean') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** A timestamp with a zone (createdAt: 2025-01-02T03:04:05.000Z) as China time; a stored date text as it is. */
function chinaDate(v: unknown, kind: DateKind): string {
  const china = typeof v === 'number' ? null : instantInChina(v, kind === 'date' ? 10 : kind === 'month' ? 7 : 19);
  return china ?? formatDate(v, kind);
}

/** A list of values or of objects (line items) as one text: objects by the column's sub-table headers. */
function listText(c: ColumnDef, v: unknown[]): string {
  return v
    .map((x) => {
      if (x && typeof x === 'object') {
        const o = x as Record<string, unknown>;
        if (c.tabelHeaders?.length)
          return c.tabelHeaders
            .map((h) => o[h.prop])
            .filter((y) => !empty(y))
            .map(String)
            .join(' ');
        return String(o.name ?? o.fileName ?? o.label ?? o.url ?? '');
      }
      return String(x);
    })
    .filter((s) => s !== '')
    .join(c.type === 'infoPopover' || c.type === 'cellList' ? '\n' : '、');
}

/** Inline options or an object map of the column: the label of a value. */
function optionLabel(c: ColumnDef, v: unknown): string | undefined {
  const d = c.data;
  if (Array.isArray(d)) {
    const hit = (d as { value?: unknown; label?: unknown }[]).find(
      (o) => o && typeof o === 'object' && 'value' in o && String(o.value) === String(v),
    );
    return hit?.label === undefined ? undefined : String(hit.label);
  }
  if (d && typeof d === 'object' && !('fieldKey' in d)) {
    const label = (d as Record<string, unknown>)[String(v)];
    return typeof label === 'string' ? label : undefined;
  }
  return undefined;
}

/** The text or number of a column's cell, as the list shows it (labels, dates) but with numbers kept numbers. */
export function cellOf(c: ColumnDef, row: Record<string, unknown>): CellValue {
  const type = c.type ?? 'text';
  // The record's stored display name beside a dictionary value (deptId → deptIdName), unless the column names its own.
  const shown = c.viewField ? row[c.viewField] : !empty(row[`${c.prop}Name`]) ? row[`${c.prop}Name`] : row[c.prop];
  if (type === 'money' || type === 'percent') {
    const n = toNumber(shown);
    return n === null ? (empty(shown) ? null : String(shown)) : n;
  }
  if (empty(shown)) return null;
  const kind = DATE_KINDS[type];
  if (kind) return chinaDate(shown, kind);
  if (Array.isArray(shown)) return listText(c, shown) || null;
  if (typeof shown === 'object') return JSON.stringify(shown);
  if (type === 'enum' || type === 'status') return optionLabel(c, shown) ?? String(shown);
  if (typeof shown === 'boolean') return shown ? '是' : '否';
  if (typeof shown === 'number' && !c.unit) return shown;
  return c.unit && type === 'text' ? `${String(shown)}${c.unit}` : String(shown);
}

/** The sheet column of a list column. */
export function sheetColumn(c: ColumnDef): SheetColumn {
  const numFmt = c.type === 'money' ? '0.00' : c.type === 'percent' ? '0.00%' : undefined;
  const width = Math.min(60, Math.max(8, Math.round((c.width ?? 120) / 7), [...c.label].length * 2 + 2));
  return { prop: c.prop, header: c.label, numFmt, summed: isSummed(c), width, cell: (row) => cellOf(c, row) };
}

/**
 * The sheet columns of an export: the props the client shows, in its order (each must be a column of the list;
 * one that is not is refused with 400), or by default the columns the list shows by default. Columns without
 * record data (buttons, marks) are left out.
 */
export function sheetColumns(columns: ColumnDef[], props?: string[]): SheetColumn[] {
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  if (props && props.length) {
    const unknown = props.filter((p) => !byProp.has(p));
    if (unknown.length) throw badRequest(`列表没有这些列：${unknown.join('、')}`);
  }
  const chosen = props?.length
    ? [...new Set(props)].map((p) => byProp.get(p)!)
    : columns.filter((c) => c.checked !== false);
  const out = chosen.filter(isDataColumn).map(sheetColumn);
  if (!out.length) throw badRequest('没有可导出的列');
  return out;
}

/** What the first cell of an export's summary row reads (the import knows it is no record). */
export const TOTAL_LABEL = '合计';

/** Sums of the summed columns in cents (no float drift over 100,000 rows), to the 合计 row. */
export class ColumnSums {
  private cents = new Map<string, number>();

  constructor(private readonly columns: SheetColumn[]) {
    for (const c of columns) if (c.summed) this.cents.set(c.prop, 0);
  }

  add(cells: CellValue[]) {
    this.columns.forEach((c, i) => {
      const v = cells[i];
      if (c.summed && typeof v === 'number') this.cents.set(c.prop, this.cents.get(c.prop)! + Math.round(v * 100));
    });
  }

  get any() {
    return this.cents.size > 0;
  }

  /** The 合计 row: 合计 in the first column (unless it is summed itself), the sums under the summed ones. */
  row(): CellValue[] {
    return this.columns.map((c, i) => (c.summed ? this.cents.get(c.prop)! / 100 : i === 0 ? TOTAL_LABEL : null));
  }
}
