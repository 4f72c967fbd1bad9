// Every page schema under schemas/, found at build time and loaded on demand, keyed by its route path.
// A new module is a JSON file: no code here changes.
import { getStoredMenuTree } from '../../api/team';
import type { MenuNode } from '../../../common/menu';

const files = import.meta.glob<{ default: unknown }>(['../../../../schemas/**/*.json', '!**/page.schema.json']);

const byRoute = new Map<string, { file: string; load: () => Promise<unknown> }>();
for (const [path, load] of Object.entries(files)) {
  if (path.endsWith('/page.schema.json')) continue;
  const file = path.replace(/^(\.\.\/)+/, '');
  // schemas/<folder>/<module>.json answers /<module> and /<folder>/<module> (routes with a folder, e.g. /design/…).
  const name = file
    .split('/')
    .pop()!
    .replace(/\.json$/, '');
  // One load per visit: the page and the module that starts its first reads (app/boot-requests.ts) wait on the same one.
  let loading: Promise<unknown> | undefined;
  const entry = {
    file,
    load: () =>
      (loading ??= load().then(
        (m) => m.default,
        (err) => {
          loading = undefined;
          throw err;
        },
      )),
  };
  byRoute.set(`/${name}`, entry);
  byRoute.set(`/${file.replace(/^schemas\//, '').replace(/\.json$/, '')}`, entry);
}

/**
 * The page of a route: its schema's, or — for a route the platform renamed (模块设置 路由) — the page of the
 * module whose menu node links there (the session's menu tree names the module).
 */
export function schemaForRoute(pathname: string) {
  return byRoute.get(pathname) ?? aliasOf(pathname);
}

function aliasOf(pathname: string) {
  const walk = (nodes: MenuNode[]): MenuNode | undefined => {
    for (const n of nodes) {
      if (n.menuPath === pathname && n.name) return n;
      const hit = walk(n.children ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  const node = walk(getStoredMenuTree());
  return node ? byRoute.get(`/${node.name}`) : undefined;
}

/** Every route path that has a page schema. */
export function schemaRoutes(): string[] {
  return [...byRoute.keys()];
}
