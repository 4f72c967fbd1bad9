// The app as the route modules see it: a route's JSON schema, written `as const`, is also the type of its handler's
// `req.body`, `req.query` and `req.params` (json-schema-to-ts through Fastify's type provider), so a handler cannot
// claim a shape its schema does not check. Types only: at run time this is the same Fastify instance.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, JsonSchemaToTsProvider>;

/** The same instance, its routes typed by their schemas. */
export function typed(app: FastifyInstance): Api {
  return app.withTypeProvider<JsonSchemaToTsProvider>();
}
