// `npm run check:schemas`: the page-schema checker (src/common/schema/check.ts) over schemas/ with the catalogue's
// modules and the dictionaries every team starts with; one line per problem, exit 1 when there is any.
// Also the node loader the Vite plugin and the unit test use, so all read the same files the same way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPageSchemas, formatProblem, type CheckContext, type SchemaFile, type SchemaProblem } from '../src/common/schema/check';
import { ACTIONS, MODULES, TEAM_PERMISSIONS } from '../src/server/modules/menu/catalogue';
import dictionaryDefaults from '../src/server/modules/dict/defaults.json';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every page schema under `dir` (page.schema.json, the meta-schema, left out), named schemas/<folder>/<name>.json. */
export function readSchemaFiles(dir = path.join(ROOT, 'schemas')): SchemaFile[] {
  const list = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(d, e.name);
    if (e.isDirectory()) return list(p);
    return e.name.endsWith('.json') && e.name !== 'page.schema.json' ? [p] : [];
  }).sort();
  return list(dir).map((f) => ({ file: path.relative(path.dirname(dir), f).split(path.sep).join('/'), schema: JSON.parse(fs.readFileSync(f, 'utf8')) }));
}

interface Item { name: string; children?: Item[] }
const names = (items: Item[]): string[] => items.flatMap((i) => [i.name, ...names(i.children ?? [])]);

/** What the checker compares the pages with: the catalogue, its actions, and the seeded dictionaries. */
export function checkContext(): CheckContext {
  return {
    modules: MODULES,
    standardActions: ACTIONS,
    teamPermissions: TEAM_PERMISSIONS,
    dictionaries: Object.fromEntries(Object.entries(dictionaryDefaults as Record<string, Item[]>).map(([k, v]) => [k, names(v)])),
  };
}

export function checkSchemaDir(dir?: string): SchemaProblem[] {
  return checkPageSchemas(readSchemaFiles(dir), checkContext());
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`) {
  const problems = checkSchemaDir(process.argv[2]);
  for (const p of problems) console.log(formatProblem(p));
  console.log(problems.length ? `页面配置检查：${problems.length} 处问题` : '页面配置检查：没有问题');
  process.exit(problems.length ? 1 : 0);
}
