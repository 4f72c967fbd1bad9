// Dictionary items presented as options: value = id, label = dictName,
// title = the path of names joined by '/', isLeaf when there are no children.
import type { Option } from './types';

export interface DictItem {
  id: string | number;
  dictName: string;
  dictCode?: string;
  dictImg?: string;
  dictIcon?: string;
  parentId?: string | number | null;
  children?: DictItem[];
}

export function dictToOptions(items: DictItem[], parentPath: string[] = []): Option[] {
  return items.map((d) => {
    const path = [...parentPath, d.dictName];
    const children = d.children?.length ? dictToOptions(d.children, path) : undefined;
    return {
      label: d.dictName,
      value: d.id,
      id: d.id,
      dictCode: d.dictCode,
      dictImg: d.dictImg,
      icon: d.dictIcon,
      parentId: d.parentId ?? null,
      title: path.join('/'),
      isLeaf: !children,
      children,
    };
  });
}

/** Finds options by value anywhere in a tree. */
export function findOption(options: Option[], value: unknown): Option | undefined {
  for (const o of options) {
    if (o.value === value || String(o.value) === String(value)) return o;
    const hit = o.children && findOption(o.children, value);
    if (hit) return hit;
  }
  return undefined;
}
