// The sandbox: what is refused at compile time, limits, the cache, schema-load checks and speed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkExprAgainst, compileExpr, evalExpr, ExprError, FUNCTION_NAMES, isSafeIdentifier, LIMITS } from './index';

function refusal(source: string): string {
  try {
    compileExpr(source);
  } catch (err) {
    expect(err).toBeInstanceOf(ExprError);
    return (err as Error).message;
  }
  throw new Error(`compiled: ${source}`);
}

describe('refused at compile time', () => {
  it('prototype keys, this, assignment, new, member calls', () => {
    expect(refusal('constructor')).toContain('constructor');
    expect(refusal('a.constructor')).toContain('constructor');
    expect(refusal('a["__proto__"]')).toContain('__proto__');
    expect(refusal('a.__proto__.x')).toContain('__proto__');
    expect(refusal('lines.prototype')).toContain('prototype');
    expect(refusal('sum(lines, "constructor")')).toContain('constructor');
    expect(refusal('this')).toContain('this');
    expect(refusal('this.x')).toContain('this');
    expect(refusal('a = 1')).toMatch(/^表达式语法错误/);
    expect(refusal('a += 1')).toMatch(/^表达式语法错误/);
    expect(refusal('new Foo()')).toMatch(/^表达式语法错误/);
    expect(refusal('a.b()')).toContain('内置函数');
    expect(refusal('a["toString"]()')).toContain('内置函数');
    expect(refusal('(a || b)(1)')).toContain('内置函数');
  });

  it('functions outside the whitelist, wrong arity, unquoted property names', () => {
    expect(refusal('eval("1")')).toBe('未知函数：eval');
    expect(refusal('Function("return 1")')).toBe('未知函数：Function');
    expect(refusal('toString()')).toBe('未知函数：toString');
    expect(refusal('constructor()')).toContain('constructor');
    expect(refusal('sum(lines, "a", "b")')).toContain('用法');
    expect(refusal('days(a)')).toContain('days');
    expect(refusal('if(a)')).toContain('if');
    expect(refusal('sum(lines, price)')).toContain('带引号的属性名');
  });

  it('computed member keys, unsupported operators and literals, syntax errors', () => {
    expect(refusal('a[b]')).toContain('固定的名称');
    expect(refusal('a[1 + 1]')).toContain('固定的名称');
    expect(refusal('a[-1]')).toContain('固定的名称');
    for (const op of ['&', '|', '^', '<<', '>>', '>>>', '**']) expect(refusal(`a ${op} b`)).toContain('不支持运算符');
    expect(refusal('~a')).toContain('不支持运算符');
    expect(refusal('/ab+c/')).toMatch(/^表达式语法错误/);
    expect(refusal('`x${a}`')).toMatch(/^表达式语法错误/);
    expect(refusal('a; b')).toMatch(/^表达式语法错误/);
    expect(refusal('(a, b)')).toMatch(/^表达式语法错误/);
    expect(refusal('[1, , 2]')).toContain('空位');
    expect(refusal('a ? b')).toMatch(/^表达式语法错误/);
    expect(refusal('sum(lines, "price"')).toMatch(/^表达式语法错误/);
    expect(refusal('')).toBe('表达式为空');
    expect(refusal('   ')).toBe('表达式为空');
  });

  it('overlong text and deep nesting', () => {
    expect(refusal('1+'.repeat(300) + '1')).toContain('过长');
    expect(refusal('-'.repeat(LIMITS.maxDepth + 5) + '1')).toContain('嵌套过深');
    expect(refusal('['.repeat(LIMITS.maxDepth + 5) + '1' + ']'.repeat(LIMITS.maxDepth + 5))).toContain('嵌套过深');
    // A long but realistic flat sum is fine.
    const fields = Array.from({ length: 40 }, (_, i) => `f${i}`);
    expect(evalExpr(fields.join(' + '), Object.fromEntries(fields.map((f) => [f, 0.1])))).toBe(4);
  });

  it('every listed function name is known to the compiler', () => {
    for (const name of FUNCTION_NAMES) {
      let message = '';
      try {
        compileExpr(`${name}(1, 2, 3, 4, 5, 6)`);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).not.toContain('未知函数');
    }
  });
});

describe('compileExpr', () => {
  it('caches by source and reports root identifiers', () => {
    const c = compileExpr('quantity * unitPrice + quantity');
    expect(compileExpr('quantity * unitPrice + quantity')).toBe(c);
    expect(c.identifiers).toEqual(['quantity', 'unitPrice']);
    expect(c.source).toBe('quantity * unitPrice + quantity');
    expect(compileExpr('sum(lines, "price", "type", kind)').identifiers).toEqual(['lines', 'kind']);
    expect(compileExpr('offsetPrice <= picked.advanceCode.balancePrice').identifiers).toEqual([
      'offsetPrice',
      'picked',
    ]);
    expect(compileExpr('today()').identifiers).toEqual([]);
    expect(c.run({ quantity: 2, unitPrice: 3 })).toBe(8);
  });

  it('stays bounded', () => {
    const first = compileExpr('x + 0');
    for (let i = 1; i <= LIMITS.cacheSize; i++) compileExpr(`x + ${i}`);
    expect(compileExpr('x + 0')).not.toBe(first); // evicted, compiled afresh
    expect(compileExpr('x + 0').run({ x: 1 })).toBe(1);
  });

  it('shares frozen results so one caller cannot change another’s', () => {
    const c = compileExpr('a + b');
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.identifiers)).toBe(true);
  });
});

describe('checkExprAgainst and isSafeIdentifier', () => {
  const known = new Set(['quantity', 'unitPrice', 'lines', 'picked']);
  it('reports unknown root names and compile errors', () => {
    expect(checkExprAgainst('quantity * unitPrice', known)).toBeNull();
    expect(checkExprAgainst('sum(lines, "anything") + picked.x.y', known)).toBeNull();
    expect(checkExprAgainst('quantiy * unitPrise', known)).toBe('表达式引用了未知的名称：quantiy、unitPrise');
    expect(checkExprAgainst('foo(quantity)', known)).toBe('未知函数：foo');
    expect(checkExprAgainst('quantity *', known)).toMatch(/^表达式语法错误/);
  });

  it('accepts plain ASCII names only', () => {
    for (const ok of ['price', '_x', '$today', 'a1', 'contractPrice']) expect(isSafeIdentifier(ok)).toBe(true);
    for (const bad of [
      '1a',
      'a-b',
      'a.b',
      '',
      'this',
      'true',
      'null',
      '__proto__',
      'constructor',
      'prototype',
      '价格',
      'a b',
    ]) {
      expect(isSafeIdentifier(bad)).toBe(false);
    }
  });
});

describe('module source', () => {
  it('never evaluates text as code', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const f of sources) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/\beval\s*\(/);
      expect(text, f).not.toMatch(/new\s+Function\b/);
      expect(text, f).not.toMatch(/\bFunction\s*\(/);
    }
  });
});

// How fast a sum over 200 lines runs is a speed goal, so it lives in `npm run bench` (the keystroke-to-paint figure of a
// 200-line drawer), not in a timed unit test that a busy machine fails. Here: that it sums them exactly, to the fen.
describe('200 lines', () => {
  it('sums 200 lines exactly, to the fen', () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ price: (i % 7) + 0.99, type: i % 2 ? 'a' : 'b' }));
    const c = compileExpr('sum(lines, "price")');
    expect(c.run({ lines })).toBe(lines.reduce((n, l) => n + Math.round(l.price * 100), 0) / 100);
    expect(c.run({ lines })).toBe(c.run({ lines: [...lines].reverse() }));
  });
});
