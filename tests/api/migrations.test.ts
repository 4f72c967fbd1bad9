// Migrations replayed on a data folder that already holds teams (an upgrade, not a fresh install): 028 gives every
// team without 公司账户 the items new teams start with, through the migrator as an upgrade runs it; 029 moves the team
// tables keyed by id alone to (tenant_code, id) on a folder whose approvals, roles and records are there.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { migrateToLatest } from '../../src/server/db/migrate';
import { down as teamKeysDown } from '../../src/server/db/migrations/029_team_keys';

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

  it('029 keys the team tables by (tenant_code, id) on a folder with teams, its links with the team, and keeps every row', async () => {
    const keys = async () => (await sql<{ name: string; cols: string[] }>`SELECT k.conname AS name,
      array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY x(attnum, n) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.attnum ORDER BY x.n) AS cols
      FROM pg_constraint k WHERE k.conname IN ('roles_pkey', 'records_pkey', 'tasks_pkey', 'tasks_instance_id_fkey', 'user_roles_role_id_fkey')
      ORDER BY 1`.execute(t.db)).rows.map((r) => `${r.name} (${r.cols.join(', ')})`);
    const counts = async () => (await sql<{ n: string }>`SELECT (SELECT count(*) FROM records) || '/' || (SELECT count(*) FROM tasks) || '/'
      || (SELECT count(*) FROM user_roles) AS n`.execute(t.db)).rows[0].n;
    const upgraded = ['records_pkey (tenant_code, id)', 'roles_pkey (tenant_code, id)', 'tasks_instance_id_fkey (tenant_code, instance_id)',
      'tasks_pkey (tenant_code, id)', 'user_roles_role_id_fkey (tenant_code, role_id)'];
    expect(await keys()).toEqual(upgraded);
    const before = await counts();
    // As before 029: keys by id alone.
    await teamKeysDown(t.db);
    await sql`DELETE FROM kysely_migration WHERE name = '029_team_keys'`.execute(t.db);
    expect(await keys()).toEqual(['records_pkey (id)', 'roles_pkey (id)', 'tasks_instance_id_fkey (instance_id)', 'tasks_pkey (id)', 'user_roles_role_id_fkey (role_id)']);
    await migrateToLatest(t.db);
    expect(await keys()).toEqual(upgraded);
    expect(await counts()).toBe(before);
    expect(Number(before.split('/')[1])).toBeGreaterThan(0);
  });
});
