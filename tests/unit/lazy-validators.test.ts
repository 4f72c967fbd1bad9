// Route validators compiled at a route's first request (src/server/plugins/lazy-validators.ts): the same answers as
// Fastify's own compiler (refusals, coercion, defaults, removed properties), only later.
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { lazyValidators } from '../../src/server/plugins/lazy-validators';

const ajv = { customOptions: { removeAdditional: true, coerceTypes: 'array' as const, useDefaults: true } };
const body = {
  type: 'object',
  required: ['n'],
  additionalProperties: false,
  properties: { n: { type: 'integer', maximum: 10 }, tag: { type: 'string', default: 'x' } },
};

function app(lazy: boolean) {
  const a = Fastify({
    ajv,
    ...(lazy ? { schemaController: { compilersFactory: { buildValidator: lazyValidators() as never } } } : {}),
  });
  a.post('/echo', { schema: { body } }, async (req) => req.body);
  return a;
}

describe('lazy route validators', () => {
  it("answers as Fastify's own compiler does: refusals with the same messages, coercion, defaults, extra properties removed", async () => {
    for (const payload of [{ n: '3', extra: 1 }, { n: 11 }, { tag: 'y' }, { n: 'abc' }, { n: 2, tag: 'z' }]) {
      const [eager, lazy] = await Promise.all(
        [app(false), app(true)].map((a) => a.inject({ method: 'POST', url: '/echo', payload })),
      );
      expect(lazy.statusCode, JSON.stringify(payload)).toBe(eager.statusCode);
      expect(lazy.json()).toEqual(eager.json());
    }
    const ok = await app(true).inject({ method: 'POST', url: '/echo', payload: { n: '3', extra: 1 } });
    expect(ok.json()).toEqual({ n: 3, tag: 'x' });
    const refused = await app(true).inject({ method: 'POST', url: '/echo', payload: { n: 11 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('must be <= 10');
  });

  it("compiles a route's schema at its first request, not at start", async () => {
    const broken = (lazy: boolean) => {
      const a = Fastify({
        ajv,
        ...(lazy ? { schemaController: { compilersFactory: { buildValidator: lazyValidators() as never } } } : {}),
      });
      a.post('/x', { schema: { body: { type: 'nonsense' } } }, async () => 'ok');
      return a;
    };
    await expect(broken(false).ready()).rejects.toThrow();
    const lazy = broken(true);
    await lazy.ready();
    expect((await lazy.inject({ method: 'POST', url: '/x', payload: {} })).statusCode).toBe(500);
  });
});
