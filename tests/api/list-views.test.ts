// Section-header list views and nested entities through the API, on the test-only page schemas under
// tests/fixtures/schemas/list-views: a filter tab, a stage tab and a "today" tab narrow the list on the
// server (the client only names the tab), the header's month/year filters the dateField, and a page's
// nested entity is a record module of its own under the page's permission codes.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { grantMemberRole } from '../../src/server/modules/tenant/teams';
import { todayInChina } from '../../src/common/china-time';

const P = '/api/data/financialPayables';
const R = '/api/data/financialPayablesRequest';
const schemasDir = path.resolve(__dirname, '../fixtures/schemas/list-views');

/** YYYY-MM-DD n days from today (China time). */
const day = (n: number) =>
  new Date(Date.parse(`${todayInChina()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(testDialects())('list views and nested entities on $name', (dialect) => {
  let t: TestApp;
  let owner: string; // owner of a fresh team: every code of its package
  let member: string; // the member role: no :delete
  let clerk: string; // a role without 应付管理 at all
  let demo: string; // another team
  let tenant: string;

  const addUser = async (username: string, mobile: string) =>
    (
      await t.db
        .insertInto('users')
        .values({
          username,
          mobile,
          nick_name: username,
          password_hash: await hashPassword('secret123'),
          status: 'active',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp(dialect, { schemasDir });
    await addUser('lvowner', '13955550001');
    owner = await t.login('lvowner', 'secret123');
    const team = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '列表视图测试',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '列表视图测试', legalPerson: '王五' },
      },
      owner,
    );
    expect(team.status, team.message).toBe(200);
    tenant = team.data.tenantCode;
    const memberId = await addUser('lvmember', '13955550002');
    const clerkId = await addUser('lvclerk', '13955550003');
    await t.db
      .insertInto('memberships')
      .values([
        { tenant_code: tenant, user_id: memberId, status: 'normal', is_admin: false },
        { tenant_code: tenant, user_id: clerkId, status: 'normal', is_admin: false },
      ])
      .execute();
    await grantMemberRole(t.db, tenant, memberId);
    const role = await t.db
      .insertInto('roles')
      .values({
        tenant_code: tenant,
        role_key: 'clerk',
        role_name: '文员',
        menus: ['reimburseManage'],
        permissions: ['reimburseManage:view'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ tenant_code: tenant, user_id: clerkId, role_id: role.id }).execute();
    member = await t.login('lvmember', 'secret123');
    clerk = await t.login('lvclerk', 'secret123');
    for (const token of [member, clerk])
      expect(
        (await t.call('GET', `/api/admin/login/switchTenants?tenantCode=${tenant}`, undefined, token)).status,
      ).toBe(200);
    demo = await t.login(DEMO.username, DEMO.password);

    // Five payables: two open and late, one open and not yet due, one partly paid in the past, one settled.
    const rows = [
      { partnerName: '甲', applyDate: '2026-01-15', dueDate: day(-10), payablePrice: 1000, paidPrice: 0 },
      { partnerName: '乙', applyDate: '2026-02-03', dueDate: day(-1), payablePrice: 500, paidPrice: 0 },
      { partnerName: '丙', applyDate: '2026-02-28', dueDate: day(0), payablePrice: 800, paidPrice: 0 },
      { partnerName: '丁', applyDate: '2025-02-10', dueDate: day(-30), payablePrice: 600, paidPrice: 200 },
      { partnerName: '戊', applyDate: '2026-03-01', dueDate: day(-5), payablePrice: 300, paidPrice: 300 },
    ];
    for (const r of rows) {
      const res = await t.call('POST', `${P}/add`, r, owner);
      expect(res.status, res.message).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const page = (q: object, token = owner, url = P) =>
    t.call('POST', `${url}/page`, { pageNum: 1, pageSize: 50, ...q }, token);
  const names = (r: any) => r.data.list.map((x: any) => x.partnerName).sort();

  it('indexes the fields that tabs and the header period filter on, nested entities included', async () => {
    const { rows } = await sql<{
      indexname: string;
    }>`SELECT indexname FROM pg_indexes WHERE tablename = 'records__financialPayables' AND indexname LIKE 'rx_financialPayables%'`.execute(
      t.db,
    );
    const indexes = rows.map((r) => r.indexname);
    // A sortable field's own index (rs_) serves its filters too; the others get one (rx_).
    const all = (
      await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename LIKE 'records\\_\\_%'`.execute(
        t.db,
      )
    ).rows.map((r) => r.indexname);
    for (const f of ['payStage', 'dueDate', 'balancePrice', 'applyDate'])
      expect(
        [`rx_financialPayables_${f}`, `rs_financialPayables_${f}`].some((n) => all.includes(n)),
        f,
      ).toBe(true);
    expect(
      [`rx_financialPayablesRequest_amount`, `rs_financialPayablesRequest_amount`].some((n) => all.includes(n)),
    ).toBe(true);
    expect(indexes.length).toBeGreaterThan(0);
  });

  it('stores the stages the filter tabs read', async () => {
    const all = await page({});
    expect(all.data.total).toBe(5);
    expect(Object.fromEntries(all.data.list.map((x: any) => [x.partnerName, x.payStage]))).toEqual({
      甲: '未付款',
      乙: '未付款',
      丙: '未付款',
      丁: '部分付款',
      戊: '已付清',
    });
  });

  it('a filter tab shows only its records, with the right total, and combines with the client filters', async () => {
    const open = await page({ tab: 'open' });
    expect(open.status, open.message).toBe(200);
    expect(names(open)).toEqual(['丁', '丙', '乙', '甲'].sort());
    expect(open.data.total).toBe(4);
    expect(open.data.totalExact).toBe(true);
    const settled = await page({ tab: 'settled' });
    expect([names(settled), settled.data.total]).toEqual([['戊'], 1]);
    // One page of two, still counting all four.
    const first = await page({ tab: 'open', pageSize: 2 });
    expect([first.data.list.length, first.data.total]).toEqual([2, 4]);
    const both = await page({ tab: 'open', filters: [{ field: 'partnerName', operator: 'eq', value: '甲' }] });
    expect([names(both), both.data.total]).toEqual([['甲'], 1]);
  });

  it('stage tabs: one per stage value', async () => {
    const part = await page({ tab: '部分付款' });
    expect([names(part), part.data.total]).toEqual([['丁'], 1]);
  });

  it('the 逾期 tab compares with today in China time, on the server', async () => {
    const late = await page({ tab: 'overdue' });
    // 丙 is due today (not late), 戊 is late but settled.
    expect(names(late)).toEqual(['丁', '乙', '甲'].sort());
    expect(late.data.total).toBe(3);
  });

  it('refuses a tab the schema does not declare, in Chinese', async () => {
    for (const tab of ['forged', 'todo', '@payRequest']) {
      const r = await page({ tab });
      expect(r.status).toBe(400);
      expect(r.message).toBe(`列表没有「${tab}」这个标签`);
    }
    // A client filter cannot reach a field no list, search or tab of the page names.
    expect((await page({ filters: [{ field: 'secret', operator: 'eq', value: 1 }] })).status).toBe(400);
  });

  it('the header month or year filters the dateField', async () => {
    const feb = await page({ period: '2026-02' });
    expect([names(feb), feb.data.total]).toEqual([['丙', '乙'].sort(), 2]);
    const year = await page({ period: '2026' });
    expect(year.data.total).toBe(4);
    const febOpenLate = await page({ period: '2026-02', tab: 'overdue' });
    expect(names(febOpenLate)).toEqual(['乙']);
    const bad = await page({ period: '2026-13' });
    expect([bad.status, bad.message]).toEqual([400, '月份或年份格式不正确（应为 YYYY 或 YYYY-MM）']);
    // The nested entity declares no dateField.
    const none = await page({ period: '2026-02' }, owner, R);
    expect([none.status, none.message]).toEqual([400, '该列表不能按月份或年份筛选']);
  });

  it('a nested entity is a module of its own: add, page and its own tabs, scoped to the team', async () => {
    const a = await t.call('POST', `${R}/add`, { payableCode: 'FK1', amount: 12000, payDate: '2026-02-10' }, member);
    expect(a.status, a.message).toBe(200);
    expect(a.data.code).toMatch(/^FQ\d{12}$/);
    expect((await t.call('POST', `${R}/add`, { payableCode: 'FK2', amount: 300 }, owner)).status).toBe(200);
    // The member sees his own request (仅本人, the member role's default); the owner both.
    expect((await page({}, member, R)).data.total).toBe(1);
    const list = await page({}, owner, R);
    expect(list.data.total).toBe(2);
    const large = await page({ tab: 'large' }, member, R);
    expect(large.data.list.map((x: any) => x.payableCode)).toEqual(['FK1']);
    // The parent's tabs are not the entity's.
    expect((await page({ tab: 'open' }, member, R)).status).toBe(400);
    // Another team sees none of it.
    const theirs = await page({}, demo, R);
    expect(theirs.data.list.map((x: any) => x.id)).not.toContain(a.data.id);
    expect((await t.call('GET', `${R}/get?id=${a.data.id}`, undefined, demo)).status).toBe(404);
    // Nor do the parent's lists: the records live under the entity's module key.
    expect((await page({})).data.total).toBe(5);
  });

  it("a nested entity answers to its page's permission codes", async () => {
    const mine = await t.call('POST', `${R}/add`, { payableCode: 'FK3', amount: 50 }, member);
    expect(mine.status).toBe(200);
    // The member role has financialPayables:edit but not :delete, so the row offers edit only.
    expect(mine.data.actions).toEqual(expect.arrayContaining(['view', 'edit']));
    expect(mine.data.actions).not.toContain('delete');
    const refused = await t.call('POST', `${R}/delete`, { ids: [mine.data.id] }, member);
    expect([refused.status, refused.message]).toEqual([403, '没有权限执行该操作']);
    // A role without 应付管理 cannot even list it.
    expect((await page({}, clerk, R)).status).toBe(403);
    expect((await t.call('POST', `${R}/add`, { payableCode: 'FK4', amount: 1 }, clerk)).status).toBe(403);
    // The owner holds financialPayables:delete.
    const row = (await page({}, owner, R)).data.list.find((x: any) => x.id === mine.data.id);
    expect(row.actions).toContain('delete');
    expect((await t.call('POST', `${R}/delete`, { ids: [mine.data.id] }, owner)).status).toBe(200);
  });
});
