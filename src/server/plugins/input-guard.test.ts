import { describe, expect, it } from 'vitest';
import { inputProblem, MAX_DEPTH } from './input-guard';

describe('inputProblem', () => {
  it('passes ordinary Chinese forms, emoji (surrogate pairs) and large but exact numbers', () => {
    expect(
      inputProblem({
        reason: '杭州门店安装差旅 🚚',
        lines: [{ price: 1234567.89, quantity: 9007199254740991 }],
        tags: [],
      }),
    ).toBeNull();
    expect(inputProblem(undefined)).toBeNull();
  });
  it('refuses NUL bytes and lone surrogates, in values and in keys', () => {
    expect(inputProblem({ username: 'a\u0000b' })).toBe('参数包含非法字符');
    expect(inputProblem({ lines: [{ remark: 'x\ud800' }] })).toBe('参数包含非法字符');
    expect(inputProblem({ a: '\udc00y' })).toBe('参数包含非法字符');
    expect(inputProblem({ ['k\u0000']: 1 })).toBe('参数包含非法字符');
  });
  it('refuses numbers no column holds exactly', () => {
    for (const n of [Infinity, -Infinity, NaN, 1e308, 12345678901234567890, -1e16])
      expect(inputProblem({ n })).toBe('数字超出范围');
  });
  it('refuses nesting deeper than any form, without recursion (10,000 levels)', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(inputProblem(deep)).toBe('请求数据层级过深');
    let ok: unknown = 1;
    for (let i = 0; i < MAX_DEPTH - 1; i++) ok = { a: ok };
    expect(inputProblem(ok)).toBeNull();
  });
});
