import { formatDate } from '../../../common/rules/format';
import type { CellProps } from './types';

/** Year-month. */
export function MonthCell({ value }: CellProps) {
  return <span>{formatDate(value, 'month')}</span>;
}
