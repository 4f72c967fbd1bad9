// A new team's category trees: the seeded nodes (one level).
import type { TenantTx } from '../../db/tenant-scope';
import defaults from '../../../../catalogue/categories.json';

export async function seedCategories(trx: TenantTx, tenant: string): Promise<void> {
  const rows = Object.entries(defaults as Record<string, string[]>).flatMap(([module, names]) =>
    names.map((name, i) => ({ tenant_code: tenant, module, parent_id: null, name, sort: i + 1 })),
  );
  if (rows.length) await trx.insertInto('categories').values(rows).execute();
}
