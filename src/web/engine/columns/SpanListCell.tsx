import { Tag } from 'antd';
import type { CellProps } from './types';

/** An array shown inline as small tags. */
export function SpanListCell({ value }: CellProps) {
  const items = Array.isArray(value) ? value : value ? [value] : [];
  return (
    <span>
      {items.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items are plain values, repeats allowed, shown in their order
        <Tag key={i}>{String(v)}</Tag>
      ))}
    </span>
  );
}
