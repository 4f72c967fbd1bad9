// Settling a stored record after something changed it from outside its form (an effect, a stage action,
// taking effect): its computed fields are recomputed from its own schema, its checks must still hold (or the
// whole transaction rolls back) and its stage follows the `stages.auto` rules (e.g. 已还清 at balance 0).
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest, conflict } from '../../errors';
import { applyComputed, computeLines, failedCheck, holds } from '../../../common/computed';
import { todayInChina } from '../../../common/china-time';
import { RecordStatus } from '../../../common/record-status';
import { storedKeyOf, type ModuleSchema } from './schema-registry';
import { todayOf, type Ctx } from './ctx';
import { loadPicked } from './pickers';
import { loadAggregates } from './aggregates';
import { holdPeriods } from './unique';
import { stageLocked } from './stage-state';
import { fileIdsIn } from '../files/uploads';
import { holdFiles } from '../../db/record-files';
import { stageFieldOf } from '../../../common/schema/stage-field';

type Row = Record<string, unknown>;

/** The stage the auto rules give a record in effect, or its current one. */
export function autoStage(
  m: ModuleSchema,
  status: string,
  data: Row,
  lines: Row[],
  today = todayInChina(),
  prev: Row = {},
): unknown {
  const st = m.schema.stages;
  const field = stageFieldOf(st);
  if (!st?.auto || status !== RecordStatus.approved) return data[field];
  const cur = String(data[field] ?? '');
  const rule = st.auto.find((r) => (!r.from || r.from.includes(cur)) && holds(r.when, data, lines, { today, prev }));
  return rule ? rule.to : data[field];
}

export interface SettleOptions {
  userId: number | null;
  /** What caused the change, for the record's timeline. */
  note?: string;
  /** Whether the record's checks must still hold (an effect's target); off when a record only settles its stage. */
  checks?: boolean;
  /** The record before a user's save, for stage rules that compare (prev.<field>). */
  prev?: Row;
  /** An effect that respects locks changes it: refused while its stage is locked (e.g. a confirmed month). */
  fromEffect?: boolean;
}

/** A record's stage first became `stage` (effects `on: "reached:<stage>"`): set by the effects engine. */
type ReachedHook = (
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  id: number,
  stage: string,
  userId: number,
) => Promise<void>;
let reachedNow: ReachedHook = async () => {};
export function onStageReached(fn: ReachedHook) {
  reachedNow = fn;
}

export async function settleRecord(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  id: number,
  data: Row,
  lines: Row[],
  opts: SettleOptions,
) {
  const r = await sql<{
    code: string;
    status: string;
    data: Row;
    created_by: number;
  }>`SELECT code, status, data, created_by FROM records
    WHERE tenant_code = ${ctx.tenant} AND module = ${storedKeyOf(m)} AND id = ${id}`.execute(trx);
  const row = r.rows[0];
  if (!row) throw badRequest('单据不存在');
  if (opts.fromEffect && stageLocked(m, row.data ?? {})) {
    throw conflict(
      `${m.schema.title}${row.code}为「${String(row.data?.[stageFieldOf(m.schema.stages)])}」，不能再修改`,
    );
  }
  const today = todayOf(ctx);
  const picked = await loadPicked(
    trx,
    ctx.tenant,
    ctx.schemas,
    m,
    data,
    { today, userId: opts.userId ?? undefined },
    { checkFilter: false },
  );
  // An aggregate may count the records that name this one ($field code / id: 入库单 of this order still waiting).
  const withKeys: Row = { ...data, id, code: row.code };
  await loadAggregates(trx, ctx.tenant, ctx.schemas, m, withKeys, { today, userId: opts.userId ?? undefined });
  for (const f of m.fields) {
    if (!f.aggregate) continue;
    if (f.aggregate.onRead) delete data[f.fieldName];
    else data[f.fieldName] = withKeys[f.fieldName];
  }
  const nextLines = computeLines(m.lineColumns, lines, data, { picked, today });
  const next = applyComputed(m.fields, data, nextLines, { picked, today });
  const broken = opts.checks === false ? null : failedCheck(m.schema.checks, next, nextLines, { picked, today });
  if (broken) throw badRequest(`${m.schema.title}${row.code}：${broken}`);
  const field = stageFieldOf(m.schema.stages);
  const from = row.data?.[field];
  const to = autoStage(m, row.status, next, nextLines, today, opts.prev);
  if (to !== undefined) next[field] = to;
  await sql`UPDATE records SET data = ${JSON.stringify(next)}::jsonb, lines = ${JSON.stringify(nextLines)}::jsonb, updated_at = now()
    WHERE tenant_code = ${ctx.tenant} AND module = ${storedKeyOf(m)} AND id = ${id}`.execute(trx);
  // A computed file field follows what it reads (an order's pictures, its prop's new version): the server's, linked.
  const computedFiles = fileIdsIn(
    m.fields.filter((f) => f.compute),
    m.lineColumns.filter((c) => c.compute),
    next,
    nextLines,
  );
  if (computedFiles.length) await holdFiles(trx, ctx.tenant, id, computedFiles);
  // A stage may free or take a period (a cancelled meeting frees its room).
  await holdPeriods(trx, ctx.tenant, m, id, next);
  // Effects on reaching the new stage (a purchase's payable once all of it is in stock), once per record and stage.
  if (
    to !== undefined &&
    to !== null &&
    from !== to &&
    (m.schema.effects ?? []).some((e) => e.on === `reached:${String(to)}`)
  ) {
    await reachedNow(trx, ctx, m, id, String(to), opts.userId ?? row.created_by);
  }
  if (opts.note || from !== to) {
    const moved = from !== to && to !== undefined ? `${String(from ?? '')} → ${String(to)}` : '';
    await trx
      .insertInto('record_events')
      .values({
        tenant_code: ctx.tenant,
        record_id: id,
        kind: 'stage',
        name: opts.note ? '联动更新' : '阶段变更',
        user_id: opts.userId,
        detail: JSON.stringify({ note: [opts.note, moved].filter(Boolean).join('；'), from, to }),
      })
      .execute();
  }
}

/**
 * Settles a stored record's stage as it is (after it took effect or a stage action moved it). Its save-time
 * checks are not asked again: what they compared with (a picked advance's balance) may rightly have moved since.
 */
export async function settleStored(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  id: number,
  userId: number | null,
  prev?: Row,
  recompute = false,
) {
  // recompute: something its computed fields read has changed (a stage action stored fields), so settle it anyway.
  if (!recompute && !m.schema.stages?.auto && !m.schema.noOverlap) return;
  const r = await sql<{
    data: Row;
    lines: Row[];
  }>`SELECT data, lines FROM records WHERE tenant_code = ${ctx.tenant} AND module = ${storedKeyOf(m)} AND id = ${id}`.execute(
    trx,
  );
  if (!r.rows[0]) return;
  await settleRecord(trx, ctx, m, id, r.rows[0].data ?? {}, r.rows[0].lines ?? [], { userId, checks: false, prev });
}
