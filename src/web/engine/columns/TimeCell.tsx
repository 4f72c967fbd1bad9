import { formatDate } from '../../../common/rules/format';
import type { CellProps } from './types';

/** Year-month-day. */
export function TimeCell({ value }: CellProps) {
  return <span>{formatDate(value, 'date')}</span>;
}
