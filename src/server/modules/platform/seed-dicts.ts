// Industry seed dictionaries (行业模块 初始化字典): a new team in an industry gets the items of the
// industry's seed sets (industry-defaults.json beside it: set → fieldKey → items) appended to its default dictionaries,
// marked seeded like them. An item already present (same name, top level) is not added twice.
import type { TenantTx } from '../../db/tenant-scope';
import sets from './industry-defaults.json';

type Item = { name: string; code?: string };
const SETS = sets as Record<string, Record<string, Item[]>>;

/** The seed sets an industry may name (道具/装修/家具/展览/通用). */
export const SEED_SETS = Object.keys(SETS);

export async function seedIndustryDictionaries(trx: TenantTx, tenant: string, names: string[]): Promise<void> {
  const byKey = new Map<string, Item[]>();
  for (const n of names)
    for (const [k, items] of Object.entries(SETS[n] ?? {})) byKey.set(k, [...(byKey.get(k) ?? []), ...items]);
  for (const [fieldKey, items] of byKey) {
    const have = await trx
      .selectFrom('dictionaries')
      .select(['dict_name', 'sort'])
      .where('tenant_code', '=', tenant)
      .where('field_key', '=', fieldKey)
      .where('parent_id', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    const names = new Set(have.map((h) => h.dict_name));
    let sort = Math.max(0, ...have.map((h) => h.sort ?? 0));
    const fresh = items.filter((it) => !names.has(it.name) && names.add(it.name));
    if (!fresh.length) continue;
    await trx
      .insertInto('dictionaries')
      .values(
        fresh.map((it) => ({
          tenant_code: tenant,
          field_key: fieldKey,
          parent_id: null,
          dict_name: it.name,
          dict_code: it.code ?? null,
          dict_extra: null,
          dict_img: null,
          dict_icon: null,
          sort: ++sort,
          seeded: true,
        })),
      )
      .execute();
  }
}
