// Sample items of every dictionary the pages name (`data: { fieldKey }`, a dictionary page's keys, a tree's key),
// named after what names them (单位 → 单位甲, 单位乙…); a key a tree or cascader reads gets a second level.
import type { DictItem } from '../../../common/schema/dictionary';
import type { DictEntry } from '../../api/data-provider';

const NAMES = ['甲', '乙', '丙', '丁'];
const TREE_TYPES = new Set(['treeSelect', 'cascader']);

type Node = Record<string, unknown>;
const isObj = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every fieldKey the pages name, with the title of what names it and whether it is read as a tree. */
export function dictionaryKeys(pages: unknown[]): Map<string, { title: string; tree: boolean }> {
  const keys = new Map<string, { title: string; tree: boolean }>();
  const note = (key: string, title: string, tree: boolean) => {
    const had = keys.get(key);
    keys.set(key, { title: had?.title ?? title, tree: tree || !!had?.tree });
  };
  const walk = (v: unknown, title: string, tree: boolean) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, title, tree));
    if (!isObj(v)) return;
    const own = [v.titleName, v.label, v.title].find((t): t is string => typeof t === 'string') ?? title;
    const treeHere = tree || TREE_TYPES.has(String(v.fontendType)) || v.tree === true;
    if (typeof v.fieldKey === 'string') note(v.fieldKey, own, treeHere);
    for (const x of Object.values(v)) walk(x, own, treeHere);
  };
  // The last page first: the page being tried (given last) names the items of the dictionaries it reads (报销人甲).
  walk([...pages].reverse(), '选项', false);
  return keys;
}

/**
 * The items every named dictionary starts with; ids are small numbers as the server's are, stable across sessions (the
 * demo member is user 1, so a 成员 default names 成员甲).
 */
export function sampleDictEntries(pages: unknown[]): Record<string, DictEntry[]> {
  const entry = (
    fieldKey: string,
    id: number,
    dictName: string,
    sort: number,
    parentId: number | null = null,
  ): DictEntry => ({
    id,
    fieldKey,
    dictName,
    dictCode: null,
    dictImg: null,
    dictIcon: null,
    dictExtra: null,
    parentId,
    status: 1,
    seeded: false,
    sort,
  });
  const out: Record<string, DictEntry[]> = {};
  for (const [key, { title, tree }] of dictionaryKeys(pages)) {
    out[key] = NAMES.map((n, i) => {
      const item = entry(key, i + 1, `${title}${n}`, i + 1);
      if (tree && i === 0)
        item.children = ['一', '二'].map((c, k) => entry(key, (i + 1) * 10 + k + 1, `${title}${n}${c}`, k + 1, i + 1));
      return item;
    });
  }
  return out;
}

/** The enabled items of a dictionary as its options read them (no nulls). */
export function offered(entries: DictEntry[]): DictItem[] {
  return entries
    .filter((e) => e.status !== 0)
    .map((e) => ({
      id: e.id,
      dictName: e.dictName,
      dictCode: e.dictCode ?? undefined,
      dictImg: e.dictImg ?? undefined,
      parentId: e.parentId ?? null,
      children: e.children?.length ? offered(e.children) : undefined,
    }));
}
