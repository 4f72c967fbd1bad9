// The line-item summary row, kept pure so the table can recompute it cheaply.
import type { ColumnDef } from '../schema/types';
import { SUMMED_MONEY_COLUMNS } from './constants';
import { formatMoney } from './format';
import { msg } from './messages';

const TYPED_DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

export function isSummedColumn(col: ColumnDef): boolean {
  if (col.summaryMethod === 'none') return false;
  return col.summaryMethod === 'sum' || (SUMMED_MONEY_COLUMNS as readonly string[]).includes(col.prop);
}

/** One text per column: 合计 first, the sum of summed (money) columns as money reads everywhere (1,000.00), '-' when nothing there is numeric. */
export function summaryRow(columns: ColumnDef[], lines: Record<string, unknown>[]): string[] {
  return columns.map((col, i) => {
    if (i === 0) return msg('total');
    if (!isSummedColumn(col)) return '';
    let sum = 0;
    let numeric = false;
    for (const line of lines) {
      const v = line[col.prop];
      if (v === '' || v === null || v === undefined) continue;
      // Plain decimals only ('12.' while typing counts; '1e5' is not 100000).
      const n = typeof v === 'number' ? v : typeof v === 'string' && TYPED_DECIMAL.test(v) ? Number(v) : NaN;
      if (Number.isFinite(n)) {
        sum += n;
        numeric = true;
      }
    }
    return numeric ? formatMoney(sum) : '-';
  });
}
