// Prints: one renderer for every printable module, laid out from the module's print template
// (title, header fields, line table, totals with 大写, approval history, signatures, page numbers), and batch
// print of selected rows into one PDF in which any refused id (another team's, out of the caller's data scope,
// missing) refuses the whole batch. The PDF's text is read back through its fonts' ToUnicode maps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { dictItemId, openDemoSuite, multipart, TINY_PNG, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api } from '../helpers/records';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { todayInChina } from '../../src/common/china-time';
import { pdfPageCount, pdfText } from '../pdf-text';

type Row = Record<string, any>;

describe.each(oneDialect())('prints on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let outsider: string;
  let dict: Record<string, any[]>;
  let claim: Row;
  let second: Row;
  let others: Row;
  let theirs: Row;
  const today = todayInChina();

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, ['dept', 'expenseType', 'teamMembers']));
    const body = (reason: string, prices: number[]) => ({
      applicantId: d('teamMembers', '张三'),
      deptId: d('dept', '业务部'),
      applyDate: today,
      reason,
      lines: prices.map((price, i) => ({
        expenseType: d('expenseType', i % 2 ? '交通' : '住宿'),
        occurDate: today,
        description: `打印测试第${i + 1}项`,
        price,
      })),
    });
    const add = async (b: Row, token: string) => {
      const r = await t.call('POST', api('reimburseManage', 'add'), b, token);
      expect(r.status, r.message).toBe(200);
      return r.data as Row;
    };
    // 张三's claim, submitted and approved: 300 + 120.5 + 80 = 500.50.
    claim = await add({ ...body('打印测试：上海展会出差', [300, 120.5, 80]), submit: true }, staff);
    claim = await approveAll(t, 'reimburseManage', claim.id, [lisi, boss]);
    expect(claim.status).toBe('已通过');
    // A long one (60 lines) breaks across pages.
    second = await add(
      body(
        '打印测试：长明细',
        Array.from({ length: 60 }, (_, i) => 10 + i),
      ),
      staff,
    );
    // A colleague's claim (刘洋), for the 仅本人 refusal.
    const liuyang = await t.login('liuyang', DEMO_STAFF.password);
    others = await add({ ...body('打印测试：刘洋的', [66]), applicantId: d('teamMembers', '刘洋') }, liuyang);
    // Another team's claim.
    await t.db
      .insertInto('users')
      .values({
        username: 'printother',
        mobile: '13933330077',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('printother', 'secret123');
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家打印公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家打印公司', legalPerson: '王五' },
      },
      outsider,
    );
    expect(made.status, made.message).toBe(200);
    const theirDict = (
      await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['expenseType', 'dept'], outsider)
    ).data;
    const r = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      {
        applyDate: today,
        deptId: theirDict.dept[0].id,
        reason: '别家的报销',
        lines: [{ expenseType: dictItemId(theirDict, 'expenseType', '住宿'), occurDate: today, price: 10 }],
      },
      outsider,
    );
    expect(r.status, r.message).toBe(200);
    theirs = r.data;
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const print = (module: string, id: number, token = boss) =>
    t.app.inject({ method: 'GET', url: `${api(module, 'print')}?id=${id}`, headers: { Satoken: token } });
  const batch = (module: string, ids: unknown, token = boss) =>
    t.app.inject({
      method: 'POST',
      url: `/api/data/${module}/print-batch`,
      payload: { ids },
      headers: { Satoken: token },
    });

  it('prints one record from its template: title, team, code, header values, lines, total in figures and 大写, approvals, signatures, page numbers', async () => {
    const res = await print('reimburseManage', claim.id);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`报销单-${claim.code}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('报销单');
    expect(text).toContain(DEMO.tenantName);
    expect(text).toContain(claim.code);
    expect(text).toContain('状态：已通过');
    // Header fields by their dictionary names, money with 2 decimals.
    expect(text).toMatch(/报销人\n张三/);
    expect(text).toMatch(/部门\n业务部/);
    expect(text).toContain('打印测试：上海展会出差');
    // The line table, its totals row and the total with its capital amount.
    expect(text).toContain('打印测试第3项');
    expect(text).toContain('120.50');
    expect(text).toContain('报销总额：¥ 500.50');
    expect(text).toContain('人民币（大写）：伍佰元伍角');
    // The approval history in the timeline's sentences, the signature boxes, the page number.
    expect(text).toContain('审批记录');
    expect(text).toContain('张三 提交了申请');
    expect(text).toMatch(/同意/);
    for (const s of ['报销人：', '部门负责人：', '财务：', '出纳：']) expect(text).toContain(s);
    expect(pdfPageCount(pdf)).toBe(1);
    expect(text).toContain('第 1 页 / 共 1 页');
  });

  it('breaks a long line table across pages, the table header repeated, each page numbered', async () => {
    const res = await print('reimburseManage', second.id);
    const pdf = res.rawPayload;
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain(`第 ${pages} 页 / 共 ${pages} 页`);
    expect(text.match(/序号/g)!.length).toBe(pages);
    expect(text).toContain('打印测试第60项');
    // 10 + 11 + … + 69 = 2370.
    expect(text).toContain('报销总额：¥ 2,370.00');
    expect(text).toContain('贰仟叁佰柒拾元整');
  });

  it('batch prints the selected records into one PDF, each from a new page, in the order chosen', async () => {
    const single = [claim, second].map(async (r) => pdfPageCount((await print('reimburseManage', r.id)).rawPayload));
    const [a, b] = await Promise.all(single);
    const res = await batch('reimburseManage', [second.id, claim.id, second.id]);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    // A repeated id prints once.
    expect(pdfPageCount(pdf)).toBe(a + b);
    const text = pdfText(pdf);
    expect(text.indexOf(second.code)).toBeLessThan(text.indexOf(claim.code));
    expect(text).toContain('第 1 页 / 共 1 页');
    expect(text).toContain(`第 ${b} 页 / 共 ${b} 页`);
    expect(text).toContain('伍佰元伍角');
    expect(text).toContain('贰仟叁佰柒拾元整');
  });

  it("refuses the whole batch for another team's id, an unknown id, none, or more than 100", async () => {
    const foreign = await batch('reimburseManage', [claim.id, theirs.id]);
    expect(foreign.headers['content-type']).not.toContain('application/pdf');
    expect(foreign.json()).toMatchObject({
      status: 404,
      message: `所选记录中有不存在或无权打印的记录（ID ${theirs.id}），未打印任何记录`,
    });
    // …and the other team cannot print ours, alone or in a batch.
    expect((await print('reimburseManage', claim.id, outsider)).json().status).toBe(404);
    expect((await batch('reimburseManage', [theirs.id, claim.id], outsider)).json().status).toBe(404);
    expect((await batch('reimburseManage', [theirs.id], outsider)).headers['content-type']).toBe('application/pdf');
    expect((await batch('reimburseManage', [claim.id, 99999999])).json().status).toBe(404);
    expect((await batch('reimburseManage', [])).json()).toMatchObject({ status: 400, message: '请选择要打印的记录' });
    const many = await batch(
      'reimburseManage',
      Array.from({ length: 101 }, (_, i) => claim.id + i),
    );
    expect(many.json()).toMatchObject({ status: 400, message: '一次最多打印 100 条记录，请分批打印' });
    expect((await batch('reimburseManage', ['x'])).json().status).toBe(400);
  });

  it('refuses a module that does not print, and a caller without the print permission', async () => {
    const partners = (await t.call('POST', api('partnerInfo', 'page'), { pageSize: 1 }, boss)).data.list as Row[];
    expect(partners.length).toBe(1);
    expect((await print('partnerInfo', partners[0].id)).json()).toMatchObject({
      status: 404,
      message: '该模块不支持打印',
    });
    expect((await batch('partnerInfo', [partners[0].id])).json()).toMatchObject({
      status: 404,
      message: '该模块不支持打印',
    });
    // A member whose roles lack reimburseManage:print (a new session reads the roles afresh).
    const member = await t.db
      .selectFrom('roles')
      .select(['id', 'permissions'])
      .where('tenant_code', '=', DEMO.tenantCode)
      .where('role_key', '=', 'member')
      .executeTakeFirstOrThrow();
    expect(member.permissions).toContain('reimburseManage:print');
    await t.db
      .updateTable('roles')
      .set({ permissions: member.permissions.filter((p) => p !== 'reimburseManage:print') })
      .where('id', '=', member.id)
      .execute();
    try {
      const noPrint = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
      const refused = await batch('reimburseManage', [claim.id], noPrint);
      expect(refused.json()).toMatchObject({ status: 403 });
      expect((await print('reimburseManage', claim.id, noPrint)).json().status).toBe(403);
      // …and his rows no longer offer 打印.
      const rows = (await t.call('POST', api('reimburseManage', 'page'), { pageSize: 5 }, noPrint)).data.list as Row[];
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.actions).not.toContain('print');
    } finally {
      await t.db.updateTable('roles').set({ permissions: member.permissions }).where('id', '=', member.id).execute();
    }
  });

  it("仅本人: a member batch-prints his own records but not a colleague's", async () => {
    const roles = (await t.call('POST', '/api/admin/role/rolePage', { pageSize: 50 }, boss)).data.list as Row[];
    const member = roles.find((r) => r.roleKey === 'member')!;
    const scope = async (dataScope: string) =>
      expect((await t.call('POST', '/api/admin/role/updateDataScope', { id: member.id, dataScope }, boss)).status).toBe(
        200,
      );
    await scope('self');
    try {
      expect((await batch('reimburseManage', [claim.id, second.id], staff)).headers['content-type']).toBe(
        'application/pdf',
      );
      const refused = await batch('reimburseManage', [claim.id, others.id], staff);
      expect(refused.json()).toMatchObject({
        status: 404,
        message: `所选记录中有不存在或无权打印的记录（ID ${others.id}），未打印任何记录`,
      });
      expect((await print('reimburseManage', others.id, staff)).json().status).toBe(404);
    } finally {
      await scope('all');
    }
  });

  it('offers 打印 on the rows of every module with a print template, and each template prints a demo record', async () => {
    for (const module of [
      'procureProcess',
      'salesProcess',
      'storeprocess',
      'advanceManage',
      'propPricing',
      'projectInitiation',
    ]) {
      const rows = (await t.call('POST', api(module, 'page'), { pageSize: 3 }, boss)).data.list as Row[];
      expect(rows.length, module).toBeGreaterThan(0);
      expect(rows[0].actions, module).toContain('print');
      const res = await batch(
        module,
        rows.map((r) => r.id),
      );
      expect(res.headers['content-type'], `${module}: ${res.body.slice(0, 200)}`).toBe('application/pdf');
      const text = pdfText(res.rawPayload);
      for (const r of rows) expect(text, module).toContain(r.code);
    }
  });

  it("puts the team's logo top right when the team has one", async () => {
    expect((await print('reimburseManage', claim.id)).rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    const body = await multipart({ multipartFile: { bytes: TINY_PNG, name: '标志.png', type: 'image/png' } });
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/fileUtil/uploadFile',
        headers: { ...body.headers, Satoken: boss },
        payload: body.payload,
      })
    ).json();
    expect(up.status, up.message).toBe(200);
    await t.db
      .updateTable('tenants')
      .set({ logo_url: up.data.url })
      .where('tenant_code', '=', DEMO.tenantCode)
      .execute();
    try {
      const pdf = (await print('reimburseManage', claim.id)).rawPayload;
      expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
      expect(pdfText(pdf)).toContain('伍佰元伍角');
    } finally {
      await t.db.updateTable('tenants').set({ logo_url: null }).where('tenant_code', '=', DEMO.tenantCode).execute();
    }
  });
});
