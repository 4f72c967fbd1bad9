import { Tooltip } from 'antd';
import { truncate } from '../../../common/rules/format';
import type { CellProps } from './types';
import { compositeText } from '../fields/display';

/** Plain text; long text is cut after 28 characters with the whole text in a tooltip. */
export function TextCell({ value, col }: CellProps) {
  const shown = compositeText(value) ?? value;
  const raw =
    shown === undefined || shown === null ? '' : `${String(shown)}${col.unit && shown !== '' ? col.unit : ''}`;
  const { text, truncated } = truncate(raw);
  return truncated ? (
    <Tooltip title={raw}>
      <span>{text}</span>
    </Tooltip>
  ) : (
    <span>{text}</span>
  );
}
