// Notifications (通知): 催办 on /propProgress notifies the order's owner (its stage action's `notify`),
// once per request; approval tasks notify their approvers and outcomes the submitter. Each member sees, counts
// and marks only their own notifications in the active team; another team sees none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { dictItemId, openDemoSuite, type TestApp } from '../helpers/test-app';
import { approveAll, uploadPng, dataApi as api } from '../helpers/records';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { withTenant } from '../../src/server/db/tenant-scope';
import { membersOfRole, notifyUsers } from '../../src/server/modules/notifications/notify';

type Row = Record<string, any>;

describe.each(oneDialect())('notifications on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let liuyang: string;
  let outsider: string;
  let dict: Record<string, any[]>;
  const ids: Record<string, number> = {};
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, ['dept', 'expenseType', 'fileFolder']));
    for (const u of ['demo', 'zhangsan', 'lisi', 'liuyang', 'sunli'])
      ids[u] = (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    liuyang = await t.login('liuyang', 'demo12345');
    await t.db
      .insertInto('users')
      .values({
        username: 'other',
        mobile: '13933330002',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('other', 'secret123');
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家通知公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家通知公司', legalPerson: '王五' },
      },
      outsider,
    );
    expect(made.status, made.message).toBe(200);
  });
  afterAll(async () => t?.close());

  const unread = async (token: string) => {
    const r = await t.call('GET', '/api/notifications/unread', undefined, token);
    expect(r.status, r.message).toBe(200);
    return r.data.count as number;
  };
  const list = async (token: string, body: Row = {}) => {
    const r = await t.call('POST', '/api/notifications/page', { pageNum: 1, pageSize: 50, ...body }, token);
    expect(r.status, r.message).toBe(200);
    return r.data as { list: Row[]; total: number; unread: number };
  };
  const urge = (id: number, urgeNote: string, token = boss, requestKey?: string) =>
    t.call(
      'POST',
      api('propProgress', 'stage'),
      { id, action: 'urge', values: { urgeNote }, ...(requestKey ? { requestKey } : {}) },
      token,
    );
  /** A prop order of the demo story owned by 刘洋 that may still be urged. */
  const liuyangsOrder = async () => {
    const { rows } = await sql<{
      id: number;
      code: string;
    }>`SELECT id, code FROM records WHERE module = 'allocatePropOrders' AND deleted_at IS NULL
      AND data->>'managerId' = ${String(ids.liuyang)} AND data->>'orderStage' IN ('待分配', '制作中', '外发中') ORDER BY id LIMIT 1`.execute(
      t.db,
    );
    return { id: Number(rows[0].id), code: rows[0].code };
  };

  it("the demo story left 催办 notifications on the owners' bells, unread, and the boss's open tasks", async () => {
    const mine = await list(liuyang);
    const urged = mine.list.filter((n) => n.title.startsWith('订单催办：'));
    expect(urged.length).toBeGreaterThan(0);
    expect(urged[0]).toMatchObject({
      read: false,
      actorName: '演示用户',
      module: 'propProgress',
      page: 'propProgress',
      code: expect.stringMatching(/^DD/),
    });
    expect(urged[0].body).toContain('新街口新店开业在即');
    expect(await unread(liuyang)).toBe(mine.unread);
    expect(mine.unread).toBeGreaterThan(0);
    // Old news is read; the boss's unread ones are recent or his open tasks.
    const bossList = await list(boss, { pageSize: 50 });
    expect(bossList.total).toBeGreaterThan(bossList.unread);
  });

  it("催办 notifies the order's owner once per request; the owner urging his own order is not notified; others see nothing", async () => {
    const order = await liuyangsOrder();
    const before = await unread(liuyang);
    const staffBefore = (await list(staff)).total;
    const first = await urge(order.id, '请明天前给出排产计划', boss, 'urge-key-1');
    expect(first.status, first.message).toBe(200);
    // The same request again (a double click, a retry): no second 催办, no second notification.
    expect((await urge(order.id, '请明天前给出排产计划', boss, 'urge-key-1')).status).toBe(200);
    expect(await unread(liuyang)).toBe(before + 1);
    const n = (await list(liuyang)).list[0];
    expect(n).toMatchObject({
      title: `订单催办：${order.code}`,
      read: false,
      recordId: order.id,
      page: 'propProgress',
      actorName: '演示用户',
    });
    expect(n.body).toContain('请明天前给出排产计划');
    const events = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM record_events WHERE record_id = ${order.id} AND detail->>'requestKey' = 'urge-key-1'`.execute(
      t.db,
    );
    expect(events.rows[0].n).toBe(1);
    // A new request is a new 催办: a second notification, with its own note (not the last one's).
    expect((await urge(order.id, '', boss, 'urge-key-2')).status).toBe(200);
    const again = (await list(liuyang)).list[0];
    expect(again.id).not.toBe(n.id);
    expect(again.body).not.toContain('请明天前给出排产计划');
    expect(await unread(liuyang)).toBe(before + 2);
    // 刘洋 urging his own order tells nobody.
    expect((await urge(order.id, '自己催自己', liuyang)).status).toBe(200);
    expect(await unread(liuyang)).toBe(before + 2);
    // Nobody else got anything, and another team sees none of it.
    expect((await list(staff)).total).toBe(staffBefore);
    expect((await list(staff)).list.some((x) => x.recordId === order.id && x.title.startsWith('订单催办'))).toBe(false);
    expect(await list(outsider)).toMatchObject({ total: 0, unread: 0, list: [] });
    expect(await unread(outsider)).toBe(0);
  });

  it('an owner who left the team is skipped quietly: the 催办 itself is recorded', async () => {
    const order = await liuyangsOrder();
    await sql`UPDATE memberships SET status = 'quit' WHERE user_id = ${ids.liuyang}`.execute(t.db);
    try {
      const count = async () =>
        Number(
          (
            await sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${ids.liuyang}`.execute(t.db)
          ).rows[0].n,
        );
      const before = await count();
      const r = await urge(order.id, '负责人已离职');
      expect(r.status, r.message).toBe(200);
      expect(await count()).toBe(before);
    } finally {
      await sql`UPDATE memberships SET status = 'normal' WHERE user_id = ${ids.liuyang}`.execute(t.db);
    }
  });

  it("marks one read (only one's own), then all; unread first or newest first", async () => {
    const start = await list(liuyang, { unreadFirst: true });
    expect(start.unread).toBeGreaterThan(1);
    const firstRead = start.list.findIndex((n) => n.read);
    if (firstRead >= 0) expect(start.list.slice(firstRead).every((n) => n.read)).toBe(true);
    const target = start.list[0];
    // Another member cannot read, mark or even find it.
    expect((await t.call('POST', '/api/notifications/read', { id: target.id }, staff)).status).toBe(404);
    expect((await t.call('POST', '/api/notifications/read', { id: target.id }, outsider)).status).toBe(404);
    expect(await unread(liuyang)).toBe(start.unread);
    const r = await t.call('POST', '/api/notifications/read', { id: target.id }, liuyang);
    expect(r).toMatchObject({ status: 200, data: { unread: start.unread - 1 } });
    // Again: nothing changes.
    expect(await t.call('POST', '/api/notifications/read', { id: target.id }, liuyang)).toMatchObject({
      status: 200,
      data: { unread: start.unread - 1 },
    });
    const only = await list(liuyang, { unreadOnly: true });
    expect(only.total).toBe(start.unread - 1);
    expect(only.list.every((n) => !n.read)).toBe(true);
    // Newest first by default.
    const all = await list(liuyang);
    const times = all.list.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // 全部已读: mine only.
    const staffUnread = await unread(staff);
    const bossUnread = await unread(boss);
    expect(await t.call('POST', '/api/notifications/readAll', {}, liuyang)).toMatchObject({
      status: 200,
      data: { unread: 0 },
    });
    expect(await unread(liuyang)).toBe(0);
    expect(await unread(staff)).toBe(staffUnread);
    expect(await unread(boss)).toBe(bossUnread);
  });

  it("notify toRole reaches the role's members; only active members of the team, once per event, never the actor", async () => {
    const finance = await withTenant(t.db, 'T00000001', (trx) => membersOfRole(trx, 'T00000001', 'finance'));
    expect(finance).toContain(ids.lisi);
    expect(finance).not.toContain(ids.zhangsan);
    const outsiderId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'other').executeTakeFirstOrThrow()
    ).id;
    const send = () =>
      withTenant(t.db, 'T00000001', (trx) =>
        notifyUsers(trx, 'T00000001', [...finance, outsiderId, ids.demo, null, -1], {
          title: '角色通知测试',
          body: '给财务',
          actorId: ids.demo,
          sourceKey: 'test:role-1',
        }),
      );
    const first = await send();
    expect(first.sort()).toEqual([...new Set(finance.filter((u) => u !== ids.demo))].sort());
    expect(first).not.toContain(outsiderId);
    expect(await send()).toEqual([]);
    expect((await list(lisi)).list.filter((n) => n.title === '角色通知测试')).toHaveLength(1);
    expect((await list(outsider)).total).toBe(0);
  });

  it('counts unread ones from the partial index (the bell polls it)', async () => {
    await sql`ANALYZE notifications`.execute(t.db);
    const { rows } =
      await sql<Row>`EXPLAIN SELECT count(*) FROM notifications WHERE tenant_code = 'T00000001' AND user_id = ${ids.liuyang} AND read_at IS NULL`.execute(
        t.db,
      );
    expect(rows.map((r) => Object.values(r)[0]).join('\n')).toContain('notifications_unread');
  });

  it('refuses bad input with 400 and answers nobody without a team', async () => {
    for (const body of [{ pageSize: 51 }, { pageNum: 0 }, { pageSize: 'x' }, { unreadFirst: 'yes' }]) {
      expect((await t.call('POST', '/api/notifications/page', body, liuyang)).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { id: 'abc' }, { id: -1 }, { id: 1.5 }]) {
      expect((await t.call('POST', '/api/notifications/read', body, liuyang)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', '/api/notifications/read', { id: 9007199254740991 }, liuyang)).status).toBe(404);
    expect((await t.call('GET', '/api/notifications/unread')).status).not.toBe(200);
  });

  it('a notification whose record the recipient may not open (visibility, data scope, permission, deleted since) lists as 不可查看', async () => {
    // Files (visibleWhen) made by 张三: one for everyone, one for 李四 alone, one deleted since; 孙丽 is told of all three.
    const file = await uploadPng(t, staff, '图纸.png');
    const addFile = async (fileName: string, over: Row = {}) => {
      const r = await t.call(
        'POST',
        api('fileManagement', 'add'),
        {
          fileName,
          folderId: dictItemId(dict, 'fileFolder', '技术图纸'),
          version: 'A1',
          visibleScope: '全员',
          files: [file],
          submit: true,
          ...over,
        },
        staff,
      );
      expect(r.status, r.message).toBe(200);
      return Number(r.data.id);
    };
    const open = await addFile('可查看测试：全员');
    const hidden = await addFile('可查看测试：只给李四', { visibleScope: '指定人员', userIds: [ids.lisi] });
    const gone = await addFile('可查看测试：删掉的');
    const sunli = await t.login('sunli', 'demo12345');
    expect((await t.call('GET', `/api/data/fileManagement/get?id=${open}`, undefined, sunli)).status).toBe(200);
    expect((await t.call('GET', `/api/data/fileManagement/get?id=${hidden}`, undefined, sunli)).status).toBe(404);
    await sql`UPDATE records SET deleted_at = now() WHERE id = ${gone}`.execute(t.db);
    await withTenant(t.db, 'T00000001', async (trx) => {
      for (const [key, id] of [
        ['open', open],
        ['hidden', hidden],
        ['deleted', gone],
      ] as const) {
        await notifyUsers(trx, 'T00000001', [ids.sunli], {
          title: `可查看测试：${key}`,
          module: 'fileManagement',
          recordId: id,
          actorId: ids.zhangsan,
          sourceKey: `viewable:${key}`,
        });
      }
    });
    const listed = (await list(sunli)).list;
    const of = (key: string) => listed.find((n) => n.title === `可查看测试：${key}`)!;
    expect(of('open')).toMatchObject({
      viewable: true,
      module: 'fileManagement',
      recordId: open,
      page: 'fileManagement',
      code: expect.any(String),
    });
    for (const key of ['hidden', 'deleted'])
      expect(of(key), key).toMatchObject({ viewable: false, page: null, recordId: null, code: null, read: false });
    // 李四 may open his.
    await withTenant(t.db, 'T00000001', (trx) =>
      notifyUsers(trx, 'T00000001', [ids.lisi], {
        title: '可查看测试：李四的',
        module: 'fileManagement',
        recordId: hidden,
        actorId: ids.zhangsan,
        sourceKey: 'viewable:lisi',
      }),
    );
    expect((await list(lisi)).list.find((n) => n.title === '可查看测试：李四的')).toMatchObject({
      viewable: true,
      recordId: hidden,
    });
    // Still hers to mark read.
    expect((await t.call('POST', '/api/notifications/read', { id: of('hidden').id }, sunli)).status).toBe(200);
  });

  it('an approval task notifies its approver; agreement and refusal notify the submitter, once', async () => {
    const d = (key: string, name: string) => dictItemId(dict, key, name);
    const claim = (reason: string) => ({
      applicantId: ids.zhangsan,
      deptId: d('dept', '业务部'),
      applyDate: today,
      reason,
      submit: true,
      lines: [{ expenseType: d('expenseType', '办公费'), occurDate: today, price: 66 }],
    });
    const mk = async (reason: string) => {
      const r = await t.call('POST', api('reimburseManage', 'add'), claim(reason), staff);
      expect(r.status, r.message).toBe(200);
      return r.data as Row;
    };
    const byKey = async (userId: number, key: string) =>
      (await sql<Row>`SELECT * FROM notifications WHERE user_id = ${userId} AND source_key = ${key}`.execute(t.db))
        .rows;
    const openTasks = async (recordId: number) =>
      (
        await sql<{
          id: number;
          assignee_id: number;
        }>`SELECT t.id, t.assignee_id FROM tasks t JOIN process_instances pi ON pi.id = t.instance_id
        WHERE pi.record_id = ${recordId} AND t.status = 'open'`.execute(t.db)
      ).rows;

    const ok = await mk('通知测试：同意');
    expect(ok.status).toBe('审批中');
    const tasks = await openTasks(ok.id);
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      const [n] = await byKey(task.assignee_id, `task:${task.id}`);
      expect(n, `approver ${task.assignee_id} is told of task ${task.id}`).toMatchObject({
        module: 'reimburseManage',
        read_at: null,
      });
      expect(Number(n.record_id)).toBe(ok.id);
      expect(n.title).toMatch(new RegExp(`^待审批：.+ ${ok.code}$`));
    }
    // The approver's list offers it, to open on the page of the form.
    const approver = tasks.find((x) => x.assignee_id === ids.demo) ? boss : lisi;
    expect((await list(approver)).list.find((n) => n.recordId === ok.id && n.title.startsWith('待审批'))).toMatchObject(
      { page: 'reimburseManage', code: ok.code, actorName: '张三' },
    );
    const done = await approveAll(t, 'reimburseManage', ok.id, [boss, lisi]);
    expect(done.status).toBe('已通过');
    // Every task of it is dealt with (agreed, or cancelled by another's agreement): their 待审批 are read.
    for (const task of tasks) expect((await byKey(task.assignee_id, `task:${task.id}`))[0].read_at).not.toBeNull();
    const inst = (await sql<{ id: number }>`SELECT id FROM process_instances WHERE record_id = ${ok.id}`.execute(t.db))
      .rows[0].id;
    const agreed = await byKey(ids.zhangsan, `approval:${inst}:approved`);
    expect(agreed).toHaveLength(1);
    expect(agreed[0].title).toMatch(new RegExp(`^审批通过：.+ ${ok.code}$`));
    expect((await list(staff)).list[0]).toMatchObject({ recordId: ok.id, read: false });

    const no = await mk('通知测试：驳回');
    const [task] = await openTasks(no.id);
    const token = task.assignee_id === ids.demo ? boss : lisi;
    const tk = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${no.id}`, undefined, token)).data;
    const refused = await t.call(
      'POST',
      '/api/oa/process/refuse',
      { taskId: tk.taskId, processInstanceId: tk.processInstanceId, comments: '发票抬头不对' },
      token,
    );
    expect(refused.status, refused.message).toBe(200);
    // Refusing again is refused itself and tells nobody twice.
    expect(
      (
        await t.call(
          'POST',
          '/api/oa/process/refuse',
          { taskId: tk.taskId, processInstanceId: tk.processInstanceId, comments: '再驳回' },
          token,
        )
      ).status,
    ).not.toBe(200);
    const inst2 = (await sql<{ id: number }>`SELECT id FROM process_instances WHERE record_id = ${no.id}`.execute(t.db))
      .rows[0].id;
    const told = await byKey(ids.zhangsan, `approval:${inst2}:refused`);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('发票抬头不对');
    expect(Number(told[0].actor_id)).toBe(Number(task.assignee_id));
  });
});
