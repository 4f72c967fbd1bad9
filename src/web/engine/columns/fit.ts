// Which columns a list shows before anyone chooses (选择显示的列): the page's own choice (checked), cut to the width
// the list has, so the columns a person works by — code, name, amount, status — are on screen without scrolling
// sideways. The others stay one tick away in the column chooser.
import type { ColumnDef } from '../../../common/schema/types';

/** A column's width when the page gives none (what antd gives an unsized column of short text). */
export const DEFAULT_COLUMN_WIDTH = 120;

/**
 * Columns a list never drops to fit: the record's code and stage or status (`keyProps`, from the page), the
 * columns that name it or say what it is about (名称, 姓名, 事由, the customer or supplier…),  quantities, amounts and
 * statuses. A column may say so itself (`keep`).
 */
export function isKeyColumn(c: ColumnDef, keyProps: readonly string[]): boolean {
  if (c.keep !== undefined) return c.keep;
  if (keyProps.includes(c.prop) || c.prop === 'code' || c.prop === 'status') return true;
  if (c.type === 'status' || c.type === 'money' || c.priceType) return true;
  return /名称|姓名|标题|事由|主题|^(客户|供应商|往来单位|员工|申请人|编码)$|数量$/.test(c.label);
}

/**
 * The page's checked columns that fit `room` pixels: when they are wider, the columns that are not key columns are
 * left out from the last one back until the rest fit (key columns alone may still need the scroll bar).
 */
export function fitColumns(columns: ColumnDef[], room: number | null, keyProps: readonly string[]): string[] {
  const shown = columns.filter((c) => c.checked !== false);
  if (room === null) return shown.map((c) => c.prop);
  const width = (c: ColumnDef) => c.width ?? DEFAULT_COLUMN_WIDTH;
  let total = shown.reduce((n, c) => n + width(c), 0);
  const kept = new Set(shown.map((c) => c.prop));
  for (const c of [...shown].reverse()) {
    if (total <= room) break;
    if (isKeyColumn(c, keyProps) || c.fixed) continue;
    kept.delete(c.prop);
    total -= width(c);
  }
  return shown.filter((c) => kept.has(c.prop)).map((c) => c.prop);
}
