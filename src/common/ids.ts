/**
 * Chinese identity numbers (pure functions, no Node APIs: shared by the server and the browser).
 *
 * - GB 11643-1999 citizen identity number (公民身份号码): 18 characters, 6-digit division code,
 *   8-digit birth date, 3-digit sequence (odd = male), check character (0-9 or X) by ISO 7064 MOD 11-2.
 * - GB 32100-2015 unified social credit code (统一社会信用代码): 18 characters over
 *   0-9 A-H J-N P-R T U W-Y (31 symbols, no I O Z S V), check character by weights 3^i mod 31.
 */

// ---------------------------------------------------------------- GB 11643 ID-card numbers

/** Weights W_i = 2^(17-i) mod 11 for positions 1..17. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check character for (sum mod 11) = 0..10. */
const ID_CHECK = '10X98765432';

/** The check character for the first 17 digits, or null when they are not 17 digits. */
export function idCardCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** Normalises user or OCR input: trims, drops inner spaces, upper-cases a trailing x. */
export function normaliseIdCardNo(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** True when `value` is 18 characters, the first 17 digits, the checksum matches. Birth date not checked. */
export function idCardChecksumOk(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17];
}

/** True when the year/month/day form a real calendar date (1 ≤ month ≤ 12, day within the month). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** Birth date of an 18-character ID number as YYYY-MM-DD, or null when it is not a real date (years 1800-2199). */
export function idCardBirthday(value: string): string | null {
  if (!/^\d{17}[\dX]$/.test(value)) return null;
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  if (y < 1800 || y > 2199 || !isRealDate(y, m, d)) return null;
  return `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
}

/** 男 when the 17th digit is odd, 女 when even; null when the number is malformed. */
export function idCardSex(value: string): '男' | '女' | null {
  if (!/^\d{17}[\dX]$/.test(value)) return null;
  return Number(value[16]) % 2 === 1 ? '男' : '女';
}

/** Full validation: format, checksum and a real birth date. Accepts a lower-case x. */
export function isValidIdCardNo(value: string): boolean {
  const v = normaliseIdCardNo(value);
  return idCardChecksumOk(v) && idCardBirthday(v) !== null;
}

export interface ParsedIdCardNo {
  idCardNo: string;
  /** YYYY-MM-DD */
  birthday: string;
  sex: '男' | '女';
  /** First six digits: the administrative division where the number was issued. */
  divisionCode: string;
}

/** Parses a valid ID number; null when it fails any check. */
export function parseIdCardNo(value: string): ParsedIdCardNo | null {
  const v = normaliseIdCardNo(value);
  if (!idCardChecksumOk(v)) return null;
  const birthday = idCardBirthday(v);
  const sex = idCardSex(v);
  if (!birthday || !sex) return null;
  return { idCardNo: v, birthday, sex, divisionCode: v.slice(0, 6) };
}

// ---------------------------------------------------------------- GB 32100 unified social credit codes

/** The 31 code characters in value order 0..30 (GB 32100 table 1: no I, O, Z, S, V). */
export const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weights W_i = 3^(i-1) mod 31 for positions 1..17. */
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character for the first 17 characters, or null when one is outside the charset. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARSET.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i];
  }
  const c = 31 - (sum % 31);
  return USCC_CHARSET[c === 31 ? 0 : c];
}

/** Trims, drops inner spaces and upper-cases. */
export function normaliseCreditCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * True when `value` is a well-formed unified social credit code: 18 characters of the charset,
 * positions 3-8 (the division code) digits, and the check character matches. Accepts lower case.
 */
export function isValidCreditCode(value: string): boolean {
  const v = normaliseCreditCode(value);
  if (v.length !== 18) return false;
  for (const ch of v) if (!USCC_CHARSET.includes(ch)) return false;
  if (!/^\d{6}$/.test(v.slice(2, 8))) return false;
  return usccCheckChar(v.slice(0, 17)) === v[17];
}
