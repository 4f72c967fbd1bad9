import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { withTenant } from '../../src/server/db/tenant-scope';
import { hashPassword } from '../../src/server/modules/auth/passwords';

const M = '/api/data/reimburseManage';

describe.each(testDialects())('approval workflow on $name', (dialect) => {
  let t: TestApp;
  let boss: string; // finance approver
  let staff: string;
  let lisi: string; // a second member
  let lisiId: number;
  let dict: Record<string, any[]>;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    lisiId = (await t.db.insertInto('users').values({ username: 'lisi', mobile: '13944440001', nick_name: '李四', password_hash: await hashPassword('secret123'), status: 'active' }).returning('id').executeTakeFirstOrThrow()).id;
    lisi = await t.login('lisi', 'secret123');
    await t.call('POST', '/api/admin/applyjointenant/actionUserJoinTenant', { tenantCode: DEMO.tenantCode }, lisi);
    await t.call('POST', '/api/admin/applyjointenant/decide', { userId: lisiId, approve: true }, boss);
    lisi = await t.login('lisi', 'secret123');
    dict = (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType', 'teamMembers'], staff)).data;
  });
  afterAll(async () => t?.close());

  const dictId = (key: string, name: string) => dictItemId(dict, key, name);

  const draft = async (token = staff, price = 88) => (await t.call('POST', `${M}/add`, {
    applicantId: dictId('teamMembers', '张三'), deptId: dictId('dept', '业务部'), applyDate: today, reason: '流程测试',
    lines: [{ expenseType: dictId('expenseType', '办公费'), occurDate: today, price }],
  }, token)).data;
  const submit = (id: number, token = staff) => t.call('POST', `${M}/submit`, { id }, token);
  const taskOf = async (formId: number, token: string) => (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${formId}`, undefined, token)).data;
  const steps = async (formId: number) => (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${formId}`, undefined, staff)).data;
  const status = async (id: number) => (await t.call('GET', `${M}/get?id=${id}`, undefined, staff)).data.status;
  const setSteps = (steps: object[]) => withTenant(t.db, DEMO.tenantCode, (trx) =>
    trx.updateTable('process_definitions').set({ steps: JSON.stringify(steps) }).where('tenant_code', '=', DEMO.tenantCode).where('module', '=', 'reimburseManage').execute());

  it('submits, shows the task only to the approver, and agrees', async () => {
    const r = await draft(staff, 123.45);
    expect(r.status).toBe('待提交');
    expect((await submit(r.id)).data.status).toBe('审批中');
    expect(await taskOf(r.id, staff)).toEqual({ taskId: null });
    const task = await taskOf(r.id, boss);
    expect(task.taskId).toEqual(expect.any(Number));
    const todo = await t.call('POST', '/api/oa/process/toDoList', { pageNum: 1, pageSize: 50 }, boss);
    expect(todo.data.list.find((x: any) => x.formId === r.id)).toMatchObject({ code: r.code, module: 'reimburseManage', moduleName: '报销管理', originatorName: '张三', money: 123.45, taskId: task.taskId });
    // Editing, deleting or resubmitting while under review is refused.
    expect((await t.call('POST', `${M}/update`, { ...r, reason: 'x' }, staff)).status).toBe(409);
    expect((await t.call('POST', `${M}/delete`, { ids: [r.id] }, boss)).status).toBe(409);
    expect((await submit(r.id)).status).toBe(409);
    // Only the assignee decides.
    expect((await t.call('POST', '/api/oa/process/agree', { taskId: task.taskId, processInstanceId: task.processInstanceId }, staff)).status).toBe(403);
    const agreed = await t.call('POST', '/api/oa/process/agree', { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '同意报销' }, boss);
    expect(agreed).toMatchObject({ status: 200, message: '已同意' });
    expect((await t.call('POST', '/api/oa/process/agree', { taskId: task.taskId }, boss)).status).toBe(409);
    expect(await status(r.id)).toBe('已通过');
    const s = await steps(r.id);
    expect(s.map((x: any) => [x.operationName, x.assigneeName, x.approvalOpinion])).toEqual([['submit', '张三', null], ['agree', '演示用户', '同意报销']]);
    expect(s[1]).toMatchObject({ name: '财务审批', money: 123.45 });
    expect(s.every((x: any) => x.taskEndTime)).toBe(true);
    const done = await t.call('POST', '/api/oa/process/doneList', { pageNum: 1, pageSize: 50 }, boss);
    expect(done.data.list.some((x: any) => x.formId === r.id && x.taskStatus === 'agreed')).toBe(true);
    // The OA tabs of the list page filter the same way, in SQL.
    const tab = async (name: string, token: string) => (await t.call('POST', `${M}/page`, { pageNum: 1, pageSize: 100, tab: name }, token)).data.list.map((x: any) => x.id);
    expect(await tab('done', boss)).toContain(r.id);
    expect(await tab('todo', boss)).not.toContain(r.id);
    expect(await tab('mine', staff)).toContain(r.id);
    expect(await tab('mine', boss)).not.toContain(r.id);
  });

  it('requires a reason to refuse, then lets the originator edit and resubmit', async () => {
    const r = await draft();
    await submit(r.id);
    const task = await taskOf(r.id, boss);
    expect((await t.call('POST', '/api/oa/process/refuse', { taskId: task.taskId, comments: '  ' }, boss))).toMatchObject({ status: 400, message: '请输入原因' });
    expect((await t.call('POST', '/api/oa/process/refuse', { taskId: task.taskId, comments: '票据不清晰' }, boss)).message).toBe('已驳回');
    expect(await status(r.id)).toBe('已驳回');
    expect((await steps(r.id)).at(-1)).toMatchObject({ operationName: 'refuse', approvalOpinion: '票据不清晰' });
    const edited = await t.call('POST', `${M}/update`, { ...(await t.call('GET', `${M}/get?id=${r.id}`, undefined, staff)).data, reason: '补充了票据' }, staff);
    expect(edited.status).toBe(200);
    expect((await submit(r.id)).data.status).toBe('审批中');
    expect((await steps(r.id)).map((x: any) => x.operationName)).toEqual(['submit', 'refuse', 'submit']);
    const apply = await t.call('POST', '/api/oa/process/applyList', { pageNum: 1, pageSize: 50 }, staff);
    expect(apply.data.list.filter((x: any) => x.formId === r.id)).toHaveLength(1);
  });

  it('lets only the originator withdraw, and only before anyone acts', async () => {
    const r = await draft();
    await submit(r.id);
    expect((await t.call('POST', '/api/oa/process/withdraw', { formId: r.id }, boss)).status).toBe(403);
    expect((await t.call('POST', '/api/oa/process/withdraw', { formId: r.id }, staff))).toMatchObject({ status: 200, message: '已撤回' });
    expect(await status(r.id)).toBe('已撤回');
    expect(await taskOf(r.id, boss)).toEqual({ taskId: null });
    expect((await t.call('POST', '/api/oa/process/withdraw', { formId: r.id }, staff)).status).toBe(409);

    await setSteps([
      { name: '部门审批', approverType: 'user', approvers: [lisiId], mode: 'any' },
      { name: '财务审批', approverType: 'role', approvers: ['finance'], mode: 'any' },
    ]);
    await submit(r.id);
    const first = await taskOf(r.id, lisi);
    await t.call('POST', '/api/oa/process/agree', { taskId: first.taskId, comments: '' }, lisi);
    expect(await status(r.id)).toBe('审批中');
    expect((await t.call('POST', '/api/oa/process/withdraw', { formId: r.id }, staff)).message).toBe('审批人已处理，不能撤回');
    const second = await taskOf(r.id, boss);
    await t.call('POST', '/api/oa/process/agree', { taskId: second.taskId }, boss);
    expect(await status(r.id)).toBe('已通过');
  });

  it('waits for everyone in an all-must-agree step, and never lets the originator approve itself', async () => {
    const demoId = (await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
    await setSteps([{ name: '会签', approverType: 'user', approvers: [lisiId, demoId], mode: 'all' }]);
    const r = await draft();
    await submit(r.id);
    await t.call('POST', '/api/oa/process/agree', { taskId: (await taskOf(r.id, lisi)).taskId }, lisi);
    expect(await status(r.id)).toBe('审批中');
    await t.call('POST', '/api/oa/process/agree', { taskId: (await taskOf(r.id, boss)).taskId }, boss);
    expect(await status(r.id)).toBe('已通过');

    // The boss submits its own: as the only approver left it would approve itself, which is refused.
    await setSteps([{ name: '财务审批', approverType: 'role', approvers: ['finance'], mode: 'any' }]);
    const own = await draft(boss);
    const res = await submit(own.id, boss);
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/没有可用的审批人/);
    expect(await status(own.id)).toBe('待提交'); // the failed transition left nothing behind
  });

  it('takes effect on save in a module without a process', async () => {
    await withTenant(t.db, DEMO.tenantCode, (trx) => trx.deleteFrom('process_definitions').where('tenant_code', '=', DEMO.tenantCode).execute());
    const r = await draft();
    expect(r.status).toBe('已通过');
    expect((await submit(r.id)).status).toBe(409);
  });
});
