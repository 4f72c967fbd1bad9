// Per-team field tuning (/fieldOption): a team's admins relabel, (un)require, hide and reorder a
// page's fields; the page schema the team's browser receives and the server's validation of the team's saves both
// follow at once, another team sees nothing of it; each save is a version (history with diffs, rollback = a new
// version equal to an old one); overrides that would break the page language, un-require or hide a field the
// server needs, or touch fieldName / fontendType are refused with a message; platform defaults are for platform
// administrators only.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;

describe.each(oneDialect())('field options on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let other: string;
  const ids: Record<string, number> = {};
  const dict: Record<string, Record<string, any[]>> = {};
  const today = todayInChina();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    await t.db
      .insertInto('users')
      .values({
        username: 'otherboss',
        mobile: '13933330012',
        nick_name: '别家老板',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    other = await t.login('otherboss', 'secret123');
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家公司', legalPerson: '王五' },
      },
      other,
    );
    expect(made.status, made.message).toBe(200);
    other = await t.login('otherboss', 'secret123');
    for (const u of ['demo', 'otherboss'])
      ids[u] = (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    for (const [k, tok] of [
      ['A', boss],
      ['B', other],
    ] as const) {
      dict[k] = (
        await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], tok)
      ).data;
    }
  });
  afterAll(async () => t?.close());

  const claim = (team: 'A' | 'B', over: Row = {}) => ({
    applicantId: team === 'A' ? ids.demo : ids.otherboss,
    deptId: dict[team].dept[0].id,
    applyDate: today,
    reason: '字段配置测试',
    lines: [{ expenseType: dictItemId(dict[team], 'expenseType', '住宿'), occurDate: today, price: 120 }],
    ...over,
  });
  const add = (team: 'A' | 'B', over: Row = {}) =>
    t.call('POST', api('reimburseManage', 'add'), claim(team, over), team === 'A' ? boss : other);
  const schemaOf = async (tok: string) => {
    const r = await t.call('GET', '/api/page-schema/reimburseManage', undefined, tok);
    expect(r.status, r.message).toBe(200);
    return r.data as Row;
  };
  const field = (s: Row, name: string) => s.drawer.fields.find((f: Row) => f.fieldName === name);
  const save = (overrides: unknown, tok = boss, scope = 'team') =>
    t.call('POST', '/api/field-options/save', { module: 'reimburseManage', scope, overrides }, tok);

  it("the editor lists the modules and the fields with the page's values; only admins may open it", async () => {
    const mods = await t.call('GET', '/api/field-options/modules', undefined, boss);
    expect(mods.status, mods.message).toBe(200);
    expect(mods.data).toMatchObject({ teamAdmin: true, platformAdmin: true });
    expect(mods.data.groups.flatMap((g: Row) => g.modules.map((m: Row) => m.module))).toContain('reimburseManage');
    const f = await t.call('GET', '/api/field-options/fields?module=reimburseManage', undefined, boss);
    expect(f.data.version).toBe(0);
    expect(f.data.fields.find((x: Row) => x.fieldName === 'reason')).toMatchObject({
      fontendType: 'textarea',
      serverRequired: false,
      base: { titleName: '事由', requireAble: true },
    });
    // The applicant is read by the approval flow: the server needs it.
    expect(f.data.fields.find((x: Row) => x.fieldName === 'applicantId')).toMatchObject({ serverRequired: true });
    const refused = await t.call('GET', '/api/field-options/modules', undefined, staff);
    expect(refused.status).toBe(403);
    expect((await t.call('GET', '/api/field-options/fields?module=nope', undefined, boss)).status).toBe(404);
  });

  it("relabel, un-require, require, hide and reorder for team A: A's schema and A's API follow, team B unchanged", async () => {
    // Before: both teams refuse an empty 事由 and accept an empty 备注.
    expect((await add('A', { reason: '' })).message).toMatch(/事由/);
    const r = await save({
      reason: { titleName: '报销说明', requireAble: false },
      remark: { titleName: '内部备注', requireAble: true },
      applyDate: { sequence: 1 },
      bankName: { hidden: true },
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data.version).toBe(1);
    const a = await schemaOf(boss);
    expect(field(a, 'reason')).toMatchObject({ titleName: '报销说明', requireAble: false });
    expect(field(a, 'remark')).toMatchObject({ titleName: '内部备注', requireAble: true });
    expect(field(a, 'bankName')).toMatchObject({ hidden: true });
    expect(a.drawer.fields[0].fieldName).toBe('applyDate');
    expect(a.list.columns.find((c: Row) => c.prop === 'reason').label).toBe('报销说明');
    // Every member of team A receives it.
    expect(field(await schemaOf(staff), 'reason').titleName).toBe('报销说明');
    // Team A's server: an empty 内部备注 refused with its new name, an empty 事由 now accepted.
    const noRemark = await add('A', { reason: '' });
    expect(noRemark.status).toBe(400);
    expect(noRemark.message).toMatch(/内部备注/);
    const okA = await add('A', { reason: '', remark: '已核对' });
    expect(okA.status, okA.message).toBe(200);
    // Team B: the page as the file says.
    const b = await schemaOf(other);
    expect(field(b, 'reason')).toMatchObject({ titleName: '事由', requireAble: true });
    expect(field(b, 'remark').requireAble).toBeFalsy();
    expect(b.drawer.fields[0].fieldName).toBe('applicantId');
    const noReasonB = await add('B', { reason: '' });
    expect(noReasonB.status).toBe(400);
    expect(noReasonB.message).toMatch(/事由/);
    expect((await add('B')).status).toBe(200);
  });

  it('each save is a version with its diff; rollback writes a new version equal to an old one', async () => {
    const r2 = await save({
      reason: { titleName: '报销说明', requireAble: false },
      remark: { titleName: '内部备注', requireAble: true },
      applyDate: { sequence: 1 },
    });
    expect(r2.data.version).toBe(2);
    const h = await t.call('GET', '/api/field-options/history?module=reimburseManage', undefined, boss);
    expect(h.data.map((v: Row) => v.version)).toEqual([2, 1]);
    expect(h.data[0]).toMatchObject({ createdByName: '演示用户' });
    expect(h.data[0].changes).toEqual([{ fieldName: 'bankName', key: 'hidden', label: '隐藏', from: true, to: null }]);
    expect(h.data[1].changes).toContainEqual({
      fieldName: 'reason',
      key: 'titleName',
      label: '显示名称',
      from: null,
      to: '报销说明',
    });
    // Back to before any tuning (version 0): the file's page and rules again.
    const rb = await t.call('POST', '/api/field-options/rollback', { module: 'reimburseManage', version: 0 }, boss);
    expect(rb.status, rb.message).toBe(200);
    expect(rb.data.version).toBe(3);
    expect(field(await schemaOf(boss), 'reason')).toMatchObject({ titleName: '事由', requireAble: true });
    expect((await add('A', { reason: '' })).status).toBe(400);
    expect((await add('A')).status).toBe(200);
    // And forward to version 1 again.
    const rb1 = await t.call('POST', '/api/field-options/rollback', { module: 'reimburseManage', version: 1 }, boss);
    expect(rb1.data.version).toBe(4);
    expect(field(await schemaOf(boss), 'bankName').hidden).toBe(true);
    const h2 = await t.call('GET', '/api/field-options/history?module=reimburseManage', undefined, boss);
    expect(h2.data[0]).toMatchObject({ version: 4, note: '回滚到版本 1' });
    expect(h2.data[0].overrides).toEqual(h2.data.find((v: Row) => v.version === 1).overrides);
    expect(
      (await t.call('POST', '/api/field-options/rollback', { module: 'reimburseManage', version: 99 }, boss)).status,
    ).toBe(404);
  });

  it('refuses overrides that break the page language, free a field the server needs, or rename a field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ reason: { fieldName: 'why' } }, /字段名和字段类型不能修改/],
      [{ reason: { fontendType: 'text' } }, /字段名和字段类型不能修改/],
      [{ nosuchField: { titleName: '无' } }, /字段不存在：nosuchField/],
      [{ applicantId: { requireAble: false } }, /服务器校验必需/],
      [{ deptId: { hidden: true } }, /服务器校验必需/],
      [{ reason: { titleName: '' } }, /不符合页面配置规范/],
      [{ remark: { maxLength: 0 } }, /不符合页面配置规范/],
      [{ remark: { hidden: '是' } }, /不符合页面配置规范/],
      [{ reason: { color: 'red' } }, /不支持配置项：color/],
      [{ totalPrice: { min: 10, max: 5 } }, /最小值不能大于最大值/],
      [{ reason: { hidden: true } }, /必填时不能隐藏/],
      [{ reason: { isAdd: false } }, /必填且无默认值时不能移出新增/],
    ];
    const before = (await t.call('GET', '/api/field-options/history?module=reimburseManage', undefined, boss)).data
      .length;
    for (const [overrides, msg] of cases) {
      const r = await save(overrides);
      expect(r.status, JSON.stringify(overrides)).toBe(400);
      expect(r.message).toMatch(msg);
    }
    // Nothing was stored.
    expect(
      (await t.call('GET', '/api/field-options/history?module=reimburseManage', undefined, boss)).data.length,
    ).toBe(before);
    expect((await t.call('POST', '/api/field-options/save', { module: 'nope', overrides: {} }, boss)).status).toBe(404);
  });

  it("only a team's admins write its set; platform defaults only a platform administrator, under every team's own", async () => {
    const s = await save({ reason: { titleName: '员工改的' } }, staff);
    expect(s.status).toBe(403);
    expect(s.message).toMatch(/团队管理员/);
    const p = await save({ remark: { titleName: '平台备注' } }, other, 'platform');
    expect(p.status).toBe(403);
    expect(p.message).toMatch(/平台管理员/);
    const ok = await save(
      { remark: { titleName: '平台备注' }, paymentMethod: { titleName: '支付方式' } },
      boss,
      'platform',
    );
    expect(ok.status, ok.message).toBe(200);
    // Team B had no set: it gets the platform default. Team A's own set wins where it says something.
    const b = await schemaOf(other);
    expect(field(b, 'remark').titleName).toBe('平台备注');
    expect(field(b, 'paymentMethod').titleName).toBe('支付方式');
    const a = await schemaOf(boss);
    expect(field(a, 'remark').titleName).toBe('内部备注');
    expect(field(a, 'paymentMethod').titleName).toBe('支付方式');
    const back = await t.call(
      'POST',
      '/api/field-options/rollback',
      { module: 'reimburseManage', scope: 'platform', version: 0 },
      boss,
    );
    expect(back.status, back.message).toBe(200);
    expect(field(await schemaOf(other), 'remark').titleName).toBe('备注');
  });

  it("a field made sortable for team A sorts A's list; team B may not sort on it", async () => {
    const sorted = (tok: string) =>
      t.call(
        'POST',
        api('reimburseManage', 'page'),
        { pageSize: 5, sorters: [{ field: 'reason', order: 'asc' }] },
        tok,
      );
    expect((await sorted(boss)).status).toBe(400);
    const cur = (await t.call('GET', '/api/field-options/fields?module=reimburseManage', undefined, boss)).data
      .overrides;
    expect((await save({ ...cur, reason: { ...cur.reason, sortable: true } })).status).toBe(200);
    const a = await sorted(boss);
    expect(a.status, a.message).toBe(200);
    expect(a.data.list.length).toBeGreaterThan(0);
    const b = await sorted(other);
    expect(b.status).toBe(400);
    expect(b.message).toMatch(/不支持排序的字段/);
    expect((await save(cur)).status).toBe(200);
  });

  it("a team adds its own options to a choice field of inline options: its form offers them and its API takes them, nobody else's", async () => {
    const saveOn = (module: string, overrides: unknown, tok = boss) =>
      t.call('POST', '/api/field-options/save', { module, scope: 'team', overrides }, tok);
    const served = async (tok: string) =>
      (await t.call('GET', '/api/page-schema/financialReceivable', undefined, tok)).data as Row;
    const labels = (s: Row) => field(s, 'invoiceStage').data.map((o: Row) => o.label);
    // A receivable of the demo team, with the customer and income type its story uses.
    const { rows } = await sql<{
      c: string;
      i: string;
    }>`SELECT data->>'customerId' AS c, data->>'incomeType' AS i FROM records
      WHERE tenant_code = ${DEMO.tenantCode} AND module = 'financialReceivable' AND data->>'customerId' IS NOT NULL LIMIT 1`.execute(
      t.db,
    );
    const body = (invoiceStage: string) => ({
      customerId: Number(rows[0].c),
      incomeType: Number(rows[0].i),
      contractPrice: 100,
      dueDate: today,
      invoiceStage,
    });
    const add = () => t.call('POST', api('financialReceivable', 'add'), body('免开票'), boss);
    expect((await add()).status).toBe(400);

    const editor = await t.call('GET', '/api/field-options/fields?module=financialReceivable', undefined, boss);
    expect(editor.data.fields.find((f: Row) => f.fieldName === 'invoiceStage')).toMatchObject({
      options: ['未开票', '部分开票', '已开票'],
      base: { extraOptions: [] },
    });
    // A field the page's rules read takes no extra values; neither does a text field.
    expect(editor.data.fields.find((f: Row) => f.fieldName === 'sourceType')).toMatchObject({
      base: { extraOptions: null },
    });
    expect(await saveOn('financialReceivable', { sourceType: { extraOptions: ['其他'] } })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/参与页面的规则或流程，不能附加选项/),
    });
    expect(await saveOn('financialReceivable', { remark: { extraOptions: ['其他'] } })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/不能附加选项/),
    });
    expect(await saveOn('financialReceivable', { invoiceStage: { extraOptions: ['已开票'] } })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/重复/),
    });
    expect(await saveOn('financialReceivable', { invoiceStage: { extraOptions: ['免开票', '免开票'] } })).toMatchObject(
      { status: 400, message: expect.stringMatching(/重复/) },
    );
    expect(await saveOn('financialReceivable', { invoiceStage: { extraOptions: ['一'.repeat(21)] } })).toMatchObject({
      status: 400,
    });
    expect(await saveOn('financialReceivable', { invoiceStage: { extraOptions: '免开票' } })).toMatchObject({
      status: 400,
    });

    const saved = await saveOn('financialReceivable', { invoiceStage: { extraOptions: ['免开票'] } });
    expect(saved.status, saved.message).toBe(200);
    expect(labels(await served(boss))).toEqual(['未开票', '部分开票', '已开票', '免开票']);
    expect(labels(await served(other))).toEqual(['未开票', '部分开票', '已开票']);
    const made = await add();
    expect(made.status, made.message).toBe(200);
    expect(made.data.invoiceStage).toBe('免开票');
    const hist = await t.call('GET', '/api/field-options/history?module=financialReceivable', undefined, boss);
    expect(hist.data[0].changes).toEqual([
      expect.objectContaining({ fieldName: 'invoiceStage', label: '附加选项', from: null, to: ['免开票'] }),
    ]);
    // Taken back: the option is gone from the form and the API refuses it again.
    expect((await saveOn('financialReceivable', {})).status).toBe(200);
    expect(labels(await served(boss))).toEqual(['未开票', '部分开票', '已开票']);
    expect((await add()).status).toBe(400);
  });
});
