import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { CellProps } from './types';

/** A star, filled when marked; clicking emits the column prop so the page can toggle it. */
export function StarMarkCell({ value, col, row, onAction }: CellProps) {
  const Icon = value ? StarFilled : StarOutlined;
  return (
    <Icon
      role="button"
      aria-label={value ? '取消星标' : '星标'}
      style={{ color: value ? '#faad14' : '#bbb', cursor: 'pointer' }}
      onClick={() => onAction?.(col.prop, row)}
    />
  );
}
