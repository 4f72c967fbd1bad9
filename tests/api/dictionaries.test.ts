import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, multipart, TINY_PNG, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { permissionCodesOf } from '../../src/server/modules/menu/catalogue';

const D = '/api/admin/sysmenuListFieldDict';

describe.each(oneDialect())('dictionary writes on $name', (dialect) => {
  let t: TestApp;
  let boss: string; // demo: owner, every permission
  let staff: string; // 张三: member role (fieldDictionary add/edit, no delete)
  let cashier: string; // 王五: only the finance dictionary page
  let outsider: string; // owner of another team
  let staffId: number;
  let outsiderId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    staffId = (
      await t.db.selectFrom('users').select('id').where('username', '=', DEMO_STAFF.username).executeTakeFirstOrThrow()
    ).id;
    const add = async (username: string, mobile: string, nick: string) =>
      (
        await t.db
          .insertInto('users')
          .values({
            username,
            mobile,
            nick_name: nick,
            password_hash: await hashPassword('secret123'),
            status: 'active',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    outsiderId = await add('other', '13933330001', '别家');
    outsider = await t.login('other', 'secret123');
    await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家公司', legalPerson: '王五' },
      },
      outsider,
    );
    const cashierId = await add('wangwu', '13933330002', '王五');
    await t.db
      .insertInto('memberships')
      .values({ tenant_code: DEMO.tenantCode, user_id: cashierId, status: 'normal', is_admin: false })
      .execute();
    const role = await t.db
      .insertInto('roles')
      .values({
        tenant_code: DEMO.tenantCode,
        role_key: 'cashier',
        role_name: '出纳',
        menus: ['feildDictionary'],
        permissions: permissionCodesOf('feildDictionary'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_roles')
      .values({ tenant_code: DEMO.tenantCode, user_id: cashierId, role_id: role.id })
      .execute();
    cashier = await t.login('wangwu', 'secret123');
  });
  afterAll(async () => t?.close());

  const list = async (fieldKey: string, token = boss, status?: number) =>
    (await t.call('POST', `${D}/queryByFieldKey`, { fieldKey, ...(status !== undefined ? { status } : {}) }, token))
      .data as any[];
  const names = (nodes: any[]) => nodes.map((n) => n.dictName);
  const itemId = async (fieldKey: string, name: string, token = boss) =>
    dictItemId({ [fieldKey]: await list(fieldKey, token) }, fieldKey, name);
  const call = (path: string, body: unknown, token = boss) => t.call('POST', `${D}/${path}`, body, token);

  it('serves the seeded items with their flags, codes and extra values', async () => {
    const units = await list('unit');
    expect(units.every((u) => u.seeded === true && u.status === 1)).toBe(true);
    const travel = (await list('expenseType')).find((n) => n.dictName === '差旅费');
    expect(travel.children.map((c: any) => [c.dictName, c.dictExtra])).toEqual([
      ['交通', '6602'],
      ['住宿', '6602'],
      ['出差补贴', '6602'],
    ]);
    expect((await list('accountSubject')).map((n) => n.dictCode)).toEqual(['6602', '6601', '5101', '6401', '1221']);
    expect((await list('salaryItem')).find((n) => n.dictName === '借支扣回').dictExtra).toBe('减项');
  });

  it('adds, renames, moves, disables, enables and deletes an item', async () => {
    const seeded = names(await list('unit'));
    const added = await call('add', {
      fieldKey: 'unit',
      dictName: '  托  ',
      dictCode: 'BOX',
      dictIcon: 'InboxOutlined',
    });
    expect(added, added.message).toMatchObject({
      status: 200,
      data: { dictName: '托', dictCode: 'BOX', seeded: false, status: 1, fieldKey: 'unit' },
    });
    expect(names(await list('unit'))).toEqual([...seeded, '托']);
    const id = added.data.id;
    const upd = await call('update', { id, dictName: '木托', dictCode: 'CTN' });
    expect(upd.data).toMatchObject({ dictName: '木托', dictCode: 'CTN', dictIcon: 'InboxOutlined' });

    expect((await call('move', { id, direction: 'up' })).data).toEqual({ moved: true });
    expect(names(await list('unit')).slice(-2)).toEqual(['木托', seeded[seeded.length - 1]]);
    expect((await call('move', { id, direction: 'down' })).data).toEqual({ moved: true });
    expect((await call('move', { id, direction: 'down' })).data).toEqual({ moved: false }); // last: nothing happens
    expect((await call('move', { id: await itemId('unit', '个'), direction: 'up' })).data).toEqual({ moved: false });
    expect(names(await list('unit'))).toEqual([...seeded, '木托']);

    expect((await call('enable', { id, enabled: false })).data).toMatchObject({ status: 0, disabled: true });
    expect(names(await list('unit', boss, 1))).not.toContain('木托');
    expect(names(await list('unit'))).toContain('木托'); // the editor still sees it
    expect((await call('enable', { id, enabled: true })).data.status).toBe(1);

    expect(await call('delete', { id })).toMatchObject({ status: 200, message: '删除成功' });
    expect(names(await list('unit'))).not.toContain('木托');
    expect((await call('update', { id, dictName: '又来' })).status).toBe(404);
    // A deleted item's code is free again.
    expect((await call('add', { fieldKey: 'unit', dictName: '托', dictCode: 'CTN' })).status).toBe(200);
  });

  it('keeps trees consistent: children, cycles, parents of other dictionaries', async () => {
    const parent = (await call('add', { fieldKey: 'fileFolder', dictName: '项目资料' })).data;
    const child = (await call('add', { fieldKey: 'fileFolder', dictName: '效果图', parentId: parent.id })).data;
    const grandchild = (await call('add', { fieldKey: 'fileFolder', dictName: '初稿', parentId: child.id })).data;
    const tree = (await list('fileFolder')).find((n) => n.id === parent.id);
    expect(tree.children[0]).toMatchObject({ dictName: '效果图', children: [{ dictName: '初稿' }] });
    expect(await call('delete', { id: parent.id })).toMatchObject({ status: 400, message: '请先删除下级' });
    expect(await call('update', { id: parent.id, parentId: grandchild.id })).toMatchObject({
      status: 400,
      message: '上级不能是自身或其下级',
    });
    expect(await call('update', { id: parent.id, parentId: parent.id })).toMatchObject({
      status: 400,
      message: '上级不能是自身或其下级',
    });
    expect(
      await call('add', { fieldKey: 'fileFolder', dictName: 'x', parentId: await itemId('dept', '业务部') }),
    ).toMatchObject({ status: 400, message: '上级不存在' });
    expect(await call('add', { fieldKey: 'unit', dictName: 'x', parentId: await itemId('unit', '个') })).toMatchObject({
      status: 400,
      message: '该字典不分上下级',
    });
    // Under a seeded node is fine; moving a grandchild up to the root too.
    expect(
      (
        await call('add', {
          fieldKey: 'fileFolder',
          dictName: '制度附件',
          parentId: await itemId('fileFolder', '公司制度'),
        })
      ).status,
    ).toBe(200);
    expect((await call('update', { id: grandchild.id, parentId: null })).data.parentId).toBeNull();
    expect((await call('delete', { id: child.id })).status).toBe(200);
    expect((await call('delete', { id: parent.id })).status).toBe(200);
    // A disabled parent takes its children out of the form options with it.
    const folder = await itemId('fileFolder', '公司制度');
    await call('enable', { id: folder, enabled: false });
    expect(names(await list('fileFolder', boss, 1))).not.toContain('制度附件');
    await call('enable', { id: folder, enabled: true });
  });

  it('lets seeded items be renamed, never deleted, re-coded or re-parented', async () => {
    const ge = await itemId('unit', '个');
    expect((await call('update', { id: ge, dictName: '个（只）', dictIcon: 'TagOutlined' })).data).toMatchObject({
      dictName: '个（只）',
      seeded: true,
    });
    expect((await call('update', { id: ge, dictName: '个' })).status).toBe(200);
    expect(await call('delete', { id: ge })).toMatchObject({ status: 400, message: '系统预置项不能删除' });
    const rate = await itemId('taxRate', '13%');
    expect(await call('update', { id: rate, dictCode: '0.14' })).toMatchObject({
      status: 400,
      message: '系统预置项不能修改编码',
    });
    expect((await call('update', { id: rate, dictName: '13%', dictCode: '0.13' })).status).toBe(200); // the form sends the unchanged code
    const rules = await itemId('fileFolder', '公司制度');
    expect(await call('update', { id: rules, parentId: await itemId('fileFolder', '合同文件') })).toMatchObject({
      status: 400,
      message: '系统预置项不能修改上级',
    });
    expect((await call('enable', { id: ge, enabled: false })).status).toBe(200); // a team may stop using a default
    await call('enable', { id: ge, enabled: true });
  });

  it('checks names, codes, images, icons, extra values and leaders with Chinese messages', async () => {
    const cases: [object, number, string][] = [
      [{ fieldKey: 'unit', dictName: '   ' }, 400, '名称不能为空'],
      [{ fieldKey: 'unit', dictName: '长'.repeat(31) }, 400, '名称最大输入长度为30'],
      [{ fieldKey: 'unit', dictName: 'x', dictCode: 'C'.repeat(31) }, 400, '编码最大输入长度为30'],
      [{ fieldKey: 'taxRate', dictName: '15%', dictCode: '0.13' }, 409, '税率值已存在'],
      [{ fieldKey: 'unit', dictName: 'x', dictIcon: 'i'.repeat(51) }, 400, '图标最大输入长度为50'],
      [{ fieldKey: 'unit', dictName: 'x', dictImg: 'javascript:alert(1)' }, 400, '图片格式不正确'],
      [{ fieldKey: 'unit', dictName: 'x', dictImg: '/api/files/999999/a.png' }, 400, '图片的文件不存在'],
      [{ fieldKey: 'unit', dictName: 'x', dictExtra: 'y' }, 400, '该字典没有附加项'],
      [{ fieldKey: 'salaryItem', dictName: '绩效奖' }, 400, '加减项不能为空'],
      [{ fieldKey: 'salaryItem', dictName: '绩效奖', dictExtra: '乘项' }, 400, '加减项的选项不存在'],
      [{ fieldKey: 'expenseType', dictName: '快递费', dictExtra: '9999' }, 400, '会计科目的选项不存在'],
      [{ fieldKey: 'unit', dictName: 'x', leaderId: staffId }, 400, '该字典没有负责人'],
      [{ fieldKey: 'dept', dictName: '外联部', leaderId: outsiderId }, 400, '负责人不是团队成员'],
    ];
    for (const [body, status, message] of cases)
      expect(await call('add', body), JSON.stringify(body)).toMatchObject({ status, message });
    expect((await call('add', { fieldKey: 'unit', dictName: '卷', dictCode: 'ROLL' })).status).toBe(200);
    expect(await call('add', { fieldKey: 'unit', dictName: '卷2', dictCode: 'ROLL' })).toMatchObject({
      status: 409,
      message: '编码已存在',
    });
    expect((await call('add', { fieldKey: 'salaryItem', dictName: '绩效奖', dictExtra: '加项' })).data.dictExtra).toBe(
      '加项',
    );
    expect(
      (await call('add', { fieldKey: 'expenseType', dictName: '快递费', dictExtra: '6601', parentId: null })).data
        .dictExtra,
    ).toBe('6601');
    const dept = await call('add', {
      fieldKey: 'dept',
      dictName: '外联部',
      parentId: await itemId('dept', '业务部'),
      leaderId: staffId,
    });
    expect(dept.data).toMatchObject({ leaderId: staffId });
    const form = await multipart({ multipartFile: { bytes: TINY_PNG, name: 'box.png', type: 'image/png' } });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fileUtil/uploadFile',
      headers: { Satoken: boss, ...form.headers },
      payload: form.payload,
    });
    const url = up.json().data.filePath;
    expect((await call('add', { fieldKey: 'unit', dictName: '盒', dictImg: url })).data.dictImg).toBe(url);
  });

  it('writes a fieldKey only with the permission of the page that maintains it', async () => {
    // 王五 holds the finance dictionary page only: its own keys yes, the read-only ones it shows no.
    expect((await call('add', { fieldKey: 'advanceType', dictName: '培训借支' }, cashier)).status).toBe(200);
    expect(await call('add', { fieldKey: 'paymentMethod', dictName: '数字人民币' }, cashier)).toMatchObject({
      status: 403,
      message: '没有权限执行该操作',
    });
    expect(await call('add', { fieldKey: 'unit', dictName: '吨' }, cashier)).toMatchObject({ status: 403 });
    expect(await call('update', { id: await itemId('unit', '件'), dictName: '件数' }, cashier)).toMatchObject({
      status: 403,
    });
    // 张三 (member role) reads 字段字典 but neither adds, changes nor deletes its items.
    expect(await call('add', { fieldKey: 'unit', dictName: '吨' }, staff)).toMatchObject({
      status: 403,
      message: '没有权限执行该操作',
    });
    expect(await call('update', { id: await itemId('unit', '件'), dictName: '件数' }, staff)).toMatchObject({
      status: 403,
    });
    const mine = await call('add', { fieldKey: 'unit', dictName: '吨' });
    expect(mine.status).toBe(200);
    expect(await call('delete', { id: mine.data.id }, staff)).toMatchObject({ status: 403 });
    expect((await call('delete', { id: mine.data.id })).status).toBe(200);
    // Derived dictionaries and keys no page maintains are never written.
    expect(await call('add', { fieldKey: 'teamMembers', dictName: '假人' })).toMatchObject({
      status: 403,
      message: '该字典由系统生成，不能修改',
    });
    expect(await call('add', { fieldKey: 'noSuchKey', dictName: 'x' })).toMatchObject({
      status: 403,
      message: '该字典没有维护页面，不能修改',
    });
    expect((await t.call('POST', `${D}/add`, { fieldKey: 'unit', dictName: 'x' })).status).toBe(10015);
  });

  it("treats another team's item ids as not found", async () => {
    const ours = await itemId('unit', '件');
    for (const [path, body] of [
      ['update', { id: ours, dictName: '偷改' }],
      ['delete', { id: ours }],
      ['move', { id: ours, direction: 'up' }],
      ['enable', { id: ours, enabled: false }],
    ] as const) {
      expect(await call(path, body, outsider), path).toMatchObject({ status: 404, message: '字典项不存在' });
    }
    expect(
      await call(
        'add',
        { fieldKey: 'fileFolder', dictName: 'x', parentId: await itemId('fileFolder', '公司制度') },
        outsider,
      ),
    ).toMatchObject({ status: 400, message: '上级不存在' });
    expect(names(await list('unit'))).toContain('件');
  });

  it('keeps the name of a disabled or deleted item on records that stored it', async () => {
    const fee = (await call('add', { fieldKey: 'expenseType', dictName: '停车费', dictExtra: '6602' })).data;
    const dict = (await t.call('POST', `${D}/queryByFieldKeys`, ['dept', 'teamMembers'], staff)).data;
    const today = new Date().toISOString().slice(0, 10);
    const rec = await t.call(
      'POST',
      '/api/data/reimburseManage/add',
      {
        applicantId: dictItemId(dict, 'teamMembers', '张三'),
        deptId: dictItemId(dict, 'dept', '业务部'),
        applyDate: today,
        reason: '停车',
        lines: [{ expenseType: fee.id, occurDate: today, price: 20 }],
      },
      staff,
    );
    expect(rec.status, rec.message).toBe(200);
    await call('enable', { id: fee.id, enabled: false });
    await call('delete', { id: fee.id });
    const got = await t.call('GET', `/api/data/reimburseManage/get?id=${rec.data.id}`, undefined, staff);
    expect(got.data.lines[0].expenseTypeName).toBe('停车费');
    const again = await t.call(
      'POST',
      '/api/data/reimburseManage/update',
      { ...got.data, reason: '停车（改）' },
      staff,
    );
    expect(again.status, again.message).toBe(200);
    expect(again.data.lines[0].expenseTypeName).toBe('停车费');
    // …but no new record, and no record that did not hold it, can pick it any more.
    const fresh = await t.call(
      'POST',
      '/api/data/reimburseManage/add',
      {
        applicantId: dictItemId(dict, 'teamMembers', '张三'),
        deptId: dictItemId(dict, 'dept', '业务部'),
        applyDate: today,
        reason: '停车',
        lines: [{ expenseType: fee.id, occurDate: today, price: 20 }],
      },
      staff,
    );
    expect(fresh).toMatchObject({ status: 400, message: '费用类型的选项「停车费」已停用' });
  });

  it('answers hostile bodies with a 4xx envelope, never a 5xx', async () => {
    const ours = await itemId('unit', '件');
    const bodies: [string, unknown][] = [
      ['add', {}],
      ['add', []],
      ['add', 'x'],
      ['add', { fieldKey: 'unit', dictName: { a: 1 } }],
      ['add', { fieldKey: '../x', dictName: 'x' }],
      ['add', { fieldKey: 'unit', dictName: 'x'.repeat(10_000) }],
      ['add', { fieldKey: 'unit', dictName: 'x', sort: 1e12 }],
      ['add', { fieldKey: 'unit', dictName: 'x', parentId: 'abc' }],
      ['add', { fieldKey: 'fileFolder', dictName: 'x', parentId: 9e15 }],
      ['update', { id: 'abc' }],
      ['update', { id: -1, dictName: 'x' }],
      ['update', { id: 1e30 }],
      ['update', { id: ours, leaderId: [1] }],
      ['move', { id: ours, direction: 'left' }],
      ['enable', { id: ours, enabled: 'maybe' }],
      ['delete', { id: null }],
    ];
    for (const [path, body] of bodies) {
      const r = await call(path, body);
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).not.toBe(200);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: `${D}/add`,
      headers: { Satoken: boss, 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(raw.statusCode).toBeLessThan(500);
    expect(names(await list('unit'))).not.toContain('x');
  });
});
