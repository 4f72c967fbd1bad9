import { formatMoney } from '../../../common/rules/format';
import type { CellProps } from './types';

/** Yuan with two decimals. */
export function MoneyCell({ value }: CellProps) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value)}</span>;
}
