// The built-in `region` dictionary (省/市/区): China's administrative divisions (GB/T 2260) from the
// `@vant/area-data` package, the same for every team and read-only. A value is the path of names
// (["广东省", "深圳市", "南山区"]) — what prints and lists show, and what the earlier embedded 省/市 trees
// stored, so their records stay valid. The server checks a saved path step by step (records/labels.ts).
import { areaList } from '@vant/area-data';
import type { DictNode } from './node';
import type { DerivedDictKey } from './derived-keys';

export const REGION_KEY: DerivedDictKey = 'region';

let built: DictNode[] | null = null;

/** The province → city → district tree, built once; a node's id is its name (unique among its siblings). */
export function regionNodes(): DictNode[] {
  if (built) return built;
  const mk = (code: string, name: string, parent: string | null): DictNode => ({
    id: name,
    dictName: name,
    dictCode: code,
    dictImg: null,
    dictIcon: null,
    parentId: parent,
    fieldKey: REGION_KEY,
  });
  const provinces = new Map<string, DictNode>();
  const cities = new Map<string, DictNode>();
  for (const [code, name] of Object.entries(areaList.province_list as Record<string, string>))
    provinces.set(code.slice(0, 2), mk(code, name, null));
  for (const [code, name] of Object.entries(areaList.city_list as Record<string, string>)) {
    const p = provinces.get(code.slice(0, 2));
    if (!p) continue;
    const c = mk(code, name, String(p.id));
    (p.children ??= []).push(c);
    cities.set(code.slice(0, 4), c);
  }
  for (const [code, name] of Object.entries(areaList.county_list as Record<string, string>)) {
    const c = cities.get(code.slice(0, 4));
    if (c) (c.children ??= []).push(mk(code, name, String(c.id)));
  }
  built = [...provinces.values()];
  return built;
}
