// Migrations replayed on a data folder that already holds teams (an upgrade, not a fresh install): 028 gives every
// team without 公司账户 the items new teams start with, through the migrator as an upgrade runs it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { migrateToLatest } from '../../src/server/db/migrate';

describe.each(testDialects())('migrations on a folder with teams on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(dialect); });
  afterAll(async () => t?.close());

  it('028 gives a team without company accounts 基本户, 一般户 and 现金, and leaves a team that has them alone', async () => {
    const accounts = async () => (await sql<{ dict_name: string }>`SELECT dict_name FROM dictionaries WHERE tenant_code = ${DEMO.tenantCode}
      AND field_key = 'companyAccount' ORDER BY sort`.execute(t.db)).rows.map((r) => r.dict_name);
    expect(await accounts()).toEqual(['基本户', '一般户', '现金']);
    // As before 028: the team has no company account, and 028 has not run.
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.tenant', ${DEMO.tenantCode}, true)`.execute(trx);
      await sql`DELETE FROM dictionaries WHERE tenant_code = ${DEMO.tenantCode} AND field_key = 'companyAccount'`.execute(trx);
    });
    expect(await accounts()).toEqual([]);
    await sql`DELETE FROM kysely_migration WHERE name = '028_company_accounts'`.execute(t.db);
    await migrateToLatest(t.db);
    expect(await accounts()).toEqual(['基本户', '一般户', '现金']);
    // Run again (a second upgrade): nothing doubles.
    await sql`DELETE FROM kysely_migration WHERE name = '028_company_accounts'`.execute(t.db);
    await migrateToLatest(t.db);
    expect(await accounts()).toEqual(['基本户', '一般户', '现金']);
  });
});
