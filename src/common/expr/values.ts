// Value semantics of the expression language: decimal coercion, equality, ordering, truthiness, output.
//
// Internal values are `unknown`: scope data as given, plus big.js decimals produced by arithmetic and
// number literals. Two "nothing" values are kept apart on purpose:
//   null      — no value (a missing or empty field, lookup not found). Counts as 0 in arithmetic, so an
//               empty optional money field subtracts as 0.
//   undefined — a failed computation (division by zero, "abc" * 2). It poisons the arithmetic around it,
//               so `x + a / 0` is null rather than silently x. Scope data never yields undefined: reads
//               go through `own`, which maps a missing or undefined property to null.
// Both come out of `run` as null.
import Big from 'big.js';
import { LIMITS } from './types';

/**
 * A private Big constructor: its DP/RM settings (10 places, half-up division) do not leak into, or get
 * changed by, other code in the app that uses big.js.
 */
export const Dec = Big();
Dec.DP = LIMITS.divisionPlaces;
Dec.RM = Big.roundHalfUp;

export const ZERO = new Dec(0);

const hasOwn = Object.prototype.hasOwnProperty;
const NUMERIC = /^-?(\d+\.?\d*|\.\d+)$/;

/** An own property of a plain object or array, else null (never the prototype, never undefined). */
export function own(obj: unknown, key: string | number): unknown {
  // A decimal is an object too; its internals (c, e, s) must not be readable.
  if (obj === null || typeof obj !== 'object' || obj instanceof Big) return null;
  if (!hasOwn.call(obj, key)) return null;
  const v = (obj as Record<string | number, unknown>)[key];
  return v === undefined ? null : v;
}

/** null, undefined or '' — the values arithmetic counts as 0. */
export function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

/** The decimal a value stands for when it is a number or a plain decimal string ("5.0", "-.5"); else null. */
export function decimalOf(v: unknown): Big | null {
  if (v instanceof Big) return v.constructor === Dec ? v : new Dec(v);
  if (typeof v === 'number') return Number.isFinite(v) ? new Dec(v) : null;
  if (typeof v === 'string' && v.length <= LIMITS.maxNumericStringLength && NUMERIC.test(v)) return new Dec(v);
  return null;
}

/** The operand of arithmetic: blanks are 0, failures and non-numbers give undefined (poison). */
export function arith(v: unknown): Big | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return ZERO;
  return decimalOf(v) ?? undefined;
}

/** `==`: numbers (and numeric strings) compare as decimals so "5.0" == 5; anything else strictly. */
export function equals(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === b) return true;
  const x = decimalOf(a);
  if (x === null) return false;
  const y = decimalOf(b);
  return y !== null && x.eq(y);
}

/**
 * Order of two values for `<`, min, max: -1, 0, 1, or undefined when they cannot be ordered.
 * Numbers (blanks count as 0, as in arithmetic) compare as decimals; two non-empty strings that are not both
 * numeric compare as text, which orders YYYY-MM-DD dates and YYYY-MM months correctly.
 */
export function compare(a: unknown, b: unknown): -1 | 0 | 1 | undefined {
  if (a === undefined || b === undefined) return undefined;
  const x = isBlank(a) ? ZERO : decimalOf(a);
  const y = isBlank(b) ? ZERO : decimalOf(b);
  if (x !== null && y !== null) return x.cmp(y);
  if (typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

/** JavaScript truthiness, except that a decimal zero is false (a Big object would otherwise be truthy). */
export function truthy(v: unknown): boolean {
  if (v instanceof Big) return !v.eq(ZERO);
  return !!v;
}

/** Text form of a value for `+` concatenation; undefined when the value has no sensible text. */
export function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v === null) return '';
  if (v instanceof Big) return v.toFixed(); // plain notation, never 1e-7
  if (typeof v === 'number') return Number.isFinite(v) ? new Dec(v).toFixed() : undefined;
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

/** A decimal as a plain JS number; null when it does not fit (beyond ±1.8e308). */
export function numberOf(d: Big): number | null {
  const n = Number(d.toString());
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // no -0
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * What `run` hands back: decimals become numbers, failures null, and anything that is not JSON-like data
 * (functions, Dates, class instances found in the scope) null. Scope objects and arrays are returned as they
 * are (not copied) unless they hold decimals or failures, which only arrays built by the expression can.
 */
export function toOutput(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
    case 'object':
      if (v instanceof Big) return numberOf(v);
      if (Array.isArray(v)) return v.some(needsOutput) ? v.map(toOutput) : v;
      return isPlainObject(v) ? v : null;
    default:
      return null;
  }
}

function needsOutput(v: unknown): boolean {
  return v === undefined || v instanceof Big || Array.isArray(v) || (typeof v === 'number' && !Number.isFinite(v));
}
