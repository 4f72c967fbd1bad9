// The approval workflow as teams configure it: processes (/approvalManage) and bindings (/ProcessBinding) are
// records of their own pages, and every rule is proven through the API on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';

const M = '/api/data/reimburseManage';
const P = '/api/data/approvalManage';
const B = '/api/data/ProcessBinding';

describe.each(oneDialect())('approval workflow on $name', (dialect) => {
  let t: TestApp;
  let boss: string; // 演示用户: owner, leader of 总经办 and 业务部
  let staff: string; // 张三: 业务部
  let lisi: string; // 李四: 财务 role, team admin, leader of 行政财务部
  let ids: Record<string, number>;
  let dict: Record<string, any[]>;
  const today = new Date().toISOString().slice(0, 10);

  const userId = async (username: string) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const newUser = async (username: string, mobile: string, nick: string) => {
    await t.db
      .insertInto('users')
      .values({ username, mobile, nick_name: nick, password_hash: await hashPassword('secret123'), status: 'active' })
      .execute();
    return t.login(username, 'secret123');
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
    ids = { boss: await userId('demo'), staff: await userId('zhangsan'), lisi: await userId('lisi') };
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['dept', 'expenseType', 'teamRoles', 'companyAccount'],
        staff,
      )
    ).data;
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const claim = (over: object = {}, price = 88) => ({
    applicantId: ids.staff,
    deptId: d('dept', '业务部'),
    applyDate: today,
    reason: '流程测试',
    lines: [{ expenseType: d('expenseType', '办公费'), occurDate: today, price }],
    ...over,
  });
  const add = (token: string, over: object = {}, price = 88, submit = false) =>
    t.call('POST', `${M}/add`, { ...claim(over, price), submit }, token);
  // Reads as the owner, who sees every record (张三, a plain member, sees only his own and those he must approve).
  const get = async (id: number, token = boss) => (await t.call('GET', `${M}/get?id=${id}`, undefined, token)).data;
  const taskOf = async (formId: number, token: string) =>
    (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${formId}`, undefined, token)).data;
  const steps = async (formId: number) =>
    (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${formId}`, undefined, boss)).data;
  const agreeAs = async (formId: number, token: string, comments = '同意') => {
    const task = await taskOf(formId, token);
    expect(task.taskId, 'the caller has a task on this form').toEqual(expect.any(Number));
    return t.call(
      'POST',
      '/api/oa/process/agree',
      { taskId: task.taskId, processInstanceId: task.processInstanceId, comments },
      token,
    );
  };
  const pending = async (formId: number) =>
    (await steps(formId))
      .filter((s: any) => s.operationName === 'pending')
      .map((s: any) => `${s.name}:${s.assigneeName}`);
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('records')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('module', '=', 'reimburseManage')
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Defines and publishes a process as the owner; returns its record. */
  const defineProcess = async (processName: string, lines: object[], token = boss) => {
    const p = await t.call(
      'POST',
      `${P}/add`,
      { processName, processKey: `p${Date.now()}${Math.floor(Math.random() * 1000)}`, lines },
      token,
    );
    expect(p.status, p.message).toBe(200);
    const pub = await t.call('POST', `${P}/stage`, { id: p.data.id, action: 'publish' }, token);
    expect(pub.status, pub.message).toBe(200);
    return pub.data;
  };
  const processNamed = async (name: string) =>
    (await t.call('POST', `${P}/page`, { pageNum: 1, pageSize: 100 }, boss)).data.list.find(
      (x: any) => x.processName === name,
    ).id;
  const bindings = async (token = boss) =>
    (await t.call('POST', `${B}/page`, { pageNum: 1, pageSize: 100 }, token)).data.list;
  /** Points every reimbursement binding of the demo team at one process (or disables them all). */
  const bindAll = async (processId: number | null) => {
    for (const b of await bindings()) {
      if (b.moduleId !== 'reimburseManage') continue;
      const r = await t.call(
        'POST',
        `${B}/update`,
        { ...b, processId: processId ?? b.processId, enabled: processId !== null },
        boss,
      );
      expect(r.status, r.message).toBe(200);
    }
  };

  it("walks 部门负责人 → 财务, shows who it waits for, cc's the owner, and pays exactly once", async () => {
    await bindAll(await processNamed('报销审批'));
    const r = (await add(staff)).data;
    expect(r.status).toBe('待提交');
    expect(r.actions).toEqual(expect.arrayContaining(['view', 'edit', 'submit']));
    expect(r.actions).not.toContain('withdraw');
    const sub = await t.call('POST', `${M}/submit`, { id: r.id }, staff);
    expect(sub).toMatchObject({ status: 200, message: '提交成功' });
    expect(sub.data.status).toBe('审批中');
    expect(sub.data.actions).toContain('withdraw');
    expect(sub.data.actions).not.toContain('edit');
    expect(await pending(r.id)).toEqual(['部门负责人:演示用户']);
    expect(await taskOf(r.id, staff)).toEqual({ taskId: null });
    // Nobody edits, deletes or resubmits a form under review.
    expect((await t.call('POST', `${M}/update`, { ...r, reason: 'x' }, staff)).status).toBe(409);
    expect((await t.call('POST', `${M}/delete`, { ids: [r.id] }, boss)).status).toBe(409);
    expect((await t.call('POST', `${M}/submit`, { id: r.id }, staff)).status).toBe(409);

    expect((await agreeAs(r.id, boss, '情况属实')).message).toBe('已同意');
    expect(await pending(r.id)).toEqual(['财务审批:李四']);
    expect((await get(r.id)).actions).not.toContain('withdraw'); // someone acted
    await agreeAs(r.id, lisi);
    const approved = await get(r.id, lisi);
    expect(approved).toMatchObject({ status: '已通过', stage: '待支付' });
    expect(approved.actions).toContain('pay');
    expect((await get(r.id, staff)).actions).not.toContain('pay');
    const cc = (await t.call('POST', `${M}/page`, { pageNum: 1, pageSize: 100, tab: 'cc' }, boss)).data.list.map(
      (x: any) => x.id,
    );
    expect(cc).toContain(r.id);
    expect(
      (await t.call('POST', `${M}/page`, { pageNum: 1, pageSize: 100, tab: 'cc' }, staff)).data.list.map(
        (x: any) => x.id,
      ),
    ).not.toContain(r.id);

    // 支付 asks for its fields, needs reimburseManage:pay, and two concurrent clicks pay once.
    expect(
      (
        await t.call(
          'POST',
          `${M}/stage`,
          { id: r.id, action: 'pay', values: { payDate: today, payAccount: d('companyAccount', '基本户') } },
          staff,
        )
      ).status,
    ).toBe(403);
    expect(
      await t.call(
        'POST',
        `${M}/stage`,
        { id: r.id, action: 'pay', values: { payAccount: d('companyAccount', '基本户') } },
        lisi,
      ),
    ).toMatchObject({ status: 400, message: '支付日期不能为空' });
    // The account is one of the company's (公司账户): a typed one is refused.
    expect(
      (
        await t.call(
          'POST',
          `${M}/stage`,
          { id: r.id, action: 'pay', values: { payDate: today, payAccount: '随便写的账户' } },
          lisi,
        )
      ).status,
    ).toBe(400);
    const both = await Promise.all(
      [1, 2].map(() =>
        t.call(
          'POST',
          `${M}/stage`,
          { id: r.id, action: 'pay', values: { payDate: today, payAccount: d('companyAccount', '基本户') } },
          lisi,
        ),
      ),
    );
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    const paid = await get(r.id, lisi);
    expect(paid).toMatchObject({
      stage: '已支付',
      payDate: today,
      payAccount: d('companyAccount', '基本户'),
      payAccountName: '基本户',
    });
    expect(paid.actions).not.toContain('pay');
    const timeline = await steps(r.id);
    expect(timeline.map((s: any) => s.operationName)).toEqual(['submit', 'agree', 'agree', 'stage']);
    expect(timeline[0].approvalOpinion).toMatch(/^报销审批 v\d+$/);
    expect(timeline.filter((s: any) => s.operationName === 'stage')).toHaveLength(1);
    expect(timeline[3]).toMatchObject({ name: '支付', assigneeName: '李四' });
    // Stage and approval fields are the server's: an update cannot set them (and a paid claim cannot change anyway).
    expect((await t.call('POST', `${M}/update`, { ...paid, stage: '待支付' }, boss)).status).toBe(409);
  });

  it('never lets the applicant, the creator or the submitter approve, and falls back to the next in line', async () => {
    // The owner's own claim: its department leader is the owner, so the step falls to the other admin, 李四;
    // 李四 is also the 财务 step, so that step passes without asking twice.
    const own = (await add(boss, { applicantId: ids.boss, deptId: d('dept', '总经办') }, 120, true)).data;
    expect(own.status).toBe('审批中');
    expect(await taskOf(own.id, boss)).toEqual({ taskId: null });
    expect(await pending(own.id)).toEqual(['部门负责人:李四']);
    await agreeAs(own.id, lisi);
    expect((await get(own.id)).status).toBe('已通过');
    expect((await steps(own.id)).map((s: any) => s.operationName)).toEqual(['submit', 'agree', 'auto']);
    // Filed by the owner for 张三: the owner leads 业务部 but created it, so 李四 decides.
    const forStaff = (await add(boss, {}, 60, true)).data;
    expect(await pending(forStaff.id)).toEqual(['部门负责人:李四']);
  });

  it('refuses a submission nobody could approve, before anything is saved; a one-person team needs no approver', async () => {
    const owner = await newUser('zhaoliu', '13911110001', '赵六');
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '赵六工作室', tenantType: 'individual' },
      owner,
    );
    expect(made.status).toBe(200);
    // Alone in the team: the default 管理员审批 has nobody to ask, so the claim takes effect when submitted.
    const mine = await t.call(
      'POST',
      '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
      ['dept', 'expenseType'],
      owner,
    );
    const solo = {
      applicantId: await userId('zhaoliu'),
      deptId: dictItemId(mine.data, 'dept', '业务部'),
      applyDate: today,
      reason: '独自报销',
      lines: [{ expenseType: dictItemId(mine.data, 'expenseType', '办公费'), occurDate: today, price: 10 }],
    };
    const saved = await t.call('POST', `${M}/add`, solo, owner);
    expect(saved.data.status).toBe('待提交');
    const done = await t.call('POST', `${M}/update`, { ...saved.data, submit: true }, owner);
    expect(done.data).toMatchObject({ status: '已通过', stage: '待支付' });
    expect(
      (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${saved.data.id}`, undefined, owner)).data.map(
        (s: any) => s.operationName,
      ),
    ).toEqual(['submit', 'auto']);
    // A second member joins: now the owner's own claim has nobody but the owner to ask, and is refused whole.
    const wang = await newUser('wangwu', '13911110002', '王五');
    await t.call('POST', '/api/admin/applyjointenant/actionUserJoinTenant', { tenantCode: made.data.tenantCode }, wang);
    expect(
      (
        await t.call(
          'POST',
          '/api/admin/applyjointenant/decide',
          { userId: await userId('wangwu'), approve: true },
          owner,
        )
      ).status,
    ).toBe(200);
    const before = await count();
    const refused = await t.call('POST', `${M}/add`, { ...solo, submit: true }, owner);
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/没有可用的审批人.*审批管理/);
    expect(await count()).toBe(before);
    // The member's claim goes to the owner, through the team's default binding.
    const wangToken = await t.login('wangwu', 'secret123');
    const wangClaim = await t.call(
      'POST',
      `${M}/add`,
      { ...solo, applicantId: await userId('wangwu'), submit: true },
      wangToken,
    );
    expect(wangClaim.data.status).toBe('审批中');
    expect(
      (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${wangClaim.data.id}`, undefined, owner)).data.at(
        -1,
      ),
    ).toMatchObject({ operationName: 'pending', name: '管理员审批', assigneeName: '赵六' });
  });

  it('lets only the creator or an admin change a draft', async () => {
    const mine = (await add(boss, { applicantId: ids.boss, deptId: d('dept', '总经办') })).data;
    // 张三 (仅本人) does not even see it; 赵敏 (人事行政: she sees the whole team) sees it but may not change it.
    expect(await get(mine.id, staff)).toBeNull();
    expect((await t.call('POST', `${M}/update`, { ...mine, reason: '改了你的' }, staff)).status).toBe(404);
    const colleague = await t.login('zhaomin', DEMO.password);
    const asColleague = await get(mine.id, colleague);
    expect(asColleague.actions).toEqual(['view', 'print']);
    expect(
      await t.call(
        'POST',
        `${M}/update`,
        { ...mine, bankCardNo: '6222020200112233445', reason: '改了你的卡号' },
        colleague,
      ),
    ).toMatchObject({ status: 403 });
    expect((await t.call('POST', `${M}/submit`, { id: mine.id }, colleague)).status).toBe(403);
    expect((await get(mine.id)).reason).toBe('流程测试');
    const staffDraft = (await add(staff)).data;
    expect((await t.call('POST', `${M}/update`, { ...staffDraft, reason: '管理员改的' }, lisi)).status).toBe(200);
    expect((await t.call('POST', `${M}/delete`, { ids: [staffDraft.id] }, lisi)).status).toBe(200);
    const rows = (await t.call('POST', `${M}/page`, { pageNum: 1, pageSize: 200 }, colleague)).data.list;
    expect(rows.find((x: any) => x.id === mine.id).actions).not.toContain('edit');
    expect(rows.every((x: any) => Array.isArray(x.actions))).toBe(true);
  });

  it("fills a new record's declared defaults on the server: 报销人 is the caller, 报销日期 today (China time)", async () => {
    const { todayInChina } = await import('../../src/common/china-time');
    const r = await t.call('POST', `${M}/add`, { deptId: d('dept', '业务部'), reason: '默认值', lines: [] }, lisi);
    expect(r.data).toMatchObject({ applicantId: ids.lisi, applicantIdName: '李四', applyDate: todayInChina() });
    // A value the caller gives wins over the default.
    const given = await t.call(
      'POST',
      `${M}/add`,
      { ...claim(), applicantId: ids.staff, applyDate: '2026-01-05' },
      lisi,
    );
    expect(given.data).toMatchObject({ applicantId: ids.staff, applyDate: '2026-01-05' });
  });

  it('needs a line to submit, not to save', async () => {
    const empty = await t.call('POST', `${M}/add`, { ...claim(), lines: [] }, staff);
    expect(empty.data.status).toBe('待提交');
    expect(await t.call('POST', `${M}/submit`, { id: empty.data.id }, staff)).toMatchObject({
      status: 400,
      message: '请至少填写1条费用明细',
    });
  });

  it('keeps a running instance on its version while a new version takes over', async () => {
    const v1 = await defineProcess('版本测试', [
      { stepName: '一审', approverType: 'user', approverIds: [ids.lisi], signMode: 'any' },
    ]);
    expect(v1).toMatchObject({ stage: '已发布', version: 1 });
    await bindAll(v1.id);
    const a = (await add(staff, {}, 50, true)).data;
    expect(await pending(a.id)).toEqual(['一审:李四']);
    // Published: locked. Disable, edit, publish again → v2.
    expect((await t.call('POST', `${P}/update`, { ...v1, processName: '改名' }, boss)).status).toBe(409);
    expect((await t.call('POST', `${P}/stage`, { id: v1.id, action: 'disable' }, boss)).data.stage).toBe('停用');
    // While disabled, a submission says what to fix and saves nothing.
    const blocked = await add(staff, {}, 50, true);
    expect(blocked.status).toBe(400);
    expect(blocked.message).toMatch(/未发布或已停用/);
    const edited = await t.call(
      'POST',
      `${P}/update`,
      { ...v1, lines: [{ stepName: '新一审', approverType: 'user', approverIds: [ids.boss], signMode: 'any' }] },
      boss,
    );
    expect(edited.status, edited.message).toBe(200);
    expect(edited.data.version).toBe(1); // the client cannot set the version
    const v2 = (await t.call('POST', `${P}/stage`, { id: v1.id, action: 'publish' }, boss)).data;
    expect(v2).toMatchObject({ stage: '已发布', version: 2 });
    const b = (await add(staff, {}, 50, true)).data;
    expect(await pending(b.id)).toEqual(['新一审:演示用户']);
    expect((await steps(b.id))[0].approvalOpinion).toBe('版本测试 v2');
    expect(await pending(a.id)).toEqual(['一审:李四']);
    expect((await steps(a.id))[0].approvalOpinion).toBe('版本测试 v1');
    await agreeAs(a.id, lisi);
    expect((await get(a.id)).status).toBe('已通过');
    // A member cannot publish (approvalManage:publish belongs to admins).
    expect((await t.call('POST', `${P}/stage`, { id: v1.id, action: 'disable' }, staff)).status).toBe(403);
  });

  it('applies amount conditions on bindings and on steps, 会签 and 或签', async () => {
    const small = await defineProcess('小额', [
      { stepName: '或签', approverType: 'user', approverIds: [ids.boss, ids.lisi], signMode: 'any' },
    ]);
    const big = await defineProcess('大额', [
      { stepName: '会签', approverType: 'user', approverIds: [ids.boss, ids.lisi], signMode: 'all' },
      { stepName: '万元以上', approverType: 'role', roleId: d('teamRoles', '财务'), signMode: 'any', minPrice: 10000 },
    ]);
    await bindAll(small.id);
    const cond = await t.call(
      'POST',
      `${B}/add`,
      {
        moduleId: 'reimburseManage',
        processId: big.id,
        priceRange: { min: 1000 },
        priority: 1,
        isDefault: false,
        enabled: true,
      },
      boss,
    );
    expect(cond.status, cond.message).toBe(200);
    const low = (await add(staff, {}, 500, true)).data;
    expect(await pending(low.id)).toEqual(['或签:演示用户、李四']);
    await agreeAs(low.id, lisi);
    expect((await get(low.id)).status).toBe('已通过');
    expect(await taskOf(low.id, boss)).toEqual({ taskId: null }); // the other 或签 task was closed

    const mid = (await add(staff, {}, 2000, true)).data;
    expect((await steps(mid.id))[0].approvalOpinion).toMatch(/^大额 v1$/);
    await agreeAs(mid.id, lisi);
    expect((await get(mid.id)).status).toBe('审批中'); // 会签 waits for the owner too
    await agreeAs(mid.id, boss);
    expect((await get(mid.id)).status).toBe('已通过'); // under 10,000: the last step does not apply

    const high = (await add(staff, {}, 12000, true)).data;
    await agreeAs(high.id, lisi);
    await agreeAs(high.id, boss);
    // 李四 already agreed this submission, so the 财务 step is not asked of her twice.
    expect((await get(high.id)).status).toBe('已通过');
    expect((await steps(high.id)).map((s: any) => s.operationName)).toEqual(['submit', 'agree', 'agree', 'auto']);
    expect((await t.call('POST', `${B}/delete`, { ids: [cond.data.id] }, boss)).status).toBe(200);
  });

  it('asks the submitter to choose approvers for a 发起人自选 step', async () => {
    const chosen = await defineProcess('自选', [{ stepName: '自选审批人', approverType: 'chosen', signMode: 'any' }]);
    await bindAll(chosen.id);
    const r = (await add(staff)).data;
    const route = await t.call('POST', `${M}/route`, { id: r.id }, staff);
    expect(route.data).toMatchObject({
      process: { name: '自选', version: 1 },
      steps: [{ index: 0, stepName: '自选审批人', needsChoice: true }],
    });
    expect(await t.call('POST', `${M}/submit`, { id: r.id }, staff)).toMatchObject({
      status: 400,
      message: '请为审批步骤“自选审批人”选择审批人',
    });
    expect(
      (await t.call('POST', `${M}/submit`, { id: r.id, chosenApprovers: { 0: [ids.lisi] } }, staff)).data.status,
    ).toBe('审批中');
    expect(await pending(r.id)).toEqual(['自选审批人:李四']);
  });

  it('requires a reason to refuse, lets only the originator withdraw before anyone acts, and resubmits', async () => {
    await bindAll(await processNamed('报销审批'));
    const r = (await add(staff, {}, 77, true)).data;
    expect((await t.call('POST', '/api/oa/process/withdraw', { formId: r.id }, boss)).status).toBe(403);
    expect((await get(r.id, boss)).actions).not.toContain('withdraw');
    expect(await t.call('POST', '/api/oa/process/withdraw', { formId: r.id }, staff)).toMatchObject({
      status: 200,
      message: '已撤回',
    });
    expect((await get(r.id)).status).toBe('已撤回');
    expect((await steps(r.id)).map((s: any) => s.operationName)).toEqual(['submit', 'withdraw']);
    expect((await t.call('POST', `${M}/submit`, { id: r.id }, staff)).data.status).toBe('审批中');
    const task = await taskOf(r.id, boss);
    expect(await t.call('POST', '/api/oa/process/refuse', { taskId: task.taskId, comments: '  ' }, boss)).toMatchObject(
      { status: 400, message: '请输入原因' },
    );
    expect(
      (await t.call('POST', '/api/oa/process/refuse', { taskId: task.taskId, comments: '票据不清晰' }, boss)).message,
    ).toBe('已驳回');
    expect((await get(r.id)).status).toBe('已驳回');
    expect((await t.call('POST', '/api/oa/process/agree', { taskId: task.taskId }, boss)).status).toBe(409);
    const edited = await t.call(
      'POST',
      `${M}/update`,
      { ...(await get(r.id)), reason: '补充了票据', submit: true },
      staff,
    );
    expect(edited.data.status).toBe('审批中');
    const apply = await t.call('POST', '/api/oa/process/applyList', { pageNum: 1, pageSize: 50 }, staff);
    expect(apply.data.list.filter((x: any) => x.formId === r.id)).toHaveLength(1);
    const todo = await t.call('POST', '/api/oa/process/toDoList', { pageNum: 1, pageSize: 50 }, boss);
    expect(todo.data.list.find((x: any) => x.formId === r.id)).toMatchObject({
      module: 'reimburseManage',
      page: 'reimburseManage',
      moduleName: '报销管理',
      originatorName: '张三',
      money: 77,
    });
  });

  it('keeps one default binding per module, in the database, even when two saves race', async () => {
    const proc = await processNamed('报销审批');
    const extra = { moduleId: 'reimburseManage', processId: proc, priority: 50, isDefault: true, enabled: true };
    const second = await t.call('POST', `${B}/add`, extra, boss);
    expect(second).toMatchObject({ status: 409, message: '该业务模块已有默认流程，请先取消原默认流程' });
    // Without the default flag it saves; turning it into a default is refused the same way.
    const plain = await t.call('POST', `${B}/add`, { ...extra, isDefault: false }, boss);
    expect(plain.status).toBe(200);
    expect((await t.call('POST', `${B}/update`, { ...plain.data, isDefault: true }, boss)).status).toBe(409);
    // Release the current default, then two concurrent saves of a new default: exactly one wins.
    const current = (await bindings()).find((b: any) => b.moduleId === 'reimburseManage' && b.isDefault === true);
    expect((await t.call('POST', `${B}/update`, { ...current, isDefault: false }, boss)).status).toBe(200);
    const both = await Promise.all([1, 2].map(() => t.call('POST', `${B}/add`, extra, boss)));
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    // Deleting the default frees the key.
    const winner = both.find((x) => x.status === 200)!.data;
    expect((await t.call('POST', `${B}/delete`, { ids: [winner.id, plain.data.id] }, boss)).status).toBe(200);
    expect((await t.call('POST', `${B}/update`, { ...current, isDefault: true }, boss)).status).toBe(200);
  });

  it('takes effect when submitted in a module with no enabled binding', async () => {
    await bindAll(null);
    const draft = (await add(staff)).data;
    expect(draft.status).toBe('待提交');
    const r = (await t.call('POST', `${M}/submit`, { id: draft.id }, staff)).data;
    expect(r).toMatchObject({ status: '已通过', stage: '待支付' });
    expect((await steps(r.id)).at(-1)).toMatchObject({
      operationName: 'auto',
      approvalOpinion: '该模块未绑定审批流程，提交即生效',
    });
  });
});
