// 智能数据: the charts a page declares are aggregated by the server in SQL over the records the
// caller may see. Their figures equal sums computed here in SQL over the demo data and over records added here;
// the header's period narrows them; a 仅本人 member sees only his own; another team's records never count; bad
// input is refused with a Chinese 400 (never a 5xx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';

type Row = Record<string, any>;
type Chart = { key: string; categories: string[]; values: number[]; unit?: string; periodField: string | null };

const M = 'reimburseManage';
/** A month no demo record falls in: the records added here are all its records. */
const MONTH = '2019-03';

describe.each(testDialects())('智能数据 charts on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let zhangsan: string;
  let liuyang: string;
  let outsider: string;
  let outsiderTeam: string;
  let dict: Record<string, any[]>;
  const uid: Record<string, number> = {};

  const charts = async (body: Row, token = boss, module = M) =>
    t.call('POST', `/api/data/${module}/charts`, body, token);
  const figures = async (body: Row, token = boss) => {
    const r = await charts(body, token);
    expect(r.status, r.message).toBe(200);
    return Object.fromEntries((r.data.charts as Chart[]).map((c) => [c.key, c])) as Record<string, Chart>;
  };
  /** A chart as { label: value }. */
  const asMap = (c: Chart) => Object.fromEntries(c.categories.map((k, i) => [k, c.values[i]]));
  const d = (key: string, name: string) => dictItemId(dict, key, name);

  const claim = async (
    token: string,
    who: string,
    dept: string,
    lines: [string, number][],
    date = `${MONTH}-10`,
    submit = false,
  ) => {
    const r = await t.call(
      'POST',
      api(M, 'add'),
      {
        applicantId: uid[who],
        deptId: d('dept', dept),
        applyDate: date,
        reason: `图表测试-${who}`,
        submit,
        lines: lines.map(([type, price]) => ({ expenseType: d('expenseType', type), occurDate: date, price })),
      },
      token,
    );
    expect(r.status, r.message).toBe(200);
    return r.data as Row;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    zhangsan = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    liuyang = await t.login('liuyang', DEMO_STAFF.password);
    for (const u of ['demo', 'zhangsan', 'liuyang'])
      uid[u] = (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    dict = (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], boss))
      .data;
    await t.db
      .insertInto('users')
      .values({
        username: 'chartother',
        mobile: '13933339901',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('chartother', 'secret123');
    const team = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家图表公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家图表公司', legalPerson: '王五' },
      },
      outsider,
    );
    expect(team.status, team.message).toBe(200);
    outsiderTeam = team.data.tenantCode;
  });
  afterAll(async () => t?.close());

  /** Σ totalPrice per deptIdName, Σ line price per expenseTypeName, count per status, Σ per month — in SQL, here. */
  async function sqlFigures(tenant: string, month?: string) {
    const period = month
      ? sql`AND r.data->>'applyDate' >= ${month} AND r.data->>'applyDate' < ${month === MONTH ? '2019-04' : 'z'}`
      : sql``;
    const base = sql`r.tenant_code = ${tenant} AND r.module = ${M} AND r.deleted_at IS NULL ${period}`;
    const q = async (s: ReturnType<typeof sql>) =>
      Object.fromEntries((await (s as any).execute(t.db)).rows.map((x: Row) => [x.k, Number(x.v)]));
    return {
      byDept: await q(
        sql`SELECT r.data->>'deptIdName' AS k, round(sum(yg_num(r.data->>'totalPrice')), 2) AS v FROM records r WHERE ${base} GROUP BY 1`,
      ),
      byExpenseType: await q(
        sql`SELECT li->>'expenseTypeName' AS k, round(sum(yg_num(li->>'price')), 2) AS v FROM records r, jsonb_array_elements(r.lines) li WHERE ${base} GROUP BY 1`,
      ),
      byStatus: await q(sql`SELECT r.status AS k, count(*) AS v FROM records r WHERE ${base} GROUP BY 1`),
      byMonth: await q(
        sql`SELECT substr(r.data->>'applyDate', 1, 7) AS k, round(sum(yg_num(r.data->>'totalPrice')), 2) AS v FROM records r WHERE ${base} GROUP BY 1`,
      ),
    };
  }
  const total = (m: Record<string, number>) => Math.round(Object.values(m).reduce((a, b) => a + b, 0) * 100) / 100;

  it("on the demo data, every chart equals the SQL sum over the team's live records", async () => {
    const got = await figures({});
    const want = await sqlFigures(DEMO.tenantCode);
    expect(Object.keys(want.byStatus).length).toBeGreaterThan(1);
    expect(asMap(got.byStatus)).toEqual(want.byStatus);
    expect(asMap(got.byMonth)).toEqual(want.byMonth);
    expect(got.byMonth.categories).toEqual([...got.byMonth.categories].sort());
    expect(got.byMonth).toMatchObject({ unit: '元', periodField: 'applyDate' });
    // 按费用类型 (line items) and 按部门 show the top N and sum the rest as 其他: the totals agree, and each shown group.
    for (const k of ['byExpenseType', 'byDept'] as const) {
      const m = asMap(got[k]);
      expect(total(m)).toBe(total(want[k]));
      for (const [label, v] of Object.entries(m)) if (label !== '其他') expect(v, `${k} ${label}`).toBe(want[k][label]);
      // Largest first.
      const shown = got[k].values.slice(0, got[k].categories.includes('其他') ? -1 : undefined);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
    }
  });

  it('records added here: exact figures for their month, deleted ones excluded, the period narrows', async () => {
    await claim(boss, 'demo', '总经办', [
      ['住宿', 300.1],
      ['交通', 0.2],
    ]);
    const b = await claim(boss, 'demo', '业务部', [['住宿', 99.7]], `${MONTH}-28`, true);
    const gone = await claim(boss, 'demo', '业务部', [['交通', 5000]]);
    expect((await t.call('POST', api(M, 'delete'), { ids: [gone.id] }, boss)).status).toBe(200);
    const got = await figures({ period: MONTH });
    expect(asMap(got.byMonth)).toEqual({ [MONTH]: 400 });
    expect(asMap(got.byExpenseType)).toEqual({ 住宿: 399.8, 交通: 0.2 });
    expect(asMap(got.byDept)).toEqual({ 总经办: 300.3, 业务部: 99.7 });
    expect(asMap(got.byStatus)).toEqual({ 待提交: 1, [b.status]: 1 });
    expect(await sqlFigures(DEMO.tenantCode, MONTH)).toMatchObject({ byDept: { 总经办: 300.3, 业务部: 99.7 } });
    // The year holds the month; the month before holds none of it.
    expect(asMap((await figures({ period: '2019' })).byMonth)).toEqual({ [MONTH]: 400 });
    expect((await figures({ period: '2019-02' })).byMonth).toMatchObject({ categories: [], values: [] });
    // Without a period, every month counts (the demo's and these).
    const all = await figures({});
    expect(asMap(all.byMonth)[MONTH]).toBe(400);
    // The header's tab narrows like the list: 我发起的 holds only what boss submitted.
    const mine = await figures({ period: MONTH, tab: 'mine' });
    expect(asMap(mine.byDept)).toEqual({ 业务部: 99.7 });
  });

  it("a 仅本人 member sees only his own figures; another team's records never count", async () => {
    await claim(zhangsan, 'zhangsan', '业务部', [['办公费', 88]], `${MONTH}-05`);
    await claim(liuyang, 'liuyang', '业务部', [['办公费', 12]], `${MONTH}-06`);
    // The other team's owner files one in the same month: its own team's charts hold it, ours never.
    const theirs = await t.call(
      'POST',
      api(M, 'add'),
      {
        applicantId: (
          await t.db.selectFrom('users').select('id').where('username', '=', 'chartother').executeTakeFirstOrThrow()
        ).id,
        applyDate: `${MONTH}-07`,
        reason: '别家报销',
        lines: [
          {
            expenseType: (
              await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['expenseType'], outsider)
            ).data.expenseType[0].id,
            occurDate: `${MONTH}-07`,
            price: 777,
          },
        ],
        deptId: (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept'], outsider)).data
          .dept[0].id,
      },
      outsider,
    );
    expect(theirs.status, theirs.message).toBe(200);
    expect(asMap((await figures({ period: MONTH }, outsider)).byMonth)).toEqual({ [MONTH]: 777 });
    expect(asMap((await figures({ period: MONTH })).byMonth)).toEqual({ [MONTH]: 500 });
    expect(await sqlFigures(outsiderTeam, MONTH)).toMatchObject({ byMonth: { [MONTH]: 777 } });

    const roles = (await t.call('POST', '/api/admin/role/rolePage', { pageSize: 50 }, boss)).data.list as Row[];
    const member = roles.find((r) => r.roleKey === 'member')!.id;
    const setScope = async (dataScope: string) =>
      expect((await t.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope }, boss)).status).toBe(
        200,
      );
    // 仅本人 is the member role's default: 全部 shows him the team's figures.
    await setScope('all');
    expect(asMap((await figures({ period: MONTH }, zhangsan)).byMonth)).toEqual({ [MONTH]: 500 });
    await setScope('self');
    try {
      expect(asMap((await figures({ period: MONTH }, zhangsan)).byMonth)).toEqual({ [MONTH]: 88 });
      expect(asMap((await figures({ period: MONTH }, zhangsan)).byExpenseType)).toEqual({ 办公费: 88 });
      expect(asMap((await figures({ period: MONTH }, liuyang)).byDept)).toEqual({ 业务部: 12 });
      // The admin still sees the whole team.
      expect(asMap((await figures({ period: MONTH })).byMonth)).toEqual({ [MONTH]: 500 });
    } finally {
      await setScope('self');
    }
  });

  it("the page tree narrows the charts as it narrows the list: a category (and those under it), a dictionary node's filter", async () => {
    const cats = (
      await sql<{ id: number; parent_id: number | null; n: string }>`
      SELECT c.id, c.parent_id, (SELECT count(*) FROM records r WHERE r.tenant_code = c.tenant_code AND r.module = ${M} AND r.deleted_at IS NULL AND r.category_id = c.id) AS n
      FROM categories c WHERE c.tenant_code = ${DEMO.tenantCode} AND c.module = ${M}`.execute(t.db)
    ).rows;
    const cat = cats.find((c) => Number(c.n) > 0 && !cats.some((x) => x.parent_id === c.id))!;
    expect(cat, 'a leaf category holding demo claims').toBeTruthy();
    const want = (
      await sql<{ k: string; v: string }>`SELECT r.status AS k, count(*) AS v FROM records r
      WHERE r.tenant_code = ${DEMO.tenantCode} AND r.module = ${M} AND r.deleted_at IS NULL AND r.category_id = ${cat.id} GROUP BY 1`.execute(
        t.db,
      )
    ).rows;
    const got = await figures({ categoryId: cat.id });
    expect(asMap(got.byStatus)).toEqual(Object.fromEntries(want.map((x) => [x.k, Number(x.v)])));
    expect(total(asMap(got.byStatus))).toBeLessThan(total(asMap((await figures({})).byStatus)));
    // A dictionary node: the list's own filter on a field it offers (部门).
    const dept = d('dept', '总经办');
    const byDept = await figures({ period: MONTH, filters: [{ field: 'deptId', operator: 'in', value: [dept] }] });
    expect(asMap(byDept.byDept)).toEqual({ 总经办: 300.3 });
    // A field the list does not filter on is refused, as on the list.
    const refused = await charts({ filters: [{ field: 'nope', operator: 'eq', value: '1' }] });
    expect([refused.status, refused.message]).toEqual([400, '不支持的筛选字段：nope']);
  });

  it('limit keeps the top groups and sums the rest as 其他; avg averages; day groups by date (the aggregate itself, other chart shapes)', async () => {
    const { SchemaRegistry } = await import('../../src/server/modules/records/schema-registry');
    const { whereSql } = await import('../../src/server/modules/records/repository');
    const { withTenant } = await import('../../src/server/db/tenant-scope');
    const { chartFigures } = await import('../../src/server/modules/charts/aggregate');
    const m = new SchemaRegistry(t.config.schemasDir).get(M)!;
    const run = (chart: object) =>
      withTenant(t.db, DEMO.tenantCode, (trx) =>
        chartFigures(
          trx,
          m,
          { key: 'x', title: 'x', type: 'bar', ...chart } as any,
          whereSql(DEMO.tenantCode, m, {}),
          MONTH,
          { today: '2019-03-31', userId: uid.demo },
        ),
      );
    // In MONTH (after the tests above): 住宿 300.1 + 99.7, 交通 0.2, 办公费 88 + 12; 总经办 300.3, 业务部 99.7 + 88 + 12.
    const top = await run({
      lines: true,
      groupBy: { field: 'expenseType' },
      measure: { op: 'sum', field: 'price' },
      limit: 1,
      dateField: 'applyDate',
    });
    expect([top.categories, top.values]).toEqual([
      ['住宿', '其他'],
      [399.8, 100.2],
    ]);
    const avg = await run({
      groupBy: { field: 'deptId' },
      measure: { op: 'avg', field: 'totalPrice' },
      dateField: 'applyDate',
    });
    expect(Object.fromEntries(avg.categories.map((k, i) => [k, avg.values[i]]))).toEqual({
      总经办: 300.3,
      业务部: 66.57,
    });
    const days = await run({
      groupBy: { field: 'applyDate', by: 'day' },
      measure: { op: 'count' },
      dateField: 'applyDate',
    });
    expect([days.categories, days.values]).toEqual([
      [`${MONTH}-05`, `${MONTH}-06`, `${MONTH}-10`, `${MONTH}-28`],
      [1, 1, 1, 1],
    ]);
    const lines = await run({
      lines: true,
      groupBy: { field: 'occurDate', by: 'month' },
      measure: { op: 'count' },
      dateField: 'applyDate',
    });
    expect([lines.categories, lines.values]).toEqual([[MONTH], [5]]);
    // A chart's own filter narrows it further.
    const paid = await run({
      groupBy: { field: 'deptId' },
      measure: { op: 'sum', field: 'totalPrice' },
      filter: [{ field: 'applicantId', operator: 'eq', value: { $user: true } }],
      dateField: 'applyDate',
    });
    expect(Object.fromEntries(paid.categories.map((k, i) => [k, paid.values[i]]))).toEqual({
      总经办: 300.3,
      业务部: 99.7,
    });
  });

  it('every chart every schema declares answers on the demo data, for all time and for this year', async () => {
    const { SchemaRegistry } = await import('../../src/server/modules/records/schema-registry');
    const withCharts = new SchemaRegistry(t.config.schemasDir).all().filter((m) => m.schema.charts?.length);
    expect(withCharts.length).toBeGreaterThan(35);
    const year = new Date().getFullYear().toString();
    let drawn = 0;
    for (const m of withCharts) {
      for (const body of [{}, { period: year }]) {
        const r = await charts(body, boss, m.schema.module);
        expect(r.status, `${m.schema.module}: ${r.message}`).toBe(200);
        expect(r.data.charts.map((c: Chart) => c.key)).toEqual(m.schema.charts!.map((c) => c.key));
        for (const c of r.data.charts as Chart[]) {
          expect(c.values).toHaveLength(c.categories.length);
          expect(c.values.every((v) => Number.isFinite(v))).toBe(true);
          if (c.values.length) drawn++;
        }
      }
    }
    // The demo story fills most of them.
    expect(drawn).toBeGreaterThan(150);
  });

  it('refuses bad input with a Chinese 400 and never answers 5xx', async () => {
    const refused = async (body: unknown, module = M, token = boss) => {
      const r = await t.call('POST', `/api/data/${module}/charts`, body, token);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
      return r;
    };
    expect((await refused({ period: '2019-13' })).message).toBe('月份或年份格式不正确（应为 YYYY 或 YYYY-MM）');
    expect((await refused({ period: 'abc' })).status).toBe(400);
    expect((await refused({ tab: '没有这个' })).message).toBe('列表没有「没有这个」这个标签');
    expect((await refused({ period: '2019-03-01' })).status).toBe(400);
    expect((await refused({ period: { year: 2019 } })).status).toBe(400);
    expect((await refused({ tab: 'x'.repeat(61) })).status).toBe(400);
    expect((await refused([])).status).toBe(400);
    // Unknown properties are dropped (the framework's removeAdditional), never read.
    expect(await figures({ extra: 1, period: MONTH })).toMatchObject({ byMonth: { categories: [MONTH] } });
    expect((await refused({}, 'noSuchModule')).status).toBe(404);
    expect((await refused({}, 'bad;module')).status).toBe(400);
    // A page without charts has no 智能数据.
    expect((await refused({}, 'feildDictionary')).status).toBeLessThan(500);
    // Not signed in: the product's 10015 (spec), no figures.
    const anon = await t.call('POST', `/api/data/${M}/charts`, {});
    expect([anon.status, anon.data ?? null]).toEqual([10015, null]);
  });
});
