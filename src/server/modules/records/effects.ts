// The effects engine: what a transition of one record does to others (page schema `effects`), run inside the
// transition's own transaction, so an effect that fails (a target missing, a target rule broken) rolls the
// whole transition back. Each (source record, effect, occurrence) runs once: record_effects' primary key
// refuses a replay, so approving twice cannot create or append twice. Targets are locked (FOR UPDATE)
// before they are read, then recomputed from their own schema (computed fields, checks, auto stages).
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest, conflict } from '../../errors';
import { type EffectProbe, reported } from './effect-failures';
import { attachLabels } from './labels';
import { fileIdsIn } from '../files/uploads';
import { holdFiles } from '../../db/record-files';
import type { EffectDef } from '../../../common/schema';
import { evalExpr, scopeOf } from '../../../common/computed';
import { RecordStatus } from '../../../common/record-status';
import type { ModuleSchema } from './schema-registry';
import { todayOf, type Ctx } from './ctx';
import { loadPicked } from './pickers';
import { onStageReached, settleRecord } from './settle';
import { num } from './numbers';
import { lockNames } from '../../db/advisory-locks';
import { stockLedger } from './stock-ledger';
import { partitionKey } from '../../db/record-partitions';
import { stageFieldOf } from '../../../common/schema/stage-field';

type Row = Record<string, unknown>;

/** How an effect creates a record: the records service's createRecord, handed over by it (no import back to it). */
export type RecordCreator = (
  trx: TenantTx,
  ctx: Ctx,
  userId: number,
  m: ModuleSchema,
  body: Row,
  opts: { effective?: boolean; submit?: boolean; depth?: number; fromEffect?: boolean },
) => Promise<Row>;
let createRecord: RecordCreator = async () => {
  throw new Error('records service not loaded');
};
export function useRecordCreator(fn: RecordCreator) {
  createRecord = fn;
}
/** Effects may cause effects (an approval creating a record that takes effect…); a loop stops here. */
const MAX_DEPTH = 4;

interface Source {
  m: ModuleSchema;
  id: number;
  code: string;
  data: Row;
  lines: Row[];
}

async function lockedSource(trx: TenantTx, tenant: string, m: ModuleSchema, id: number): Promise<Source> {
  const r = await sql<{ code: string; data: Row; lines: Row[] }>`SELECT code, data, lines FROM records
    WHERE tenant_code = ${tenant} AND module = ${partitionKey(m.schema.module)} AND id = ${id} AND deleted_at IS NULL FOR UPDATE`.execute(
    trx,
  );
  if (!r.rows[0]) throw badRequest('单据不存在');
  return { m, id, code: r.rows[0].code, data: r.rows[0].data ?? {}, lines: r.rows[0].lines ?? [] };
}

/** The field → expression map evaluated over the source (and its line, per line). */
function mapped(set: Record<string, string> | undefined, scope: Row): Row {
  const out: Row = {};
  for (const [k, e] of Object.entries(set ?? {})) {
    const v = evalExpr(e, scope);
    if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}

async function claim(trx: TenantTx, tenant: string, sourceId: number, key: string, occurrence: string) {
  const r =
    await sql`INSERT INTO record_effects (tenant_code, source_id, effect_key, occurrence) VALUES (${tenant}, ${sourceId}, ${key}, ${occurrence})
    ON CONFLICT DO NOTHING`.execute(trx);
  return Number(r.numAffectedRows ?? 0) === 1;
}

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length);

/** `field` equal to the value, or to any of a list's values (e.g. the advances one payroll line repays). */
function equalsSql(field: string, value: unknown) {
  const vals = (Array.isArray(value) ? value : [value]).map(String);
  if (field === 'code') return sql`r.code IN (${sql.join(vals)})`;
  if (field === 'id') return sql`r.id IN (${sql.join(vals.map((v) => Number(v) || 0))})`;
  return sql`(r.data->>${sql.lit(field)}) IN (${sql.join(vals)})`;
}

/**
 * The record whose `create` effect made this one (record_effects keeps what each effect made), or none: a link no
 * client can forge, unlike a stored 来源单号 (a 入库单 gives back to the purchase that made it).
 */
async function sourceOf(trx: TenantTx, ctx: Ctx, src: Pick<Source, 'm' | 'id'>) {
  const r = await sql<{
    id: number;
    module: string;
    effect_key: string;
  }>`SELECT s.id, s.module, e.effect_key FROM record_effects e
    JOIN records s ON s.tenant_code = e.tenant_code AND s.id = e.source_id AND s.deleted_at IS NULL
    WHERE e.tenant_code = ${ctx.tenant} AND ${src.id} = ANY(e.target_ids) ORDER BY e.source_id`.execute(trx);
  for (const row of r.rows) {
    const sm = ctx.schemas.get(row.module);
    if (
      sm?.schema.effects?.some(
        (x) => x.key === row.effect_key && x.kind === 'create' && x.module === src.m.schema.module,
      )
    )
      return { tm: sm, ids: [Number(row.id)] };
  }
  return { tm: src.m, ids: [] as number[] };
}

/** Whether another record's `create` effect made this one (its 来源 is then the server's, not the client's). */
export async function madeByEffect(trx: TenantTx, ctx: Ctx, m: ModuleSchema, id: number) {
  return (await sourceOf(trx, ctx, { m, id })).ids.length > 0;
}

async function targetsOf(trx: TenantTx, ctx: Ctx, e: EffectDef, src: Source, scope: Row, probe: EffectProbe = {}) {
  if (e.target === 'self' || !e.target) return { tm: src.m, ids: [src.id] };
  if (e.target === 'source') return (probe.target = await sourceOf(trx, ctx, src));
  const t = e.target;
  const tm = ctx.schemas.get(t.module);
  if (!tm) throw badRequest(`关联模块不存在：${t.module}`);
  const value = evalExpr(t.equals, scope);
  Object.assign(probe, { field: t.field, value });
  if (blank(value)) {
    if (t.optional) return { tm, ids: [] };
    throw badRequest(`未指定要关联的${tm.schema.title}`);
  }
  const conds = [equalsSql(t.field, value)];
  for (const [field, ex] of Object.entries(t.where ?? {})) conds.push(equalsSql(field, evalExpr(ex, scope) ?? ''));
  const r = await sql<{
    id: number;
  }>`SELECT r.id FROM records r WHERE r.tenant_code = ${ctx.tenant} AND r.module = ${partitionKey(tm.schema.module)}
    AND r.deleted_at IS NULL AND ${sql.join(conds, sql` AND `)} ORDER BY r.id FOR UPDATE`.execute(trx);
  if (!r.rows.length && !t.optional) throw badRequest(`未找到${tm.schema.title}：${String(value)}`);
  return { tm, ids: r.rows.map((x) => x.id) };
}

/**
 * Runs the effects of `on` ("approved" or "stage:<key>") for one record. `occurrence` names this event
 * (e.g. "approved", or the stage event's id) so each event's effects run once.
 */
export async function runEffects(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  recordId: number,
  on: string,
  occurrence: string,
  userId: number,
  input: Row = {},
  depth = 0,
  lineInput?: Row[],
) {
  const effects = (m.schema.effects ?? []).filter((e) => e.on === on);
  // Taking effect ends what the document held under approval (its reservations), before its own postings; only a
  // page that reserves stock can hold any, so other pages' approvals do not look. A `release` effect ends them on
  // its own event (an order shipped or cancelled), before the event's other effects too.
  const releases = on === 'approved' || effects.some((e) => e.kind === 'release');
  const held =
    releases && (m.schema.effects ?? []).some((e) => e.stock?.reserve)
      ? await stockLedger().reservationsOf(trx, ctx, recordId)
      : [];
  if (!effects.length && !held.length) return;
  if (depth >= MAX_DEPTH) throw badRequest('联动层级过深，请检查页面配置');
  await lockStockFirst(
    trx,
    ctx,
    m,
    recordId,
    effects,
    userId,
    input,
    lineInput,
    held.map((x) => x.lock_name),
  );
  if (held.length) await stockLedger().release(trx, ctx, recordId, userId, held);
  for (const e of effects) {
    const probe: EffectProbe = {};
    try {
      await runEffect(trx, ctx, m, recordId, e, occurrence, userId, input, depth, lineInput, probe);
    } catch (err) {
      throw reported(ctx, m, recordId, e, probe, err);
    }
  }
}

/** One effect of the event, run once per (record, effect, occurrence); `probe` notes what it was writing, for a failure's log. */
async function runEffect(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  recordId: number,
  e: EffectDef,
  occurrence: string,
  userId: number,
  input: Row,
  depth: number,
  lineInput: Row[] | undefined,
  probe: EffectProbe,
) {
  const today = todayOf(ctx);
  const src = await lockedSource(trx, ctx.tenant, m, recordId);
  probe.sourceCode = src.code;
  // A stage action's per-line values (到货数量) ride on the lines while its effects run, never stored.
  const inputKeys = lineInput?.length ? Object.keys(lineInput[0]) : [];
  if (lineInput) src.lines = src.lines.map((l, i) => ({ ...l, ...lineInput[i] }));
  const stored = (ls: Row[]) =>
    inputKeys.length
      ? ls.map((l) => Object.fromEntries(Object.entries(l).filter(([k]) => !inputKeys.includes(k))))
      : ls;
  const picked = await loadPicked(
    trx,
    ctx.tenant,
    ctx.schemas,
    m,
    { ...src.data },
    { today, userId },
    { checkFilter: false },
  );
  const scope = { ...scopeOf({ ...src.data, id: src.id, code: src.code }, src.lines, { picked, today, input }) };
  // A per-line effect asks `when` of each line (line.<cell>); another asks it once.
  if (e.when && !e.perLine && !evalExpr(e.when, scope)) return;
  if (!(await claim(trx, ctx.tenant, recordId, e.key, occurrence))) return;
  const touched: number[] = [];
  if (e.kind === 'release') {
    // Done above, with the event's other holds: nothing more to do in its turn.
  } else if (e.kind === 'create') {
    const tm = ctx.schemas.get(e.module!);
    if (!tm) throw badRequest(`关联模块不存在：${e.module}`);
    const items: (Row | null)[] = e.perLine ? src.lines : [null];
    for (const line of items) {
      if (line && e.when && !evalExpr(e.when, { ...scope, line })) continue;
      const at = { ...scope, line: line ?? {} };
      // The created record names its source (the page's title and the record's code) unless the effect says otherwise.
      const body: Row = { sourceType: m.schema.title, sourceCode: src.code, ...mapped(e.set, at) };
      if (e.line) body.lines = [mapped(e.line, at)];
      if (e.lines)
        body.lines = src.lines
          .filter((l) => !e.linesWhen || evalExpr(e.linesWhen, { ...at, line: l }))
          .map((l) => mapped(e.lines, { ...at, line: l }));
      probe.written = body;
      const rec = await createRecord(trx, ctx, userId, tm, body, {
        effective: !e.draft && !e.submit,
        submit: e.submit,
        depth: depth + 1,
        fromEffect: true,
      });
      touched.push(Number(rec.id));
    }
  } else if (e.kind === 'stock' && e.target && e.target !== 'self') {
    // A hold taken again or given back for another record (the order whose 发货 made this 出库单): the reservation
    // is the target's, on its line (`line`, `$index`: each target line with perLine; the source's lines are `lines`).
    const { tm, ids } = await targetsOf(trx, ctx, e, src, scope, probe);
    for (const id of ids) {
      const t = await lockedSource(trx, ctx.tenant, tm, id);
      const target = { ...t.data, id: t.id, code: t.code, lines: t.lines };
      for (const [i, line] of (e.perLine ? t.lines : [null]).entries()) {
        const at = line ? { ...scope, target, line, $index: i + 1 } : { ...scope, target };
        if (line && e.when && !evalExpr(e.when, at)) continue;
        const posted = await stockLedger().post(trx, ctx, e.stock!, at, t, i, userId, (bm, body) =>
          createRecord(trx, ctx, userId, bm, body, { effective: true, depth: depth + 1, fromEffect: true }),
        );
        if (posted.balanceId) touched.push(posted.balanceId);
      }
    }
  } else if (e.kind === 'stock') {
    // Per line (a stock document's materials) or once; an issue's cost may be written back to its line.
    const lines = [...src.lines];
    for (const [i, line] of (e.perLine ? src.lines : [null]).entries()) {
      const at = line ? { ...scope, line } : scope;
      if (line && e.when && !evalExpr(e.when, at)) continue;
      const posted = await stockLedger().post(trx, ctx, e.stock!, at, src, i, userId, (bm, body) =>
        createRecord(trx, ctx, userId, bm, body, { effective: true, depth: depth + 1, fromEffect: true }),
      );
      if (posted.balanceId) touched.push(posted.balanceId);
      if (line && Object.keys(posted.writeBack).length) lines[i] = { ...line, ...posted.writeBack };
    }
    if (e.stock!.writeBack && e.perLine)
      await settleRecord(trx, ctx, m, src.id, { ...src.data }, stored(lines), { userId, checks: false });
  } else {
    // Per line (e.g. each payroll line repays that employee's advances), or once for the record.
    for (const line of e.perLine ? src.lines : [null]) {
      const at = line ? { ...scope, line } : scope;
      if (line && e.when && !evalExpr(e.when, at)) continue;
      const { tm, ids } = await targetsOf(trx, ctx, e, src, at, probe);
      for (const id of ids) {
        const t = id === src.id && tm === m ? src : await lockedSource(trx, ctx.tenant, tm, id);
        const hadFiles = new Set(fileIdsIn(tm.fields, tm.lineColumns, t.data, t.lines));
        // The target as it is now, for expressions such as "repay what is still open": target.balancePrice.
        const here = { ...at, target: { ...t.data, id: t.id, code: t.code, lines: t.lines } };
        const data = { ...t.data };
        const lines = [...t.lines];
        if (e.kind === 'appendLine') lines.push({ ...mapped(e.set, here), sourceCode: src.code });
        else {
          // Each target line with its position ($index, 1-based) among the target's lines as they were (target.lines).
          if (e.setLines)
            lines.forEach((l, i) => {
              lines[i] = { ...l, ...mapped(e.setLines, { ...here, line: l, $index: i + 1 }) };
            });
          // `lines` replaces the target's lines with one per source line (a new version of a prop takes its BOM).
          if (e.lines)
            lines.splice(
              0,
              lines.length,
              ...src.lines
                .filter((l) => !e.linesWhen || evalExpr(e.linesWhen, { ...here, line: l }))
                .map((l) => mapped(e.lines, { ...here, line: l })),
            );
          // Lines an effect wrote carry their dictionary names like lines a user saved (材质 → materialName).
          if (e.lines || e.setLines) await attachLabels(trx, ctx.tenant, [], tm.lineColumns, {}, lines, 'any');
          Object.assign(data, mapped(e.set, here));
          for (const [k, ex] of Object.entries(e.add ?? {}))
            data[k] = Number(
              num(data[k])
                .plus(num(evalExpr(ex, here)))
                .toString(),
            );
          if (e.stage) {
            const field = stageFieldOf(tm.schema.stages);
            // A declared transition only: a target elsewhere refuses (an order 待分配 cannot become 待质检).
            if (e.from && !e.from.includes(String(data[field] ?? ''))) {
              throw conflict(
                `${tm.schema.title}${t.code}当前为「${String(data[field] ?? '')}」，不能变为「${e.stage}」`,
              );
            }
            data[field] = e.stage;
          }
        }
        probe.written = { ...data, lines };
        await settleRecord(trx, ctx, tm, id, data, t === src ? stored(lines) : lines, {
          userId,
          note: `${m.schema.title} ${src.code}`,
          fromEffect: !!e.respectLock && id !== src.id,
        });
        // Files the effect put on the target (a new version's pictures on its prop) are the target's too; what it
        // held before keeps its links as they are.
        await holdFiles(
          trx,
          ctx.tenant,
          id,
          fileIdsIn(tm.fields, tm.lineColumns, data, lines).filter((f) => !hadFiles.has(f)),
        );
        if (t === src) Object.assign(src, { data, lines }); // still with the action's line values for the next line
        touched.push(id);
      }
    }
  }
  await sql`UPDATE record_effects SET target_ids = ${sql.val(touched)}::bigint[] WHERE tenant_code = ${ctx.tenant} AND source_id = ${recordId}
    AND effect_key = ${e.key} AND occurrence = ${occurrence}`.execute(trx);
}

/** Every balance this event's stock postings move, locked in one sorted order before any is posted (the stock ledger). */
async function lockStockFirst(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  recordId: number,
  effects: EffectDef[],
  userId: number,
  input: Row,
  lineInput?: Row[],
  also: string[] = [],
) {
  // A hold for another record (target) is keyed by that record's lines: its balance is locked when it is posted.
  const stock = effects.filter((e) => e.kind === 'stock' && e.stock && (!e.target || e.target === 'self'));
  if (!stock.length) return lockNames(trx, also);
  const src = await lockedSource(trx, ctx.tenant, m, recordId);
  if (lineInput) src.lines = src.lines.map((l, i) => ({ ...l, ...lineInput[i] }));
  const picked = await loadPicked(
    trx,
    ctx.tenant,
    ctx.schemas,
    m,
    { ...src.data },
    { today: todayOf(ctx), userId },
    { checkFilter: false },
  );
  const scope = scopeOf({ ...src.data, id: src.id, code: src.code }, src.lines, { picked, today: todayOf(ctx), input });
  const postings: { p: NonNullable<EffectDef['stock']>; at: Row; lineNo: number }[] = [];
  for (const e of stock) {
    if (e.when && !e.perLine && !evalExpr(e.when, scope)) continue;
    for (const [i, line] of (e.perLine ? src.lines : [null]).entries()) {
      const at = line ? { ...scope, line } : scope;
      if (line && e.when && !evalExpr(e.when, at)) continue;
      postings.push({ p: e.stock!, at, lineNo: i });
    }
  }
  if (postings.length + also.length > 1) await stockLedger().lockKeys(trx, ctx, postings, also);
}

export const isEffective = (status: string) => status === RecordStatus.approved;

// A record settled into a new stage runs that stage's `reached:<stage>` effects, once per record and stage.
onStageReached((trx, ctx, m, id, stage, userId) =>
  runEffects(trx, ctx, m, id, `reached:${stage}`, `reached:${stage}`, userId, {}, 1),
);
