// A record page's lists: the page itself and its nested entities, each with its own list, drawer and stages.
import type { AnyPageSchema, EntityDef } from './types';

/** The page and its entities, in order; none for a page without a list (dictionary, team-admin… pages). */
export function recordListsOf(schema: AnyPageSchema): EntityDef[] {
  if (!('list' in schema)) return [];
  const page = schema as unknown as EntityDef & { entities?: EntityDef[] };
  return [page, ...(page.entities ?? [])];
}
