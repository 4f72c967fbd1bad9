// Display formatting: dates, percentages, money, truncation, rounding.
import dayjs from 'dayjs';
import { chinaWallText } from '../china-time';
import { TRUNCATE_LENGTH } from './constants';

export type DateKind = 'date' | 'month' | 'dateTime';
export const DATE_FORMATS: Record<DateKind, string> = {
  date: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  dateTime: 'YYYY-MM-DD HH:mm:ss',
};

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** A 10-digit number (or digit string) is a second timestamp; 13 digits are milliseconds. */
export function toDayjs(value: unknown): dayjs.Dayjs | null {
  if (isEmpty(value)) return null;
  let v: unknown = value;
  if (typeof v === 'string' && /^\d+$/.test(v)) v = Number(v);
  if (typeof v === 'number' && Number.isFinite(v) && String(Math.trunc(Math.abs(v))).length === 10) v = v * 1000;
  if (!(typeof v === 'number' || typeof v === 'string' || v instanceof Date || dayjs.isDayjs(v))) return null;
  const d = dayjs(v as string | number | Date);
  return d.isValid() ? d : null;
}

const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An instant — a Date or an ISO text with its zone, as the server sends timestamps (2025-01-02T03:04:05.000Z) —
 * as China wall time (the product's teams are Chinese companies), whatever the browser's zone; null otherwise.
 */
function chinaWallTime(value: unknown): dayjs.Dayjs | null {
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'string' && ZONED.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) return null;
  return dayjs(chinaWallText(ms).replace(' ', 'T'));
}

/** Empty or invalid values give ''. Instants with a zone are shown in China time. */
export function formatDate(value: unknown, kind: DateKind = 'date'): string {
  const d = chinaWallTime(value) ?? toDayjs(value);
  return d ? d.format(DATE_FORMATS[kind]) : '';
}

/** Inclusive day count of a date range (共N天), or null when either end is missing. */
export function daysInclusive(start: unknown, end: unknown): number | null {
  const a = toDayjs(start);
  const b = toDayjs(end);
  if (!a || !b) return null;
  return Math.abs(b.startOf('day').diff(a.startOf('day'), 'day')) + 1;
}

/** Rounds half away from zero to two decimals, avoiding 1.005 → 1.00 float surprises. */
export function round2(n: number): number {
  return (Math.sign(n) * Math.round((Math.abs(n) + Number.EPSILON) * 100)) / 100;
}

function toNumber(v: unknown): number | null {
  if (isEmpty(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** 0.1234 → '12.34%'; non-numbers → ''. */
export function formatPercent(value: unknown): string {
  const n = toNumber(value);
  return n === null ? '' : `${(n * 100).toFixed(2)}%`;
}

/** Money is stored and shown in yuan: thousands separators and two decimals, no unit conversion. */
// One formatter for every call: toLocaleString with options builds a new Intl.NumberFormat each time (a list of
// money cells spent more time there than in rendering them).
let money: Intl.NumberFormat | undefined;

export function formatMoney(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return '';
  money ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return money.format(round2(n));
}

/** Two-decimal text of a price cell, '' for non-numbers. */
export function formatPrice(value: unknown): string {
  const n = toNumber(value);
  return n === null ? '' : round2(n).toFixed(2);
}

/** Cuts text after `length` characters with an ellipsis; `truncated` tells the caller to add a tooltip. */
export function truncate(text: unknown, length = TRUNCATE_LENGTH): { text: string; truncated: boolean } {
  const s = isEmpty(text) ? '' : String(text);
  const chars = Array.from(s);
  if (chars.length <= length) return { text: s, truncated: false };
  return { text: `${chars.slice(0, length).join('')}...`, truncated: true };
}
