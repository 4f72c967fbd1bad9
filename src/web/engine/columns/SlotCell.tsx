import type { CellProps } from './types';

/** Rendered by the page through `slots[prop]`; without one the raw value shows. */
export function SlotCell({ col, row, value, slots }: CellProps) {
  const render = slots?.[col.prop];
  return <>{render ? render(row) : value === undefined || value === null ? '' : String(value)}</>;
}
