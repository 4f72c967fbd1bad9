// The first check of every request's data, before any route sees it: text PostgreSQL cannot store (NUL bytes,
// lone UTF-16 surrogates), numbers no column holds exactly (Infinity, 1e308, 20-digit integers: JSON.parse
// has already rounded them), and JSON nested deeper than any form of ours. Each is refused with a Chinese
// message instead of failing later as a database error.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';

/** Deeper than any page's body (record → lines → cell value → list), far below what would strain the stack. */
export const MAX_DEPTH = 32;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a parsed request value, or null. Iterative, so a 10,000-deep array cannot overflow. */
export function inputProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000') || LONE_SURROGATE.test(v)) return '参数包含非法字符';
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) return '数字超出范围';
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return '请求数据层级过深';
      for (const [k, x] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k) || k.includes('\u0000')) return '参数包含非法字符';
        stack.push([x, depth + 1]);
      }
    }
  }
  return null;
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const problem = inputProblem(req.params) ?? inputProblem(req.query) ?? inputProblem(req.body);
    if (problem) throw badRequest(problem);
  });
});
