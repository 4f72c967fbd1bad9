// The audit log: every write appends who, when, team, what, and before/after for records, in
// the same transaction (a refused save leaves nothing); a record's 操作记录 lists its history; the team's admins
// search the team's log (logins and failed logins included), members may not, and no team sees another's; the
// application role can read its team's entries but neither add, change nor delete any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api } from '../helpers/records';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { withTenant } from '../../src/server/db/tenant-scope';
import { hashPassword } from '../../src/server/modules/auth/passwords';

type Row = Record<string, any>;

describe.each(testDialects())('audit log on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let tenant: string;
  let dict: Record<string, any[]>;
  const today = todayInChina();
  const history = async (id: number, who = boss) =>
    await t.call('GET', `${api('reimburseManage', 'history')}?id=${id}`, undefined, who);
  const teamLog = (body: object, who = boss) => t.call('POST', '/api/audit/page', body, who);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login('zhangsan', DEMO_STAFF.password);
    lisi = await t.login('lisi', DEMO_STAFF.password);
    tenant = (
      await t.db
        .selectFrom('tenants')
        .select('tenant_code')
        .where('tenant_name', '=', DEMO.tenantName)
        .executeTakeFirstOrThrow()
    ).tenant_code;
    dict = (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], boss))
      .data;
  });
  afterAll(async () => t?.close());

  const claim = (reason: string, price = 300) => ({
    deptId: dictItemId(dict, 'dept', '业务部'),
    applyDate: today,
    reason,
    lines: [{ expenseType: dictItemId(dict, 'expenseType', '住宿'), occurDate: today, price }],
  });

  it('records who created, changed, submitted and who approved a record, field by field, in its 操作记录', async () => {
    const made = await t.call('POST', api('reimburseManage', 'add'), claim('审计-出差住宿'), staff);
    expect(made.status, made.message).toBe(200);
    const id = made.data.id;
    const changed = await t.call(
      'POST',
      api('reimburseManage', 'update'),
      { ...made.data, reason: '审计-出差住宿（补票）', submit: true },
      staff,
    );
    expect(changed.status, changed.message).toBe(200);
    await approveAll(t, 'reimburseManage', id, [boss, lisi]);

    const h = await history(id);
    expect(h.status).toBe(200);
    const entries = h.data as Row[];
    expect(entries[0]).toMatchObject({ action: 'create', actionName: '新增', userName: '张三', code: made.data.code });
    expect(entries[0].changes.find((c: Row) => c.label === '事由')).toMatchObject({
      before: '',
      after: '审计-出差住宿',
    });
    // The department is shown by its name, not its id.
    expect(entries[0].changes.find((c: Row) => c.label === '部门')).toMatchObject({ after: '业务部' });
    const edit = entries.find((e) => e.changes.some((c: Row) => c.label === '事由' && c.before === '审计-出差住宿'))!;
    expect(edit).toMatchObject({ action: 'update', userName: '张三' });
    expect(edit.changes.find((c: Row) => c.label === '事由')).toMatchObject({ after: '审计-出差住宿（补票）' });
    // Submission and approval move the status; the last move is the approver's.
    const statuses = entries
      .filter((e) => e.action === 'update')
      .flatMap((e) =>
        e.changes.filter((c: Row) => c.label === '状态').map((c: Row) => `${e.userName}:${c.before}→${c.after}`),
      );
    expect(statuses[0]).toBe('张三:待提交→审批中');
    expect(statuses.at(-1)).toMatch(/→已通过$/);
    expect(statuses.at(-1)).not.toMatch(/^张三/);
    // The approval moves the page's stage too, shown by its name (阶段), not the field's key.
    expect(entries.some((e) => e.changes.some((c: Row) => c.label === '阶段' && c.after === '待支付'))).toBe(true);
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('writes nothing for a save the server refuses (same transaction)', async () => {
    const count = async () =>
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE tenant_code = ${tenant}`.execute(t.db))
          .rows[0].n,
      );
    const before = await count();
    const bad = await t.call('POST', api('reimburseManage', 'add'), claim('审计-负数', -5), staff);
    expect(bad.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('logs deletions with what was deleted, and dictionary edits as the admin who made them', async () => {
    const made = (await t.call('POST', api('reimburseManage', 'add'), claim('审计-将删除'), staff)).data;
    expect((await t.call('POST', api('reimburseManage', 'delete'), { ids: [made.id] }, boss)).status).toBe(200);
    const log = (await teamLog({ module: 'reimburseManage', recordId: made.id, action: 'delete' })).data;
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({
      action: 'delete',
      userName: '演示用户',
      code: made.code,
      moduleName: '报销管理',
    });
    // What was deleted stays readable in the entry.
    const kept = await sql<{ before: Row }>`SELECT before FROM audit_log WHERE id = ${log.list[0].id}`.execute(t.db);
    expect(kept.rows[0].before).toMatchObject({ reason: '审计-将删除', status: '待提交' });

    const added = await t.call(
      'POST',
      '/api/admin/sysmenuListFieldDict/add',
      { fieldKey: 'expenseType', dictName: '审计测试费' },
      boss,
    );
    if (added.status === 200) {
      const entries = (await teamLog({ pageSize: 20 })).data.list as Row[];
      expect(entries.find((e) => e.entity === 'dictionaries' && e.action === 'create')).toMatchObject({
        userName: '演示用户',
      });
    }
  });

  let other2 = '';
  it("lets the team's admins search the log, logins and failed logins included; members and other teams see nothing", async () => {
    await t.call('POST', '/api/admin/login/user', {
      loginType: 'password',
      username: 'zhangsan',
      password: 'wrong-password',
    });
    await t.login('zhangsan', DEMO_STAFF.password);
    const staffId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'zhangsan').executeTakeFirstOrThrow()
    ).id;
    const logins = (await teamLog({ userId: staffId, pageSize: 50 })).data.list as Row[];
    expect(logins.map((e) => e.action)).toEqual(expect.arrayContaining(['login', 'login_failed']));
    expect(logins.find((e) => e.action === 'login_failed')).toMatchObject({ actionName: '登录失败', userName: '张三' });
    // Newest first, by day.
    const page = (await teamLog({ from: today, to: today, pageSize: 10 })).data;
    expect(page.total).toBeGreaterThan(0);
    const times = (page.list as Row[]).map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect(await teamLog({}, staff)).toMatchObject({ status: 403, message: '只有团队所有者或管理员可以查看操作日志' });
    expect((await teamLog({ action: 'drop table' })).status).toBe(400);
    // Another team's owner sees only his own team's entries (his team's creation), none of the demo team's.
    await t.db
      .insertInto('users')
      .values({
        username: 'auditother',
        mobile: '13933330072',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    const other = await t.login('auditother', 'secret123');
    expect(
      (
        await t.call(
          'POST',
          '/api/admin/systenant/createTenant',
          {
            tenantName: '别家审计公司',
            tenantType: 'enterprise',
            verification: { creditCode: '91350100M000100Y43', companyName: '别家审计公司', legalPerson: '王五' },
          },
          other,
        )
      ).status,
    ).toBe(200);
    other2 = await t.login('auditother', 'secret123');
    const theirs = (await teamLog({ pageSize: 100 }, other2)).data;
    expect(theirs.total).toBeGreaterThan(0);
    expect(new Set((theirs.list as Row[]).map((e) => e.userName))).toEqual(new Set(['别家']));
  });

  it('is append-only for the application role', async () => {
    const tries = [
      sql`UPDATE audit_log SET action = 'forged' WHERE tenant_code = ${tenant}`,
      sql`DELETE FROM audit_log WHERE tenant_code = ${tenant}`,
      sql`INSERT INTO audit_log (tenant_code, action, entity) VALUES (${tenant}, 'forged', 'records')`,
    ];
    for (const q of tries) {
      await expect(withTenant(t.db, tenant, (trx) => q.execute(trx))).rejects.toThrow(/permission denied/);
    }
    // It reads its own team's entries, and only those.
    const seen = await withTenant(t.db, tenant, (trx) =>
      sql<{
        n: string;
        others: string;
      }>`SELECT count(*) AS n, count(*) FILTER (WHERE tenant_code <> ${tenant}) AS others FROM audit_log`.execute(trx),
    );
    expect(Number(seen.rows[0].n)).toBeGreaterThan(0);
    expect(Number(seen.rows[0].others)).toBe(0);
  });
});
