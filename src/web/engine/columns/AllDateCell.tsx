import { formatDate } from '../../../common/rules/format';
import type { CellProps } from './types';

/** Full date-time. */
export function AllDateCell({ value }: CellProps) {
  return <span>{formatDate(value, 'dateTime')}</span>;
}
