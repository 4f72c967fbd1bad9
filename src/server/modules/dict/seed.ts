// Every new team starts with the default dictionaries, marked seeded (rename only).
import type { TenantTx } from '../../db/tenant-scope';
import defaults from './defaults.json';

/** extra: the value a dictionary page declares for the key (an expenseType leaf's 会计科目 code, a salaryItem's 加项/减项). */
interface Item {
  name: string;
  code?: string;
  extra?: string;
  children?: Item[];
}

export async function seedDictionaries(trx: TenantTx, tenant: string): Promise<void> {
  for (const [fieldKey, items] of Object.entries(defaults as Record<string, Item[]>)) {
    await insertLevel(trx, tenant, fieldKey, items, null);
  }
}

async function insertLevel(trx: TenantTx, tenant: string, fieldKey: string, items: Item[], parentId: number | null) {
  if (!items.length) return;
  const rows = await trx
    .insertInto('dictionaries')
    .values(
      items.map((it, i) => ({
        tenant_code: tenant,
        field_key: fieldKey,
        parent_id: parentId,
        dict_name: it.name,
        dict_code: it.code ?? null,
        dict_extra: it.extra ?? null,
        dict_img: null,
        dict_icon: null,
        sort: i + 1,
        seeded: true,
      })),
    )
    .returning('id')
    .execute();
  for (let i = 0; i < items.length; i++) {
    if (items[i].children?.length) await insertLevel(trx, tenant, fieldKey, items[i].children!, rows[i].id);
  }
}
