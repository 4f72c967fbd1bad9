// Creating, changing and submitting records: the one path that routes, effects and the demo seed share, so
// seeded and derived data pass exactly the rules users' data does. Order of a save: defaults → only what a
// client may set → fields hidden by dependOn dropped → record pickers checked and loaded → computed lines and
// fields (the client's versions ignored) → field, line and record rules → labels → store.
import { badField, badRequest, conflict, notFound } from '../../errors';
import type { TenantTx } from '../../db/tenant-scope';
import { validateRecord } from '../../../common/rules';
import { conditionHolds } from '../../../common/rules/conditions';
import { applyComputed, computeLines, failedCheck } from '../../../common/computed';
import { isBlank } from '../../../common/expr/values';
import { applyDefaults } from '../../../common/defaults';
import { todayInChina } from '../../../common/china-time';
import { RecordStatus } from '../../../common/record-status';
import { pickedLineLabel, pickedLinesOf } from '../../../common/schema';
import type { ModuleSchema } from './schema-registry';
import { codeMoment, dayStamp } from './codes';
import { bumpCount, getRecord, insertNumbered, toFlat, updateRecord } from './repository';
import { attachLabels } from './labels';
import { checkUploads, filesToHold } from '../files/uploads';
import { holdFiles } from '../../db/record-files';
import { requestKeyIndexOf } from '../../db/record-partitions';
import { holdKeys, holdPeriods } from './unique';
import { assertMayChange, changeableFields, GENERATED, hasApproval, refuseOtherFields, type Caller } from './access';
import { enterInitialStage } from './stages';
import { failedNoneCheck, loadLinePicks, loadPicked, loadPickedOf, pickerFields } from './pickers';
import { settleStored } from './settle';
import { loadAggregates } from './aggregates';
import { withAutoNumbers } from './auto-numbers';
import { lookupTeams } from './team-lookup';
import { callerRefs } from './visibility';
import type { RefContext } from '../../../common/rules/conditions';
import { madeByEffect, runEffects, useRecordCreator } from './effects';
import { stockLedger } from './stock-ledger';
import { todayOf, type Ctx } from './ctx';
import { approvals } from './approvals';

type Row = Record<string, unknown>;

/** Fields the rules check: what a client sets and what the server computes, as far as they are shown. */
const checked = (m: ModuleSchema, data: Row) =>
  m.fields.filter((f) => (!f.disabled || f.compute) && conditionHolds(f.dependOn, data));
const linesTitle = (m: ModuleSchema) => m.schema.drawer?.lines?.title;

/** Fields a client may set: declared and not disabled (disabled ones are computed or set by the server). */
const settable = (m: ModuleSchema) => m.fields.filter((f) => !f.disabled && !f.aggregate);

/** Keeps only the fields a client may set (unknown ones are dropped) and the line-item columns a client may fill. */
export function cleanInput(m: ModuleSchema, body: Row, opts: { trusted?: boolean } = {}) {
  const data: Row = {};
  // Effects are the server's own writes: they may also set disabled fields (e.g. 来源单号).
  for (const f of opts.trusted ? m.fields : settable(m))
    if (body[f.fieldName] !== undefined) data[f.fieldName] = body[f.fieldName];
  if (opts.trusted) for (const k of ['sourceType', 'sourceCode']) if (body[k] !== undefined) data[k] = body[k];
  const editable = m.lineColumns.filter((c) => !c.compute);
  // Lines only the server writes (effects, generators) come from trusted callers alone.
  const lines =
    Array.isArray(body.lines) && (opts.trusted || !m.schema.drawer?.lines?.readOnly)
      ? (body.lines as Row[]).map((l) =>
          Object.fromEntries(
            editable
              .map((c) => c.prop)
              .filter((p) => l?.[p] !== undefined)
              .map((p) => [p, l[p]]),
          ),
        )
      : [];
  return { data, lines };
}

/** A field whose dependOn does not hold is out of the form: neither kept nor checked. */
function dropHidden(m: ModuleSchema, data: Row) {
  for (const f of m.fields)
    if (!conditionHolds(f.dependOn, data)) {
      delete data[f.fieldName];
      delete data[`${f.fieldName}Name`];
    }
}

/** Line cells of a column whose recordDependOn does not hold for the record (调入库位 on an 入库) are out of the form too. */
function dropHiddenCells(m: ModuleSchema, data: Row, lines: Row[]): Row[] {
  const cols = m.lineColumns.filter((c) => c.recordDependOn && !conditionHolds(c.recordDependOn, data));
  if (!cols.length) return lines;
  return lines.map((l) => {
    const out = { ...l };
    for (const c of cols) {
      delete out[c.prop];
      delete out[`${c.prop}Name`];
    }
    return out;
  });
}

export interface SaveContext {
  userId: number;
  today: string;
}

/** Cleans, loads the picks, computes, then runs the form's own rules on every field, cell and record check. */
async function prepared(
  trx: TenantTx,
  ctx: Ctx,
  sc: SaveContext,
  m: ModuleSchema,
  body: Row,
  kept: Row,
  keptLines: Row[] | null,
  trusted = false,
  stored?: { id: number; data: Row },
  callerRefsRead?: RefContext,
) {
  const clean = cleanInput(m, body, { trusted });
  const data = { ...kept, ...clean.data };
  // Conditions may name a select's option (dependOn applyType = 请假): the names of the fields they read first.
  const read = new Set(m.fields.map((f) => f.dependOn?.field).filter(Boolean));
  if (read.size)
    await attachLabels(
      trx,
      ctx.tenant,
      m.fields.filter((f) => read.has(f.fieldName)),
      [],
      data,
      [],
      'any',
    );
  dropHidden(m, data);
  // What the client sent is checked first (shape, ranges, required), so a malformed value gets its own message
  // before any lookup; the computed values are checked again below.
  const refs = callerRefsRead ?? (await callerRefs(trx, ctx.tenant, sc.userId, sc.today));
  // Line cells a picker fills (规格, 单位, a blank 单价 from the material's reference price) are filled first.
  const linePicked = new Map<string, Map<string, Row>>();
  const picks = await loadLinePicks(
    trx,
    ctx.tenant,
    ctx.schemas,
    m,
    data,
    dropHiddenCells(m, data, keptLines ?? clean.lines),
    refs,
    { checkFilter: !trusted, found: linePicked },
  );
  const sent = validateRecord(
    checked(m, data).filter((f) => !f.compute),
    m.lineColumns.filter((c) => !c.compute),
    { ...data, lines: picks },
    { linesTitle: linesTitle(m) },
  );
  if (sent) throw badField(sent.message, sent.field);
  const unchanged = new Set(
    pickerFields(m)
      .map((f) => f.fieldName)
      .filter((n) => stored && stored.data[n] !== undefined && stored.data[n] === data[n]),
  );
  const picked = await loadPicked(trx, ctx.tenant, ctx.schemas, m, data, refs, { checkFilter: !trusted, unchanged });
  await loadAggregates(trx, ctx.tenant, ctx.schemas, m, data, refs);
  await lookupTeams(trx, ctx.tenant, m, data);
  const lines = computeLines(m.lineColumns, pickedLineCells(m, picks, picked, linePicked), data, {
    picked,
    today: sc.today,
  });
  const computed = applyComputed(m.fields, data, lines, { picked, today: sc.today });
  // A picker field the server computes (客户 from the picked project) stores its name like a picked one.
  const computedPicks = pickerFields(m).filter((f) => f.compute && !isBlank(computed[f.fieldName]));
  if (computedPicks.length)
    Object.assign(
      picked,
      await loadPickedOf(trx, ctx.tenant, ctx.schemas, computedPicks, computed, refs, { checkFilter: false }),
    );
  const err = validateRecord(
    checked(m, computed),
    m.lineColumns,
    { ...computed, lines },
    { linesTitle: linesTitle(m) },
  );
  if (err) throw badField(err.message, err.field);
  const broken =
    failedCheck(m.schema.checks, computed, lines, { picked, today: sc.today }) ??
    (await failedNoneCheck(trx, ctx.tenant, ctx.schemas, m, computed, refs, stored?.id));
  if (broken) throw badRequest(broken);
  return { data: computed, lines, picked };
}

/**
 * Line cells whose options are the picked record's lines (库位 of the picked warehouse, or of the line's own
 * warehouse when the line picks one: `lineField`): a value must be one of them (else refused with the line's
 * number), and its label is stored beside it as <cell>Name.
 */
function pickedLineCells(
  m: ModuleSchema,
  lines: Row[],
  picked: Record<string, Row | null>,
  linePicked: Map<string, Map<string, Row>>,
): Row[] {
  const cols = m.lineColumns.filter((c) => pickedLinesOf(c.data));
  if (!cols.length) return lines;
  const out = lines.map((l) => ({ ...l }));
  for (const c of cols) {
    const src = pickedLinesOf(c.data)!;
    const offeredBy = (rec: Row | null | undefined) =>
      new Map(((rec?.lines ?? []) as Row[]).map((l) => [String(l[src.value]), l]));
    const owner = m.fields.find((f) => f.fieldName === src.field)?.titleName ?? src.field;
    const headerOffered = offeredBy(picked[src.field]);
    const lineOwner = src.lineField
      ? (m.lineColumns.find((x) => x.prop === src.lineField)?.label ?? src.lineField)
      : '';
    out.forEach((line, i) => {
      const v = line[c.prop];
      if (isBlank(v)) {
        delete line[`${c.prop}Name`];
        return;
      }
      const own =
        src.lineField && !isBlank(line[src.lineField])
          ? linePicked.get(src.lineField)?.get(String(line[src.lineField]))
          : undefined;
      const hit = (own ? offeredBy(own) : headerOffered).get(String(v));
      if (!hit)
        throw badRequest(`第${i + 1}行${c.label}「${String(v)}」不在${own ? `该行${lineOwner}` : `所选${owner}`}中`);
      line[`${c.prop}Name`] = pickedLineLabel(src, hit);
    });
  }
  return out;
}

/** What an update keeps of the stored data: everything a client cannot set (stage, action fields, versions). */
function serverOwned(m: ModuleSchema, data: Row) {
  const client = new Set(settable(m).flatMap((f) => [f.fieldName, `${f.fieldName}Name`, `${f.fieldName}Module`]));
  for (const f of m.fields) if (f.compute) client.add(f.fieldName);
  return Object.fromEntries(Object.entries(data).filter(([k]) => !client.has(k)));
}

export async function categoryOk(trx: TenantTx, tenant: string, module: string, categoryId: unknown) {
  if (categoryId === undefined || categoryId === null) return null;
  const c = await trx
    .selectFrom('categories')
    .select('id')
    .where('tenant_code', '=', tenant)
    .where('module', '=', module)
    .where('id', '=', Number(categoryId))
    .executeTakeFirst();
  if (!c) throw badRequest('分类不存在');
  return c.id;
}

/** A submission needs its lines (保存 may keep a draft without them) and its submit-only checks. */
function checkSubmittable(
  m: ModuleSchema,
  data: Row,
  lines: Row[],
  picked: Record<string, Row | null> = {},
  today = todayInChina(),
) {
  const min = m.schema.drawer?.lines?.minOnSubmit ?? 0;
  if (lines.length < min) throw badRequest(`请至少填写${min}条${m.schema.drawer?.lines?.title ?? '明细'}`);
  const err = validateRecord(checked(m, data), m.lineColumns, { ...data, lines }, { linesTitle: linesTitle(m) });
  if (err) throw badField(err.message, err.field);
  const broken = failedCheck(m.schema.checks, data, lines, { picked, today }, true);
  if (broken) throw badRequest(broken);
}

export interface SaveOptions {
  submit?: boolean;
  /** 发起人自选 picks, by step index. */
  chosen?: Record<string, number[]>;
  /** Created by an effect that makes it take effect at once (even in a module with approval). */
  effective?: boolean;
  /** Created by an effect: the server's own write (disabled fields allowed), at this effect depth. */
  fromEffect?: boolean;
  depth?: number;
  /** The request's key: the same key again answers the record it made (nothing new is made). */
  requestKey?: string;
}

/** A record that takes effect enters its first stage, runs its `approved` effects and settles its auto stage. */
export async function takeEffectNow(trx: TenantTx, ctx: Ctx, m: ModuleSchema, id: number, userId: number, depth = 0) {
  await enterInitialStage(trx, ctx.tenant, m, id);
  await runEffects(trx, ctx, m, id, 'approved', 'approved', userId, {}, depth);
  await settleStored(trx, ctx, m, id, userId);
}

export async function createRecord(
  trx: TenantTx,
  ctx: Ctx,
  userId: number,
  m: ModuleSchema,
  body: Row,
  opts: SaveOptions = {},
) {
  const sc = { userId, today: todayOf(ctx) };
  if (opts.requestKey) {
    const made = await trx
      .selectFrom('records')
      .select('id')
      .where('tenant_code', '=', ctx.tenant)
      .where('module', '=', m.schema.module)
      .where('created_by', '=', userId)
      .where('request_key', '=', opts.requestKey)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (made) return toFlat((await getRecord(trx, ctx.tenant, m.schema.module, made.id))!);
  }
  // What a new record does not say, its schema's defaults do (as the drawer showed them).
  // The caller's department and refs, read once for the defaults and the rules.
  const refs = await callerRefs(trx, ctx.tenant, userId, sc.today);
  const withDefaults = await withAutoNumbers(
    trx,
    ctx.tenant,
    m,
    applyDefaults(settable(m), body, { userId, today: sc.today, deptId: refs.deptId ?? undefined }),
    true,
  );
  const clean = await prepared(trx, ctx, sc, m, withDefaults, {}, null, opts.fromEffect, undefined, refs);
  const categoryId = await categoryOk(trx, ctx.tenant, m.schema.module, body.categoryId);
  const named = await checkUploads(trx, ctx.tenant, m.fields, m.lineColumns, clean.data, clean.lines, linesTitle(m));
  await attachLabels(
    trx,
    ctx.tenant,
    m.fields,
    m.lineColumns,
    clean.data,
    clean.lines,
    opts.fromEffect ? 'any' : undefined,
  );
  const by = m.schema.codePrefixBy;
  // A module without approval takes effect when saved; an approval form starts as a draft.
  const effective = !hasApproval(m) || !!opts.effective;
  const status = effective ? RecordStatus.approved : RecordStatus.draft;
  // What follows the insert and changes the record (its effects, its approval) comes after its code and count are
  // taken: then the count waits for the end, as before. A draft is counted in the statement that stores it.
  const follows = effective || !!opts.submit;
  // The same request running at once: the key's unique index refuses the second (before any effect).
  // Made by another record's effect and in force at once: it follows its source (see generatedReadOnly).
  if (opts.fromEffect && opts.effective) clean.data[GENERATED] = true;
  const row = await insertNumbered(trx, ctx.tenant, m.schema.module, {
    prefix: (by && by.prefixes[String(clean.data[by.field] ?? '')]) || m.codePrefix,
    day: dayStamp(codeMoment(ctx.today)),
    status,
    data: clean.data,
    lines: clean.lines,
    categoryId,
    userId,
    requestKey: opts.requestKey,
    count: !follows,
  }).catch((e: unknown) => {
    const dup = e as { code?: string; constraint?: string };
    if (
      opts.requestKey &&
      dup.code === '23505' &&
      [requestKeyIndexOf(m.schema.module), requestKeyIndexOf('')].includes(dup.constraint ?? '')
    )
      throw conflict('该单据正在保存，请勿重复提交');
    throw e;
  });
  const id = row.id;
  // An effect's record is the server's own writing: every file it names is linked.
  await holdFiles(trx, ctx.tenant, id, filesToHold(named, opts.fromEffect ? null : userId));
  await holdKeys(trx, ctx.tenant, m, id, clean.data);
  await holdPeriods(trx, ctx.tenant, m, id, clean.data);
  if (!follows) return toFlat(row);
  if (effective) {
    checkSubmittable(m, clean.data, clean.lines, clean.picked, sc.today);
    await takeEffectNow(trx, ctx, m, id, userId, opts.depth ?? 0);
  } else {
    checkSubmittable(m, clean.data, clean.lines, clean.picked, sc.today);
    await approvals().start(trx, ctx, { m, recordId: id, originatorId: userId, chosen: opts.chosen, stored: row });
  }
  // Last, so concurrent creations in a team hold the count's row lock only until their commit.
  await bumpCount(trx, ctx.tenant, m.schema.module, 1);
  return toFlat((await getRecord(trx, ctx.tenant, m.schema.module, id))!);
}

export async function changeRecord(
  trx: TenantTx,
  ctx: Ctx,
  caller: Caller,
  m: ModuleSchema,
  id: number,
  body: Row,
  opts: SaveOptions = {},
) {
  const row = await getRecord(trx, ctx.tenant, m.schema.module, id);
  if (!row) throw notFound();
  assertMayChange(m, row, caller, '修改');
  // A user the page names in editableBy changes only his fields (an appraisal's self scores), nothing else.
  const only = changeableFields(m, row, caller);
  if (only) refuseOtherFields(m, row, body, only);
  const sc = { userId: caller.userId, today: todayOf(ctx) };
  // Lines only effects write stay as stored, whatever the client sent.
  const keptLines = m.schema.drawer?.lines?.readOnly ? (row.lines as Row[]) : null;
  // A record another's effect made keeps the source it names (来源单号), whatever a client sends: what its source
  // counts of it (a purchase's 入库单 still waiting) reads it.
  const sent = await withAutoNumbers(
    trx,
    ctx.tenant,
    m,
    'sourceCode' in body && (await madeByEffect(trx, ctx, m, row.id))
      ? { ...body, sourceCode: row.data.sourceCode }
      : body,
    false,
  );
  const clean = await prepared(trx, ctx, sc, m, sent, serverOwned(m, row.data), keptLines, false, {
    id: row.id,
    data: row.data,
  });
  const categoryId =
    body.categoryId === undefined
      ? row.category_id
      : await categoryOk(trx, ctx.tenant, m.schema.module, body.categoryId);
  const named = await checkUploads(trx, ctx.tenant, m.fields, m.lineColumns, clean.data, clean.lines, linesTitle(m));
  await attachLabels(trx, ctx.tenant, m.fields, m.lineColumns, clean.data, clean.lines, {
    data: row.data,
    lines: row.lines as Row[],
  });
  if (!hasApproval(m)) checkSubmittable(m, clean.data, clean.lines);
  await updateRecord(trx, ctx.tenant, m.schema.module, row.id, { data: clean.data, lines: clean.lines, categoryId });
  await holdFiles(trx, ctx.tenant, row.id, filesToHold(named, caller.userId));
  await holdKeys(trx, ctx.tenant, m, row.id, clean.data);
  await holdPeriods(trx, ctx.tenant, m, row.id, clean.data);
  if (!hasApproval(m)) await settleStored(trx, ctx, m, row.id, caller.userId, row.data);
  if (opts.submit && hasApproval(m)) {
    checkSubmittable(m, clean.data, clean.lines, clean.picked, sc.today);
    await approvals().start(trx, ctx, { m, recordId: row.id, originatorId: caller.userId, chosen: opts.chosen });
  }
  return toFlat((await getRecord(trx, ctx.tenant, m.schema.module, row.id))!);
}

export async function submitRecord(
  trx: TenantTx,
  ctx: Ctx,
  caller: Caller,
  m: ModuleSchema,
  id: number,
  opts: SaveOptions = {},
) {
  if (!hasApproval(m)) throw badRequest('该模块没有审批');
  const row = await getRecord(trx, ctx.tenant, m.schema.module, id);
  if (!row) throw notFound();
  assertMayChange(m, row, caller, '提交');
  // Re-check what is stored: the rules may have changed since it was saved, and a pick may no longer qualify.
  const refs = { today: todayOf(ctx), userId: caller.userId };
  const picked = await loadPicked(trx, ctx.tenant, ctx.schemas, m, { ...row.data }, refs, { checkFilter: true });
  checkSubmittable(m, row.data, row.lines, picked, refs.today);
  const blocked = await failedNoneCheck(trx, ctx.tenant, ctx.schemas, m, row.data, refs, row.id, true);
  if (blocked) throw badRequest(blocked);
  // A refused or withdrawn record gave its period back: it must still be free.
  await holdPeriods(trx, ctx.tenant, m, row.id, row.data);
  await approvals().start(trx, ctx, { m, recordId: id, originatorId: caller.userId, chosen: opts.chosen, stored: row });
  return toFlat((await getRecord(trx, ctx.tenant, m.schema.module, id))!);
}

// Effects create records through this service: it hands the creator over here, so the effects engine does not
// import it back.
useRecordCreator(createRecord);

/** A submission now waits for its approval: the page's `submitted` effects (stock reservations), once per submission. */
export function approvalSubmitted(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  id: number,
  instanceId: number,
  userId: number,
) {
  return runEffects(trx, ctx, m, id, 'submitted', `submitted:${instanceId}`, userId);
}

/** How an approval ended without effect: `refused` or `withdrawn`, which instance, of which module. */
export interface ApprovalEnd {
  kind: 'refused' | 'withdrawn';
  instanceId: number;
  module: string;
}

/** An approval ended without effect: what it reserved is released, and the page's `refused` / `withdrawn` effects run. */
export async function approvalEnded(trx: TenantTx, ctx: Ctx, id: number, userId: number, how: ApprovalEnd) {
  await stockLedger().release(trx, ctx, id, userId);
  // What the record does when its approval ends without effect (gives back what its source counted), once per approval.
  const m = ctx.schemas.get(how.module);
  if (m) await runEffects(trx, ctx, m, id, how.kind, `${how.kind}:${how.instanceId}`, userId);
}

/** A record submitted again after `ended` earlier approvals ended without effect (before its new approval starts). */
export function approvalResubmitted(
  trx: TenantTx,
  ctx: Ctx,
  m: ModuleSchema,
  id: number,
  ended: number,
  userId: number,
) {
  return runEffects(trx, ctx, m, id, 'resubmitted', `resubmitted:${ended}`, userId);
}
