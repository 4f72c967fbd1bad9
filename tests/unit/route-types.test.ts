// A route's schema is the type of its handler's request (src/server/typed-app.ts). The type assertions below are
// checked by the typecheck (`npm run typecheck`, which covers tests/): they fail it when the app's routes stop being
// typed by their schemas, when a shared schema piece loses its literal types, or when json-schema-to-ts reads a shape
// differently. The run-time half checks that the validator makes those types true (defaults filled, query coerced).
import { describe, expect, expectTypeOf, it } from 'vitest';
import Fastify from 'fastify';
import { routeAjv, typed, type Api } from '../../src/server/typed-app';
import { moduleParam } from '../../src/server/module-param';

const body = {
  type: 'object',
  required: ['ids', 'action'],
  properties: {
    ids: { type: 'array', items: { type: 'integer' } },
    action: { type: 'string', enum: ['agree', 'reject'] },
    pageSize: { type: 'integer', default: 20 },
    categoryId: { type: ['integer', 'null'] },
    note: { type: 'string' },
  },
} as const;

/** A route as the route modules write them: the schema inline, shared pieces (moduleParam) from constants. */
function register(app: Api, seen: unknown[]) {
  app.post(
    '/api/data/:module/try',
    { schema: { params: moduleParam, body, querystring: { type: 'object', properties: { n: { type: 'integer' } } } } },
    async (req) => {
      expectTypeOf(req.params.module).toEqualTypeOf<string>();
      expectTypeOf(req.body.ids).toEqualTypeOf<number[]>();
      expectTypeOf(req.body.action).toEqualTypeOf<'agree' | 'reject'>();
      // Filled in by the validator when the client leaves it out: present.
      expectTypeOf(req.body.pageSize).toEqualTypeOf<number>();
      expectTypeOf(req.body.categoryId).toEqualTypeOf<number | null | undefined>();
      expectTypeOf(req.body.note).toEqualTypeOf<string | undefined>();
      expectTypeOf(req.query.n).toEqualTypeOf<number | undefined>();
      seen.push(req.params.module, req.body, req.query);
      return { ok: true };
    },
  );
  // A route without a body schema gets no body type: it must be checked before use.
  app.post('/api/untyped', async (req) => {
    expectTypeOf(req.body).toEqualTypeOf<unknown>();
    return { ok: true };
  });
}

describe('routes typed by their schemas', () => {
  it('gives the handler what its type says: the same instance, defaults filled in, the query coerced', async () => {
    const app = Fastify({ ajv: routeAjv });
    expect(typed(app)).toBe(app);
    const seen: unknown[] = [];
    register(typed(app), seen);
    const res = await app.inject({
      method: 'POST',
      url: '/api/data/demo/try?n=7',
      payload: { ids: [1, 2], action: 'agree' },
    });
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual(['demo', { ids: [1, 2], action: 'agree', pageSize: 20 }, { n: 7 }]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/data/demo/try',
      payload: { ids: [1], action: 'other' },
    });
    expect(refused.statusCode).toBe(400);
    await app.close();
  });
});
