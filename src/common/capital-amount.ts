// 人民币大写: an amount in yuan written in Chinese capital numerals, as on a cheque or a printed voucher
// (1234.56 → 壹仟贰佰叁拾肆元伍角陆分, 100 → 壹佰元整, 10010.1 → 壹万零壹拾元壹角, -5 → 负伍元整).
// Rounded to the fen; digits are read from the decimal string, so no float arithmetic touches them.

import Big from 'big.js';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL = ['', '拾', '佰', '仟'];

/** The integer part (a string of digits without leading zeros, at most 16): 壹万零壹拾, 壹亿零壹万, 壹万亿. */
function integerPart(s: string): string {
  let out = '';
  let zero = false;
  let sinceYi = false;
  for (let i = 0; i < s.length; i += 1) {
    const d = Number(s[i]);
    const p = s.length - 1 - i;
    if (d === 0) zero = true;
    else {
      if (zero && out) out += '零';
      zero = false;
      out += DIGITS[d] + SMALL[p % 4];
      sinceYi = true;
    }
    if (p > 0 && p % 8 === 0) {
      // 亿 closes everything above it that is not zero (1 0000 0000 0000 → 壹万亿).
      if (sinceYi) out += '亿';
      sinceYi = false;
    } else if (p % 8 === 4) {
      // 万 only when its own four digits are not all zero.
      if (/[1-9]/.test(s.slice(Math.max(0, i - 3), i + 1))) out += '万';
    }
  }
  return out;
}

/**
 * The capital amount of a money value (number or decimal string). Empty or non-numeric → ''. Amounts of
 * 10^16 yuan or more are beyond the numerals (→ '').
 */
export function capitalAmount(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) return '';
  const negative = n < 0;
  // Decimal rounding (half up) of the written value: 2.005 → 2.01, where a float's toFixed gives 2.00.
  const fixed = new Big(typeof value === 'number' ? String(value) : String(value).trim())
    .abs()
    .toFixed(2, Big.roundHalfUp);
  const [int, dec] = fixed.split('.');
  if (int.length > 16) return '';
  const whole = int.replace(/^0+/, '');
  const jiao = Number(dec[0]);
  const fen = Number(dec[1]);
  if (!whole && !jiao && !fen) return '零元整';
  let out = whole ? `${integerPart(whole)}元` : '';
  if (!jiao && !fen) out += '整';
  else {
    if (jiao) out += `${DIGITS[jiao]}角`;
    else if (whole) out += '零';
    if (fen) out += `${DIGITS[fen]}分`;
  }
  return (negative ? '负' : '') + out;
}
