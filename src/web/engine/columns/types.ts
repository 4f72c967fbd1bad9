import type { ReactNode } from 'react';
import type { ColumnDef, TableRow } from '../../../common/schema/types';

/** What a column cell renderer receives. */
export interface CellProps {
  col: ColumnDef;
  row: TableRow;
  value: unknown;
  index: number;
  /** Emits clicks of text buttons, button lists and star marks as (key, row). */
  onAction?: (key: string, row: TableRow) => void;
  /** Page-supplied renderers for slot columns, keyed by prop. */
  slots?: Record<string, (row: TableRow) => ReactNode>;
}

export function cellValue(col: ColumnDef, row: TableRow): unknown {
  return row[col.viewField ?? col.prop];
}
