import { DetailPopover } from './DetailPopover';
import type { CellProps } from './types';

/** A link opening the detail popover over row[infoProp]. */
export function InfoPopoverCell({ col, row, value }: CellProps) {
  const data = row[col.infoProp ?? col.prop];
  const label = col.handelText ?? (typeof value === 'string' || typeof value === 'number' ? String(value) : '查看');
  return (
    <DetailPopover config={col} data={data}>
      {label}
    </DetailPopover>
  );
}
