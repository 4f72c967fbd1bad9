// The approval workflow: a process definition per module and tenant (ordered steps; approvers are users or
// roles; any-one or all-must-agree). Every transition runs inside the caller's tenant transaction, and the
// record's status follows the instance: 待提交 → 审批中 → 已通过 | 已驳回 | 已撤回.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import type { ProcessStep } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { RecordStatus } from '../../../common/record-status';

export interface StartArgs {
  tenant: string;
  module: string;
  recordId: number;
  originatorId: number;
  money: number | null;
}

export async function definitionOf(trx: TenantTx, tenant: string, module: string) {
  return trx.selectFrom('process_definitions').selectAll()
    .where('tenant_code', '=', tenant).where('module', '=', module).where('enabled', '=', true).executeTakeFirst();
}

/** Users who approve a step: named users or holders of a role, who are normal members of the team. */
async function approversOf(trx: TenantTx, tenant: string, step: ProcessStep): Promise<number[]> {
  const base = trx.selectFrom('memberships').select('memberships.user_id').where('memberships.tenant_code', '=', tenant).where('memberships.status', '=', 'normal');
  const rows = step.approverType === 'user'
    ? await base.where('memberships.user_id', 'in', step.approvers.map(Number).concat(-1)).execute()
    : await base
      .innerJoin('user_roles', (j) => j.onRef('user_roles.user_id', '=', 'memberships.user_id').on('user_roles.tenant_code', '=', tenant))
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .where('roles.role_key', 'in', step.approvers.map(String).concat(''))
      .distinct()
      .execute();
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
}

async function openStep(trx: TenantTx, tenant: string, instanceId: number, steps: ProcessStep[], index: number, originatorId: number, allowSelf: boolean) {
  const step = steps[index];
  let users = await approversOf(trx, tenant, step);
  if (!allowSelf) users = users.filter((u) => u !== originatorId);
  if (users.length === 0) throw badRequest(`审批步骤“${step.name}”没有可用的审批人，请联系管理员配置审批流程`);
  await trx.insertInto('tasks').values(users.map((u) => ({ tenant_code: tenant, instance_id: instanceId, step_index: index, step_name: step.name, assignee_id: u, status: 'open' as const }))).execute();
  await trx.updateTable('process_instances').set({ current_step: index }).where('tenant_code', '=', tenant).where('id', '=', instanceId).execute();
}

export async function startInstance(trx: TenantTx, a: StartArgs): Promise<number> {
  const def = await definitionOf(trx, a.tenant, a.module);
  if (!def) throw badRequest('该模块未配置审批流程');
  const steps = def.steps as ProcessStep[];
  if (!steps.length) throw badRequest('审批流程没有步骤');
  const running = await trx.selectFrom('process_instances').select('id')
    .where('tenant_code', '=', a.tenant).where('record_id', '=', a.recordId).where('status', '=', 'running').executeTakeFirst();
  if (running) throw conflict('该单据已在审批中');
  const inst = await trx.insertInto('process_instances').values({
    tenant_code: a.tenant, module: a.module, record_id: a.recordId, originator_id: a.originatorId, status: 'running', current_step: 0,
    definition: JSON.stringify({ name: def.name, steps, allowSelfApprove: def.allow_self_approve }), money: a.money,
  }).returning('id').executeTakeFirstOrThrow();
  await openStep(trx, a.tenant, inst.id, steps, 0, a.originatorId, def.allow_self_approve);
  await setRecordStatus(trx, a.tenant, a.recordId, RecordStatus.inReview);
  return inst.id;
}

async function setRecordStatus(trx: TenantTx, tenant: string, recordId: number, status: string) {
  await trx.updateTable('records').set({ status, updated_at: new Date() }).where('tenant_code', '=', tenant).where('id', '=', recordId).execute();
}

async function loadTask(trx: TenantTx, tenant: string, taskId: number, instanceId: number | undefined, userId: number) {
  const task = await trx.selectFrom('tasks').selectAll().where('tenant_code', '=', tenant).where('id', '=', taskId).executeTakeFirst();
  if (!task || (instanceId !== undefined && task.instance_id !== instanceId)) throw notFound('审批任务不存在');
  if (task.assignee_id !== userId) throw forbidden('这不是您的审批任务');
  if (task.status !== 'open') throw conflict('该任务已处理');
  const inst = await trx.selectFrom('process_instances').selectAll().where('tenant_code', '=', tenant).where('id', '=', task.instance_id).executeTakeFirstOrThrow();
  if (inst.status !== 'running') throw conflict('该审批已结束');
  return { task, inst };
}

/** Closes the task; guarded by status='open' so two clicks cannot both count. */
async function closeTask(trx: TenantTx, tenant: string, taskId: number, status: 'agreed' | 'refused', comments: string) {
  const r = await trx.updateTable('tasks').set({ status, comments, ended_at: new Date() })
    .where('tenant_code', '=', tenant).where('id', '=', taskId).where('status', '=', 'open').executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw conflict('该任务已处理');
}

async function cancelOpen(trx: TenantTx, tenant: string, instanceId: number) {
  await trx.updateTable('tasks').set({ status: 'cancelled', ended_at: new Date() })
    .where('tenant_code', '=', tenant).where('instance_id', '=', instanceId).where('status', '=', 'open').execute();
}

export async function agree(trx: TenantTx, tenant: string, userId: number, taskId: number, instanceId: number | undefined, comments: string) {
  const { task, inst } = await loadTask(trx, tenant, taskId, instanceId, userId);
  await closeTask(trx, tenant, task.id, 'agreed', comments);
  const def = inst.definition as { steps: ProcessStep[]; allowSelfApprove: boolean };
  const step = def.steps[task.step_index];
  if (step.mode === 'all') {
    const left = await trx.selectFrom('tasks').select('id').where('tenant_code', '=', tenant).where('instance_id', '=', inst.id)
      .where('step_index', '=', task.step_index).where('status', '=', 'open').executeTakeFirst();
    if (left) return 'waiting';
  } else {
    await cancelOpen(trx, tenant, inst.id);
  }
  const next = task.step_index + 1;
  if (next < def.steps.length) {
    await openStep(trx, tenant, inst.id, def.steps, next, inst.originator_id, def.allowSelfApprove);
    return 'next';
  }
  await trx.updateTable('process_instances').set({ status: 'approved', ended_at: new Date() }).where('tenant_code', '=', tenant).where('id', '=', inst.id).execute();
  await setRecordStatus(trx, tenant, inst.record_id, RecordStatus.approved);
  return 'approved';
}

export async function refuse(trx: TenantTx, tenant: string, userId: number, taskId: number, instanceId: number | undefined, comments: string) {
  if (!comments.trim()) throw badRequest('请输入原因');
  const { task, inst } = await loadTask(trx, tenant, taskId, instanceId, userId);
  await closeTask(trx, tenant, task.id, 'refused', comments.trim());
  await cancelOpen(trx, tenant, inst.id);
  await trx.updateTable('process_instances').set({ status: 'refused', ended_at: new Date() }).where('tenant_code', '=', tenant).where('id', '=', inst.id).execute();
  await setRecordStatus(trx, tenant, inst.record_id, RecordStatus.rejected);
}

/** The originator takes a submission back, only while no approver has acted. */
export async function withdraw(trx: TenantTx, tenant: string, userId: number, recordId: number) {
  const inst = await trx.selectFrom('process_instances').selectAll()
    .where('tenant_code', '=', tenant).where('record_id', '=', recordId).where('status', '=', 'running').executeTakeFirst();
  if (!inst) throw conflict('该单据不在审批中');
  if (inst.originator_id !== userId) throw forbidden('只有发起人可以撤回');
  const acted = await trx.selectFrom('tasks').select('id').where('tenant_code', '=', tenant).where('instance_id', '=', inst.id)
    .where('status', 'in', ['agreed', 'refused']).executeTakeFirst();
  if (acted) throw conflict('审批人已处理，不能撤回');
  await cancelOpen(trx, tenant, inst.id);
  // Guarded on status so a concurrent agree and withdraw cannot both succeed.
  const r = await trx.updateTable('process_instances').set({ status: 'withdrawn', ended_at: new Date() })
    .where('tenant_code', '=', tenant).where('id', '=', inst.id).where('status', '=', 'running').executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw conflict('该单据不在审批中');
  await setRecordStatus(trx, tenant, recordId, RecordStatus.withdrawn);
}

export async function openTaskOf(trx: TenantTx, tenant: string, userId: number, recordId: number) {
  return trx.selectFrom('tasks').innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id')
    .select(['tasks.id as taskId', 'pi.id as processInstanceId'])
    .where('tasks.tenant_code', '=', tenant).where('pi.record_id', '=', recordId)
    .where('tasks.assignee_id', '=', userId).where('tasks.status', '=', 'open').where('pi.status', '=', 'running')
    .executeTakeFirst();
}

/** The approval dynamics of a form: each submission, then each decision, oldest first. */
export async function approvalSteps(trx: TenantTx, tenant: string, recordId: number) {
  const { rows } = await sql<{ id: string; name: string; assigneeName: string; taskEndTime: Date; operationName: string; approvalOpinion: string | null; money: string | null }>`
    SELECT 'i' || pi.id AS id, '提交' AS name, u.nick_name AS "assigneeName", pi.created_at AS "taskEndTime",
           'submit' AS "operationName", NULL AS "approvalOpinion", pi.money::text AS money
      FROM process_instances pi JOIN users u ON u.id = pi.originator_id
     WHERE pi.tenant_code = ${tenant} AND pi.record_id = ${recordId}
    UNION ALL
    SELECT 't' || t.id, t.step_name, u.nick_name, t.ended_at,
           CASE t.status WHEN 'agreed' THEN 'agree' ELSE 'refuse' END, t.comments, pi.money::text
      FROM tasks t JOIN process_instances pi ON pi.id = t.instance_id JOIN users u ON u.id = t.assignee_id
     WHERE t.tenant_code = ${tenant} AND pi.record_id = ${recordId} AND t.status IN ('agreed', 'refused')
    ORDER BY 4, 1`.execute(trx);
  return rows.map((r) => ({ ...r, taskEndTime: new Date(r.taskEndTime).toISOString(), money: r.money === null ? null : Number(r.money) }));
}
