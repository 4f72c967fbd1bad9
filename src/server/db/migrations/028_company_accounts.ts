import { sql, type Kysely } from 'kysely';
import { inTransaction } from './run-sql';

// Teams made before 公司账户 (companyAccount) existed get the items new teams start with, so the 支付/回款 dialogs'
// account pickers have something to offer; each team renames them in 财务字典 (开户行、尾号). The names are written
// here, not read from today's defaults: a migration replays what was decided when it was written.
const ITEMS = ['基本户', '一般户', '现金'];

export async function up(db: Kysely<any>): Promise<void> {
  const teams = (await sql<{ tenant_code: string }>`SELECT tenant_code FROM tenants ORDER BY tenant_code`.execute(db))
    .rows;
  for (const { tenant_code: tenant } of teams) {
    await inTransaction(db, async (trx) => {
      // Each team's rows are written with its own app.tenant, so row-level security admits them.
      await sql`SELECT set_config('app.tenant', ${tenant}, true)`.execute(trx);
      const has =
        await sql`SELECT 1 FROM dictionaries WHERE tenant_code = ${tenant} AND field_key = 'companyAccount' LIMIT 1`.execute(
          trx,
        );
      if (has.rows.length) return;
      for (const [i, name] of ITEMS.entries()) {
        await sql`INSERT INTO dictionaries (tenant_code, field_key, parent_id, dict_name, sort, seeded)
          VALUES (${tenant}, 'companyAccount', NULL, ${name}, ${i + 1}, true)`.execute(trx);
      }
    });
  }
}
