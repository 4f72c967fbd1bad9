// The app as the route modules see it: a route's JSON schema is also the type of its handler's `req.body`,
// `req.query` and `req.params` (json-schema-to-ts through Fastify's type provider), so a handler cannot claim a shape
// its schema does not check. Fastify infers a schema written inline in the route with its literal types; a schema
// piece kept in a constant must be written `as const`, or the part it stands in becomes `unknown`.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  JsonSchemaToTsProvider
>;

/**
 * The validator's options, on which the types rest: a property with a `default` is typed as present because the
 * validator fills it in (useDefaults), a query's `integer` is a number because it is coerced from the text
 * (coerceTypes), and properties the schema does not name pass through unless it says `additionalProperties: false`.
 */
export const routeAjv = { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true } } as const;

/** The same instance, its routes typed by their schemas (types only: nothing changes at run time). */
export function typed(app: FastifyInstance): Api {
  return app.withTypeProvider<JsonSchemaToTsProvider>();
}
