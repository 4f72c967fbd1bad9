// Route validators compiled on demand (docs/performance.md, "A lean start").
import AjvCompiler from '@fastify/ajv-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * Fastify's own validator compiler (the same Ajv, options and shared schemas), but each route's validator is compiled at
 * the route's first request instead of at start: compiling the ~130 routes' schemas took ~0.4 s of CPU before a
 * server's first answer (docs/performance.md, "A lean start"). Answers are the same; `errors` is passed on as Fastify reads it.
 */
export function lazyValidators() {
  const build = AjvCompiler();
  return (externalSchemas: unknown, options: unknown) => {
    const compile = (build as (e: unknown, o: unknown) => (route: unknown) => Validate)(externalSchemas, options);
    return (route: unknown): Validate => {
      let fn: Validate | undefined;
      const validate: Validate = (data) => {
        fn ??= compile(route);
        const result = fn(data);
        validate.errors = fn.errors;
        return result;
      };
      return validate;
    };
  };
}
