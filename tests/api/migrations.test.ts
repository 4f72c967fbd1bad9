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
import { down as byModuleDown } from '../../src/server/db/migrations/031_records_by_module';

describe.each(testDialects())('migrations on a folder with teams on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('028 gives a team without company accounts 基本户, 一般户 and 现金, and leaves a team that has them alone', async () => {
    const accounts = async () =>
      (
        await sql<{ dict_name: string }>`SELECT dict_name FROM dictionaries WHERE tenant_code = ${DEMO.tenantCode}
      AND field_key = 'companyAccount' ORDER BY sort`.execute(t.db)
      ).rows.map((r) => r.dict_name);
    expect(await accounts()).toEqual(['基本户', '一般户', '现金']);
    // As before 028: the team has no company account, and 028 has not run.
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.tenant', ${DEMO.tenantCode}, true)`.execute(trx);
      await sql`DELETE FROM dictionaries WHERE tenant_code = ${DEMO.tenantCode} AND field_key = 'companyAccount'`.execute(
        trx,
      );
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
    const keys = async () =>
      (
        await sql<{ name: string; cols: string[] }>`SELECT k.conname AS name,
      array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY x(attnum, n) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.attnum ORDER BY x.n) AS cols
      FROM pg_constraint k WHERE k.conname IN ('roles_pkey', 'records_pkey', 'tasks_pkey', 'tasks_instance_id_fkey', 'user_roles_role_id_fkey')
      ORDER BY 1`.execute(t.db)
      ).rows.map((r) => `${r.name} (${r.cols.join(', ')})`);
    const counts = async () =>
      (
        await sql<{ n: string }>`SELECT (SELECT count(*) FROM records) || '/' || (SELECT count(*) FROM tasks) || '/'
      || (SELECT count(*) FROM user_roles) AS n`.execute(t.db)
      ).rows[0].n;
    const upgraded = [
      'records_pkey (tenant_code, id, module)',
      'roles_pkey (tenant_code, id)',
      'tasks_instance_id_fkey (tenant_code, instance_id)',
      'tasks_pkey (tenant_code, id)',
      'user_roles_role_id_fkey (tenant_code, role_id)',
    ];
    expect(await keys()).toEqual(upgraded);
    const before = await counts();
    // As before 029 (and so before 031, which partitions records): keys by id alone.
    await byModuleDown(t.db);
    await sql`DELETE FROM kysely_migration WHERE name = '031_records_by_module'`.execute(t.db);
    await teamKeysDown(t.db);
    await sql`DELETE FROM kysely_migration WHERE name = '029_team_keys'`.execute(t.db);
    expect(await keys()).toEqual([
      'records_pkey (id)',
      'roles_pkey (id)',
      'tasks_instance_id_fkey (instance_id)',
      'tasks_pkey (id)',
      'user_roles_role_id_fkey (role_id)',
    ]);
    await migrateToLatest(t.db);
    expect(await keys()).toEqual(upgraded);
    expect(await counts()).toBe(before);
    expect(Number(before.split('/')[1])).toBeGreaterThan(0);
  });

  it('031 partitions records by module on a folder with teams, keeps every row and id, and the audit trail still names records', async () => {
    const shape = async () =>
      (
        await sql<{ kind: string; parts: number }>`SELECT c.relkind::text AS kind,
      (SELECT count(*)::int FROM pg_inherits i WHERE i.inhparent = c.oid) AS parts FROM pg_class c WHERE c.relname = 'records'`.execute(
          t.db,
        )
      ).rows[0];
    const rows = async () =>
      (
        await sql<{
          n: string;
        }>`SELECT count(*) || '/' || max(id) || '/' || count(DISTINCT module) AS n FROM records`.execute(t.db)
      ).rows[0].n;
    const held = await rows();
    const modules = Number(held.split('/')[2]);
    await byModuleDown(t.db);
    await sql`DELETE FROM kysely_migration WHERE name = '031_records_by_module'`.execute(t.db);
    expect(await shape()).toEqual({ kind: 'r', parts: 0 });
    expect(await rows()).toBe(held);
    await migrateToLatest(t.db);
    // One partition per module the folder holds, and the DEFAULT one.
    expect(await shape()).toEqual({ kind: 'p', parts: modules + 1 });
    expect(await rows()).toBe(held);
    const where = (
      await sql<{
        part: string;
        module: string;
      }>`SELECT DISTINCT tableoid::regclass::text AS part, module FROM records`.execute(t.db)
    ).rows;
    for (const w of where) expect(w.part.replace(/"/g, '')).toBe(`records__${w.module}`);
    // A write through the team's transaction: a new id from the same sequence, its row in its module's partition, one
    // audit entry whose entity is records.
    const id = await t.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.tenant', ${DEMO.tenantCode}, true)`.execute(trx);
      await sql`SET LOCAL ROLE yiguan_app`.execute(trx);
      const r = await sql<{
        id: number;
        part: string;
      }>`INSERT INTO records (tenant_code, module, code, created_by) VALUES (${DEMO.tenantCode}, 'reimburseManage', 'BX-MIGRATED', 1)
        RETURNING id, tableoid::regclass::text AS part`.execute(trx);
      expect(r.rows[0].part).toBe('"records__reimburseManage"');
      return Number(r.rows[0].id);
    });
    expect(id).toBeGreaterThan(Number(held.split('/')[1]));
    const audit = await sql<{ entity: string }>`SELECT entity FROM audit_log WHERE record_id = ${id}`.execute(t.db);
    expect(audit.rows.map((r) => r.entity)).toEqual(['records']);
    // The application's role reaches rows through records only.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL ROLE yiguan_app`.execute(trx);
        await sql`SELECT 1 FROM "records__reimburseManage" LIMIT 1`.execute(trx);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});
