// Role data scope: 全部 / 本部门及下级 / 本部门 / 仅本人, enforced in SQL by every record call. A 仅本人
// member lists and opens only his own records (a colleague's id answers 404, as if it did not exist), cannot print
// or change them; 本部门 shows the department's records, 本部门及下级 also the departments under it in the dept
// tree. Changing a role's scope takes effect at its holders' next call; admins always see all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;

describe.each(testDialects())('role data scope on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const rec: Record<string, Row> = {};
  let dict: Record<string, any[]>;
  let memberRole: number;
  const today = todayInChina();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    for (const u of ['zhangsan', 'liuyang', 'wufang', 'zhengkai', 'huangwei']) {
      tok[u] = await t.login(u, DEMO_STAFF.password);
      ids[u] = (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    }
    dict = (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], boss))
      .data;
    const claim = async (u: string, dept: string) => {
      const r = await t.call(
        'POST',
        api('reimburseManage', 'add'),
        {
          applicantId: ids[u],
          deptId: dictItemId(dict, 'dept', dept),
          applyDate: today,
          reason: `数据范围测试-${u}`,
          lines: [{ expenseType: dictItemId(dict, 'expenseType', '住宿'), occurDate: today, price: 300 }],
        },
        tok[u],
      );
      expect(r.status, r.message).toBe(200);
      rec[u] = r.data;
    };
    await claim('zhangsan', '业务部');
    await claim('liuyang', '业务部');
    await claim('wufang', '设计部');
    await claim('zhengkai', '生产部');
    await claim('huangwei', '木工车间');
    const roles = (await t.call('POST', '/api/admin/role/rolePage', { pageSize: 50 }, boss)).data.list as Row[];
    memberRole = roles.find((r) => r.roleKey === 'member')!.id;
    // 仅本人 is the member role's default; each test below sets the scope it is about.
    expect(roles.find((r) => r.roleKey === 'member')).toMatchObject({ dataScope: 'self', dataScopeName: '仅本人' });
  });
  afterAll(async () => t?.close());

  const setScope = async (dataScope: string) => {
    const r = await t.call('POST', '/api/admin/role/updateDataScope', { id: memberRole, dataScope }, boss);
    expect(r.status, r.message).toBe(200);
  };
  const list = async (u: string) => {
    const r = await t.call('POST', api('reimburseManage', 'page'), { pageSize: 500, keyword: '数据范围测试' }, tok[u]);
    expect(r.status, r.message).toBe(200);
    return (r.data.list as Row[]).map((x) => x.reason as string).sort();
  };
  const get = (u: string, of: string) =>
    t.call('GET', `${api('reimburseManage', 'get')}?id=${rec[of].id}`, undefined, tok[u]);

  it("全部: every member sees every colleague's record", async () => {
    await setScope('all');
    expect(await list('zhangsan')).toHaveLength(5);
    expect((await get('zhangsan', 'wufang')).status).toBe(200);
  });

  it('仅本人: list, get, print, update, submit, route and stage calls see only his own records', async () => {
    await setScope('self');
    expect(await list('zhangsan')).toEqual(['数据范围测试-zhangsan']);
    expect(await list('wufang')).toEqual(['数据范围测试-wufang']);
    // The whole list too, not just the keyword search: nothing created by a colleague, unless he must approve it or was copied.
    const all = (await t.call('POST', api('reimburseManage', 'page'), { pageSize: 500 }, tok.zhangsan)).data;
    const mine = all.list.filter((x: Row) => x.createdBy === ids.zhangsan).length;
    expect(mine).toBeGreaterThan(0);
    const boss0 = (await t.call('POST', api('reimburseManage', 'page'), { pageSize: 500 }, boss)).data;
    expect(boss0.total).toBeGreaterThan(all.total);
    expect((await get('zhangsan', 'zhangsan')).status).toBe(200);
    const other = await get('zhangsan', 'liuyang');
    expect(other.status).toBe(404);
    expect(other.data).toBeNull();
    const print = await t.app.inject({
      method: 'GET',
      url: `${api('reimburseManage', 'print')}?id=${rec.liuyang.id}`,
      headers: { Satoken: tok.zhangsan },
    });
    expect(print.headers['content-type']).not.toContain('application/pdf');
    expect(print.json().status).toBe(404);
    const ownPrint = await t.app.inject({
      method: 'GET',
      url: `${api('reimburseManage', 'print')}?id=${rec.zhangsan.id}`,
      headers: { Satoken: tok.zhangsan },
    });
    expect(ownPrint.headers['content-type']).toContain('application/pdf');
    const upd = await t.call(
      'POST',
      api('reimburseManage', 'update'),
      { id: rec.liuyang.id, reason: '改别人的' },
      tok.zhangsan,
    );
    expect(upd.status).toBe(404);
    expect((await t.call('POST', api('reimburseManage', 'submit'), { id: rec.liuyang.id }, tok.zhangsan)).status).toBe(
      404,
    );
    expect((await t.call('POST', api('reimburseManage', 'route'), { id: rec.liuyang.id }, tok.zhangsan)).status).toBe(
      404,
    );
    expect(
      (
        await t.call(
          'POST',
          api('reimburseManage', 'stage'),
          { id: rec.liuyang.id, action: 'pay', values: {} },
          tok.zhangsan,
        )
      ).status,
    ).toBe(404);
    // The admin still sees all, and nothing changed.
    const bossList = (
      await t.call('POST', api('reimburseManage', 'page'), { pageSize: 500, keyword: '数据范围测试' }, boss)
    ).data.list;
    expect(bossList).toHaveLength(5);
    expect(bossList.find((x: Row) => x.id === rec.liuyang.id).reason).toBe('数据范围测试-liuyang');
  });

  it('本部门: the records of members of his department; 本部门及下级: and of the departments under it', async () => {
    await setScope('dept');
    expect(await list('zhangsan')).toEqual(['数据范围测试-liuyang', '数据范围测试-zhangsan']);
    expect((await get('zhangsan', 'liuyang')).status).toBe(200);
    expect((await get('zhangsan', 'wufang')).status).toBe(404);
    // 郑凯 leads 生产部 and the workshops under it: his leadership shows him their records whatever his role's scope.
    expect(await list('zhengkai')).toEqual(['数据范围测试-huangwei', '数据范围测试-zhengkai']);
    await setScope('deptTree');
    // 木工车间 sits under 生产部 in the dept tree.
    expect(await list('zhengkai')).toEqual(['数据范围测试-huangwei', '数据范围测试-zhengkai']);
    expect((await get('zhengkai', 'huangwei')).status).toBe(200);
    expect(await list('huangwei')).toEqual(['数据范围测试-huangwei']);
    expect((await get('huangwei', 'zhengkai')).status).toBe(404);
  });

  it("a user's widest role wins, and only a holder of team:roles may change a scope", async () => {
    await setScope('self');
    // 林峰 also holds 采购仓储 (data scope 全部): he still sees everything.
    const linfeng = await t.login('linfeng', DEMO_STAFF.password);
    const r = await t.call('POST', api('reimburseManage', 'page'), { pageSize: 500, keyword: '数据范围测试' }, linfeng);
    expect(r.data.list).toHaveLength(5);
    const refused = await t.call(
      'POST',
      '/api/admin/role/updateDataScope',
      { id: memberRole, dataScope: 'all' },
      tok.zhangsan,
    );
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/没有权限/);
    const bad = await t.call(
      'POST',
      '/api/admin/role/updateDataScope',
      { id: memberRole, dataScope: 'everything' },
      boss,
    );
    expect(bad.status).toBe(400);
    expect(await list('zhangsan')).toEqual(['数据范围测试-zhangsan']);
  });
});
