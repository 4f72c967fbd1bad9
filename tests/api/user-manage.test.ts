// Team user management (the team-admin page kind, /api/team-admin/*): roles with menus, button codes and
// data scope; members' roles and 正常/禁用; join requests. Only the team's admins may call it; a change takes effect
// at the holders' next call (the session ACL cache is dropped); every write is in the audit log with its author.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;
const A = '/api/team-admin';
const MARK = '用户管理测试';

describe.each(oneDialect())('team user management on $name', (dialect) => {
  let t: TestApp;
  let boss: string; // demo, the owner
  let lisi: string; // an admin, not the owner
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let dict: Record<string, any[]>;
  let claimsRole: number;
  const today = todayInChina();

  async function makeUser(username: string, mobile: string) {
    const row = await t.db
      .insertInto('users')
      .values({
        username,
        mobile,
        nick_name: username,
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[username] = row.id;
    tok[username] = await t.login(username, 'secret123');
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
    for (const u of ['demo', 'lisi', 'zhangsan', 'liuyang']) {
      ids[u] = (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    }
    for (const u of ['zhangsan', 'liuyang']) tok[u] = await t.login(u, DEMO_STAFF.password);
    await makeUser('ada', '13977770001');
    await makeUser('ben', '13977770002');
    dict = (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], boss))
      .data;
  });
  afterAll(async () => t?.close());

  const claim = async (u: string) => {
    const r = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      {
        applicantId: ids[u],
        deptId: dictItemId(dict, 'dept', '业务部'),
        applyDate: today,
        reason: `${MARK}-${u}`,
        lines: [{ expenseType: dictItemId(dict, 'expenseType', '住宿'), occurDate: today, price: 120 }],
      },
      tok[u],
    );
    expect(r.status, r.message).toBe(200);
    return r.data as Row;
  };
  const roles = async () => (await t.call('POST', `${A}/roles`, {}, boss)).data.list as Row[];
  const members = async (keyword?: string) =>
    (await t.call('POST', `${A}/members`, { keyword, pageSize: 200 }, boss)).data.list as Row[];
  const saveRole = (body: Row, token = boss) => t.call('POST', `${A}/roles/save`, body, token);
  const setMember = (body: Row, token = boss) => t.call('POST', `${A}/members/update`, body, token);
  const menuKeys = (tree: any[]): string[] =>
    tree.flatMap((n) => [...(n.children ? [] : [n.name]), ...menuKeys(n.children ?? [])]);
  const claimsBody = {
    roleName: '报销专员',
    roleCode: 'claims_only',
    menuIds: ['reimburseManage'],
    dataScope: 'all',
    permissionCodes: [
      'reimburseManage:view',
      'reimburseManage:add',
      'reimburseManage:edit',
      'reimburseManage:submit',
      'reimburseManage:export',
      'reimburseManage:print',
    ],
  };

  it("only the team's admins may call it: a member gets 403 on every call", async () => {
    for (const [m, url, body] of [
      ['GET', `${A}/options`],
      ['POST', `${A}/members`, {}],
      ['POST', `${A}/roles`, {}],
      ['POST', `${A}/roles/save`, claimsBody],
      ['POST', `${A}/roles/delete`, { id: 1 }],
      ['POST', `${A}/members/update`, { userId: ids.liuyang, enabled: false }],
      ['POST', `${A}/requests`, {}],
      ['POST', `${A}/requests/decide`, { userId: ids.ada, approve: true }],
    ] as const) {
      const r = await t.call(m, url, body, tok.zhangsan);
      expect(r.status, url).toBe(403);
      expect(r.message).toBe('只有团队所有者或管理员可以执行该操作');
    }
    // Someone without a team neither.
    expect((await t.call('POST', `${A}/members`, {}, tok.ada)).status).toBe(403);
    // An admin who is not the owner may.
    expect((await t.call('POST', `${A}/roles`, {}, lisi)).status).toBe(200);
  });

  it('lists the members with masked mobiles, departments, roles and status, searchable by name or mobile', async () => {
    const all = await members();
    expect(all.length).toBeGreaterThanOrEqual(20);
    const zs = all.find((m) => m.username === 'zhangsan')!;
    expect(zs).toMatchObject({
      nickName: '张三',
      mobile: '138****0001',
      enabled: true,
      statusName: '正常',
      isOwner: false,
    });
    expect(zs.roleNames).toContain('普通成员');
    expect(all.find((m) => m.username === 'demo')).toMatchObject({ isOwner: true, isAdmin: true });
    expect((await members('刘洋')).map((m) => m.username)).toEqual(['liuyang']);
    expect((await members('13800000014')).map((m) => m.username)).toEqual(['liuyang']);
    expect(await members('没有这个人')).toEqual([]);
  });

  it("offers the team's menu tree (its mode) and each menu's button codes", async () => {
    const o = (await t.call('GET', `${A}/options`, undefined, boss)).data;
    const leaves = o.menuTree.flatMap((g: Row) => g.children.map((c: Row) => c.value));
    expect(leaves).toContain('reimburseManage');
    expect(leaves).toContain('userManage'); // the team-level backstage pages are in every team's mode (admins only)
    expect(leaves).not.toContain('moduleSettings'); // the platform pages are no team's
    expect(o.codes.reimburseManage.map((c: Row) => c.value)).toEqual(
      expect.arrayContaining(['reimburseManage:delete', 'reimburseManage:export']),
    );
    expect(o.codes.reimburseManage.find((c: Row) => c.value === 'reimburseManage:delete').label).toBe('报销管理·删除');
    expect(o.dataScopes.map((d: Row) => d.label)).toEqual(['全部', '本部门及下级', '本部门', '仅本人']);
  });

  it('refuses a bad role: code pattern, empty name, duplicate code, menus outside the mode, codes of other menus', async () => {
    const before = (await roles()).length;
    for (const code of ['Claims', '1abc', 'a', 'has-dash', 'x'.repeat(31)]) {
      const r = await saveRole({ ...claimsBody, roleCode: code });
      expect(r.status, code).toBe(400);
      expect(r.message).toMatch(/角色编码/);
    }
    expect(await saveRole({ ...claimsBody, roleName: '  ' })).toMatchObject({
      status: 400,
      message: '角色名称不能为空',
    });
    expect(await saveRole({ ...claimsBody, roleCode: 'finance' })).toMatchObject({
      status: 409,
      message: '角色编码 finance 已存在',
    });
    expect((await saveRole({ ...claimsBody, menuIds: ['reimburseManage', 'moduleSettings'] })).message).toMatch(
      /菜单不在团队的模式中/,
    );
    const stray = await saveRole({ ...claimsBody, permissionCodes: ['reimburseManage:view', 'financialPayables:pay'] });
    expect(stray.status).toBe(400);
    expect(stray.message).toMatch(/按钮权限不属于所选菜单.*应付管理·付款/);
    expect((await saveRole({ ...claimsBody, dataScope: 'everything' })).status).toBe(400);
    expect((await roles()).length).toBe(before);
  });

  it('a member given a role with only 报销管理 and no delete code sees only that menu and is refused delete at his next call', async () => {
    // zhangsan's ACL is cached by this call (before the change).
    const before = (await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, tok.zhangsan)).data;
    expect(menuKeys(before.menuTree).length).toBeGreaterThan(5);
    const r = await saveRole(claimsBody);
    expect(r, r.message).toMatchObject({ status: 200, message: '角色已新增' });
    claimsRole = r.data.id;
    expect((await roles()).find((x) => x.id === claimsRole)).toMatchObject({
      roleName: '报销专员',
      roleCode: 'claims_only',
      menuIds: ['reimburseManage'],
      dataScope: 'all',
      memberCount: 0,
    });
    expect((await setMember({ userId: ids.zhangsan, roleIds: [claimsRole] })).status).toBe(200);
    const after = (await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, tok.zhangsan)).data;
    expect(menuKeys(after.menuTree)).toEqual(['home', 'reimburseManage']);
    expect(after.permissions).not.toContain('reimburseManage:delete');
    expect((await t.call('POST', api('financialPayables', 'page'), {}, tok.zhangsan)).status).toBe(403);
    const mine = await claim('zhangsan');
    const del = await t.call('POST', api('reimburseManage', 'delete'), { ids: [mine.id] }, tok.zhangsan);
    expect(del.status).toBe(403);
    expect(del.message).toBe('没有权限执行该操作');
    // Giving the role the delete code lets him delete at his next call.
    expect(
      (
        await saveRole({
          ...claimsBody,
          id: claimsRole,
          permissionCodes: [...claimsBody.permissionCodes, 'reimburseManage:delete'],
        })
      ).message,
    ).toBe('角色已保存');
    expect(await t.call('POST', api('reimburseManage', 'delete'), { ids: [mine.id] }, tok.zhangsan)).toMatchObject({
      status: 200,
    });
    // Saving the same role again changes nothing.
    const again = await saveRole({
      ...claimsBody,
      id: claimsRole,
      permissionCodes: [...claimsBody.permissionCodes, 'reimburseManage:delete'],
    });
    expect(again.status).toBe(200);
    expect((await roles()).filter((x) => x.roleCode === 'claims_only')).toHaveLength(1);
    // Renaming to another role's code is refused.
    expect((await saveRole({ ...claimsBody, id: claimsRole, roleCode: 'hr' })).status).toBe(409);
    // A menu granted without its 查看 still opens: the code comes with the menu, so the page is not refused.
    expect((await saveRole({ ...claimsBody, id: claimsRole, permissionCodes: ['reimburseManage:add'] })).status).toBe(
      200,
    );
    expect((await roles()).find((x) => x.id === claimsRole)!.permissionCodes).toEqual([
      'reimburseManage:add',
      'reimburseManage:view',
    ]);
    expect(await t.call('POST', api('reimburseManage', 'page'), {}, tok.zhangsan)).toMatchObject({ status: 200 });
    expect(
      (
        await saveRole({
          ...claimsBody,
          id: claimsRole,
          permissionCodes: [...claimsBody.permissionCodes, 'reimburseManage:delete'],
        })
      ).status,
    ).toBe(200);
  });

  it("仅本人 set in the role editor hides colleagues' records in list, get, export and print", async () => {
    expect((await setMember({ userId: ids.liuyang, roleIds: [claimsRole] })).status).toBe(200);
    const zs = await claim('zhangsan');
    const ly = await claim('liuyang');
    const list = async (u: string) =>
      (
        (await t.call('POST', api('reimburseManage', 'page'), { pageSize: 100, keyword: MARK }, tok[u])).data
          .list as Row[]
      )
        .map((x) => x.reason)
        .sort();
    expect(await list('zhangsan')).toEqual([`${MARK}-liuyang`, `${MARK}-zhangsan`]);
    expect((await saveRole({ ...claimsBody, id: claimsRole, dataScope: 'self' })).status).toBe(200);
    expect((await roles()).find((x) => x.id === claimsRole)).toMatchObject({
      dataScope: 'self',
      dataScopeName: '仅本人',
      memberCount: 2,
    });
    expect(await list('zhangsan')).toEqual([`${MARK}-zhangsan`]);
    expect(await list('liuyang')).toEqual([`${MARK}-liuyang`]);
    expect((await t.call('GET', `${api('reimburseManage', 'get')}?id=${ly.id}`, undefined, tok.zhangsan)).status).toBe(
      404,
    );
    expect((await t.call('GET', `${api('reimburseManage', 'get')}?id=${zs.id}`, undefined, tok.zhangsan)).status).toBe(
      200,
    );
    const exp = await t.app.inject({
      method: 'POST',
      url: api('reimburseManage', 'export'),
      headers: { Satoken: tok.zhangsan },
      payload: { columns: ['code', 'reason'], keyword: MARK },
    });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['x-total-count']).toBe('1');
    const print = await t.app.inject({
      method: 'GET',
      url: `${api('reimburseManage', 'print')}?id=${ly.id}`,
      headers: { Satoken: tok.zhangsan },
    });
    expect(print.headers['content-type']).not.toContain('application/pdf');
    expect(print.json().status).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `${api('reimburseManage', 'print')}?id=${zs.id}`,
      headers: { Satoken: tok.zhangsan },
    });
    expect(own.headers['content-type']).toContain('application/pdf');
    // The owner still sees both.
    expect(
      (
        (await t.call('POST', api('reimburseManage', 'page'), { pageSize: 100, keyword: MARK }, boss)).data
          .list as Row[]
      ).length,
    ).toBe(2);
  });

  it("another team's role is not found; deleting a held, the admin or the member role is refused", async () => {
    // ada creates a team of her own: its roles are not the demo team's.
    const created = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: 'ada 的工作室', tenantType: 'individual' },
      tok.ada,
    );
    expect(created.status, created.message).toBe(200);
    const adaTeam = created.data.tenantCode as string;
    const foreign = (
      await t.db
        .selectFrom('roles')
        .select('id')
        .where('tenant_code', '=', adaTeam)
        .where('role_key', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await saveRole({ ...claimsBody, id: foreign, roleCode: 'admin' })).toMatchObject({
      status: 404,
      message: '角色不存在',
    });
    expect(await t.call('POST', `${A}/roles/delete`, { id: foreign }, boss)).toMatchObject({
      status: 404,
      message: '角色不存在',
    });
    expect(await setMember({ userId: ids.zhangsan, roleIds: [claimsRole, foreign] })).toMatchObject({
      status: 404,
      message: '角色不存在',
    });
    expect(
      (await t.db.selectFrom('roles').select('role_name').where('id', '=', foreign).executeTakeFirstOrThrow())
        .role_name,
    ).toBe('管理员');

    const held = await t.call('POST', `${A}/roles/delete`, { id: claimsRole }, boss);
    expect(held).toMatchObject({ status: 409, message: '该角色仍有 2 名成员，请先取消他们的该角色' });
    const all = await roles();
    for (const key of ['admin', 'member']) {
      expect(
        await t.call('POST', `${A}/roles/delete`, { id: all.find((r) => r.roleCode === key)!.id }, boss),
      ).toMatchObject({ status: 400, message: '系统角色不能删除' });
    }
    // The admin role keeps every right: only its name may change.
    const adminRole = all.find((r) => r.roleCode === 'admin')!;
    expect(
      (
        await saveRole({
          id: adminRole.id,
          roleName: adminRole.roleName,
          roleCode: 'admin',
          menuIds: ['reimburseManage'],
          permissionCodes: [],
          dataScope: 'all',
        })
      ).message,
    ).toBe('管理员角色拥有全部权限，只能修改名称');
    // Its holders given other roles, it may go.
    const member = all.find((r) => r.roleCode === 'member')!.id;
    for (const u of ['zhangsan', 'liuyang'])
      expect((await setMember({ userId: ids[u], roleIds: [member] })).status).toBe(200);
    expect(await t.call('POST', `${A}/roles/delete`, { id: claimsRole }, boss)).toMatchObject({
      status: 200,
      message: '角色已删除',
    });
    expect((await roles()).some((r) => r.id === claimsRole)).toBe(false);
    expect((await t.call('POST', `${A}/roles/delete`, { id: claimsRole }, boss)).status).toBe(404);
    // zhangsan is back to the member role's menus at his next call.
    const menu = (await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, tok.zhangsan)).data;
    expect(menuKeys(menu.menuTree).length).toBeGreaterThan(5);
  });

  it('disabling a member blocks him at his next call until he is enabled again; the owner and oneself are protected', async () => {
    expect((await t.call('POST', api('reimburseManage', 'page'), {}, tok.liuyang)).status).toBe(200);
    expect(await setMember({ userId: ids.liuyang, enabled: false })).toMatchObject({ status: 200, message: '已禁用' });
    expect((await members('刘洋'))[0]).toMatchObject({ enabled: false, statusName: '禁用' });
    expect((await t.call('POST', api('reimburseManage', 'page'), {}, tok.liuyang)).status).toBe(403);
    const menu = (await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, tok.liuyang)).data;
    expect(menu.menuTree).toEqual([]);
    expect(
      await t.call('GET', `/api/admin/login/switchTenants?tenantCode=${DEMO.tenantCode}`, undefined, tok.liuyang),
    ).toMatchObject({ status: 403, message: '您在该团队的账号已被禁用，请联系团队管理员' });
    expect((await t.call('GET', '/api/admin/systenant/getSysTenantByUserId', undefined, tok.liuyang)).data).toEqual([]);
    // A fresh login does not start in the team either.
    const again = await t.login('liuyang', DEMO_STAFF.password);
    expect((await t.call('POST', api('reimburseManage', 'page'), {}, again)).status).toBe(403);
    // Enabled again: he switches back and works.
    expect(await setMember({ userId: ids.liuyang, enabled: true })).toMatchObject({ status: 200, message: '已启用' });
    expect(
      (await t.call('GET', `/api/admin/login/switchTenants?tenantCode=${DEMO.tenantCode}`, undefined, tok.liuyang))
        .status,
    ).toBe(200);
    expect((await t.call('POST', api('reimburseManage', 'page'), {}, tok.liuyang)).status).toBe(200);

    // The owner cannot be disabled nor lose 管理员; an admin cannot disable himself or drop his own admin role.
    const all = await roles();
    const member = all.find((r) => r.roleCode === 'member')!.id;
    expect(await setMember({ userId: ids.demo, enabled: false }, lisi)).toMatchObject({
      status: 400,
      message: '团队所有者不能被禁用',
    });
    expect(await setMember({ userId: ids.demo, roleIds: [member] }, lisi)).toMatchObject({
      status: 400,
      message: '团队所有者必须保留管理员角色',
    });
    expect(await setMember({ userId: ids.lisi, enabled: false }, lisi)).toMatchObject({
      status: 400,
      message: '不能禁用自己',
    });
    expect(await setMember({ userId: ids.lisi, roleIds: [member] }, lisi)).toMatchObject({
      status: 400,
      message: '不能取消自己的管理员角色',
    });
    expect((await members('演示用户'))[0]).toMatchObject({ enabled: true, isAdmin: true });
    expect((await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, boss)).data.permissions).toContain(
      'reimburseManage:delete',
    );
    // Not a member of the team: 404.
    expect(await setMember({ userId: ids.ben, enabled: false })).toMatchObject({
      status: 404,
      message: '该用户不是团队成员',
    });
  });

  it('join requests: 待审核 → 已通过 | 已拒绝 (a reason required), decided once, never by the applicant', async () => {
    const join = (u: string) =>
      t.call(
        'POST',
        '/api/admin/applyjointenant/actionUserJoinTenant',
        { tenantCode: DEMO.tenantCode, remark: '想加入' },
        tok[u],
      );
    expect((await join('ada')).status).toBe(200);
    expect((await join('ben')).status).toBe(200);
    const pending = (await t.call('POST', `${A}/requests`, { status: 'pending' }, boss)).data.list as Row[];
    expect(pending.map((r) => r.username).sort()).toEqual(['ada', 'ben']);
    expect(pending.find((r) => r.username === 'ada')).toMatchObject({
      applicant: 'ada',
      mobile: '139****0001',
      tenantName: '演示企业',
      statusName: '待审核',
      remark: '想加入',
    });
    // The applicant is no admin of the team: he cannot decide his own.
    expect((await t.call('POST', `${A}/requests/decide`, { userId: ids.ada, approve: true }, tok.ada)).status).toBe(
      403,
    );
    expect(await t.call('POST', `${A}/requests/decide`, { userId: ids.ben, approve: false }, boss)).toMatchObject({
      status: 400,
      message: '请输入拒绝原因',
    });
    expect(
      await t.call('POST', `${A}/requests/decide`, { userId: ids.ben, approve: false, reason: '   ' }, boss),
    ).toMatchObject({ status: 400, message: '请输入拒绝原因' });
    expect(
      await t.call('POST', `${A}/requests/decide`, { userId: ids.ben, approve: false, reason: '不是本公司员工' }, boss),
    ).toMatchObject({ status: 200, data: { status: 'refused' } });
    expect(await t.call('POST', `${A}/requests/decide`, { userId: ids.ada, approve: true }, lisi)).toMatchObject({
      status: 200,
      data: { status: 'normal' },
    });
    // Sent again, nothing changes.
    expect(
      (await t.call('POST', `${A}/requests/decide`, { userId: ids.ada, approve: false, reason: '改主意' }, boss))
        .status,
    ).toBe(409);
    const refused = (await t.call('POST', `${A}/requests`, { status: 'refused' }, boss)).data.list as Row[];
    expect(refused.map((r) => [r.username, r.statusName, r.remark, r.decider])[0]).toEqual([
      'ben',
      '已拒绝',
      '不是本公司员工',
      '演示用户',
    ]);
    // The demo's refused applicants (demo/people.json) are there too, newest first.
    expect(refused.map((r) => r.username)).toEqual(['ben', 'weiming', 'fengxue', 'qianduo']);
    const approved = (await t.call('POST', `${A}/requests`, { status: 'approved' }, boss)).data.list as Row[];
    expect(approved.find((r) => r.username === 'ada')).toMatchObject({ statusName: '已通过', decider: '李四' });
    // And the demo's members who joined by an approved request.
    expect(approved.find((r) => r.username === 'liuyang')).toMatchObject({
      statusName: '已通过',
      remark: '业务部新同事，刘洋',
      decider: '李四',
    });
    expect((await t.call('POST', `${A}/requests`, { status: 'pending' }, boss)).data.list).toEqual([]);
    // ada is a member with the member role.
    expect((await members('ada'))[0].roleNames).toEqual(['普通成员']);
  });

  it('writes are in the audit log with their author', async () => {
    const { rows } = await sql<Row>`SELECT entity, action, user_id FROM audit_log WHERE tenant_code = ${DEMO.tenantCode}
      AND entity IN ('roles', 'user_roles', 'memberships') AND at > now() - interval '1 hour' ORDER BY id`.execute(
      t.db,
    );
    const by = (entity: string, action: string) =>
      rows.filter((r) => r.entity === entity && r.action === action).map((r) => Number(r.user_id));
    expect(by('roles', 'create')).toContain(Number(ids.demo));
    expect(by('roles', 'delete')).toContain(Number(ids.demo));
    expect(by('user_roles', 'create')).toContain(Number(ids.demo));
    expect(by('memberships', 'update')).toEqual(expect.arrayContaining([Number(ids.demo), Number(ids.lisi)]));
  });
});
