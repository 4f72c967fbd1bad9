// Behaviour of operators, literals, scope access and results.
import { describe, expect, it } from 'vitest';
import { evalExpr } from './index';

const ev = (source: string, scope: Record<string, unknown> = {}) => evalExpr(source, scope);

describe('exact decimal arithmetic', () => {
  it('adds, multiplies and compares money exactly', () => {
    expect(ev('0.1 + 0.2 == 0.3')).toBe(true);
    expect(ev('0.1 + 0.2')).toBe(0.3);
    expect(ev('19.99 * 3')).toBe(59.97);
    expect(ev('19.99 * 3 == 59.97')).toBe(true);
    expect(ev('quantity * unitPrice', { quantity: '3', unitPrice: 19.99 })).toBe(59.97);
    expect(
      ev('contractPrice - advancePaidPrice - returnPrice', {
        contractPrice: 1000.1,
        advancePaidPrice: 300.05,
        returnPrice: 700.05,
      }),
    ).toBe(0);
    expect(ev('1.1 - 1')).toBe(0.1);
  });

  it('divides to 10 places, half up, and gives null for division by zero', () => {
    expect(ev('1 / 3')).toBe(0.3333333333);
    expect(ev('2 / 3')).toBe(0.6666666667);
    expect(ev('10 / 0')).toBeNull();
    expect(ev('10 % 0')).toBeNull();
    expect(ev('10 % 3')).toBe(1);
    expect(ev('a / b', { a: 5, b: '' })).toBeNull();
  });

  it('counts blank operands as 0 but lets a failed computation poison the arithmetic around it', () => {
    expect(ev('totalPrice - offsetPrice', { totalPrice: 100, offsetPrice: '' })).toBe(100);
    expect(ev('totalPrice - offsetPrice', { totalPrice: 100, offsetPrice: null })).toBe(100);
    expect(ev('totalPrice - offsetPrice', { totalPrice: 100 })).toBe(100);
    expect(ev('totalPrice - offsetPrice', { totalPrice: 100, offsetPrice: undefined })).toBe(100);
    expect(ev('x + 1 / 0', { x: 5 })).toBeNull();
    expect(ev('"abc" * 2')).toBeNull();
    expect(ev('price * 2', { price: '1,000' })).toBeNull();
    expect(ev('flag * 2', { flag: true })).toBeNull();
    expect(ev('-x', { x: null })).toBe(0);
    expect(ev('-x', { x: '2.50' })).toBe(-2.5);
    expect(ev('+x', { x: '007' })).toBe(7);
  });

  it('reads plain decimal strings as numbers, but not long digit strings', () => {
    expect(ev('a + b', { a: '1', b: '2' })).toBe(3);
    expect(ev('a + b', { a: '.5', b: '-1.' })).toBe(-0.5);
    expect(ev('a * 1', { a: '1'.repeat(41) })).toBeNull();
  });
});

describe('+ on text', () => {
  it('concatenates when either side is non-numeric text', () => {
    expect(ev('"编号" + code', { code: '001' })).toBe('编号001');
    expect(ev('"a" + 1 + 2')).toBe('a12');
    expect(ev('1 + 2 + "a"')).toBe('3a');
    expect(ev('name + "-" + dept', { name: '张三', dept: null })).toBe('张三-');
    expect(ev('"合计" + (0.1 + 0.2)')).toBe('合计0.3');
    expect(ev('"x" + 1 / 0')).toBeNull();
  });

  it('adds when both sides are numeric or blank', () => {
    expect(ev('a + b', { a: '', b: 5 })).toBe(5);
    expect(ev('"1" + "2"')).toBe(3);
  });
});

describe('comparison', () => {
  it('compares numbers as decimals and numeric text as numbers', () => {
    expect(ev('"10" > "9"')).toBe(true);
    expect(ev('"5.0" == 5')).toBe(true);
    expect(ev('"5.0" === 5')).toBe(true);
    expect(ev('"5.0" != 5')).toBe(false);
    expect(ev('0.3 >= 0.1 + 0.2')).toBe(true);
    expect(ev('sum(lines, "weight") == 100', { lines: [{ weight: 33.3 }, { weight: 33.3 }, { weight: '33.4' }] })).toBe(
      true,
    );
  });

  it('compares dates as text', () => {
    expect(ev('dueDate < today', { dueDate: '2024-04-30', today: '2024-05-01' })).toBe(true);
    expect(ev('a >= b', { a: '2024-05-01 10:00', b: '2024-05-01' })).toBe(true);
    expect(ev('"2024-12-01" > "2024-02-01"')).toBe(true);
  });

  it('counts a blank as 0 when ordering numbers, and cannot order mixed kinds', () => {
    expect(
      ev('offsetPrice <= picked.advanceCode.balancePrice', {
        offsetPrice: '',
        picked: { advanceCode: { balancePrice: 10 } },
      }),
    ).toBe(true);
    expect(ev('offsetPrice <= picked.advanceCode.balancePrice', { offsetPrice: 20, picked: {} })).toBe(false);
    expect(ev('dueDate < "2024-05-01"', { dueDate: null })).toBeNull();
    expect(ev('1 < "abc"')).toBeNull();
  });

  it('uses strict equality for everything else', () => {
    expect(ev('null == null')).toBe(true);
    expect(ev('missing == null')).toBe(true);
    expect(ev('x == 0', { x: null })).toBe(false);
    expect(ev('x == ""', { x: null })).toBe(false);
    expect(ev('status == "已完成"', { status: '已完成' })).toBe(true);
    expect(ev('true == 1')).toBe(false);
  });
});

describe('logic and conditionals', () => {
  const grade = 'totalScore >= 90 ? "S" : totalScore >= 80 ? "A" : "B"';
  it('chains ternaries', () => {
    expect(ev(grade, { totalScore: 95 })).toBe('S');
    expect(ev(grade, { totalScore: '80' })).toBe('A');
    expect(ev(grade, { totalScore: 79.99 })).toBe('B');
    const status = 'balancePrice == 0 ? "已回款" : (returnPrice > 0 ? "部分回款" : "未回款")';
    expect(ev(status, { balancePrice: 0, returnPrice: 100 })).toBe('已回款');
    expect(ev(status, { balancePrice: 50, returnPrice: 100 })).toBe('部分回款');
    expect(ev(status, { balancePrice: 50 })).toBe('未回款');
  });

  it('treats a decimal zero as false and returns operands from && and ||', () => {
    expect(ev('(0.1 - 0.1) ? "yes" : "no"')).toBe('no');
    expect(ev('!(1 - 1)')).toBe(true);
    expect(ev('!x', { x: 'a' })).toBe(false);
    expect(ev('a || "默认"', { a: '' })).toBe('默认');
    expect(ev('a && b', { a: 1, b: 'x' })).toBe('x');
    expect(ev('a && b', { a: 0, b: 'x' })).toBe(0);
    expect(ev('a ?? 5', { a: null })).toBe(5);
    expect(ev('a ?? 5', { a: 0 })).toBe(0);
  });
});

describe('scope and member access', () => {
  it('reads picked records and lines, null-safe', () => {
    const scope = { picked: { advanceCode: { balancePrice: '88.50', code: 'JZ-1' } }, lines: [{ price: 3 }] };
    expect(ev('picked.advanceCode.balancePrice', scope)).toBe('88.50');
    expect(ev('picked["advanceCode"].code', scope)).toBe('JZ-1');
    expect(ev('picked.advanceCode.balancePrice * 2', scope)).toBe(177);
    expect(ev('picked.other.balancePrice', scope)).toBeNull();
    expect(ev('picked?.other?.balancePrice', scope)).toBeNull();
    expect(ev('lines[0].price', scope)).toBe(3);
    expect(ev('lines[5].price', scope)).toBeNull();
    expect(ev('lines.length', scope)).toBe(1);
    expect(ev('name.length', { name: 'abc' })).toBeNull();
  });

  it('gives null for unknown names and never reads the prototype', () => {
    expect(ev('nothing')).toBeNull();
    expect(ev('nothing.deeper.still')).toBeNull();
    expect(ev('toString')).toBeNull();
    expect(ev('hasOwnProperty')).toBeNull();
    expect(ev('a.toString', { a: {} })).toBeNull();
    expect(ev('a.valueOf', { a: [] })).toBeNull();
    expect(ev('(1 + 2).c')).toBeNull(); // a decimal's internals are not data
  });

  it('cannot see globals', () => {
    for (const name of [
      'globalThis',
      'process',
      'window',
      'global',
      'require',
      'Function',
      'eval',
      'Math',
      'undefined',
    ]) {
      expect(ev(name)).toBeNull();
      expect(ev(`${name}.constructor2`)).toBeNull();
    }
  });
});

describe('results', () => {
  it('returns JS numbers, arrays and scope values', () => {
    expect(ev('[1, 0.5 + 0.5, "a", 1 / 0]')).toEqual([1, 1, 'a', null]);
    expect(ev('-0')).toBe(0);
    expect(Object.is(ev('-0'), -0)).toBe(false);
    expect(ev('x', { x: 5 })).toBe(5);
    expect(ev('x', { x: Number.NaN })).toBeNull();
    expect(ev('x', { x: () => 1 })).toBeNull();
    expect(ev('x', { x: new Date(0) })).toBeNull();
    expect(ev('1e400 * 10')).toBeNull(); // beyond a JS number
    const rows = [{ a: 1 }];
    expect(ev('rows', { rows })).toBe(rows); // not copied
    expect(ev('true')).toBe(true);
    expect(ev('null')).toBeNull();
    expect(ev("'单引号'")).toBe('单引号');
  });

  it('does not throw on odd scopes', () => {
    expect(evalExpr('a + 1', null as unknown as Record<string, unknown>)).toBe(1);
    expect(evalExpr('sum(lines, "p")', { lines: 'oops' })).toBeNull();
  });
});
