// The whitelist of functions an expression may call. Kept in a Map (not an object) so a name such as
// "constructor" or "toString" can never find something through a prototype. `if` is not here: it is
// compiled lazily (only the chosen branch runs) in compile.ts.
import type Big from 'big.js';
import { todayInChina } from '../china-time';
import { dateText, dayNumber } from './dates';
import type { Scope } from './types';
import { arith, compare, decimalOf, equals, isBlank, own, ZERO } from './values';

export interface ExprFunction {
  /** Whether a call with this many arguments makes sense (checked when compiling). */
  arity: (n: number) => boolean;
  /** How to call it, for the error message when the arity is wrong (and the schema reference's signature). */
  usage: string;
  /** What it answers, for the schema reference (docs/schema-reference.md, generated from this table). */
  description: string;
  /**
   * Argument positions that must be written as quoted property names (`sum(lines, "price")`): catches the
   * common slip `sum(lines, price)` at compile time instead of silently summing nothing.
   */
  propertyArgs?: readonly number[];
  /** Arguments are already evaluated; undefined means a failed computation (see values.ts). */
  call: (args: unknown[], scope: Scope) => unknown;
}

const between = (min: number, max: number) => (n: number) => n >= min && n <= max;
const atLeast = (min: number) => (n: number) => n >= min;

/** The items of a list argument: an array, [] for a blank, undefined for anything else. */
function itemsOf(v: unknown): readonly unknown[] | undefined {
  if (Array.isArray(v)) return v;
  return v === null || v === '' ? [] : undefined;
}

/** Empty in the sense of empty()/coalesce(): null, '', [] (and a failed computation). */
function isEmpty(v: unknown): boolean {
  return isBlank(v) || (Array.isArray(v) && v.length === 0);
}

/** A whole number of decimal places for round/floor/ceil, or undefined. */
function placesOf(v: unknown, fallback: number): number | undefined {
  if (v === undefined) return fallback; // argument not given (arity is checked at compile time)
  const d = arith(v);
  if (!d) return undefined;
  const n = Number(d.toString());
  return Number.isInteger(n) && n >= -10 && n <= 20 ? n : undefined;
}

/** Rounds toward -∞ (floor) or +∞ (ceil); big.js only knows toward / away from zero. */
function directed(x: Big, places: number, up: boolean): Big {
  const awayFromZero = up === x.s > 0;
  return x.round(places, awayFromZero ? 3 : 0);
}

function roundWith(args: unknown[], fallback: number, round: (x: Big, places: number) => Big): unknown {
  const x = arith(args[0]);
  const places = placesOf(args.length > 1 ? args[1] : undefined, fallback);
  if (!x || places === undefined) return undefined;
  return round(x, places);
}

/** min/max: blanks are skipped (as SQL does); numbers compare as decimals, dates as text. */
function extreme(args: unknown[], wantLarger: boolean): unknown {
  let best: unknown = null;
  for (const a of args) {
    if (a === undefined) return undefined;
    if (isBlank(a)) continue;
    if (best === null) {
      best = a;
      continue;
    }
    const c = compare(a, best);
    if (c === undefined) return undefined;
    if (wantLarger ? c > 0 : c < 0) best = a;
  }
  return decimalOf(best) ?? best; // "10.50" comes back as the number 10.5
}

export const FUNCTIONS: ReadonlyMap<string, ExprFunction> = new Map<string, ExprFunction>([
  [
    'sum',
    {
      arity: (n) => n === 1 || n === 2 || n === 4,
      usage: 'sum(列表) / sum(列表, "属性") / sum(列表, "属性", "筛选属性", 值)',
      description:
        'The decimal sum of a list\'s items, or of one property of each (sum(lines, "price")); with a filter property and a value, of the items whose property equals the value. A blank list sums to 0.',
      propertyArgs: [1, 2],
      call([list, prop, filterProp, filterValue], _scope) {
        const items = itemsOf(list);
        if (!items) return undefined;
        let total = ZERO;
        for (const item of items) {
          if (typeof filterProp === 'string' && !equals(own(item, filterProp), filterValue)) continue;
          // One unreadable amount makes the total unknown rather than quietly smaller.
          const d = arith(typeof prop === 'string' ? own(item, prop) : item);
          if (!d) return undefined;
          total = total.plus(d);
        }
        return total;
      },
    },
  ],
  [
    'count',
    {
      arity: between(1, 3),
      usage: 'count(列表) / count(列表, "属性")（该属性非空的项数）/ count(列表, "属性", 值)',
      description:
        'How many items a list has; with a property, how many have it non-empty; with a property and a value, how many have it equal to the value.',
      propertyArgs: [1],
      call(args) {
        const items = itemsOf(args[0]);
        if (!items) return undefined;
        if (args.length === 1) return items.length;
        const prop = args[1] as string;
        let n = 0;
        for (const item of items) {
          const v = own(item, prop);
          if (args.length === 2 ? !isEmpty(v) : equals(v, args[2])) n++;
        }
        return n;
      },
    },
  ],
  [
    'min',
    {
      arity: atLeast(1),
      usage: 'min(a, b, …)',
      description: 'The smallest argument: blanks are skipped, numbers compare as decimals, dates as text.',
      call: (args) => extreme(args, false),
    },
  ],
  [
    'max',
    {
      arity: atLeast(1),
      usage: 'max(a, b, …)',
      description: 'The largest argument: blanks are skipped, numbers compare as decimals, dates as text.',
      call: (args) => extreme(args, true),
    },
  ],
  [
    'abs',
    {
      arity: between(1, 1),
      usage: 'abs(数值)',
      description: 'The absolute value of a number.',
      call: ([x]) => arith(x)?.abs(),
    },
  ],
  [
    'round',
    {
      arity: between(1, 2),
      usage: 'round(数值, 小数位=2)',
      description: 'A number rounded half up (away from zero on .5) to the given decimal places (default 2).',
      call: (args) => roundWith(args, 2, (x, p) => x.round(p, 1)), // 1 = half up (away from zero on .5)
    },
  ],
  [
    'fixed',
    {
      arity: between(1, 2),
      usage: 'fixed(数值, 小数位=2)',
      description:
        'A number as text with exactly the given decimals (default 2), rounded half up: fixed(92, 1) is "92.0", for sentences.',
      // A number as text with exactly that many decimals (rounded half up), for a sentence: fixed(92, 1) → "92.0".
      call(args) {
        if (isBlank(args[0])) return null;
        const places = placesOf(args.length > 1 ? args[1] : undefined, 2);
        const x = arith(args[0]);
        if (!x || places === undefined || places < 0) return undefined;
        return x.round(places, 1).toFixed(places);
      },
    },
  ],
  [
    'floor',
    {
      arity: between(1, 2),
      usage: 'floor(数值, 小数位=0)',
      description: 'A number rounded down (toward −∞) to the given decimal places (default 0).',
      call: (args) => roundWith(args, 0, (x, p) => directed(x, p, false)),
    },
  ],
  [
    'ceil',
    {
      arity: between(1, 2),
      usage: 'ceil(数值, 小数位=0)',
      description: 'A number rounded up (toward +∞) to the given decimal places (default 0).',
      call: (args) => roundWith(args, 0, (x, p) => directed(x, p, true)),
    },
  ],
  [
    'days',
    {
      arity: between(2, 2),
      usage: 'days(开始日期, 结束日期)',
      description:
        'The days from the first date to the second (negative when the second is earlier); null when either is no date.',
      call([from, to]) {
        const a = dayNumber(from);
        const b = dayNumber(to);
        return a === null || b === null ? null : b - a;
      },
    },
  ],
  [
    'today',
    {
      arity: between(0, 0),
      usage: 'today()',
      description: "Today's date (YYYY-MM-DD) in China time, or the day the transition runs on.",
      // The caller passes the team's today as $today so server and browser agree; otherwise China time.
      call(_args, scope) {
        const given = dayNumber(own(scope, '$today'));
        return given === null ? todayInChina() : dateText(given);
      },
    },
  ],
  [
    'month',
    {
      arity: between(1, 1),
      usage: 'month(日期)',
      description: 'The month of a date (YYYY-MM).',
      call: ([date]) => (dayNumber(date) === null ? null : (date as string).slice(0, 7)),
    },
  ],
  [
    'addDays',
    {
      arity: between(2, 2),
      usage: 'addDays(日期, 天数)',
      description: 'The date a whole number of days after (negative: before) a date.',
      call([date, n]) {
        const day = dayNumber(date);
        const d = arith(n);
        if (day === null || !d) return null;
        const k = Number(d.toString());
        return Number.isInteger(k) && Math.abs(k) <= 1e6 ? dateText(day + k) : null;
      },
    },
  ],
  [
    'empty',
    {
      arity: between(1, 1),
      usage: 'empty(值)',
      description: 'Whether a value is empty: null, "" or an empty list.',
      call: ([x]) => isEmpty(x),
    },
  ],
  [
    'coalesce',
    {
      arity: atLeast(1),
      usage: 'coalesce(a, b, …)',
      description: 'The first argument that is not empty (null, "" or an empty list), else null.',
      call: (args) => args.find((a) => !isEmpty(a)) ?? null,
    },
  ],
  [
    'len',
    {
      arity: between(1, 1),
      usage: 'len(文本或列表)',
      description:
        "The length of a text in characters (an emoji counts once) or the number of a list's items; 0 for a blank.",
      call([x]) {
        if (typeof x === 'string') {
          let n = 0;
          for (const _ of x) n++; // code points: an emoji or rare CJK character counts once
          return n;
        }
        if (Array.isArray(x)) return x.length;
        return isBlank(x) ? 0 : null;
      },
    },
  ],
  [
    'in',
    {
      arity: between(2, 2),
      usage: 'in(值, 列表)',
      description: "Whether a value equals one of a list's items.",
      call([x, list]) {
        const items = itemsOf(list);
        return items ? items.some((item) => equals(x, item)) : null;
      },
    },
  ],
  [
    'substr',
    {
      arity: between(2, 3),
      usage: 'substr(文字, 起始位置, 长度)',
      description: 'Part of a text: from a position (0 first) for a number of characters, or to its end.',
      // By code point from 0, e.g. the birth date inside an ID number: substr(idCardNo, 6, 8).
      call([text, start, length]) {
        if (isBlank(text)) return null;
        if (typeof text !== 'string' && typeof text !== 'number') return undefined;
        const from = arith(start);
        const count = length === undefined ? null : arith(length);
        if (!from || (length !== undefined && !count)) return undefined;
        const chars = [...String(text)];
        const a = Math.max(0, Math.trunc(Number(from)));
        const b = count ? a + Math.max(0, Math.trunc(Number(count))) : chars.length;
        return chars.slice(a, b).join('');
      },
    },
  ],
  [
    'pad',
    {
      arity: between(2, 2),
      usage: 'pad(整数, 位数)',
      description: 'A whole number zero-filled to a width of 1 to 10 digits: pad(7, 3) is "007".',
      // A whole number as text, zero-filled to the width (at most 10), e.g. a package number: pad($index, 2) → "01".
      call([n, width]) {
        if (isBlank(n)) return null;
        const d = arith(n);
        const w = arith(width);
        if (!d || !w) return undefined;
        const k = Number(d.toString());
        const size = Number(w.toString());
        if (!Number.isInteger(k) || k < 0 || !Number.isInteger(size) || size < 1 || size > 10) return undefined;
        return String(k).padStart(size, '0');
      },
    },
  ],
  [
    'pluck',
    {
      arity: between(2, 2),
      usage: 'pluck(列表, "属性")',
      description: "The values of one property of a list's items, blanks left out.",
      propertyArgs: [1],
      // The property of every item (blank ones left out), e.g. the codes of the advances a payroll line repays.
      call([list, prop]) {
        const items = itemsOf(list);
        if (!items) return null;
        return items.map((item) => own(item, prop as string)).filter((v) => !isBlank(v));
      },
    },
  ],
  [
    'distinct',
    {
      arity: between(1, 1),
      usage: 'distinct(列表)',
      description: 'A list without repeated values (blanks left out), in first-seen order.',
      // The list without repeats (blank items left out), e.g. len(distinct(pluck(lines, "locationCode"))) == len(lines).
      call([list]) {
        if (!Array.isArray(list)) return null;
        const out: unknown[] = [];
        for (const x of list) if (!isBlank(x) && !out.some((y) => equals(y, x))) out.push(x);
        return out;
      },
    },
  ],
  [
    'includes',
    {
      arity: between(2, 2),
      usage: 'includes(列表或文字, 值)',
      description: 'Whether a list holds a value, or a text contains another.',
      // A list holds the value, or a text contains it (e.g. a multi-select's joined labels contain 供应商).
      call([hay, x]) {
        if (Array.isArray(hay)) return hay.some((item) => equals(item, x));
        if (isBlank(hay)) return false;
        if (isBlank(x)) return false;
        return typeof hay === 'string' ? hay.includes(String(x)) : equals(hay, x);
      },
    },
  ],
  [
    'share',
    {
      arity: between(5, 6),
      usage: 'share(数量, 列表, "上限属性", "键属性", 序号, "扣减属性")',
      description:
        "The share of an amount that falls to the list's item at a position (from 1): the amount is spread, in order, over the items with the same key, each taking at most its cap (less what is already deducted), the last of them the rest (发货 spread over an order's lines of one material).",
      propertyArgs: [2, 3, 5],
      // The part of an amount that falls on the n-th item (1-based) when it is spread, in order, over the items whose
      // key equals that item's, each taking at most its cap (cap − less with a sixth argument) and the last of them
      // the rest: a 出库单's quantity given back to, or counted again on, its order's lines of the same material.
      call([amount, list, capProp, keyProp, n, lessProp]) {
        const items = itemsOf(list);
        const total = arith(amount);
        const at = Number(n);
        if (!items || !total || !Number.isInteger(at) || at < 1 || at > items.length) return undefined;
        const key = own(items[at - 1], keyProp as string);
        const capOf = (item: unknown) => {
          const c = arith(own(item, capProp as string)) ?? ZERO;
          const l = typeof lessProp === 'string' ? (arith(own(item, lessProp)) ?? ZERO) : ZERO;
          return c.minus(l).gt(0) ? c.minus(l) : ZERO;
        };
        let left = total;
        for (let i = 0; i < at - 1; i++) {
          if (!equals(own(items[i], keyProp as string), key)) continue;
          const take = capOf(items[i]);
          left = left.minus(take.lt(left) ? take : left);
        }
        const later = items.slice(at).some((item) => equals(own(item, keyProp as string), key));
        if (!later) return left;
        const cap = capOf(items[at - 1]);
        return cap.lt(left) ? cap : left;
      },
    },
  ],
  [
    'lookup',
    {
      arity: between(3, 4),
      usage: 'lookup(列表, "键属性", 键, "取值属性")',
      description: 'The first item of a list whose key property equals the key, or one property of it; null when none.',
      propertyArgs: [1, 3],
      call(args) {
        const items = itemsOf(args[0]);
        if (!items) return null;
        const found = items.find((item) => equals(own(item, args[1] as string), args[2]));
        if (found === undefined) return null;
        return args.length > 3 ? own(found, args[3] as string) : found;
      },
    },
  ],
  [
    'after',
    {
      arity: between(3, 4),
      usage: 'after(列表, "键属性", 键, "取值属性")',
      description:
        'The item after the one whose key property equals the key, or one property of it (the next stage of a plan); null when none.',
      propertyArgs: [1, 3],
      // The item after the one whose key equals the value (the next of a list of stages); null after the last
      // or when none matches.
      call(args) {
        const items = itemsOf(args[0]);
        if (!items) return null;
        const i = items.findIndex((item) => equals(own(item, args[1] as string), args[2]));
        const next = i < 0 ? undefined : items[i + 1];
        if (next === undefined) return null;
        return args.length > 3 ? own(next, args[3] as string) : next;
      },
    },
  ],
]);

/**
 * `if`, which compile.ts compiles itself (only the chosen branch runs, like `?:`), told like the table's functions.
 */
export const IF_FUNCTION: Pick<ExprFunction, 'usage' | 'description'> = {
  usage: 'if(条件, 成立时的值, 不成立时的值)',
  description:
    'The second argument when the condition holds, else the third (null when there is none); only the chosen one is evaluated.',
};

/** Every function name an expression may call, `if` included. */
export const FUNCTION_NAMES: readonly string[] = [...FUNCTIONS.keys(), 'if'];
