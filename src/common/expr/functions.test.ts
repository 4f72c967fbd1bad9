// Behaviour of the whitelisted functions.
import { describe, expect, it } from 'vitest';
import { todayInChina } from '../china-time';
import { evalExpr } from './index';

const ev = (source: string, scope: Record<string, unknown> = {}) => evalExpr(source, scope);

const lines = [
  { type: '材料', price: 0.1, qty: 2 },
  { type: '人工', price: '0.2', qty: '' },
  { type: '材料', price: '', qty: 1 },
  { type: '材料', price: 19.99 },
];

describe('sum and count', () => {
  it('sums a property exactly, blanks as 0', () => {
    expect(ev('sum(lines, "price")', { lines })).toBe(20.29);
    expect(ev('sum(lines, "price")', { lines: Array.from({ length: 10 }, () => ({ price: 0.1 })) })).toBe(1);
    expect(ev('sum(lines, "price") == 1', { lines: Array.from({ length: 10 }, () => ({ price: '0.1' })) })).toBe(true);
    expect(ev('sum(lines, "price")', { lines: [] })).toBe(0);
    expect(ev('sum(lines, "price")')).toBe(0); // no lines yet
    expect(ev('sum([0.1, 0.2, x])', { x: '' })).toBe(0.3);
  });

  it('sums with a filter', () => {
    expect(ev('sum(lines, "price", "type", "材料")', { lines })).toBe(20.09);
    expect(ev('sum(lines, "qty", "type", "人工")', { lines })).toBe(0);
  });

  it('gives null when an amount is unreadable or the list is not a list', () => {
    expect(ev('sum(lines, "price")', { lines: [{ price: 1 }, { price: 'abc' }] })).toBeNull();
    expect(ev('sum(lines, "price")', { lines: { price: 1 } })).toBeNull();
  });

  it('counts items, non-empty items and matching items', () => {
    expect(ev('count(lines)', { lines })).toBe(4);
    expect(ev('count(lines, "qty")', { lines })).toBe(2);
    expect(ev('count(lines, "type", "材料")', { lines })).toBe(3);
    expect(ev('count(lines, "price", 0.2)', { lines })).toBe(1);
    expect(ev('count(nothing)')).toBe(0);
  });
});

describe('numbers', () => {
  it('min and max skip blanks and order dates too', () => {
    expect(ev('min(3, "2.5", x)', { x: '' })).toBe(2.5);
    expect(ev('max(3, "10.50")')).toBe(10.5);
    expect(ev('max(x, y)', { x: null, y: null })).toBeNull();
    expect(ev('max("2024-01-05", "2024-03-01")')).toBe('2024-03-01');
    expect(ev('min(1, "2024-01-05")')).toBeNull();
    expect(ev('min(1, 1 / 0)')).toBeNull();
  });

  it('abs, round half up, floor and ceil', () => {
    expect(ev('abs(-0.1 - 0.2)')).toBe(0.3);
    expect(ev('round(2.345)')).toBe(2.35);
    expect(ev('round(1.005, 2)')).toBe(1.01); // a binary float would give 1
    expect(ev('round(2.5, 0)')).toBe(3);
    expect(ev('round(-2.5, 0)')).toBe(-3);
    expect(ev('round(1234.5, -2)')).toBe(1200);
    expect(ev('round(x)', { x: '' })).toBe(0);
    expect(ev('round(1, 1.5)')).toBeNull();
    expect(ev('floor(2.7)')).toBe(2);
    expect(ev('floor(-2.1)')).toBe(-3);
    expect(ev('ceil(2.1)')).toBe(3);
    expect(ev('ceil(-2.7)')).toBe(-2);
    expect(ev('floor(2.789, 2)')).toBe(2.78);
    expect(ev('ceil("abc")')).toBeNull();
  });

  it('fixed: a number as text with exactly that many decimals', () => {
    expect(ev('fixed(92, 1)')).toBe('92.0');
    expect(ev('fixed(23 / 25 * 100, 1) + "%"')).toBe('92.0%');
    expect(ev('fixed(2 / 3 * 100, 1)')).toBe('66.7');
    expect(ev('fixed(1.005)')).toBe('1.01');
    expect(ev('fixed(x, 1)', { x: null })).toBeNull();
    expect(ev('fixed(1, -1)')).toBeNull();
    expect(ev('fixed("abc", 1)')).toBeNull();
  });
});

describe('dates', () => {
  it('days counts whole days from → to', () => {
    expect(ev('days("2024-02-28", "2024-03-01")')).toBe(2);
    expect(ev('days("2024-03-01", "2024-02-28")')).toBe(-2);
    expect(ev('days(a, b)', { a: '2024-01-01T23:59:59', b: '2024-01-02 00:00' })).toBe(1);
    expect(ev('days(dueDate, today())', { dueDate: '2024-05-01', $today: '2024-05-31' })).toBe(30);
    expect(ev('days(dueDate, today()) > 30', { dueDate: '2024-05-01', $today: '2024-06-01' })).toBe(true);
    expect(ev('days(a, "2024-01-01")', { a: null })).toBeNull();
    expect(ev('days("2024-02-30", "2024-03-01")')).toBeNull();
    expect(ev('days("yesterday", "2024-03-01")')).toBeNull();
  });

  it('today() reads $today, else the date in China', () => {
    expect(ev('today()', { $today: '2024-05-10' })).toBe('2024-05-10');
    expect(ev('today()')).toBe(todayInChina());
    expect(ev('today()', { $today: 'bad' })).toBe(todayInChina());
    // 2024-05-10 17:00 UTC is already the 11th in China.
    expect(todayInChina(new Date(Date.UTC(2024, 4, 10, 17, 0)))).toBe('2024-05-11');
    expect(todayInChina(new Date(Date.UTC(2024, 4, 10, 15, 59)))).toBe('2024-05-10');
  });

  it('month and addDays', () => {
    expect(ev('month(d)', { d: '2024-05-10 08:00' })).toBe('2024-05');
    expect(ev('month(d)', { d: '' })).toBeNull();
    expect(ev('addDays("2024-02-28", 2)')).toBe('2024-03-01');
    expect(ev('addDays("2023-02-28", "1")')).toBe('2023-03-01');
    expect(ev('addDays("2024-01-01", -1)')).toBe('2023-12-31');
    expect(ev('addDays("0050-01-01", 0)')).toBe('0050-01-01');
    expect(ev('addDays("2024-01-01", 1.5)')).toBeNull();
    expect(ev('addDays(x, 1)')).toBeNull();
  });
});

describe('values and lists', () => {
  it('empty and coalesce', () => {
    expect(ev('empty(x)', { x: null })).toBe(true);
    expect(ev('empty(x)', { x: '' })).toBe(true);
    expect(ev('empty(x)', { x: [] })).toBe(true);
    expect(ev('empty(x)', { x: 0 })).toBe(false);
    expect(ev('empty(missing)')).toBe(true);
    expect(ev('coalesce(a, b, "无")', { a: '', b: [] })).toBe('无');
    expect(ev('coalesce(a, b)', { a: '', b: 0 })).toBe(0);
    expect(ev('coalesce(1 / 0, 2)')).toBe(2);
    expect(ev('coalesce(a)', { a: null })).toBeNull();
  });

  it('len counts code points and items', () => {
    expect(ev('len("a𠀀😀")')).toBe(3);
    expect(ev('len(lines)', { lines })).toBe(4);
    expect(ev('len(x)', { x: null })).toBe(0);
    expect(ev('len(5)')).toBeNull();
  });

  it('in tests membership with == semantics', () => {
    expect(ev('in(status, ["草稿", "退回"])', { status: '退回' })).toBe(true);
    expect(ev('in(status, ["草稿", "退回"])', { status: '通过' })).toBe(false);
    expect(ev('in(5, ["5.0"])')).toBe(true);
    expect(ev('in(1, x)', { x: null })).toBe(false);
  });

  it('substr cuts by code point', () => {
    expect(
      ev('substr(id, 6, 4) + "-" + substr(id, 10, 2) + "-" + substr(id, 12, 2)', { id: '110101199003074518' }),
    ).toBe('1990-03-07');
    expect(ev('in(substr(id, 16, 1), ["1", "3", "5", "7", "9"])', { id: '110101199003074518' })).toBe(true);
    expect(ev('substr("a𠀀bc", 1)')).toBe('𠀀bc');
    expect(ev('substr(x, 1, 2)', { x: null })).toBeNull();
    expect(ev('substr("abc", "x")')).toBeNull();
  });

  it('pad zero-fills a whole number', () => {
    expect(ev('"DD1-" + pad(i, 2)', { i: 3 })).toBe('DD1-03');
    expect(ev('pad(123, 2)')).toBe('123');
    expect(ev('pad(x, 2)', { x: null })).toBeNull();
    expect(ev('pad(1.5, 2)')).toBeNull();
    expect(ev('pad(-1, 2)')).toBeNull();
    expect(ev('pad(1, 11)')).toBeNull();
  });

  it('distinct drops repeats and blanks', () => {
    expect(ev('distinct(pluck(xs, "c"))', { xs: [{ c: 'A1' }, { c: 'A2' }, { c: 'A1' }, { c: '' }] })).toEqual([
      'A1',
      'A2',
    ]);
    expect(ev('len(distinct(pluck(xs, "c"))) == len(xs)', { xs: [{ c: 'A1' }, { c: 'a1' }] })).toBe(true);
    expect(ev('len(distinct(pluck(xs, "c"))) == len(xs)', { xs: [{ c: 1 }, { c: '1' }] })).toBe(false);
    expect(ev('distinct(x)', { x: null })).toBeNull();
  });
  it('pluck lists one property of every item', () => {
    expect(ev('pluck(xs, "code")', { xs: [{ code: 'A' }, { code: '' }, { code: 'B' }, {}] })).toEqual(['A', 'B']);
    expect(ev('pluck(x, "code")', { x: null })).toEqual([]);
    expect(ev('includes(pluck(xs, "code"), "B")', { xs: [{ code: 'B' }] })).toBe(true);
  });

  it('includes looks into a list or a text', () => {
    expect(ev('includes(t, "供应商")', { t: '客户,供应商' })).toBe(true);
    expect(ev('includes(t, "外协工厂")', { t: '客户,供应商' })).toBe(false);
    expect(ev('includes(ids, 7)', { ids: [3, '7'] })).toBe(true);
    expect(ev('includes(ids, 17)', { ids: [3, 7] })).toBe(false);
    expect(ev('includes(t, "")', { t: 'abc' })).toBe(false);
    expect(ev('includes(x, "a")', { x: null })).toBe(false);
  });

  it('if is lazy and defaults to null', () => {
    expect(ev('if(a > 1, "大", "小")', { a: 2 })).toBe('大');
    expect(ev('if(a > 1, "大")', { a: 0 })).toBeNull();
    expect(ev('if(b != 0, a / b, 0)', { a: 1, b: 0 })).toBe(0);
  });

  it('share spreads an amount over the items of the same key in order, each up to its cap, the last taking the rest', () => {
    const lines = [
      { m: 'A', q: 3, s: 3 },
      { m: 'B', q: 5, s: 1 },
      { m: 'A', q: 2, s: 2 },
    ];
    expect(ev('share(4, lines, "s", "m", 1)', { lines })).toBe(3);
    expect(ev('share(4, lines, "s", "m", 3)', { lines })).toBe(1);
    expect(ev('share(4, lines, "s", "m", 2)', { lines })).toBe(4);
    expect(ev('share(1, lines, "s", "m", 3)', { lines })).toBe(0);
    // cap − less: what each line can still take; the last one takes any excess (a check can refuse it).
    expect(ev('share(2, lines, "q", "m", 1, "s")', { lines })).toBe(0);
    expect(ev('share(2, lines, "q", "m", 3, "s")', { lines })).toBe(2);
    expect(ev('share(2, lines, "q", "m", 4)', { lines })).toBeNull();
  });

  it('lookup finds the first matching item', () => {
    const rates = [
      { level: 'A', rate: '0.05' },
      { level: 'B', rate: 0.03 },
      { level: 'B', rate: 0.01 },
    ];
    expect(ev('lookup(rates, "level", "B", "rate")', { rates })).toBe(0.03);
    expect(ev('lookup(rates, "level", lv, "rate") * 100', { rates, lv: 'A' })).toBe(5);
    expect(ev('lookup(rates, "level", "Z", "rate")', { rates })).toBeNull();
    expect(ev('lookup(rates, "level", "A")', { rates })).toEqual({ level: 'A', rate: '0.05' });
  });

  it('after gives the item following the matching one (the next stage), null after the last or without a match', () => {
    const stages = [
      { name: '立项申请', days: 3 },
      { name: '方案评审', days: 5 },
      { name: '合同签订', days: 7 },
    ];
    expect(ev('after(stages, "name", "立项申请", "name")', { stages })).toBe('方案评审');
    expect(ev('after(stages, "name", cur, "days")', { stages, cur: '方案评审' })).toBe(7);
    expect(ev('after(stages, "name", "合同签订", "name")', { stages })).toBeNull();
    expect(ev('after(stages, "name", "无此阶段")', { stages })).toBeNull();
    expect(ev('after(stages, "name", "立项申请")', { stages })).toEqual({ name: '方案评审', days: 5 });
    expect(ev('after(none, "name", "x", "name")', { none: null })).toBeNull();
  });
});
