// Least privilege inside a team: the default member role (张三) sees his own work only and reads the shared
// dictionaries; pay, employee files and the organisation belong to 人事行政, 财务 and the admins; a department's
// leader is named by admins alone and sees his department; someone an appraisal names changes only his fields.
// Existing teams move to these defaults by migration 026.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { dictItemId, openDemoSuite, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { DEMO } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { up as leastPrivilege } from '../../src/server/db/migrations/026_least_privilege_roles';
import { computeAcl } from '../../src/server/modules/acl/acl';

type Row = Record<string, any>;
const D = '/api/admin/sysmenuListFieldDict';

describe.each(oneDialect())('least privilege on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let hr: string;
  let leader: string;
  let dict: Record<string, any[]>;
  const ids: Record<string, number> = {};
  const uid = async (u: string) =>
    Number((await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id);
  const d = (key: string, name: string) => dictItemId(dict, key, name);

  beforeAll(async () => {
    ({ t, boss, lisi, staff } = await openDemoSuite(dialect));
    hr = await t.login('zhaomin', DEMO.password);
    leader = await t.login('zhengkai', DEMO.password);
    for (const u of ['demo', 'zhangsan', 'zhaomin', 'zhengkai', 'liuyang']) ids[u] = await uid(u);
    dict = (await t.call('POST', `${D}/queryByFieldKeys`, ['dept', 'kpiIndicator', 'expenseType'], boss)).data;
  });
  afterAll(async () => t?.close());

  it("张三 reads no colleague's pay or employee file, by any route", async () => {
    const sheet = await t.db
      .selectFrom('records')
      .select(['id', 'code'])
      .where('tenant_code', '=', DEMO.tenantCode)
      .where('module', '=', 'payrollSetting')
      .where('status', '=', '已通过')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const file = await t.db
      .selectFrom('records')
      .select('id')
      .where('tenant_code', '=', DEMO.tenantCode)
      .where('module', '=', 'employeeFiles')
      .where(sql<boolean>`data->>'userId' <> ${String(ids.zhangsan)}`)
      .executeTakeFirstOrThrow();
    expect((await t.call('POST', api('payrollSetting', 'page'), {}, staff)).status).toBe(403);
    expect((await t.call('GET', `${api('payrollSetting', 'get')}?id=${sheet.id}`, undefined, staff)).status).toBe(403);
    expect((await t.call('POST', api('payrollSetting', 'export'), {}, staff)).status).toBe(403);
    // The approval history of a payroll sheet shows its totals and the approvers' comments: the same gate as the sheet.
    const history = await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${sheet.id}`, undefined, staff);
    expect(history.status).toBe(403);
    expect(history.data).toBeNull();
    expect((await t.call('GET', `${api('employeeFiles', 'get')}?id=${file.id}`, undefined, staff)).status).toBe(403);
    expect((await t.call('POST', '/api/admin/employee/getAllEmployeeInfoByProfession', {}, staff)).status).toBe(403);
    // 财务 (李四) reads the sheets it pays; 人事行政 (赵敏) the files.
    expect((await t.call('GET', `${api('payrollSetting', 'get')}?id=${sheet.id}`, undefined, lisi)).status).toBe(200);
    expect((await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${sheet.id}`, undefined, lisi)).status).toBe(
      200,
    );
    expect((await t.call('GET', `${api('employeeFiles', 'get')}?id=${file.id}`, undefined, hr)).status).toBe(200);
  });

  it('the member role reads the shared dictionaries and reference pages, and writes none of them', async () => {
    const acl = await computeAcl(t.db, ids.zhangsan, DEMO.tenantCode);
    expect(acl.dataScope).toBe('self');
    expect(acl.permissions).toEqual(
      expect.arrayContaining([
        'personnelDictionary:view',
        'materialDictionary:view',
        'reimburseManage:add',
        'reimburseManage:submit',
      ]),
    );
    for (const code of [
      'personnelDictionary:edit',
      'materialDictionary:add',
      'storeSetting:edit',
      'payrollSetting:view',
      'employeeFiles:view',
      'reimburseManage:pay',
      'reimburseManage:delete',
    ]) {
      expect(acl.permissions, code).not.toContain(code);
    }
    // Shared reference records are read whole whatever the scope: every warehouse and material, the company.
    const all = async (m: string, token: string) =>
      (await t.call('POST', api(m, 'page'), { pageSize: 200 }, token)).data.total;
    for (const m of ['storeSetting', 'materialDictionary', 'enterpriseInformation']) {
      expect(await all(m, staff), m).toBe(await all(m, boss));
      expect(await all(m, staff), m).toBeGreaterThan(0);
    }
    // A document people make is narrowed: only his own claims, not the team's.
    expect(await all('reimburseManage', staff)).toBeLessThan(await all('reimburseManage', boss));
  });

  it("only the team's admins name a department's leader; the leader then sees his department", async () => {
    const sales = d('dept', '业务部');
    const named = () =>
      t.db.selectFrom('dictionaries').select('leader_id').where('id', '=', sales).executeTakeFirstOrThrow();
    const before = (await named()).leader_id;
    // 张三 holds no edit code of 人事字典; 赵敏 (人事行政) does, but a leader is the admins' to name.
    expect(await t.call('POST', `${D}/update`, { id: sales, leaderId: ids.zhangsan }, staff)).toMatchObject({
      status: 403,
    });
    expect(await t.call('POST', `${D}/update`, { id: sales, leaderId: ids.zhaomin }, hr)).toMatchObject({
      status: 403,
      message: '只有团队管理员可以设置部门负责人',
    });
    expect(
      await t.call(
        'POST',
        `${D}/add`,
        { fieldKey: 'dept', dictName: '影子部', parentId: sales, leaderId: ids.zhaomin },
        hr,
      ),
    ).toMatchObject({ status: 403, message: '只有团队管理员可以设置部门负责人' });
    expect((await named()).leader_id).toBe(before);
    // She still renames it, sending the leader it has (the editor sends the whole item).
    expect((await t.call('POST', `${D}/update`, { id: sales, dictName: '业务部', leaderId: before }, hr)).status).toBe(
      200,
    );
    // An admin names 刘洋; at his next call he sees the department's records, before only his own.
    const liuyang = await t.login('liuyang', DEMO.password);
    const claims = async () =>
      (await t.call('POST', api('reimburseManage', 'page'), { pageSize: 500 }, liuyang)).data.list as Row[];
    const mineOnly = await claims();
    expect(mineOnly.some((r) => r.createdBy === ids.zhangsan)).toBe(false);
    expect((await t.call('POST', `${D}/update`, { id: sales, leaderId: ids.liuyang }, boss)).status).toBe(200);
    const asLeader = await claims();
    expect(asLeader.some((r) => r.createdBy === ids.zhangsan)).toBe(true);
    expect((await t.call('POST', `${D}/update`, { id: sales, leaderId: before }, boss)).status).toBe(200);
  });

  it("张三 cannot approve his own department's claim by any path", async () => {
    const today = todayInChina();
    const claim = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      {
        applicantId: ids.zhangsan,
        deptId: d('dept', '业务部'),
        applyDate: today,
        reason: '越权审批测试',
        submit: true,
        lines: [{ expenseType: d('expenseType', '住宿'), occurDate: today, price: 300 }],
      },
      staff,
    );
    expect(claim.status, claim.message).toBe(200);
    expect(claim.data.status).toBe('审批中');
    const task = await t.db
      .selectFrom('tasks')
      .innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id')
      .select(['tasks.id', 'tasks.assignee_id', 'pi.id as instance'])
      .where('pi.record_id', '=', claim.data.id)
      .where('tasks.status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect(Number(task.assignee_id)).not.toBe(ids.zhangsan);
    // Not as the leader (he cannot become one), not with the leader's task, not by withdrawing and resubmitting.
    expect(
      (await t.call('POST', `${D}/update`, { id: d('dept', '业务部'), leaderId: ids.zhangsan }, staff)).status,
    ).toBe(403);
    expect(
      (
        await t.call(
          'POST',
          '/api/oa/process/agree',
          { taskId: task.id, processInstanceId: task.instance, comments: '我自己批' },
          staff,
        )
      ).status,
    ).not.toBe(200);
    expect(
      (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${claim.data.id}`, undefined, staff)).data,
    ).toEqual({ taskId: null });
    const after = await t.call('GET', `${api('reimburseManage', 'get')}?id=${claim.data.id}`, undefined, staff);
    expect(after.data.status).toBe('审批中');
  });

  it("an appraisal's employee changes only his self scores, its evaluator only the scores and the comment", async () => {
    const line = (name: string, weight: number) => ({ indicator: d('kpiIndicator', name), weight, target: '达成目标' });
    const made = await t.call(
      'POST',
      api('performanceMange', 'add'),
      {
        period: '2020-01',
        userId: ids.zhangsan,
        deptId: d('dept', '业务部'),
        evaluatorId: ids.zhengkai,
        lines: [line('工作质量', 60), line('工作效率', 40)],
      },
      hr,
    );
    expect(made.status, made.message).toBe(200);
    const id = made.data.id as number;
    const read = async (token: string) =>
      (await t.call('GET', `${api('performanceMange', 'get')}?id=${id}`, undefined, token)).data;
    const mine = await read(staff);
    expect(mine.actions).toContain('edit');
    expect(mine.editOnly).toEqual(['lines.selfScore']);
    const withCells = (rec: Row, cells: Row[]) => ({
      ...rec,
      lines: rec.lines.map((l: Row, i: number) => ({ ...l, ...cells[i] })),
    });
    // The employee sets the evaluator's scores: refused, naming what he may change and what he tried.
    const bent = await t.call(
      'POST',
      api('performanceMange', 'update'),
      withCells(mine, [
        { score: 100, selfScore: 100 },
        { score: 100, selfScore: 100 },
      ]),
      staff,
    );
    expect(bent).toMatchObject({ status: 403, message: '你只能修改自评分，不能修改：第1行评分、第2行评分' });
    expect(
      (await t.call('POST', api('performanceMange', 'update'), { ...mine, comment: '很好' }, staff)).message,
    ).toMatch(/不能修改：评语/);
    expect(
      (
        await t.call(
          'POST',
          api('performanceMange', 'update'),
          { ...mine, lines: [...mine.lines, line('出勤纪律', 0)] },
          staff,
        )
      ).message,
    ).toMatch(/不能修改：考核指标的行数/);
    const self = await t.call(
      'POST',
      api('performanceMange', 'update'),
      withCells(mine, [{ selfScore: 90 }, { selfScore: 80 }]),
      staff,
    );
    expect(self.status, self.message).toBe(200);
    // The evaluator: scores and comment yes, the employee's self scores no.
    const his = await read(leader);
    expect(his.editOnly?.sort()).toEqual(['comment', 'lines.score']);
    expect(
      (await t.call('POST', api('performanceMange', 'update'), withCells(his, [{ selfScore: 10 }, {}]), leader))
        .message,
    ).toMatch(/不能修改：第1行自评分/);
    const scored = await t.call(
      'POST',
      api('performanceMange', 'update'),
      { ...withCells(his, [{ score: 85 }, { score: 95 }]), comment: '稳定' },
      leader,
    );
    expect(scored.status, scored.message).toBe(200);
    expect(scored.data).toMatchObject({ comment: '稳定', totalScore: 89 });
    expect(scored.data.lines.map((l: Row) => [l.selfScore, l.score])).toEqual([
      [90, 85],
      [80, 95],
    ]);
    // Its creator (人事) changes the whole record.
    expect((await read(hr)).editOnly).toBeUndefined();
  });

  it("migrates an existing team's member role to the defaults, keeping what the team added", async () => {
    const tenant = DEMO.tenantCode;
    // As the team was before: the member role with pay, files and dictionary edits, seeing everything, and no 人事行政 role.
    const role = await t.db
      .selectFrom('roles')
      .select(['id', 'menus', 'permissions'])
      .where('tenant_code', '=', tenant)
      .where('role_key', '=', 'member')
      .executeTakeFirstOrThrow();
    const old = [
      'payrollSetting:view',
      'employeeFiles:view',
      'personnelDictionary:edit',
      'materialDictionary:add',
      'reimburseManage:export',
    ];
    await t.db
      .updateTable('roles')
      .set({
        menus: [...role.menus, 'payrollSetting', 'employeeFiles'],
        permissions: [...role.permissions, ...old],
        data_scope: 'all',
      })
      .where('id', '=', role.id)
      .execute();
    const hrRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('tenant_code', '=', tenant)
      .where('role_key', '=', 'hr')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('user_roles').where('role_id', '=', hrRole.id).execute();
    await t.db.deleteFrom('roles').where('id', '=', hrRole.id).execute();
    await sql`UPDATE sessions SET acl = NULL`.execute(t.db);
    expect((await t.call('POST', api('payrollSetting', 'page'), {}, staff)).status).toBe(200);

    await leastPrivilege(t.db);
    const after = await t.db
      .selectFrom('roles')
      .select(['menus', 'permissions', 'data_scope'])
      .where('id', '=', role.id)
      .executeTakeFirstOrThrow();
    expect(after.data_scope).toBe('self');
    expect(after.menus).not.toContain('payrollSetting');
    expect(after.permissions).not.toEqual(expect.arrayContaining(['payrollSetting:view']));
    for (const code of [
      'payrollSetting:view',
      'employeeFiles:view',
      'personnelDictionary:edit',
      'materialDictionary:add',
    ])
      expect(after.permissions).not.toContain(code);
    // What the team had added that the defaults allow stays (an export code on claims).
    expect(after.permissions).toContain('reimburseManage:export');
    expect(
      await t.db
        .selectFrom('roles')
        .select('role_name')
        .where('tenant_code', '=', tenant)
        .where('role_key', '=', 'hr')
        .executeTakeFirst(),
    ).toMatchObject({ role_name: '人事行政' });
    expect((await t.call('POST', api('payrollSetting', 'page'), {}, staff)).status).toBe(403);
  });
});
