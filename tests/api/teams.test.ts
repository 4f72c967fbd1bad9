import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';

const USCC = '91350100M000100Y43';

describe.each(oneDialect())('teams, memberships and menus on $name', (dialect) => {
  let t: TestApp;
  let owner: string; // demo, owner of 演示企业
  let alice: string;
  let bob: string;
  let aliceId: number;
  let bobId: number;

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
    return { id: row.id, token: await t.login(username, 'secret123') };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await t.login(DEMO.username, DEMO.password);
    ({ id: aliceId, token: alice } = await makeUser('alice', '13911110001'));
    ({ id: bobId, token: bob } = await makeUser('bob', '13911110002'));
  });
  afterAll(async () => t?.close());

  const join = (token: string, tenantCode = DEMO.tenantCode) =>
    t.call('POST', '/api/admin/applyjointenant/actionUserJoinTenant', { tenantCode, remark: '我是新同事' }, token);
  const decide = (token: string, userId: number, approve: boolean) =>
    t.call('POST', '/api/admin/applyjointenant/decide', { userId, approve }, token);
  const teams = async (token: string) =>
    (await t.call('GET', '/api/admin/systenant/getSysTenantByUserId', undefined, token)).data;
  const menuKeys = (tree: any[]): string[] => tree.flatMap((n) => [n.name, ...menuKeys(n.children ?? [])]);

  it('gives a new user no team and an empty menu until they join or create one', async () => {
    expect(await teams(alice)).toEqual([]);
    const m = await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, alice);
    expect(m.data).toEqual({ menuTree: [], permissions: [] });
  });

  it('shows only a public summary to someone who is not a member', async () => {
    const q = await t.call(
      'POST',
      '/api/admin/applyjointenant/queryJoinTenantById',
      { tenantCode: DEMO.tenantCode },
      alice,
    );
    expect(q.data).toMatchObject({
      tenantCode: DEMO.tenantCode,
      tenantName: '演示企业',
      tenantType: 'enterprise',
      memberCount: 20,
      myStatus: null,
    });
    expect(q.data).not.toHaveProperty('verification');
    expect(
      (await t.call('POST', '/api/admin/systenant/querySysTenantById', { tenantCode: DEMO.tenantCode }, alice)).status,
    ).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/applyjointenant/queryJoinTenantById', { tenantCode: 'T99999999' }, alice))
        .status,
    ).toBe(404);
  });

  it('runs apply → refuse → apply again → approve, with every refused transition refused', async () => {
    expect((await join(alice)).status).toBe(200);
    expect(await join(alice)).toMatchObject({ status: 409, message: '已提交申请，请等待团队审核' });
    // The applicant cannot approve itself, and a non-admin cannot decide.
    expect((await decide(alice, aliceId, true)).status).toBe(403);
    expect((await decide(bob, aliceId, true)).status).toBe(403);
    const pending = await t.call('POST', '/api/admin/applyjointenant/requestPage', { status: 'pending' }, owner);
    expect(pending.data.list.map((r: any) => r.username)).toEqual(['alice']);
    expect(pending.data.list[0].mobile).toBe('139****0001');
    expect((await t.call('POST', '/api/admin/applyjointenant/requestPage', {}, alice)).status).toBe(403);

    expect((await decide(owner, aliceId, false)).data.status).toBe('refused');
    expect((await decide(owner, aliceId, true)).status).toBe(409); // refused must apply again
    expect(
      (await t.call('GET', `/api/admin/login/switchTenants?tenantCode=${DEMO.tenantCode}`, undefined, alice)).status,
    ).toBe(403);
    expect((await join(alice)).status).toBe(200);
    expect((await decide(owner, aliceId, true)).data.status).toBe('normal');
    expect(await join(alice)).toMatchObject({ status: 409, message: '您已是该团队成员' });
    expect((await teams(alice)).map((x: any) => x.tenantName)).toEqual(['演示企业']);
  });

  it('switches only into teams the caller belongs to, returning the intersected menu tree', async () => {
    expect((await t.call('GET', '/api/admin/login/switchTenants?tenantCode=T99999999', undefined, bob)).status).toBe(
      403,
    );
    expect(
      (await t.call('GET', `/api/admin/login/switchTenants?tenantCode=${DEMO.tenantCode}`, undefined, bob)).status,
    ).toBe(403);
    const sw = await t.call('GET', `/api/admin/login/switchTenants?tenantCode=${DEMO.tenantCode}`, undefined, alice);
    expect(sw.status).toBe(200);
    expect(sw.message).toBe('切换成功');
    const keys = menuKeys(sw.data.menuTree);
    expect(keys).toContain('reimburseManage');
    expect(keys).not.toContain('ProcessBinding'); // the member role lacks system settings
    expect(keys).not.toContain('moduleSettings'); // backstage is not in a team package
    expect(sw.data.permissions).toContain('reimburseManage:add');
    expect(sw.data.permissions).not.toContain('reimburseManage:delete');
    expect(sw.data.user).toMatchObject({ tenantCode: DEMO.tenantCode, tenantName: '演示企业' });
    const ownerMenu = await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, owner);
    expect(menuKeys(ownerMenu.data.menuTree)).toContain('ProcessBinding');
    expect(ownerMenu.data.permissions).toContain('reimburseManage:delete');
  });

  it('intersects the team package with the roles, and refreshes the cached tree when they change', async () => {
    // Shrink the member role to two modules, one of which the package does not hold.
    await t.db
      .updateTable('roles')
      .set({
        menus: ['reimburseManage', 'moduleSettings'],
        permissions: ['reimburseManage:view', 'moduleSettings:view'],
      })
      .where('tenant_code', '=', DEMO.tenantCode)
      .where('role_key', '=', 'member')
      .execute();
    // Cached per session: unchanged until the cache is dropped.
    const cached = await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, alice);
    expect(menuKeys(cached.data.menuTree)).toContain('financialPrepay');
    await sql`UPDATE sessions SET acl = NULL WHERE tenant_code = ${DEMO.tenantCode}`.execute(t.db);
    const fresh = await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, alice);
    expect(menuKeys(fresh.data.menuTree)).toEqual(['home', 'finance', 'reimburseManage']);
    expect(fresh.data.permissions).toEqual(['reimburseManage:view']);
    // In the rig's replica mode the next call may reach the other process, whose cached session hears of the
    // change by NOTIFY and reads it before answering (db/cache-bus.ts, CacheBus.sync).
    expect((await t.call('GET', '/api/admin/sysuser/getSysUser', undefined, alice)).data.permissions).toEqual([
      'reimburseManage:view',
    ]);
  });

  it('creates individual and enterprise teams, validating the licence data', async () => {
    const ind = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '鲍勃工作室', tenantType: 'individual' },
      bob,
    );
    expect(ind.status, ind.message).toBe(200);
    expect(menuKeys(ind.data.menuTree)).toContain('reimburseManage');
    expect(menuKeys(ind.data.menuTree)).not.toContain('propMake');
    const bad = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '坏企业',
        tenantType: 'enterprise',
        verification: { creditCode: '123', companyName: '坏企业', legalPerson: '张三' },
      },
      bob,
    );
    expect(bad.message).toBe('请输入正确的统一社会信用代码');
    const badSum = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '坏企业',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y44', companyName: '坏企业', legalPerson: '张三' },
      },
      bob,
    );
    expect(badSum.message).toBe('请输入正确的统一社会信用代码'); // the GB 32100 checksum, not just the pattern
    const badId = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '个人', tenantType: 'individual', verification: { idCardNo: '110105194912310021' } },
      bob,
    );
    expect(badId.message).toBe('请输入正确的身份证号');
    const missing = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '缺资料', tenantType: 'enterprise', verification: {} },
      bob,
    );
    expect(missing.message).toBe('统一社会信用代码不能为空');
    const ent = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '鲍勃道具',
        tenantType: 'enterprise',
        verification: { creditCode: USCC, companyName: '鲍勃道具有限公司', legalPerson: '鲍勃' },
      },
      bob,
    );
    expect(ent.status, ent.message).toBe(200);
    const mine = await teams(bob);
    expect(mine.map((x: any) => x.tenantName)).toEqual(['鲍勃工作室', '鲍勃道具']);
    expect(mine.find((x: any) => x.current).tenantName).toBe('鲍勃道具');
    const detail = await t.call(
      'POST',
      '/api/admin/systenant/querySysTenantById',
      { tenantCode: ent.data.tenantCode },
      bob,
    );
    expect(detail.data.verification).toMatchObject({ creditCode: USCC, legalPerson: '鲍勃' });
  });

  it("never lists other users' teams", async () => {
    const a = (await teams(alice)).map((x: any) => x.tenantName);
    expect(a).toEqual(['演示企业']);
    const o = (await teams(owner)).map((x: any) => x.tenantName);
    expect(o).toEqual(['演示企业']);
  });

  it('handles invitations, quitting and removal under the same guards', async () => {
    const bobTeam = (await teams(bob)).find((x: any) => x.current).tenantCode;
    const invite = (mobile: string, token = bob) =>
      t.call('POST', '/api/admin/applyjointenant/invite', { mobile }, token);
    expect((await invite('13911110001', alice)).status).toBe(403); // alice is not admin of her active team
    const sent = await invite('13911110001');
    expect(sent.status).toBe(200);
    // Already invited: the same answer, nothing changes.
    expect(await invite('13911110001')).toEqual(sent);
    const apps = await t.call('GET', '/api/admin/applyjointenant/myApplications', undefined, alice);
    expect(apps.data).toEqual([expect.objectContaining({ tenantCode: bobTeam, status: 'invited' })]);
    expect(
      (await t.call('POST', '/api/admin/applyjointenant/respondInvite', { tenantCode: bobTeam, accept: true }, alice))
        .data.status,
    ).toBe('normal');
    expect((await t.call('POST', '/api/admin/applyjointenant/quitTenant', { tenantCode: bobTeam }, bob)).message).toBe(
      '团队所有者不能退出或被移出团队',
    );
    expect((await t.call('POST', '/api/admin/applyjointenant/removeMember', { userId: aliceId }, bob)).status).toBe(
      200,
    );
    expect((await t.call('GET', `/api/admin/login/switchTenants?tenantCode=${bobTeam}`, undefined, alice)).status).toBe(
      403,
    );
    // Quit: alice leaves the demo team and must apply again to return.
    expect(
      (await t.call('POST', '/api/admin/applyjointenant/quitTenant', { tenantCode: DEMO.tenantCode }, alice)).status,
    ).toBe(200);
    expect(await teams(alice)).toEqual([]);
    expect((await join(alice)).status).toBe(200);
    void bobId;
  });

  it('answers an invitation alike for any mobile: unregistered, registered, invited, a member, the inviter', async () => {
    const carol = await makeUser('carol', '13911110003');
    const member = await t.db
      .selectFrom('users')
      .innerJoin('memberships', 'memberships.user_id', 'users.id')
      .select(['users.mobile', 'users.id'])
      .where('memberships.tenant_code', '=', DEMO.tenantCode)
      .where('memberships.status', '=', 'normal')
      .where('memberships.is_admin', '=', false)
      .executeTakeFirstOrThrow();
    const own = await t.db
      .selectFrom('users')
      .select('mobile')
      .where('username', '=', DEMO.username)
      .executeTakeFirstOrThrow();
    const invite = (mobile: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/applyjointenant/invite',
        headers: { Satoken: owner },
        payload: { mobile },
      });
    const answers = {
      unregistered: await invite('13900009999'),
      registered: await invite('13911110003'),
      invitedAgain: await invite('13911110003'),
      member: await invite(member.mobile),
      inviter: await invite(own.mobile),
    };
    const first = answers.unregistered;
    expect(first.json()).toEqual({ status: 200, message: expect.stringMatching(/^邀请已发出/), data: null });
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBe(first.statusCode);
      expect(res.body, what).toBe(first.body);
    }
    // Only the registered non-member was invited; the member is still a member.
    const apps = await t.call('GET', '/api/admin/applyjointenant/myApplications', undefined, carol.token);
    expect(apps.data).toEqual([expect.objectContaining({ tenantCode: DEMO.tenantCode, status: 'invited' })]);
    const still = await t.db
      .selectFrom('memberships')
      .select('status')
      .where('tenant_code', '=', DEMO.tenantCode)
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('normal');
    // A malformed number is still refused as such: it says nothing about anyone.
    expect((await invite('123')).json().status).toBe(400);
  });

  it('creates share links that resolve to the team summary', async () => {
    const link = await t.call('POST', '/api/admin/systenant/createShareLink', {}, owner);
    expect(link.data.url).toMatch(/\/share\?code=/);
    expect(link.data.qrCode).toMatch(/^data:image\/png;base64,/);
    const q = await t.call('POST', '/api/admin/applyjointenant/queryShare', { code: link.data.code }, bob);
    expect(q.data).toMatchObject({
      tenantCode: DEMO.tenantCode,
      tenantName: '演示企业',
      inviterName: '演示用户',
      myStatus: null,
    });
    expect((await t.call('POST', '/api/admin/applyjointenant/queryShare', { code: 'nope' }, bob)).status).toBe(404);
    expect((await t.call('POST', '/api/admin/systenant/createShareLink', {}, alice)).status).toBe(403);
  });
});
