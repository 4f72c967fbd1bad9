import { formatPercent } from '../../../common/rules/format';
import type { CellProps } from './types';

/** Value × 100 with two decimals. */
export function PercentCell({ value }: CellProps) {
  return <span>{formatPercent(value)}</span>;
}
