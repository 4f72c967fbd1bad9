// Bulk demo-shaped reimbursements for the bench: the same JSON shape the API stores (ids with their
// names, numeric money, a stage after approval), spread over a year and every status, inserted in SQL.
import { sql } from 'kysely';
import type { DB } from '../../src/server/db';
import { createTeam } from '../../src/server/modules/tenant/teams';
import type { SchemaRegistry } from '../../src/server/modules/records/schema-registry';

const CHUNK = 50_000;

/** Inserts n records of module reimburseManage for one team, then brings its kept count up to date. */
export async function loadTeam(db: DB, tenant: string, n: number) {
  const user = (
    await db.selectFrom('memberships').select('user_id').where('tenant_code', '=', tenant).executeTakeFirstOrThrow()
  ).user_id;
  const dict = async (key: string) =>
    (
      await db
        .selectFrom('dictionaries')
        .select('id')
        .where('tenant_code', '=', tenant)
        .where('field_key', '=', key)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [dept, type] = [await dict('dept'), await dict('expenseType')];
  for (let from = 1; from <= n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK - 1);
    await sql`
      INSERT INTO records (tenant_code, module, code, status, data, lines, created_by, created_at, updated_at)
      SELECT ${tenant}, 'reimburseManage', 'BX' || to_char(d, 'YYYYMMDD') || lpad(g::text, 8, '0'), st,
        jsonb_build_object('applicantId', ${user}::bigint, 'applicantIdName', '张三', 'deptId', ${dept}::bigint, 'deptIdName', '业务部',
          'applyDate', to_char(d, 'YYYY-MM-DD'), 'reason', (ARRAY['客户拜访打车费','上海展会出差','办公用品采购','项目现场耗材','样品快递费','广州门店巡检'])[1 + g % 6] || ' 第' || g || '号',
          'totalPrice', p, 'offsetPrice', 0, 'actualPrice', p)
          || CASE WHEN st = '已通过' THEN jsonb_build_object('stage', CASE WHEN g % 2 = 0 THEN '已支付' ELSE '待支付' END) ELSE '{}'::jsonb END,
        jsonb_build_array(jsonb_build_object('expenseType', ${type}::bigint, 'expenseTypeName', '差旅费', 'occurDate', to_char(d, 'YYYY-MM-DD'), 'price', p, 'description', '明细')),
        ${user}, d, d
      FROM generate_series(${from}::int, ${to}::int) g,
        LATERAL (SELECT now() - ((g * 7919) % 365) * interval '1 day' - (g % 86400) * interval '1 second' AS d,
                        round((((g * 2654435761::bigint) % 500000) / 100.0)::numeric, 2) AS p,
                        (ARRAY['待提交','审批中','已通过','已通过','已通过','已驳回','已撤回'])[1 + g % 7] AS st) x`.execute(
      db,
    );
  }
  await sql`INSERT INTO record_counts (tenant_code, module, n)
    SELECT ${tenant}, 'reimburseManage', count(*) FROM records WHERE tenant_code = ${tenant} AND module = 'reimburseManage' AND deleted_at IS NULL
    ON CONFLICT (tenant_code, module) DO UPDATE SET n = excluded.n`.execute(db);
}

/** The demo team plus teams of similar size, so the measured team is one among many. */
export async function loadTeams(
  db: DB,
  schemas: SchemaRegistry,
  demoTenant: string,
  teams: number,
  perTeam: number,
  log: (s: string) => void,
) {
  const others: string[] = [];
  for (let i = 1; i < teams; i++) {
    const owner = await db
      .insertInto('users')
      .values({
        username: `bench${i}`,
        mobile: `1390000${String(i).padStart(4, '0')}`,
        nick_name: `基准${i}`,
        password_hash: 'x',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    others.push(await createTeam(db, owner.id, { tenantName: `基准团队${i}`, tenantType: 'enterprise' }, schemas));
  }
  for (const t of [demoTenant, ...others]) {
    const t0 = Date.now();
    await loadTeam(db, t, perTeam);
    log(`  loaded ${perTeam.toLocaleString()} records for ${t} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  // As a settled database would be: hint bits set, visibility map built (index-only scans), statistics fresh.
  await sql`VACUUM (ANALYZE) records`.execute(db);
  await sql`CHECKPOINT`.execute(db);
}
