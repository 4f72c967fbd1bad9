// Value shapes of every field type and line-item cell: what a stored value may look like before any
// range or length rule looks at it (a date field holds a real date, a number is finite, a select holds
// one of its options…). Shared by the browser form and the server's record store, so it stays free of
// React, antd and browser APIs.
import type { ColumnDef, FieldDef, Option, SubField } from '../schema/types';
import { DEFAULT_DIMENSION_FIELDS } from './constants';
import { DATE_FORMATS, toDayjs, type DateKind } from './format';
import { fill, ValueMessages } from './messages';

/** What is wrong with a value: its shape, an option that is not offered, or a range that ends before it starts. */
export type ValueProblem = 'format' | 'option' | 'order';

/** undefined, null and '' mean "no value": only the required rule speaks about them. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

// ---------------------------------------------------------------------------------------------- numbers

/** A plain decimal: optional minus, digits, optional fraction. No exponent, hex, spaces, Infinity or '+'. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

/** A finite number, or the number a strict decimal string spells; null for anything else ('1e5', ' 12 ', '0x10', NaN…). */
export function toDecimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (isDecimalString(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function isNumberValue(value: unknown): boolean {
  return toDecimal(value) !== null;
}

// ------------------------------------------------------------------------------------------------ dates

interface DateParts {
  Y: number;
  M: number;
  D: number;
  h: number;
  m: number;
  s: number;
  ms: number;
}

const TOKEN = /\[([^\]]*)]|YYYY|SSS|MM|DD|HH|mm|ss|M|D|H|m|s|[A-Za-z]|./g;
const TOKEN_PATTERN: Record<string, [keyof DateParts, string]> = {
  YYYY: ['Y', '(\\d{4})'],
  MM: ['M', '(\\d{2})'],
  M: ['M', '(\\d{1,2})'],
  DD: ['D', '(\\d{2})'],
  D: ['D', '(\\d{1,2})'],
  HH: ['h', '(\\d{2})'],
  H: ['h', '(\\d{1,2})'],
  mm: ['m', '(\\d{2})'],
  m: ['m', '(\\d{1,2})'],
  ss: ['s', '(\\d{2})'],
  s: ['s', '(\\d{1,2})'],
  SSS: ['ms', '(\\d{3})'],
};
const compiled = new Map<string, { re: RegExp; parts: (keyof DateParts)[] } | null>();

/** A dayjs format as an anchored regular expression; null when it uses tokens this checker does not know. */
function compile(format: string) {
  if (compiled.has(format)) return compiled.get(format)!;
  let source = '';
  const parts: (keyof DateParts)[] = [];
  let known = true;
  for (const m of format.matchAll(TOKEN)) {
    const tok = m[0];
    if (m[1] !== undefined) source += m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (TOKEN_PATTERN[tok]) {
      parts.push(TOKEN_PATTERN[tok][0]);
      source += TOKEN_PATTERN[tok][1];
    } else if (/^[A-Za-z]$/.test(tok)) known = false;
    else source += tok.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const out = known ? { re: new RegExp(`^${source}$`), parts } : null;
  compiled.set(format, out);
  return out;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Milliseconds of a date value written in `format` (a dayjs format: YYYY, MM, DD, HH, mm, ss, SSS and
 * literals; 'x' / 'X' are millisecond / second timestamps), or null when it is not a real calendar date
 * in that format ('2026-02-30', '2026-1-5' for YYYY-MM-DD, true, {}…).
 */
export function parseDateValue(value: unknown, format: string): number | null {
  if (format === 'x' || format === 'X') {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n >= 0 ? (format === 'X' ? n * 1000 : n) : null;
  }
  if (typeof value !== 'string' || value.length > 64) return null;
  const c = compile(format);
  if (!c) {
    // A format with tokens this checker does not parse (e.g. MMM, A): any text dayjs reads as a date.
    const d = toDayjs(value);
    return d ? d.valueOf() : null;
  }
  const hit = c.re.exec(value);
  if (!hit) return null;
  const p: DateParts = { Y: 1970, M: 1, D: 1, h: 0, m: 0, s: 0, ms: 0 };
  c.parts.forEach((k, i) => {
    p[k] = Number(hit[i + 1]);
  });
  if (p.Y < 1 || p.M < 1 || p.M > 12 || p.D < 1 || p.D > daysIn(p.Y, p.M) || p.h > 23 || p.m > 59 || p.s > 59)
    return null;
  const d = new Date(Date.UTC(2000, p.M - 1, p.D, p.h, p.m, p.s, p.ms));
  d.setUTCFullYear(p.Y);
  return d.getTime();
}

/** The format a date-like field stores: its valueFormat, else the default of its kind. */
export function storedDateFormat(f: Pick<FieldDef, 'valueFormat'>, kind: DateKind): string {
  return f.valueFormat ?? DATE_FORMATS[kind];
}

// ---------------------------------------------------------------------------------------------- options

/** Inline options of a field or column (`data` as an option array); null for dictionaries, enum maps and buttons. */
export function inlineOptions(data: unknown): Option[] | null {
  // An empty list offers nothing to check against (options may come from props): no membership check.
  if (!Array.isArray(data) || data.length === 0) return null;
  return data.every((o) => o && typeof o === 'object' && 'value' in o && 'label' in o) ? (data as Option[]) : null;
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b));

function inTree(options: Option[], value: unknown): boolean {
  return options.some((o) => sameValue(o.value, value) || (!!o.children && inTree(o.children, value)));
}

/** Each step of a cascader path is a child of the one before. */
function pathInTree(options: Option[], path: unknown[]): boolean {
  let level: Option[] | undefined = options;
  for (const v of path) {
    const hit: Option | undefined = level?.find((o) => sameValue(o.value, v));
    if (!hit) return false;
    level = hit.children;
  }
  return true;
}

/** A single option value: a string or a finite number (a boolean only where an inline option has one). */
function isScalar(value: unknown, options: Option[] | null): boolean {
  if (typeof value === 'string') return value.length <= 200;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return !!options?.some((o) => o.value === value);
  return false;
}

function checkChoice(value: unknown, options: Option[] | null): ValueProblem | null {
  if (!isScalar(value, options)) return 'format';
  return options && !inTree(options, value) ? 'option' : null;
}

function checkChoices(value: unknown, options: Option[] | null): ValueProblem | null {
  if (!Array.isArray(value) || value.length > 1000) return 'format';
  for (const v of value) {
    const p = checkChoice(v, options);
    if (p) return p;
  }
  return null;
}

function checkPath(value: unknown, options: Option[] | null): ValueProblem | null {
  if (!Array.isArray(value) || value.length > 20 || !value.every((v) => isScalar(v, options))) return 'format';
  return options && !pathInTree(options, value) ? 'option' : null;
}

const multiple = (f: FieldDef) => {
  const p = f.props ?? {};
  return p.multiple === true || p.treeCheckable === true || p.mode === 'multiple' || p.mode === 'tags';
};

// ------------------------------------------------------------------------------------------------ files

/** Where an uploaded file may live: a path on this site (never `//host` or `\`), or a browser blob before saving. */
export function isSafeFileUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > 2048) return false;
  return /^\/(?![/\\])[^\s\\]*$/.test(url) || /^blob:[^\s\\]+$/.test(url);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** One uploaded file: {url, name?} (fileName and other plain facts such as size may ride along). */
export function isFileItem(v: unknown): boolean {
  if (!isPlainObject(v) || !isSafeFileUrl(v.url)) return false;
  if (v.name !== undefined && typeof v.name !== 'string') return false;
  if (v.fileName !== undefined && typeof v.fileName !== 'string') return false;
  return Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x));
}

function checkFiles(value: unknown): ValueProblem | null {
  return Array.isArray(value) && value.length <= 100 && value.every(isFileItem) ? null : 'format';
}

// ------------------------------------------------------------------------------------------ sub-fields

const DEFAULT_TWO_TEXT_PARTS: SubField[] = [{ name: 'start' }, { name: 'end' }];

function checkParts(value: unknown, parts: SubField[], isNumeric: (p: SubField) => boolean): ValueProblem | null {
  if (!isPlainObject(value)) return 'format';
  const byName = new Map(parts.map((p) => [p.name, p]));
  for (const [k, v] of Object.entries(value)) {
    const part = byName.get(k);
    if (!part) return 'format';
    if (isAbsent(v)) continue;
    if (isNumeric(part) ? !isNumberValue(v) : !(typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))))
      return 'format';
  }
  return null;
}

// --------------------------------------------------------------------------------------------- fields

/** What is wrong with the shape of a present value of field `f`, or null. Absent values are the required rule's. */
export function fieldValueProblem(f: FieldDef, value: unknown): ValueProblem | null {
  if (isAbsent(value)) return null;
  const options = inlineOptions(f.data);
  switch (f.fontendType) {
    case 'text':
    case 'textarea':
      if (f.type === 'number') return isNumberValue(value) ? null : 'format';
      return typeof value === 'string' ? null : 'format';
    case 'idCard':
      return typeof value === 'string' && value.length <= 64 ? null : 'format';
    case 'number':
      return isNumberValue(value) ? null : 'format';
    case 'date':
    case 'month':
    case 'dateTime':
      return parseDateValue(value, storedDateFormat(f, f.fontendType)) === null ? 'format' : null;
    case 'dateRange': {
      if (!Array.isArray(value) || value.length !== 2) return 'format';
      const fmt = storedDateFormat(f, f.props?.showTime ? 'dateTime' : 'date');
      const [a, b] = value.map((v) => parseDateValue(v, fmt));
      if (a === null || b === null) return 'format';
      return a > b ? 'order' : null;
    }
    case 'select':
    case 'treeSelect':
      return multiple(f) ? checkChoices(value, options) : checkChoice(value, options);
    case 'radio':
      return checkChoice(value, options);
    case 'multiSelect':
    case 'checkbox':
      return checkChoices(value, options);
    case 'cascader':
      if (!multiple(f)) return checkPath(value, options);
      if (!Array.isArray(value)) return 'format';
      for (const path of value) {
        const p = checkPath(path, options);
        if (p) return p;
      }
      return null;
    case 'switch':
      return typeof value === 'boolean' ? null : 'format';
    case 'twoText':
      return checkParts(
        value,
        f.fields?.length ? f.fields : DEFAULT_TWO_TEXT_PARTS,
        (p) => p.type === 'number' || f.type === 'number',
      );
    case 'dimension':
      return checkParts(
        value,
        f.fields?.length ? f.fields : DEFAULT_DIMENSION_FIELDS.map((d) => ({ ...d })),
        () => true,
      );
    case 'upload':
    case 'image':
      return checkFiles(value);
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------- cells

/** Number and price cells. */
export function isNumberColumn(col: ColumnDef): boolean {
  return col.inputType === 'number' || !!col.priceType;
}

/** What is wrong with the shape of a present line-item cell value, by the column's input type, or null. */
export function cellValueProblem(col: ColumnDef, value: unknown): ValueProblem | null {
  if (isAbsent(value)) return null;
  if (col.type === 'image') return checkFiles(value);
  if (isNumberColumn(col)) return isNumberValue(value) ? null : 'format';
  const options = inlineOptions(col.data);
  switch (col.inputType) {
    case 'select':
      return checkChoice(value, options);
    case 'multiSelect':
      return checkChoices(value, options);
    case 'date':
      return parseDateValue(value, DATE_FORMATS.date) === null ? 'format' : null;
    case 'text':
      return typeof value === 'string' ? null : 'format';
    default:
      // A column without an input shows what the record carries: plain text or a number.
      return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? null : 'format';
  }
}

// ------------------------------------------------------------------------------------------- messages

/** The message of a problem for a field (or a located line cell) called `name`. */
export function problemMessage(problem: ValueProblem, name: string): string {
  const key = problem === 'option' ? 'option' : problem === 'order' ? 'order' : 'format';
  return fill(ValueMessages[key], { name });
}

/** 费用明细第1行发生日期: where a line cell is, for messages. */
export function cellName(linesTitle: string | undefined, index: number, label: string): string {
  return fill(ValueMessages.cell, { title: linesTitle || ValueMessages.linesTitle, row: index + 1, name: label });
}

/** The named message for a present value of field `f` with the wrong shape, or null. */
export function fieldTypeError(f: FieldDef, value: unknown): string | null {
  const p = fieldValueProblem(f, value);
  return p ? problemMessage(p, f.titleName) : null;
}
