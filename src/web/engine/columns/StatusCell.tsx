import { Tag } from 'antd';
import type { Option } from '../../../common/schema/types';
import type { CellProps } from './types';

/** OA colours when the row carries none: 审批中 blue, 已通过 green, 已驳回 red. */
const OA_COLORS: Record<string, string> = { 审批中: 'blue', 已通过: 'green', 已驳回: 'red' };

/** A tag coloured by the row's colour, else by the option colour or the OA status. */
export function StatusCell({ value, row, col }: CellProps) {
  if (value === undefined || value === null || value === '') return null;
  const options = Array.isArray(col.data) ? (col.data as Option[]) : [];
  const opt = options.find((o) => o.value === value);
  const text = opt?.label ?? String(value);
  const color = row.color ?? opt?.color ?? OA_COLORS[text] ?? 'default';
  return (
    <Tag color={color} style={row.textColor ? { color: row.textColor } : undefined}>
      {text}
    </Tag>
  );
}
