// Stages (progress after approval) declared by a page schema: a record enters the initial stage when it
// takes effect, and each stage action moves it on, storing what the action asks for. The move is one guarded
// UPDATE (status 已通过 and the stage still one the action starts from), so two concurrent actions cannot
// both pass: paying twice is impossible.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { defaultStageActionCode, type StageAction, type StageNotify } from '../../../common/schema';
import { isEmptyValue, namedFieldError } from '../../../common/rules';
import { RecordStatus } from '../../../common/record-status';
import { storedKeyOf, type ModuleSchema } from './schema-registry';
import { attachLabels } from './labels';
import { evalExpr, failedCheck, holds, scopeOf } from '../../../common/computed';
import { runEffects } from './effects';
import { settleStored } from './settle';
import { todayOf, type Ctx } from './ctx';
import { stageField, stageLocked, withClock } from './stage-state';
import { loadPickedOf } from './pickers';
import { loadAggregates } from './aggregates';
import { checkUploads, filesToHold } from '../files/uploads';
import { holdFiles } from '../../db/record-files';
import { callerRefs } from './visibility';
import { fillNotice, membersOfRole, notifyUsers } from '../notifications/notify';
import { partitionKey } from '../../db/record-partitions';

export { stageField, stageLocked };

export async function enterInitialStage(trx: TenantTx, tenant: string, m: ModuleSchema, recordId: number) {
  const st = m.schema.stages;
  if (!st) return;
  await sql`UPDATE records SET data = jsonb_set(data, ${sql.lit(`{${stageField(m)}}`)}::text[], to_jsonb(${st.initial}::text))
    WHERE tenant_code = ${tenant} AND module = ${storedKeyOf(m)} AND id = ${recordId}`.execute(trx);
}

/** The stage actions this record allows now (before permissions). */
export function stageActionsFor(m: ModuleSchema, status: string, data: Record<string, unknown>): StageAction[] {
  const st = m.schema.stages;
  if (!st || status !== RecordStatus.approved) return [];
  const cur = data[stageField(m)];
  // `when`: offered only while it holds (推进阶段 while a stage of the record's own list is open).
  return st.actions.filter((a) => a.from.includes(String(cur)) && (!a.when || holds(a.when, data)));
}

export function stageActionCode(m: ModuleSchema, a: StageAction) {
  // Filled in where the page was loaded (permission-defaults.ts); the fallback is the same rule, on the module whose
  // codes govern these records (a nested entity's page).
  return a.permissionCode ?? defaultStageActionCode(m.permissionModule);
}

/**
 * Runs a stage action. With a request key, the same request sent again (a double click, a retry after a lost
 * answer) does nothing: the action this user took on this record with that key is done already.
 */
export async function runStageAction(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  recordId: number,
  key: string,
  input: Record<string, unknown>,
  userId: number,
  permissions: string[],
  requestKey?: string,
) {
  const tenant = ctx.tenant;
  const action = m.schema.stages?.actions.find((a) => a.key === key);
  if (!action) throw badRequest('不支持的操作');
  if (!permissions.includes(stageActionCode(m, action))) throw forbidden();
  const row = await trx
    .selectFrom('records')
    .select(['id', 'code', 'status', 'data', 'lines'])
    .where('tenant_code', '=', tenant)
    .where('module', '=', partitionKey(m.schema.module))
    .where('id', '=', recordId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  const sentBefore = async () =>
    !!requestKey &&
    !!(await trx
      .selectFrom('record_events')
      .select('id')
      .where('tenant_code', '=', tenant)
      .where('record_id', '=', recordId)
      .where('user_id', '=', userId)
      .where('kind', '=', 'stage')
      .where(sql<boolean>`detail->>'requestKey' = ${requestKey}`)
      .executeTakeFirst());
  if (await sentBefore()) return;
  const data = row.data as Record<string, unknown>;
  // A clock-driven stage is judged as it is at this moment (a meeting that has begun cannot be cancelled).
  const seen = withClock(m, data, ctx.now ?? new Date());
  if (!stageActionsFor(m, row.status, seen).includes(action)) {
    throw conflict(
      `当前${m.schema.stages?.label ?? '阶段'}为「${String(seen[stageField(m)] ?? row.status)}」，不能${action.text}`,
    );
  }
  const patch: Record<string, unknown> = {};
  for (const f of action.fields ?? []) {
    const v = input[f.fieldName];
    const err = namedFieldError(f, v);
    if (err) throw badRequest(err);
    if (!isEmptyValue(v)) patch[f.fieldName] = v;
  }
  // What the action asks per line (到货数量): one object per record line, each value checked like a field.
  const lines = (row.lines ?? []) as Record<string, unknown>[];
  const lineInput = action.lineFields?.length ? lineValues(action, input.lines, lines.length) : undefined;
  const seenLines = lineInput ? lines.map((l, i) => ({ ...l, ...lineInput[i] })) : lines;
  // A record the action asks for (下单: the supplier) is checked like a form's pick, and its checks may read it.
  const refs = await callerRefs(trx, tenant, userId, todayOf(ctx));
  const picked = await loadPickedOf(
    trx,
    tenant,
    ctx.schemas,
    action.fields ?? [],
    patch,
    { ...refs, data: { ...data, ...patch } },
    { checkFilter: true },
  );
  // The action's own rules over the record and what it asks for (e.g. 回款金额 ≤ 未回款余额), with the figures it
  // reads from other records as they are now (结清 once the receivable is collected).
  const current = { ...data };
  if (action.checks?.length) await loadAggregates(trx, tenant, ctx.schemas, m, current, refs);
  const broken = failedCheck(action.checks, current, seenLines, { input: patch, picked, today: todayOf(ctx) });
  if (broken) throw badRequest(broken);
  for (const [i, line] of (action.lineChecks?.length ? seenLines : []).entries()) {
    const scope = {
      ...scopeOf(current, seenLines, { input: patch, picked, today: todayOf(ctx) }),
      line,
      $index: i + 1,
    };
    const bad = action.lineChecks!.find((c) => c.expr && !evalExpr(c.expr, scope));
    if (bad) throw badRequest(`第${i + 1}行：${bad.message}`);
  }
  // Files the action asks for (a stage's 必交资料) are checked like a form's: uploaded by this team.
  const named = await checkUploads(trx, tenant, action.fields ?? [], [], patch, []);
  await attachLabels(trx, tenant, action.fields ?? [], [], patch, []);
  for (const name of action.increment ?? []) patch[name] = (Number(data[name]) || 0) + 1;
  const from = String(data[stageField(m)]);
  // Without `to` the record stays where it is; its effects and auto rules may move it.
  const to = action.to ?? from;
  patch[stageField(m)] = to;
  // What is stored: all but the fields the action only asks for (and their labels), which its effects read as input.
  const stored = { ...patch };
  for (const name of action.inputOnly ?? []) {
    delete stored[name];
    delete stored[`${name}Name`];
  }
  const r = await sql`UPDATE records SET data = data || ${JSON.stringify(stored)}::jsonb, updated_at = now()
    WHERE tenant_code = ${tenant} AND module = ${storedKeyOf(m)} AND id = ${recordId} AND status = ${RecordStatus.approved} AND deleted_at IS NULL
      AND data->>${sql.lit(stageField(m))} = ${from}`.execute(trx);
  if (Number(r.numAffectedRows ?? 0) !== 1) throw conflict(`该单据已被他人处理，不能重复${action.text}`);
  // What the action attached is the record's, stored or only handed to its effects (inputOnly): read through its gate.
  await holdFiles(trx, tenant, recordId, filesToHold(named, userId));
  // The same request running at once waited for the row above: now it sees the first one's event.
  if (await sentBefore()) throw conflict('该操作正在处理，请勿重复提交');
  const note = (action.fields ?? [])
    .filter((f) => patch[f.fieldName] !== undefined)
    .map((f) => `${f.titleName}：${String(patch[`${f.fieldName}Name`] ?? patch[f.fieldName])}`)
    .join('，');
  const ev = await trx
    .insertInto('record_events')
    .values({
      tenant_code: tenant,
      record_id: recordId,
      kind: 'stage',
      name: action.text,
      user_id: userId,
      detail: JSON.stringify({
        note: [from !== to ? `${from} → ${to}` : '', note].filter(Boolean).join('；'),
        from,
        to,
        ...(requestKey ? { requestKey } : {}),
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Effects of this action run once per action event (its id), in this transaction; then the auto stage follows.
  await runEffects(trx, ctx, m, recordId, `stage:${action.key}`, `stage:${ev.id}`, userId, patch, 0, lineInput);
  if (action.notify)
    await notifyOfAction(
      trx,
      tenant,
      m,
      action,
      action.notify,
      {
        ...data,
        ...Object.fromEntries(
          (action.fields ?? []).flatMap((f) => [
            [f.fieldName, null],
            [`${f.fieldName}Name`, null],
          ]),
        ),
        ...patch,
        code: row.code,
      },
      recordId,
      Number(ev.id),
      userId,
    );
  // Fields the action stored may be read by computed ones (a new 合同期限 moves 合同到期).
  const changed =
    (action.fields ?? []).some((f) => stored[f.fieldName] !== undefined) && m.fields.some((f) => f.compute);
  await settleStored(trx, ctx, m, recordId, userId, undefined, changed);
}

/**
 * The action's `notify`: the user its field holds (a picked member's id) or the members of its role, once per action
 * event (`stage:<event id>`). Nobody to notify (the field empty, the owner gone from the team) skips quietly: the
 * action itself is what the caller asked for.
 */
async function notifyOfAction(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  action: StageAction,
  n: StageNotify,
  values: Record<string, unknown>,
  recordId: number,
  eventId: number,
  userId: number,
) {
  const to = n.to ? [Number(values[n.to])] : await membersOfRole(trx, tenant, n.toRole ?? '');
  // A view's action (催办 on the progress board) opens the view's page, where the recipient saw the record.
  const title = n.title ? fillNotice(n.title, values) : `${action.text}：${String(values.code ?? '')}`;
  await notifyUsers(trx, tenant, to, {
    title,
    body: fillNotice(n.text, values),
    module: m.schema.viewOf ? m.schema.key : m.schema.module,
    recordId,
    actorId: userId,
    sourceKey: `stage:${eventId}`,
  });
}

/** An action's per-line values (values.lines): one object per record line, only its lineFields, each checked. */
function lineValues(action: StageAction, sent: unknown, count: number): Record<string, unknown>[] {
  if (sent !== undefined && sent !== null && !Array.isArray(sent)) throw badRequest('明细格式不正确');
  const rows = (sent ?? []) as unknown[];
  if (rows.length > count) throw badRequest('明细行数与单据不符');
  return Array.from({ length: count }, (_, i) => {
    const r = rows[i];
    if (r !== undefined && r !== null && (typeof r !== 'object' || Array.isArray(r)))
      throw badRequest(`第${i + 1}行格式不正确`);
    const out: Record<string, unknown> = {};
    for (const f of action.lineFields ?? []) {
      const v = (r as Record<string, unknown> | undefined)?.[f.fieldName];
      const err = namedFieldError(f, v);
      if (err) throw badRequest(`第${i + 1}行${err}`);
      out[f.fieldName] = isEmptyValue(v) ? null : v;
    }
    return out;
  });
}
