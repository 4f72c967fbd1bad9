// The calls of src/server/modules/spec-calls/, by their behaviour: each answers the caller's team only (a second team, made
// by 张三, sees none of 演示企业's data), checks its permission, and refuses bad input with a Chinese message.
// Their answers agree with the module pages they read (the same records through the same repository).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { uploadPng } from '../helpers/records';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';

describe.each(oneDialect())('spec §7 calls on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  /**
   * Who reads the lookups here: the owner, who sees the whole team. What a 仅本人 member gets from them
   * (his own records only) is the permission matrix's (tests/api/permission-matrix.test.ts).
   */
  let reader: string;
  /** 张三 in a team of his own (individual): the outsider of 演示企业. */
  let other: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
    reader = boss;
    other = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '张三的工作室', tenantType: 'individual' },
      other,
    );
    expect(made.status, made.message).toBe(200);
  });
  afterAll(async () => t?.close());

  const ok = <T = any>(r: { status: number; message: string; data: T }) => {
    expect(r.status, r.message).toBe(200);
    return r.data;
  };
  const post = (path: string, body: unknown, token: string) => t.call('POST', path, body, token);
  const get = (path: string, token: string) => t.call('GET', path, undefined, token);
  /** Every record of a module page the caller sees, with optional filters (the page's own list call). */
  const pageAll = async (module: string, token: string, filters: unknown[] = []) =>
    ok(await post(`/api/data/${module}/page`, { pageNum: 1, pageSize: 500, filters }, token)) as {
      list: any[];
      total: number;
    };

  describe('syspost/list', () => {
    it("lists the team's post dictionary as options; another team has its own posts", async () => {
      const posts = ok(await post('/api/admin/syspost/list', {}, staff)) as any[];
      const dict = ok(
        await post('/api/admin/sysmenuListFieldDict/queryByFieldKey', { fieldKey: 'post', status: 1 }, staff),
      ) as any[];
      expect(posts.map((p) => p.value)).toEqual(dict.map((d) => d.id));
      expect(posts.find((p) => p.label === '设计师')).toMatchObject({ postName: '设计师', status: 1 });
      expect(
        (ok(await post('/api/admin/syspost/list', { postName: '设计' }, staff)) as any[]).map((p) => p.label),
      ).toEqual(['设计师']);
      const theirs = ok(await post('/api/admin/syspost/list', {}, other)) as any[];
      expect(theirs.map((p) => p.label)).toContain('设计师');
      expect(theirs.some((p) => posts.some((q) => q.value === p.value))).toBe(false);
    });

    it('refuses a status other than 0 or 1', async () => {
      expect(await post('/api/admin/syspost/list', { status: 5 }, staff)).toMatchObject({
        status: 400,
        message: '参数格式不正确：status',
      });
    });
  });

  describe('role/rolePage', () => {
    it("pages the team's roles for those who hold team:roles", async () => {
      const all = ok(await post('/api/admin/role/rolePage', { pageNum: 1, pageSize: 50 }, boss));
      const names = all.list.map((r: any) => r.roleName);
      expect(names).toEqual(expect.arrayContaining(['管理员', '普通成员', '财务']));
      expect(all.total).toBe(all.list.length);
      expect(all.list.find((r: any) => r.roleName === '财务')).toMatchObject({ roleKey: 'finance', memberCount: 1 });
      const one = ok(await post('/api/admin/role/rolePage', { pageNum: 2, pageSize: 1 }, boss));
      expect(one).toMatchObject({ total: all.total, pageNum: 2, pageSize: 1 });
      expect(one.list.map((r: any) => r.id)).toEqual([all.list[1].id]);
      expect(
        ok(await post('/api/admin/role/rolePage', { roleName: '财' }, boss)).list.map((r: any) => r.roleName),
      ).toEqual(['财务']);
    });

    it('refuses a member without team:roles, and shows a team only its own roles', async () => {
      expect(await post('/api/admin/role/rolePage', {}, staff)).toMatchObject({
        status: 403,
        message: '没有权限查看团队角色',
      });
      const theirs = ok(await post('/api/admin/role/rolePage', {}, other));
      expect(theirs.list.map((r: any) => r.roleName).sort()).toEqual(['人事行政', '普通成员', '管理员', '财务'].sort());
      expect(await post('/api/admin/role/rolePage', { pageSize: 0 }, boss)).toMatchObject({
        status: 400,
        message: '参数格式不正确：pageSize',
      });
    });
  });

  describe('project/project/projectPage', () => {
    const modules = ['projectInitiation', 'decorationProjectProposal', 'furnitureProjectProposal'];

    it('pages the approved records of the three project pages, newest first, without overlap', async () => {
      const approved = { field: 'status', operator: 'eq', value: '已通过' };
      const totals = await Promise.all(modules.map(async (m) => (await pageAll(m, reader, [approved])).total));
      const first = ok(await post('/api/project/project/projectPage', { pageNum: 1, pageSize: 10 }, reader));
      expect(first.total).toBe(totals.reduce((a, b) => a + b, 0));
      expect(first.total).toBeGreaterThan(20);
      expect(first.list).toHaveLength(10);
      for (const p of first.list) {
        expect(p.status).toBe('已通过');
        expect(modules).toContain(p.module);
        expect(p.label).toBe(`${p.code} ${p.projectName}`);
        expect(p.value).toBe(p.id);
      }
      const dates = first.list.map((p: any) => p.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const second = ok(await post('/api/project/project/projectPage', { pageNum: 2, pageSize: 10 }, reader));
      expect(second.list.some((p: any) => first.list.some((q: any) => q.id === p.id))).toBe(false);
      expect(second.list[0].createdAt <= first.list[9].createdAt).toBe(true);
    });

    it('filters by project type (a decoration page holds 装修 projects) and by customer', async () => {
      const decoration = ok(
        await post('/api/project/project/projectPage', { pageSize: 200, projectType: '装修' }, reader),
      );
      expect(decoration.total).toBeGreaterThan(0);
      expect(decoration.list.every((p: any) => p.projectTypeName === '装修')).toBe(true);
      expect(decoration.list.some((p: any) => p.module === 'decorationProjectProposal')).toBe(true);
      expect(decoration.list.some((p: any) => p.module === 'furnitureProjectProposal')).toBe(false);
      const any = ok(await post('/api/project/project/projectPage', { pageSize: 50 }, reader)).list.find(
        (p: any) => p.customerId,
      );
      const ofCustomer = ok(
        await post('/api/project/project/projectPage', { pageSize: 200, customerId: any.customerId }, reader),
      );
      expect(ofCustomer.list.length).toBeGreaterThan(0);
      expect(ofCustomer.list.every((p: any) => p.customerId === any.customerId)).toBe(true);
    });

    it('refuses an unknown type and a page beyond the window; another team has no projects', async () => {
      expect(await post('/api/project/project/projectPage', { projectType: '航天' }, reader)).toMatchObject({
        status: 400,
        message: '项目类型不存在：航天',
      });
      expect((await post('/api/project/project/projectPage', { pageNum: 101, pageSize: 20 }, reader)).status).toBe(400);
      expect(ok(await post('/api/project/project/projectPage', {}, other))).toMatchObject({ list: [], total: 0 });
    });
  });

  describe('operation guidance', () => {
    it("admins write a module's help, every member of that team reads it, other teams do not", async () => {
      expect(
        ok(await post('/api/admin/operation/findOperationGuidance', { module: 'reimburseManage' }, staff)),
      ).toMatchObject({ module: 'reimburseManage', helpText: '', tipsImage: null, canEdit: false });
      expect(
        await post(
          '/api/admin/operation/updateOperationGuidance',
          { module: 'reimburseManage', helpText: '先选报销类型' },
          staff,
        ),
      ).toMatchObject({ status: 403, message: '只有团队所有者或管理员可以修改操作指引' });
      const image = await uploadPng(t, boss, '报销提示.png');
      const saved = ok(
        await post(
          '/api/admin/operation/updateOperationGuidance',
          { module: 'reimburseManage', helpText: '  先选报销类型，再填明细。 ', tipsImage: image.url },
          boss,
        ),
      );
      expect(saved).toMatchObject({
        helpText: '先选报销类型，再填明细。',
        tipsImage: image.url,
        updatedByName: DEMO.nickName,
      });
      expect(
        ok(await post('/api/admin/operation/findOperationGuidance', { module: 'reimburseManage' }, staff)),
      ).toMatchObject({ helpText: '先选报销类型，再填明细。', tipsImage: image.url });
      // Saving again replaces it (one row per team and module); the image can be cleared.
      ok(
        await post(
          '/api/admin/operation/updateOperationGuidance',
          { module: 'reimburseManage', helpText: '第二版', tipsImage: null },
          lisi,
        ),
      );
      expect(
        ok(await post('/api/admin/operation/findOperationGuidance', { module: 'reimburseManage' }, boss)),
      ).toMatchObject({ helpText: '第二版', tipsImage: null, updatedByName: DEMO_FINANCE.nickName, canEdit: true });
      expect(
        ok(await post('/api/admin/operation/findOperationGuidance', { module: 'reimburseManage' }, other)),
      ).toMatchObject({ helpText: '' });
    });

    it('refuses an unknown module, a foreign or forged image, and an overlong text', async () => {
      expect(await post('/api/admin/operation/findOperationGuidance', { module: 'noSuchModule' }, staff)).toMatchObject(
        { status: 400, message: '模块不存在' },
      );
      expect(await post('/api/admin/operation/findOperationGuidance', {}, staff)).toMatchObject({
        status: 400,
        message: '缺少参数：module',
      });
      expect(
        await post(
          '/api/admin/operation/updateOperationGuidance',
          { module: 'reimburseManage', helpText: 'x', tipsImage: '/api/files/999999/a.png' },
          boss,
        ),
      ).toMatchObject({ status: 400, message: '提示图片不存在，请重新上传' });
      const theirs = await uploadPng(t, other, '别队的图.png');
      expect(
        await post(
          '/api/admin/operation/updateOperationGuidance',
          { module: 'reimburseManage', helpText: 'x', tipsImage: theirs.url },
          boss,
        ),
      ).toMatchObject({ status: 400, message: '提示图片不存在，请重新上传' });
      expect(
        await post(
          '/api/admin/operation/updateOperationGuidance',
          { module: 'reimburseManage', helpText: '长'.repeat(5001) },
          boss,
        ),
      ).toMatchObject({ status: 400, message: '参数格式不正确：helpText' });
    });
  });

  describe('sysuser/queryTenantUserName', () => {
    it("finds the team's members by a name fragment, only in the caller's team", async () => {
      const hits = ok(
        await get(`/api/admin/sysuser/queryTenantUserName?name=${encodeURIComponent('张')}`, boss),
      ) as any[];
      expect(hits.map((h) => h.label)).toContain(DEMO_STAFF.nickName);
      expect(hits.every((h) => h.nickName.includes('张') || h.username.includes('张'))).toBe(true);
      expect(hits.find((h) => h.label === DEMO_STAFF.nickName)).toMatchObject({ username: DEMO_STAFF.username });
      const byAccount = ok(await get('/api/admin/sysuser/queryTenantUserName?name=lisi', boss)) as any[];
      expect(byAccount.map((h) => h.label)).toEqual([DEMO_FINANCE.nickName]);
      const theirs = ok(await get('/api/admin/sysuser/queryTenantUserName', other)) as any[];
      expect(theirs.map((h) => h.label)).toEqual([DEMO_STAFF.nickName]);
      expect(await get(`/api/admin/sysuser/queryTenantUserName?name=${'x'.repeat(31)}`, boss)).toMatchObject({
        status: 400,
        message: '参数格式不正确：name',
      });
    });
  });

  describe('appBag/getAppBagTenant', () => {
    it("offers the modes of the team's type and marks the one it holds", async () => {
      const mine = ok(await get('/api/admin/appBag/getAppBagTenant', staff)) as any[];
      // The enabled enterprise modes of /modeManage (platform_modes), the team's grant marked.
      expect(mine.map((m: any) => m.label)).toEqual(['企业标准版', '工程通用版']);
      expect(mine[0]).toMatchObject({ modeType: 'enterprise', label: '企业标准版', current: true });
      expect(mine[1]).toMatchObject({ modeType: 'enterprise', current: false });
      expect(mine[0].modules.map((m: any) => m.key)).toContain('employeeFiles');
      const individual = ok(await get('/api/admin/appBag/getAppBagTenant?tenantType=individual', staff)) as any[];
      expect(individual[0]).toMatchObject({ modeType: 'individual', current: false });
      expect(individual[0].modules.map((m: any) => m.key)).not.toContain('employeeFiles');
      expect((ok(await get('/api/admin/appBag/getAppBagTenant', other)) as any[])[0]).toMatchObject({
        modeType: 'individual',
        current: true,
      });
      expect(await get('/api/admin/appBag/getAppBagTenant?tenantType=club', staff)).toMatchObject({
        status: 400,
        message: '参数格式不正确：tenantType',
      });
    });
  });

  describe('tenantPartner', () => {
    it('queryList pages the 伙伴信息 records, filterable by type', async () => {
      const page = await pageAll('partnerInfo', reader);
      const all = ok(await post('/api/admin/tenantPartner/queryList', { pageNum: 1, pageSize: 200 }, reader));
      expect(all.total).toBe(page.total);
      expect(all.list.map((p: any) => p.id).sort()).toEqual(page.list.map((p: any) => p.id).sort());
      const suppliers = ok(
        await post('/api/admin/tenantPartner/queryList', { pageSize: 200, partnerType: '供应商' }, reader),
      );
      expect(suppliers.total).toBeGreaterThan(0);
      expect(suppliers.total).toBeLessThan(all.total);
      expect(suppliers.list.every((p: any) => p.partnerTypeName.includes('供应商'))).toBe(true);
      expect(await post('/api/admin/tenantPartner/queryList', { partnerType: '外星人' }, reader)).toMatchObject({
        status: 400,
        message: '伙伴类型不存在：外星人',
      });
      expect(ok(await post('/api/admin/tenantPartner/queryList', {}, other))).toMatchObject({ list: [], total: 0 });
    });

    it('queryListByType offers approved partners of the types that are not 淘汰', async () => {
      const customers = ok(
        await post('/api/admin/tenantPartner/queryListByType', { partnerType: ['客户'] }, reader),
      ) as any[];
      expect(customers.length).toBeGreaterThan(1);
      expect(customers.every((c) => c.partnerTypeName.includes('客户') && c.stage !== '淘汰')).toBe(true);
      const victim = customers[0];
      const out = await post(
        '/api/data/partnerInfo/stage',
        { id: victim.value, action: 'eliminate', values: { statusReason: '长期不结款' } },
        boss,
      );
      expect(out.status, out.message).toBe(200);
      const after = ok(
        await post('/api/admin/tenantPartner/queryListByType', { partnerType: '客户' }, reader),
      ) as any[];
      expect(after.map((c) => c.value)).not.toContain(victim.value);
      expect(after).toHaveLength(customers.length - 1);
      expect(await post('/api/admin/tenantPartner/queryListByType', {}, reader)).toMatchObject({
        status: 400,
        message: '缺少参数：partnerType',
      });
      expect(await post('/api/admin/tenantPartner/queryListByType', { partnerType: [] }, reader)).toMatchObject({
        status: 400,
        message: '请选择伙伴类型',
      });
      expect(ok(await post('/api/admin/tenantPartner/queryListByType', { partnerType: '客户' }, other))).toEqual([]);
    });

    it("getTenantUserName lists a partner's contacts, primary first; a partner of another team is not found", async () => {
      const page = await pageAll('partnerInfo', reader);
      const withLines = page.list.find((p) => (p.lines ?? []).length >= 2)!;
      const contacts = ok(
        await post('/api/admin/tenantPartner/getTenantUserName', { partnerId: withLines.id }, reader),
      ) as any[];
      const names = withLines.lines.map((l: any) => l.name);
      expect(contacts.map((c) => c.name)).toEqual(expect.arrayContaining(names));
      expect(contacts.every((c) => c.partnerId === withLines.id)).toBe(true);
      if (contacts.some((c) => c.isPrimary)) expect(contacts[0].isPrimary).toBe(true);
      expect(contacts[0].label).toContain(contacts[0].name);
      expect(
        await post('/api/admin/tenantPartner/getTenantUserName', { partnerId: withLines.id }, other),
      ).toMatchObject({ status: 404, message: '伙伴不存在' });
      expect(await post('/api/admin/tenantPartner/getTenantUserName', { partnerId: 'abc' }, reader)).toMatchObject({
        status: 400,
        message: '参数格式不正确：partnerId',
      });
      const everyone = ok(
        await post('/api/admin/tenantPartner/getTenantUserName', { keyword: names[0] }, reader),
      ) as any[];
      expect(everyone.every((c) => c.name.includes(names[0]) || c.mobile.includes(names[0]))).toBe(true);
    });
  });

  describe('tenantBankInfo/queryBankInfoList', () => {
    it('lists the 对公账户 lines of 企业信息, the default first; another team has none', async () => {
      const page = await pageAll('enterpriseInformation', lisi);
      const lines = page.list.flatMap((r) => r.lines);
      const accounts = ok(await post('/api/admin/tenantBankInfo/queryBankInfoList', {}, lisi)) as any[];
      expect(accounts.map((a) => a.bankAccount).sort()).toEqual(lines.map((l: any) => l.bankAccount).sort());
      expect(accounts[0]).toMatchObject({
        isDefault: true,
        bankName: '招商银行杭州分行营业部',
        label: '招商银行杭州分行营业部 演示企业 尾号 0666',
        value: '571908765410666',
      });
      expect(
        (ok(await post('/api/admin/tenantBankInfo/queryBankInfoList', { keyword: '工商' }, lisi)) as any[]).map(
          (a) => a.bankAccount,
        ),
      ).toEqual(['1202021209900123456']);
      expect(
        await post('/api/admin/tenantBankInfo/queryBankInfoList', { keyword: 'x'.repeat(51) }, lisi),
      ).toMatchObject({ status: 400, message: '参数格式不正确：keyword' });
      // 张三's individual team has no 企业信息 page at all.
      expect((await post('/api/admin/tenantBankInfo/queryBankInfoList', {}, other)).status).toBe(403);
    });
  });

  describe('employee/getAllEmployeeInfoByProfession', () => {
    it("groups the approved, not-left employees by post in the dictionary's order", async () => {
      const files = await pageAll('employeeFiles', reader, [{ field: 'status', operator: 'eq', value: '已通过' }]);
      const working = files.list.filter((e) => e.employeeStatus !== '离职');
      expect(working.length).toBeGreaterThan(10);
      expect(working.length).toBeLessThan(files.list.length);
      const groups = ok(await post('/api/admin/employee/getAllEmployeeInfoByProfession', {}, reader)) as any[];
      expect(groups.reduce((n, g) => n + g.count, 0)).toBe(working.length);
      for (const g of groups) {
        expect(g.employees).toHaveLength(g.count);
        for (const e of g.employees) expect(working.find((w) => w.id === e.value)?.postId).toBe(g.postId ?? undefined);
      }
      const posts = (ok(await post('/api/admin/syspost/list', {}, reader)) as any[]).map((p) => p.value);
      const order = groups.filter((g) => posts.includes(g.postId)).map((g) => posts.indexOf(g.postId));
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      const withLeft = ok(
        await post('/api/admin/employee/getAllEmployeeInfoByProfession', { withLeft: true }, reader),
      ) as any[];
      expect(withLeft.reduce((n, g) => n + g.count, 0)).toBe(files.list.length);
      const designers = ok(
        await post('/api/admin/employee/getAllEmployeeInfoByProfession', { postId: '设计师' }, reader),
      ) as any[];
      expect(designers.map((g) => g.postName)).toEqual(['设计师']);
      expect(designers[0].count).toBe(working.filter((w) => w.postIdName === '设计师').length);
      expect(designers[0].count).toBeGreaterThan(0);
    });

    it('refuses an unknown post, and a team without the 员工档案 page', async () => {
      expect(
        await post('/api/admin/employee/getAllEmployeeInfoByProfession', { postId: '宇航员' }, reader),
      ).toMatchObject({ status: 400, message: '岗位不存在：宇航员' });
      expect(await post('/api/admin/employee/getAllEmployeeInfoByProfession', {}, other)).toMatchObject({
        status: 403,
      });
    });
  });
});
