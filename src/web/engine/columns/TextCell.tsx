import { Tooltip } from 'antd';
import { truncate } from '../../../common/rules/format';
import type { CellProps } from './types';

/** Plain text; long text is cut after 28 characters with the whole text in a tooltip. */
export function TextCell({ value, col }: CellProps) {
  const raw = value === undefined || value === null ? '' : `${String(value)}${col.unit && value !== '' ? col.unit : ''}`;
  const { text, truncated } = truncate(raw);
  return truncated ? <Tooltip title={raw}><span>{text}</span></Tooltip> : <span>{text}</span>;
}
