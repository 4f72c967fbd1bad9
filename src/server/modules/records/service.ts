// Creating, changing and submitting records: the one path that routes and the demo seed share, so seeded data
// passes exactly the rules users' data does.
import { badRequest, notFound } from '../../errors';
import type { TenantTx } from '../../db/tenant-scope';
import { validateRecord } from '../../../common/rules';
import { applyComputed } from '../../../common/computed';
import { applyDefaults, todayInChina } from '../../../common/defaults';
import { RecordStatus } from '../../../common/record-status';
import type { ModuleSchema } from './schema-registry';
import { nextCode } from './codes';
import { bumpCount, getRecord, insertRecord, toFlat, updateRecord } from './repository';
import { attachLabels } from './labels';
import { checkUploads } from './uploads';
import { holdKeys } from './unique';
import { assertMayChange, hasApproval, type Caller } from './access';
import { enterInitialStage } from './stages';
import { startInstance, type Ctx } from '../workflow/engine';

/** Fields the rules check: what a client sets, and what the server computes. */
const checked = (m: ModuleSchema) => m.fields.filter((f) => !f.disabled || f.compute);
const linesTitle = (m: ModuleSchema) => m.schema.drawer?.lines?.title;

/** Fields a client may set: declared and not disabled (disabled ones are computed or set by the server). */
const settable = (m: ModuleSchema) => m.fields.filter((f) => !f.disabled);

/** Keeps only the fields a client may set (unknown ones are dropped) and the line-item columns. */
export function cleanInput(m: ModuleSchema, body: Record<string, unknown>) {
  const data: Record<string, unknown> = {};
  for (const f of settable(m)) if (body[f.fieldName] !== undefined) data[f.fieldName] = body[f.fieldName];
  const props = m.lineColumns.map((c) => c.prop);
  const lines = Array.isArray(body.lines)
    ? (body.lines as Record<string, unknown>[]).map((l) => Object.fromEntries(props.filter((p) => l?.[p] !== undefined).map((p) => [p, l[p]])))
    : [];
  return { data, lines };
}

/** Drops unknown fields, fills computed ones, then runs the form's own rules on every field and cell. */
export function validated(m: ModuleSchema, body: Record<string, unknown>, kept: Record<string, unknown> = {}) {
  const clean = cleanInput(m, body);
  clean.data = applyComputed(m.fields, { ...kept, ...clean.data }, clean.lines);
  const err = validateRecord(checked(m), m.lineColumns, { ...clean.data, lines: clean.lines }, { linesTitle: linesTitle(m) });
  if (err) throw badRequest(err.message);
  return clean;
}

/** What an update keeps of the stored data: everything a client cannot set (stage, action fields, versions). */
function serverOwned(m: ModuleSchema, data: Record<string, unknown>) {
  const client = new Set(settable(m).flatMap((f) => [f.fieldName, `${f.fieldName}Name`]));
  for (const f of m.fields) if (f.compute) client.add(f.fieldName);
  return Object.fromEntries(Object.entries(data).filter(([k]) => !client.has(k)));
}

export async function categoryOk(trx: TenantTx, tenant: string, module: string, categoryId: unknown) {
  if (categoryId === undefined || categoryId === null) return null;
  const c = await trx.selectFrom('categories').select('id').where('tenant_code', '=', tenant).where('module', '=', module).where('id', '=', Number(categoryId)).executeTakeFirst();
  if (!c) throw badRequest('分类不存在');
  return c.id;
}

/** A submission needs its lines (保存 may keep a draft without them). */
function checkSubmittable(m: ModuleSchema, data: Record<string, unknown>, lines: unknown[]) {
  const min = m.schema.drawer?.lines?.minOnSubmit ?? 0;
  if (lines.length < min) throw badRequest(`请至少填写${min}条${m.schema.drawer?.lines?.title ?? '明细'}`);
  const err = validateRecord(checked(m), m.lineColumns, { ...data, lines }, { linesTitle: linesTitle(m) });
  if (err) throw badRequest(err.message);
}

export interface SaveOptions {
  submit?: boolean;
  /** 发起人自选 picks, by step index. */
  chosen?: Record<string, number[]>;
}

export async function createRecord(trx: TenantTx, ctx: Ctx, userId: number, m: ModuleSchema, body: Record<string, unknown>, opts: SaveOptions = {}) {
  // What a new record does not say, its schema's defaults do (as the drawer showed them).
  const clean = validated(m, applyDefaults(settable(m), body, { userId, today: todayInChina() }));
  const categoryId = await categoryOk(trx, ctx.tenant, m.schema.module, body.categoryId);
  await checkUploads(trx, ctx.tenant, m.fields, m.lineColumns, clean.data, clean.lines, linesTitle(m));
  await attachLabels(trx, ctx.tenant, m.fields, m.lineColumns, clean.data, clean.lines);
  const code = await nextCode(trx, ctx.tenant, m.codePrefix);
  // A module without approval takes effect when saved (domain guide §2.3); an approval form starts as a draft.
  const status = hasApproval(m) ? RecordStatus.draft : RecordStatus.approved;
  const id = await insertRecord(trx, ctx.tenant, m.schema.module, { code, status, ...clean, categoryId, userId });
  await holdKeys(trx, ctx.tenant, m, id, clean.data);
  if (status === RecordStatus.approved) {
    checkSubmittable(m, clean.data, clean.lines);
    await enterInitialStage(trx, ctx.tenant, m, id);
  }
  if (opts.submit && hasApproval(m)) {
    checkSubmittable(m, clean.data, clean.lines);
    await startInstance(trx, ctx, { m, recordId: id, originatorId: userId, chosen: opts.chosen });
  }
  // Last, so concurrent creations in a team hold the count's row lock only until their commit.
  await bumpCount(trx, ctx.tenant, m.schema.module, 1);
  return toFlat((await getRecord(trx, ctx.tenant, m.schema.module, id))!);
}

export async function changeRecord(trx: TenantTx, ctx: Ctx, caller: Caller, m: ModuleSchema, id: number, body: Record<string, unknown>, opts: SaveOptions = {}) {
  const row = await getRecord(trx, ctx.tenant, m.schema.module, id);
  if (!row) throw notFound();
  assertMayChange(m, row, caller, '修改');
  const clean = validated(m, body, serverOwned(m, row.data));
  const categoryId = body.categoryId === undefined ? row.category_id : await categoryOk(trx, ctx.tenant, m.schema.module, body.categoryId);
  await checkUploads(trx, ctx.tenant, m.fields, m.lineColumns, clean.data, clean.lines, linesTitle(m));
  await attachLabels(trx, ctx.tenant, m.fields, m.lineColumns, clean.data, clean.lines);
  if (!hasApproval(m)) checkSubmittable(m, clean.data, clean.lines);
  await updateRecord(trx, ctx.tenant, m.schema.module, row.id, { ...clean, categoryId });
  await holdKeys(trx, ctx.tenant, m, row.id, clean.data);
  if (opts.submit && hasApproval(m)) {
    checkSubmittable(m, clean.data, clean.lines);
    await startInstance(trx, ctx, { m, recordId: row.id, originatorId: caller.userId, chosen: opts.chosen });
  }
  return toFlat((await getRecord(trx, ctx.tenant, m.schema.module, row.id))!);
}

export async function submitRecord(trx: TenantTx, ctx: Ctx, caller: Caller, m: ModuleSchema, id: number, opts: SaveOptions = {}) {
  if (!hasApproval(m)) throw badRequest('该模块没有审批');
  const row = await getRecord(trx, ctx.tenant, m.schema.module, id);
  if (!row) throw notFound();
  assertMayChange(m, row, caller, '提交');
  // Re-validate what is stored: the rules may have changed since it was saved.
  checkSubmittable(m, row.data, row.lines);
  await startInstance(trx, ctx, { m, recordId: id, originatorId: caller.userId, chosen: opts.chosen });
  return toFlat((await getRecord(trx, ctx.tenant, m.schema.module, id))!);
}
