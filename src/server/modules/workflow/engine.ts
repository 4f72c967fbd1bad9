// The approval workflow. A submission snapshots the process version its binding picks (processes.ts), then
// walks its steps: each step's approvers (approvers.ts) get a task; 会签 waits for all of them, 或签 for one.
// Every transition runs inside the caller's tenant transaction with guarded updates, and the record follows:
// 待提交 → 审批中 → 已通过 (entering its first stage) | 已驳回 | 已撤回.
import { holds } from '../../../common/computed';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import type { ProcessSnapshot, ProcessStep } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { RecordStatus } from '../../../common/record-status';
import type { ModuleSchema } from '../records/schema-registry';
import type { Ctx } from '../records/ctx';
import { todayOf } from '../records/ctx';
import type { ApprovalStart, RoutedRecord, StoredRecord } from '../records/approvals';
import { approvalEnded, approvalResubmitted, approvalSubmitted, takeEffectNow } from '../records/service';
import { approversFor, type People } from './approvers';
import { releasePeriods } from '../records/unique';
import { processFor, stepApplies } from './processes';
import { missingFiles, processFromPicked } from './approval-from';
import { checkUploads, filesToHold, type NamedFile } from '../files/uploads';
import { holdFiles } from '../../db/record-files';
import { notifyUsers } from '../notifications/notify';
import { PREPARED } from '../../db/prepared';
import { partitionKey } from '../../db/record-partitions';

type Instance = {
  id: number;
  module: string;
  record_id: number;
  definition: ProcessSnapshot;
  originator_id: number;
  applicant_id: number | null;
  creator_id: number | null;
  money: string | number | null;
  current_step?: number;
};

const numOrNull = (v: unknown) => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export function moneyOf(m: ModuleSchema, data: Record<string, unknown>) {
  return m.moneyField ? numOrNull(data[m.moneyField]) : null;
}

/** The person a record is for (its applicant field, else its creator) and their department. */
export function peopleOf(m: ModuleSchema, row: { data: Record<string, unknown>; created_by: number }) {
  const applicant = m.schema.applicantField ? numOrNull(row.data[m.schema.applicantField]) : null;
  const dept = m.schema.deptField ? numOrNull(row.data[m.schema.deptField]) : null;
  return { applicantId: applicant ?? row.created_by, creatorId: row.created_by, deptId: dept };
}

async function event(
  trx: TenantTx,
  tenant: string,
  recordId: number,
  kind: string,
  name: string,
  userId: number | null,
  detail: Record<string, unknown> = {},
) {
  await trx
    .insertInto('record_events')
    .values({ tenant_code: tenant, record_id: recordId, kind, name, user_id: userId, detail: JSON.stringify(detail) })
    .execute();
}

/** The module records of `module`'s page are stored as, named so a statement reads its partition alone. */
const storedKey = (ctx: Ctx, module: string) => partitionKey(ctx.schemas.storedIn(module));

async function setRecordStatus(trx: TenantTx, ctx: Ctx, module: string, recordId: number, status: string) {
  // From the plan cache (db/prepared.ts), and naming the module: one partition of records to plan and lock.
  await sql`${PREPARED}UPDATE records SET status = ${status}, updated_at = ${new Date()}
    WHERE tenant_code = ${ctx.tenant} AND module = ${storedKey(ctx, module)} AND id = ${recordId}`.execute(trx);
}

/** The record takes effect: 已通过, its first stage, and its `approved` effects (as its originator), in this transaction. */
async function takeEffect(trx: TenantTx, ctx: Ctx, module: string, recordId: number, originatorId: number) {
  await setRecordStatus(trx, ctx, module, recordId, RecordStatus.approved);
  const m = ctx.schemas.get(module);
  if (m) await takeEffectNow(trx, ctx, m, recordId, originatorId);
}

/** What a notification about an approval names: the form's title and code (`code` when the caller has read it). */
async function formOf(trx: TenantTx, ctx: Ctx, module: string, recordId: number, code?: string) {
  const m = ctx.schemas.get(module);
  const r =
    code !== undefined
      ? { code }
      : await trx
          .selectFrom('records')
          .select('code')
          .where('tenant_code', '=', ctx.tenant)
          .where('module', '=', storedKey(ctx, module))
          .where('id', '=', recordId)
          .executeTakeFirst();
  return { title: m?.schema.title ?? '单据', code: r?.code ?? '', page: m?.schema.module ?? module };
}

/**
 * Tells the submitter the approval's outcome (通过 / 驳回), once per instance; not when they decided it themselves
 * (a submission that passed on its own at once).
 */
async function notifyOutcome(
  trx: TenantTx,
  ctx: Ctx,
  inst: Pick<Instance, 'id' | 'module' | 'record_id' | 'originator_id'>,
  outcome: 'approved' | 'refused',
  actorId: number | null,
  comments = '',
) {
  const f = await formOf(trx, ctx, inst.module, inst.record_id);
  await notifyUsers(trx, ctx.tenant, [inst.originator_id], {
    title: `${outcome === 'approved' ? '审批通过' : '审批驳回'}：${f.title} ${f.code}`,
    body:
      outcome === 'approved'
        ? `您提交的${f.title}已审批通过`
        : `您提交的${f.title}被驳回${comments ? `，原因：${comments}` : ''}`,
    module: f.page,
    recordId: inst.record_id,
    actorId,
    sourceKey: `approval:${inst.id}:${outcome}`,
  });
}

/**
 * Opens the first step from `index` on that needs a person; steps nobody can take pass with a note. `actorId`: who moved
 * it (not notified). `stored`: the record as the caller read it in this transaction (else read here).
 */
async function advance(
  trx: TenantTx,
  ctx: Ctx,
  inst: Instance,
  index: number,
  actorId: number | null = null,
  stored?: Pick<StoredRecord, 'code' | 'data' | 'created_by'>,
): Promise<'next' | 'approved'> {
  const steps = inst.definition.steps;
  const people: People = {
    applicantId: inst.applicant_id ?? inst.originator_id,
    creatorId: inst.creator_id ?? inst.originator_id,
    originatorId: inst.originator_id,
    deptId: null,
    chosen: inst.definition.chosen,
  };
  const rec =
    stored ??
    (await trx
      .selectFrom('records')
      .select(['code', 'data', 'created_by'])
      .where('tenant_code', '=', ctx.tenant)
      .where('module', '=', storedKey(ctx, inst.module))
      .where('id', '=', inst.record_id)
      .executeTakeFirstOrThrow());
  const m = ctx.schemas.get(inst.module);
  if (m) people.deptId = peopleOf(m, rec as { data: Record<string, unknown>; created_by: number }).deptId;
  for (let i = index; i < steps.length; i++) {
    const step = steps[i];
    const res = await approversFor(trx, ctx.tenant, step, i, people);
    await ccStep(trx, ctx.tenant, inst, i);
    if ('alone' in res) {
      await event(trx, ctx.tenant, inst.record_id, 'auto', step.stepName, null, {
        note: '团队中没有其他成员，自动通过',
        instanceId: inst.id,
      });
      continue;
    }
    // Someone who already agreed to this submission is not asked twice for the same thing.
    const agreed = await trx
      .selectFrom('tasks')
      .select('assignee_id')
      .where('tenant_code', '=', ctx.tenant)
      .where('instance_id', '=', inst.id)
      .where('status', '=', 'agreed')
      .execute();
    const already = new Set(agreed.map((a) => a.assignee_id));
    if (res.users.every((u) => already.has(u))) {
      await event(trx, ctx.tenant, inst.record_id, 'auto', step.stepName, res.users[0], {
        note: '审批人已在前序步骤同意，自动通过',
        instanceId: inst.id,
      });
      continue;
    }
    const made = await trx
      .insertInto('tasks')
      .values(
        res.users.map((u) => ({
          tenant_code: ctx.tenant,
          instance_id: inst.id,
          step_index: i,
          step_name: step.stepName,
          assignee_id: u,
          status: 'open' as const,
        })),
      )
      .returning(['id', 'assignee_id'])
      .execute();
    // Each approver hears of their task (待审批), once per task.
    const f = await formOf(trx, ctx, inst.module, inst.record_id, rec.code);
    for (const t of made) {
      await notifyUsers(trx, ctx.tenant, [t.assignee_id], {
        title: `待审批：${f.title} ${f.code}`,
        body: `${step.stepName}：请审批${f.title} ${f.code}`,
        module: f.page,
        recordId: inst.record_id,
        actorId,
        sourceKey: `task:${t.id}`,
      });
    }
    // A submission's first step is the step its instance starts at: nothing to write then.
    if (inst.current_step !== i)
      await trx
        .updateTable('process_instances')
        .set({ current_step: i })
        .where('tenant_code', '=', ctx.tenant)
        .where('id', '=', inst.id)
        .execute();
    return 'next';
  }
  await trx
    .updateTable('process_instances')
    .set({ status: 'approved', ended_at: new Date() })
    .where('tenant_code', '=', ctx.tenant)
    .where('id', '=', inst.id)
    .execute();
  await takeEffect(trx, ctx, inst.module, inst.record_id, inst.originator_id);
  await notifyOutcome(trx, ctx, inst, 'approved', actorId);
  return 'approved';
}

async function ccStep(trx: TenantTx, tenant: string, inst: Instance, index: number) {
  const cc = [...new Set((inst.definition.steps[index].ccIds ?? []).map(Number).filter(Number.isFinite))];
  if (!cc.length) return;
  const members = await trx
    .selectFrom('memberships')
    .select('user_id')
    .where('tenant_code', '=', tenant)
    .where('status', '=', 'normal')
    .where('user_id', 'in', cc)
    .execute();
  if (!members.length) return;
  await trx
    .insertInto('process_cc')
    .values(
      members.map((u) => ({
        tenant_code: tenant,
        instance_id: inst.id,
        record_id: inst.record_id,
        user_id: u.user_id,
        step_index: index,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** What a submission of this record would follow now: the process, and each step's approvers by name. */
export async function previewRoute(trx: TenantTx, ctx: Ctx, a: ApprovalStart) {
  const row = await trx
    .selectFrom('records')
    .select(['data', 'created_by', 'category_id'])
    .where('tenant_code', '=', ctx.tenant)
    .where('module', '=', storedKey(ctx, a.m.schema.module))
    .where('id', '=', a.recordId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return routeFor(
    trx,
    ctx,
    a.m,
    row as { data: Record<string, unknown>; created_by: number; category_id: number | null },
  );
}

/** Whether the record needs an approval at all: a page's `approvalWhen` (e.g. only a supplier's admission) must hold. */
export function needsApproval(m: ModuleSchema, row: { data: Record<string, unknown>; lines?: unknown }, today: string) {
  if (!m.schema.approvalWhen) return true;
  return holds(
    m.schema.approvalWhen,
    row.data,
    (Array.isArray(row.lines) ? row.lines : []) as Record<string, unknown>[],
    { today },
  );
}

export async function routeFor(trx: TenantTx, ctx: Ctx, m: ModuleSchema, row: RoutedRecord) {
  if (!needsApproval(m, row, todayOf(ctx))) return null;
  const p = peopleOf(m, row);
  const money = moneyOf(m, row.data);
  const snap = m.schema.approvalFrom
    ? await processFromPicked(trx, ctx.tenant, ctx.schemas, m, row.data, todayOf(ctx))
    : await processFor(trx, ctx.tenant, ctx.schemas, {
        module: m.schema.module,
        money,
        deptId: p.deptId,
        categoryId: row.category_id,
      });
  if (!snap) return null;
  return { ...snap, steps: snap.steps.filter((s) => stepApplies(s, money)) };
}

/** Submits a saved record: starts its process, or lets it take effect when no process applies. */
export async function startInstance(trx: TenantTx, ctx: Ctx, a: ApprovalStart): Promise<'running' | 'approved'> {
  const row =
    a.stored ??
    (await trx
      .selectFrom('records')
      .select(['code', 'data', 'lines', 'created_by', 'category_id'])
      .where('tenant_code', '=', ctx.tenant)
      .where('module', '=', storedKey(ctx, a.m.schema.module))
      .where('id', '=', a.recordId)
      .executeTakeFirst());
  if (!row) throw notFound();
  // Whether it runs already, and how many of its approvals ended without effect, in one look at its instances.
  const past = await sql<{
    running: number;
    ended: number;
  }>`${PREPARED}SELECT count(*) FILTER (WHERE status = 'running')::int AS running,
    count(*) FILTER (WHERE status IN ('refused', 'withdrawn'))::int AS ended FROM process_instances WHERE tenant_code = ${ctx.tenant} AND record_id = ${a.recordId}`.execute(
    trx,
  );
  if (Number(past.rows[0]?.running ?? 0) > 0) throw conflict('该单据已在审批中');
  // A submission after refused or withdrawn ones: its `resubmitted` effects (count again what an earlier end gave
  // back) run once per such submission, once it waits (others then see it 审批中) or before it takes effect.
  const ended = Number(past.rows[0]?.ended ?? 0);
  const resubmitted = () =>
    ended > 0 ? approvalResubmitted(trx, ctx, a.m, a.recordId, ended, a.originatorId) : Promise.resolve();
  const r = row as StoredRecord;
  const route = await routeFor(trx, ctx, a.m, r);
  if (!route || !route.steps.length) {
    const note = route
      ? '金额不在任何审批步骤的条件内，提交即生效'
      : needsApproval(a.m, r, todayOf(ctx))
        ? '该模块未绑定审批流程，提交即生效'
        : '此类单据无需审批，提交即生效';
    await event(trx, ctx.tenant, a.recordId, 'auto', '提交', a.originatorId, { note });
    await resubmitted();
    await takeEffect(trx, ctx, a.m.schema.module, a.recordId, a.originatorId);
    return 'approved';
  }
  const chosen: Record<string, number[]> = {};
  route.steps.forEach((s, i) => {
    if (s.approverType !== 'chosen') return;
    const picks = (a.chosen?.[String(i)] ?? []).map(Number).filter(Number.isFinite);
    if (!picks.length) throw badRequest(`请为审批步骤“${s.stepName}”选择审批人`);
    chosen[String(i)] = picks;
  });
  const p = peopleOf(a.m, r);
  const definition: ProcessSnapshot = { ...route, chosen };
  const inst = await trx
    .insertInto('process_instances')
    .values({
      tenant_code: ctx.tenant,
      module: a.m.schema.module,
      record_id: a.recordId,
      originator_id: a.originatorId,
      status: 'running',
      current_step: 0,
      definition: JSON.stringify(definition),
      money: moneyOf(a.m, r.data),
      applicant_id: p.applicantId,
      creator_id: p.creatorId,
    })
    .returning(['id', 'module', 'record_id', 'originator_id', 'applicant_id', 'creator_id', 'money', 'current_step'])
    .executeTakeFirstOrThrow();
  await setRecordStatus(trx, ctx, a.m.schema.module, a.recordId, RecordStatus.inReview);
  await resubmitted();
  await approvalSubmitted(trx, ctx, a.m, a.recordId, Number(inst.id), a.originatorId);
  // The record as read above still holds unless this submission's effects ran on it.
  const unchanged = ended === 0 && !(a.m.schema.effects ?? []).some((e) => e.on === 'submitted');
  const outcome = await advance(trx, ctx, { ...inst, definition }, 0, a.originatorId, unchanged ? r : undefined);
  return outcome === 'approved' ? 'approved' : 'running';
}

async function loadTask(trx: TenantTx, tenant: string, taskId: number, instanceId: number | undefined, userId: number) {
  const task = await trx
    .selectFrom('tasks')
    .selectAll()
    .where('tenant_code', '=', tenant)
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task || (instanceId !== undefined && task.instance_id !== instanceId)) throw notFound('审批任务不存在');
  if (task.assignee_id !== userId) throw forbidden('这不是您的审批任务');
  if (task.status !== 'open') throw conflict('该任务已处理');
  const inst = await trx
    .selectFrom('process_instances')
    .selectAll()
    .where('tenant_code', '=', tenant)
    .where('id', '=', task.instance_id)
    .executeTakeFirstOrThrow();
  if (inst.status !== 'running') throw conflict('该审批已结束');
  return { task, inst: inst as unknown as Instance };
}

/** Closes the task; guarded by status='open' so two clicks cannot both count. */
async function closeTask(
  trx: TenantTx,
  tenant: string,
  taskId: number,
  status: 'agreed' | 'refused',
  comments: string,
) {
  const r = await trx
    .updateTable('tasks')
    .set({ status, comments, ended_at: sql<Date>`clock_timestamp()` })
    .where('tenant_code', '=', tenant)
    .where('id', '=', taskId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw conflict('该任务已处理');
  await taskNoticesRead(trx, tenant, [taskId]);
}

/** A task dealt with (by its approver, or by another of a 或签, a refusal, a withdrawal) is no news any more: its 待审批 notification counts as read. */
async function taskNoticesRead(trx: TenantTx, tenant: string, taskIds: number[]) {
  if (!taskIds.length) return;
  await trx
    .updateTable('notifications')
    .set({ read_at: sql<Date>`clock_timestamp()` })
    .where('tenant_code', '=', tenant)
    .where(
      'source_key',
      'in',
      taskIds.map((id) => `task:${id}`),
    )
    .where('read_at', 'is', null)
    .execute();
}

async function cancelOpen(trx: TenantTx, tenant: string, instanceId: number) {
  const gone = await trx
    .updateTable('tasks')
    .set({ status: 'cancelled', ended_at: sql<Date>`clock_timestamp()` })
    .where('tenant_code', '=', tenant)
    .where('instance_id', '=', instanceId)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  await taskNoticesRead(
    trx,
    tenant,
    gone.map((t) => Number(t.id)),
  );
}

/**
 * A step's required files (`approvalFrom.requiredFiles`): what the approver attaches now is checked (this team's
 * files, within the field's limit) and kept on the record; then every file the step requires must be there.
 */
async function attachRequired(
  trx: TenantTx,
  ctx: Ctx,
  inst: Instance,
  step: ProcessStep,
  files: Record<string, unknown>,
  userId: number,
) {
  const required = step.requiredFiles ?? [];
  const given = Object.entries(files).filter(
    ([, v]) => !(v === undefined || v === null || (Array.isArray(v) && !v.length)),
  );
  if (!required.length && !given.length) return;
  const m = ctx.schemas.get(inst.module);
  const patch: Record<string, unknown> = {};
  const named: NamedFile[] = [];
  for (const [field, value] of given) {
    const req = required.find((r) => r.field === field);
    const def = m?.fields.find((f) => f.fieldName === field && f.fontendType === 'upload');
    if (!req || !def) throw badRequest(`审批步骤「${step.stepName}」不需要上传该资料`);
    if (!Array.isArray(value)) throw badRequest(`${req.label}的格式不正确`);
    const limit = def.limit ?? 10;
    if (value.length > limit) throw badRequest(`${req.label}最多上传${limit}个文件`);
    named.push(...(await checkUploads(trx, ctx.tenant, [def], [], { [field]: value }, [])));
    patch[field] = value;
  }
  const rec = await trx
    .selectFrom('records')
    .select('data')
    .where('tenant_code', '=', ctx.tenant)
    .where('module', '=', storedKey(ctx, inst.module))
    .where('id', '=', inst.record_id)
    .executeTakeFirstOrThrow();
  const missing = missingFiles(step, { ...(rec.data as Record<string, unknown>), ...patch });
  if (missing.length) throw badRequest(`「${step.stepName}」须先上传必交资料：${missing.join('、')}`);
  if (given.length) {
    await sql`UPDATE records SET data = data || ${JSON.stringify(patch)}::jsonb, updated_at = now()
      WHERE tenant_code = ${ctx.tenant} AND module = ${storedKey(ctx, inst.module)} AND id = ${inst.record_id}`.execute(
      trx,
    );
    await holdFiles(trx, ctx.tenant, inst.record_id, filesToHold(named, userId));
  }
}

export async function agree(
  trx: TenantTx,
  ctx: Ctx,
  userId: number,
  taskId: number,
  instanceId: number | undefined,
  comments: string,
  files: Record<string, unknown> = {},
) {
  const { task, inst } = await loadTask(trx, ctx.tenant, taskId, instanceId, userId);
  const step = inst.definition.steps[task.step_index];
  await attachRequired(trx, ctx, inst, step, files, userId);
  await closeTask(trx, ctx.tenant, task.id, 'agreed', comments);
  if (step.signMode === 'all') {
    const left = await trx
      .selectFrom('tasks')
      .select('id')
      .where('tenant_code', '=', ctx.tenant)
      .where('instance_id', '=', inst.id)
      .where('step_index', '=', task.step_index)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (left) return 'waiting';
  } else {
    await cancelOpen(trx, ctx.tenant, inst.id);
  }
  return advance(trx, ctx, inst, task.step_index + 1, userId);
}

export async function refuse(
  trx: TenantTx,
  ctx: Ctx,
  userId: number,
  taskId: number,
  instanceId: number | undefined,
  comments: string,
) {
  if (!comments.trim()) throw badRequest('请输入原因');
  const { task, inst } = await loadTask(trx, ctx.tenant, taskId, instanceId, userId);
  await closeTask(trx, ctx.tenant, task.id, 'refused', comments.trim());
  await cancelOpen(trx, ctx.tenant, inst.id);
  await trx
    .updateTable('process_instances')
    .set({ status: 'refused', ended_at: new Date() })
    .where('tenant_code', '=', ctx.tenant)
    .where('id', '=', inst.id)
    .execute();
  await setRecordStatus(trx, ctx, inst.module, inst.record_id, RecordStatus.rejected);
  await approvalEnded(trx, ctx, inst.record_id, userId, {
    kind: 'refused',
    instanceId: Number(inst.id),
    module: inst.module,
  });
  await notifyOutcome(trx, ctx, inst, 'refused', userId, comments.trim());
  // A refused request holds no room or vehicle any more; saving or submitting it again takes its period anew.
  await releasePeriods(trx, ctx.tenant, [inst.record_id]);
}

/** The running instance of a record, with whether an approver has acted on it yet. */
export async function runningOf(trx: TenantTx, tenant: string, recordIds: number[]) {
  if (!recordIds.length) return new Map<number, { originatorId: number; acted: boolean }>();
  const { rows } = await sql<{ record_id: number; originator_id: number; acted: boolean }>`
    SELECT pi.record_id, pi.originator_id,
           EXISTS (SELECT 1 FROM tasks t WHERE t.tenant_code = pi.tenant_code AND t.instance_id = pi.id AND t.status IN ('agreed', 'refused')) AS acted
      FROM process_instances pi
     WHERE pi.tenant_code = ${tenant} AND pi.status = 'running' AND pi.record_id IN (${sql.join(recordIds)})`.execute(
    trx,
  );
  return new Map(rows.map((r) => [Number(r.record_id), { originatorId: Number(r.originator_id), acted: r.acted }]));
}

/** The originator takes a submission back, only while no approver has acted. */
export async function withdraw(trx: TenantTx, ctx: Ctx, userId: number, recordId: number) {
  const tenant = ctx.tenant;
  const inst = await trx
    .selectFrom('process_instances')
    .selectAll()
    .where('tenant_code', '=', tenant)
    .where('record_id', '=', recordId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (!inst) throw conflict('该单据不在审批中');
  if (inst.originator_id !== userId) throw forbidden('只有发起人可以撤回');
  const acted = await trx
    .selectFrom('tasks')
    .select('id')
    .where('tenant_code', '=', tenant)
    .where('instance_id', '=', inst.id)
    .where('status', 'in', ['agreed', 'refused'])
    .executeTakeFirst();
  if (acted) throw conflict('审批人已处理，不能撤回');
  await cancelOpen(trx, tenant, inst.id);
  // Guarded on status so a concurrent agree and withdraw cannot both succeed.
  const r = await trx
    .updateTable('process_instances')
    .set({ status: 'withdrawn', ended_at: sql<Date>`clock_timestamp()` })
    .where('tenant_code', '=', tenant)
    .where('id', '=', inst.id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw conflict('该单据不在审批中');
  await setRecordStatus(trx, ctx, inst.module, recordId, RecordStatus.withdrawn);
  await releasePeriods(trx, tenant, [recordId]);
  await approvalEnded(trx, ctx, recordId, userId, {
    kind: 'withdrawn',
    instanceId: Number(inst.id),
    module: inst.module,
  });
}

/** The caller's open task on a record, with its step and the files that step requires (each: whether attached). */
export async function openTaskOf(trx: TenantTx, tenant: string, userId: number, recordId: number) {
  const t = await trx
    .selectFrom('tasks')
    .innerJoin('process_instances as pi', (j) =>
      j.onRef('pi.tenant_code', '=', 'tasks.tenant_code').onRef('pi.id', '=', 'tasks.instance_id'),
    )
    .innerJoin('records as r', (j) =>
      j.onRef('r.tenant_code', '=', 'pi.tenant_code').onRef('r.id', '=', 'pi.record_id'),
    )
    .select([
      'tasks.id as taskId',
      'pi.id as processInstanceId',
      'tasks.step_index',
      'tasks.step_name',
      'pi.definition',
      'r.data',
    ])
    .where('tasks.tenant_code', '=', tenant)
    .where('pi.record_id', '=', recordId)
    .where('tasks.assignee_id', '=', userId)
    .where('tasks.status', '=', 'open')
    .where('pi.status', '=', 'running')
    .executeTakeFirst();
  if (!t) return undefined;
  const step = (t.definition as unknown as ProcessSnapshot).steps[t.step_index];
  const lacking = new Set(step ? missingFiles(step, t.data as Record<string, unknown>) : []);
  return {
    taskId: t.taskId,
    processInstanceId: t.processInstanceId,
    stepName: t.step_name,
    requiredFiles: (step?.requiredFiles ?? []).map((f) => ({ ...f, attached: !lacking.has(f.label) })),
  };
}

/**
 * The approval dynamics of a form, oldest first: each submission (with its process, and version when it has one), each
 * decision, steps that passed on their own, withdrawals, stage actions, and last the step still waiting
 * (taskEndTime null) with the names of those it waits for and the files it requires.
 */
export async function approvalSteps(trx: TenantTx, tenant: string, recordId: number) {
  const { rows } = await sql<{
    id: string;
    name: string;
    assigneeName: string | null;
    taskEndTime: Date | null;
    operationName: string;
    approvalOpinion: string | null;
    money: string | null;
    rank: number;
    req: string | null;
  }>`
    SELECT 'i' || pi.id AS id, '提交' AS name, u.nick_name AS "assigneeName", pi.created_at AS "taskEndTime",
           'submit' AS "operationName",
           nullif(concat_ws(' ', nullif(pi.definition->>'name', ''), CASE WHEN (pi.definition->>'version') ~ '^[1-9][0-9]*$' THEN 'v' || (pi.definition->>'version') END), '') AS "approvalOpinion",
           pi.money::text AS money, 0 AS rank, NULL AS req
      FROM process_instances pi JOIN users u ON u.id = pi.originator_id
     WHERE pi.tenant_code = ${tenant} AND pi.record_id = ${recordId}
    UNION ALL
    SELECT 't' || t.id, t.step_name, u.nick_name, t.ended_at,
           CASE t.status WHEN 'agreed' THEN 'agree' ELSE 'refuse' END, t.comments, pi.money::text, 1, NULL
      FROM tasks t JOIN process_instances pi ON pi.tenant_code = t.tenant_code AND pi.id = t.instance_id JOIN users u ON u.id = t.assignee_id
     WHERE t.tenant_code = ${tenant} AND pi.record_id = ${recordId} AND t.status IN ('agreed', 'refused')
    UNION ALL
    SELECT 'w' || pi.id, '撤回', u.nick_name, pi.ended_at, 'withdraw', NULL, NULL, 1, NULL
      FROM process_instances pi JOIN users u ON u.id = pi.originator_id
     WHERE pi.tenant_code = ${tenant} AND pi.record_id = ${recordId} AND pi.status = 'withdrawn'
    UNION ALL
    SELECT 'e' || e.id, e.name, u.nick_name, e.created_at, e.kind, e.detail->>'note', NULL, 2, NULL
      FROM record_events e LEFT JOIN users u ON u.id = e.user_id
     WHERE e.tenant_code = ${tenant} AND e.record_id = ${recordId}
    UNION ALL
    SELECT 'p' || pi.id || '-' || t.step_index, min(t.step_name), string_agg(u.nick_name, '、' ORDER BY u.id), NULL,
           'pending', CASE WHEN bool_and(pi.definition->'steps'->t.step_index->>'signMode' = 'all') THEN '会签：需全部同意' ELSE '或签：一人同意即可' END
             || coalesce('，时限' || min(pi.definition->'steps'->t.step_index->>'timeLimitDays') || '天', ''), NULL, 9,
           min(pi.definition->'steps'->t.step_index->>'requiredFiles')
      FROM tasks t JOIN process_instances pi ON pi.tenant_code = t.tenant_code AND pi.id = t.instance_id JOIN users u ON u.id = t.assignee_id
     WHERE t.tenant_code = ${tenant} AND pi.record_id = ${recordId} AND t.status = 'open' AND pi.status = 'running'
     GROUP BY pi.id, t.step_index
    ORDER BY 4 NULLS LAST, 8, 1`.execute(trx);
  // The waiting step names the files it requires, each with whether the record has it yet.
  const waiting = rows.some((r) => r.req);
  const data = waiting
    ? (((
        await trx
          .selectFrom('records')
          .select('data')
          .where('tenant_code', '=', tenant)
          .where('id', '=', recordId)
          .executeTakeFirst()
      )?.data ?? {}) as Record<string, unknown>)
    : {};
  const filesNote = (req: string | null) => {
    if (!req) return '';
    const files = JSON.parse(req) as { label: string; field: string }[];
    if (!Array.isArray(files) || !files.length) return '';
    const lacking = new Set(missingFiles({ stepName: '', approverType: 'user', requiredFiles: files }, data));
    return `；必交资料：${files.map((f) => `${f.label}（${lacking.has(f.label) ? '未上传' : '已上传'}）`).join('、')}`;
  };
  return rows.map(({ rank: _rank, req, ...r }) => ({
    ...r,
    approvalOpinion: req ? `${r.approvalOpinion ?? ''}${filesNote(req)}` : r.approvalOpinion,
    taskEndTime: r.taskEndTime === null ? null : new Date(r.taskEndTime).toISOString(),
    money: r.money === null ? null : Number(r.money),
  }));
}
