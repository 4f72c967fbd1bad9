import { Button } from 'antd';
import type { CellProps } from './types';

/** The value as a link that emits the column's prop as the action key (usually opens the drawer). */
export function TextButtonCell({ value, col, row, onAction }: CellProps) {
  if (value === undefined || value === null || value === '') return null;
  return (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onAction?.(col.prop, row)}>
      {String(value)}
    </Button>
  );
}
