import type { CellProps } from './types';

/** An array with one item per line. */
export function CellListCell({ value }: CellProps) {
  const items = Array.isArray(value) ? value : value ? [value] : [];
  return (
    <div>
      {items.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are plain values, repeats allowed, shown in their order
        <div key={i} className="yg-cell-line">
          {String(v)}
        </div>
      ))}
    </div>
  );
}
