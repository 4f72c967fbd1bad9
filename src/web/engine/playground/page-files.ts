// Every page file under schemas/, found at build time and read on demand, with the menu area the catalogue files its
// module under (catalogue/modules.json: a route's last segment is its module key); a file the catalogue does not
// list (an example) falls under 其他.
import catalogue from '../../../../catalogue/modules.json';
import type { SchemaFile } from '../../../common/schema/check';

const loaders = import.meta.glob<{ default: unknown }>(['../../../../schemas/**/*.json', '!**/page.schema.json']);

export interface PageFile {
  /** schemas/<folder>/<name>.json */
  file: string;
  /** The catalogue's name of the module (道具登记), else the file's name. */
  title: string;
  /** The catalogue's menu group (props), or `other`. */
  area: string;
}

export interface Area {
  area: string;
  title: string;
  pages: PageFile[];
}

export const OTHER_AREA = 'other';
const byKey = new Map(catalogue.modules.map((m) => [m.key, m]));
const nameOf = (file: string) =>
  file
    .split('/')
    .pop()!
    .replace(/\.json$/, '');

export const PAGE_FILES: PageFile[] = Object.keys(loaders)
  .map((path) => {
    const file = path.replace(/^(\.\.\/)+/, '');
    const m = byKey.get(nameOf(file));
    return { file, title: m?.name ?? nameOf(file), area: m?.group ?? OTHER_AREA };
  })
  .sort((a, b) => a.file.localeCompare(b.file));

/** The menu areas in the catalogue's order, each with its pages in menu order; 其他 last. */
export const AREAS: Area[] = [
  ...catalogue.groups.map((g) => ({ area: g.group, title: g.groupTitle })),
  { area: OTHER_AREA, title: '其他' },
]
  .map((a) => {
    const order = (p: PageFile) => {
      const i = catalogue.modules.findIndex((m) => m.key === nameOf(p.file));
      return i < 0 ? Infinity : i;
    };
    return { ...a, pages: PAGE_FILES.filter((p) => p.area === a.area).sort((x, y) => order(x) - order(y)) };
  })
  .filter((a) => a.pages.length);

/** The file a route opens (/<name> or /<folder>/<name>), as the app's router finds it. */
export function fileOfRoute(path: string): string | undefined {
  const route = path.replace(/^\/+/, '').replace(/[?#].*$/, '');
  return PAGE_FILES.find((p) => p.file === `schemas/${route}.json` || nameOf(p.file) === route)?.file;
}

const path = (file: string) => Object.keys(loaders).find((p) => p.replace(/^(\.\.\/)+/, '') === file);

/** One page file's parsed JSON. */
export async function loadPageFile(file: string): Promise<unknown> {
  const p = path(file);
  if (!p) throw new Error(`没有页面文件 ${file}`);
  return (await loaders[p]()).default;
}

let all: Promise<SchemaFile[]> | undefined;
/** Every page file, read once: the checker resolves what a page names in the others, the sample data their records. */
export function loadPageFiles(): Promise<SchemaFile[]> {
  all ??= Promise.all(PAGE_FILES.map(async ({ file }) => ({ file, schema: await loadPageFile(file) })));
  return all;
}

/** The catalogue's modules, which the checker compares tab bars and permission codes with. */
export const CATALOGUE_MODULES = catalogue.modules as { key: string; actions?: string[] }[];
