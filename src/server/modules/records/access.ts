// Who may do what to a record, decided once here for the server's checks and for the actions each list row
// and drawer offers (so no button is shown that the server would refuse).
import type { TenantTx } from '../../db/tenant-scope';
import { conflict, forbidden } from '../../errors';
import { isBlank } from '../../../common/expr/values';
import { EDITABLE_STATUSES, RecordStatus } from '../../../common/record-status';
import type { ModuleSchema } from './schema-registry';
import { stageActionCode, stageActionsFor, stageLocked } from './stages';
import { stageFieldOf } from '../../../common/schema/stage-field';

/**
 * The data key the server sets on a record another record's effect made and took into effect at once (never a
 * client: a form's keys are its fields'), read by generatedReadOnly pages.
 */
export const GENERATED = '$generated';

export interface Caller {
  userId: number;
  isAdmin: boolean;
  permissions: string[];
}

interface RowFacts {
  status: string;
  created_by: number;
  data: Record<string, unknown>;
}

// The caller's codes as a set, built once per array (the session's ACL keeps its array while it is valid): a list's
// rows ask for several codes each, and an admin holds hundreds.
const permissionSets = new WeakMap<string[], Set<string>>();
const codesOf = (c: Caller) => {
  let set = permissionSets.get(c.permissions);
  if (!set) permissionSets.set(c.permissions, (set = new Set(c.permissions)));
  return set;
};

export const hasApproval = (m: ModuleSchema) => m.schema.drawer?.approval === true;

/** Lists whose records users never write (readOnly: effects and generators do; viewOf: another module's). */
export const userWritable = (m: ModuleSchema) => !m.schema.readOnly && !m.schema.viewOf;

/** The editableBy entries that name this caller on this record (the fields he may change there). */
function namedBy(m: ModuleSchema, row: RowFacts, c: Caller) {
  return (m.schema.editableBy ?? []).filter(
    (e) =>
      row.data[e.field] !== undefined && row.data[e.field] !== null && String(row.data[e.field]) === String(c.userId),
  );
}

/** The creator, a team admin, or a user the page names in one of its `editableBy` fields changes a record. */
const mayChange = (m: ModuleSchema, row: RowFacts, c: Caller) =>
  row.created_by === c.userId || c.isAdmin || namedBy(m, row, c).length > 0;

/**
 * What the caller may change of a record he may change: null for the whole record (its creator, an admin), else
 * only the fields the page's editableBy entries naming him list (`lines.<cell>` for a line cell): the appraised
 * employee his self scores, the evaluator his scores and comment — never the other's.
 */
export function changeableFields(m: ModuleSchema, row: RowFacts, c: Caller): Set<string> | null {
  if (row.created_by === c.userId || c.isAdmin) return null;
  return new Set(namedBy(m, row, c).flatMap((e) => e.fields));
}

/** Made by another record's effect on a page whose generated records follow their source (generatedReadOnly). */
const followsSource = (m: ModuleSchema, row: RowFacts) => !!m.schema.generatedReadOnly && row.data[GENERATED] === true;

/**
 * 待提交, 已驳回 and 已撤回 may change; in a module without approval, saved (已通过) records too, unless their stage is
 * locked or the record follows the source that made it.
 */
function changeableState(m: ModuleSchema, row: RowFacts) {
  const byStatus = EDITABLE_STATUSES.includes(row.status) || (!hasApproval(m) && row.status === RecordStatus.approved);
  return byStatus && !stageLocked(m, row.data) && !followsSource(m, row);
}

export async function callerOf(
  trx: TenantTx,
  tenant: string,
  userId: number,
  permissions: string[],
  isAdmin?: boolean,
): Promise<Caller> {
  // The session's ACL already knows (it is dropped whenever roles or memberships change).
  if (isAdmin !== undefined) return { userId, isAdmin, permissions };
  const [member, team] = await Promise.all([
    trx
      .selectFrom('memberships')
      .select('is_admin')
      .where('tenant_code', '=', tenant)
      .where('user_id', '=', userId)
      .where('status', '=', 'normal')
      .executeTakeFirst(),
    trx.selectFrom('tenants').select('owner_id').where('tenant_code', '=', tenant).executeTakeFirst(),
  ]);
  return { userId, isAdmin: !!member?.is_admin || team?.owner_id === userId, permissions };
}

/** Throws the reason when the caller may not edit, delete or submit this record (action: the verb in the message). */
export function assertMayChange(
  m: ModuleSchema,
  row: RowFacts & { code?: string },
  c: Caller,
  verb: '修改' | '删除' | '提交',
) {
  // Deleting stays with the creator and the admins; editableBy users may edit and submit.
  const allowed = verb === '删除' ? row.created_by === c.userId || c.isAdmin : mayChange(m, row, c);
  if (!allowed) throw forbidden(`只有创建人或团队管理员可以${verb}该单据`);
  if (verb !== '提交' && followsSource(m, row)) {
    throw conflict(
      `${m.schema.drawer?.title ?? m.schema.title}${row.code ?? ''}由${String(row.data.sourceType ?? '其他单据')}生成，不能${verb}`,
    );
  }
  if (verb === '提交' ? !EDITABLE_STATUSES.includes(row.status) : !changeableState(m, row)) {
    const stage = m.schema.stages ? row.data[stageFieldOf(m.schema.stages)] : undefined;
    const what = stage && stageLocked(m, row.data) ? `${String(stage)}` : row.status;
    throw conflict(`${what}的单据${row.code ?? ''}不能${verb}`);
  }
}

/** The actions a row allows this caller now: view, edit, delete, submit, withdraw, print and stage actions. */
export function rowActions(
  m: ModuleSchema,
  row: RowFacts,
  c: Caller,
  running?: { originatorId: number; acted: boolean },
): string[] {
  const mod = m.schema.module;
  const codes = codesOf(c);
  const can = (action: string) => codes.has(`${mod}:${action}`);
  const out = ['view'];
  const stageKeys = () =>
    stageActionsFor(m, row.status, row.data)
      .filter((a) => codes.has(stageActionCode(m, a)))
      .map((a) => a.key);
  // A record document (下料单, labels…) wherever its own permission is held.
  const docs = (m.schema.documents ?? [])
    .filter((d) => d.from === 'record' && codes.has(d.permissionCode))
    .map((d) => d.key);
  if (!userWritable(m)) {
    if ((m.schema.printable || m.schema.print) && can('print')) out.push('print');
    out.push(...docs);
    // A view's own stage actions (a follow-up note) act on the viewed records; a readOnly list has none.
    return m.schema.viewOf ? [...out, ...stageKeys()] : out;
  }
  const mine = mayChange(m, row, c);
  if (mine && changeableState(m, row)) {
    if (can('edit')) out.push('edit');
    if (can('delete') && (row.created_by === c.userId || c.isAdmin)) out.push('delete');
  }
  if (hasApproval(m) && mine && EDITABLE_STATUSES.includes(row.status) && can('submit')) out.push('submit');
  if (running && running.originatorId === c.userId && !running.acted) out.push('withdraw');
  if ((m.schema.printable || m.schema.print) && can('print')) out.push('print');
  return [...out, ...docs, ...stageKeys()];
}

/** A stored or sent value as the refusal below compares it: blanks alike, lists and objects by their JSON. */
const comparable = (v: unknown) => (isBlank(v) ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Refuses a change that touches a field outside `only` (changeableFields): every header field the client may set
 * and every line cell it fills is compared with the stored record, and the first ones that differ are named.
 */
export function refuseOtherFields(
  m: ModuleSchema,
  stored: { data: Record<string, unknown>; lines: unknown; category_id?: number | null },
  body: Record<string, unknown>,
  only: Set<string>,
) {
  const changed: string[] = [];
  for (const f of m.fields) {
    if (f.disabled || f.aggregate || f.compute || only.has(f.fieldName) || !(f.fieldName in body)) continue;
    if (comparable(body[f.fieldName]) !== comparable(stored.data[f.fieldName]))
      changed.push(f.titleName ?? f.fieldName);
  }
  if (body.categoryId !== undefined && comparable(body.categoryId) !== comparable(stored.category_id))
    changed.push('分类');
  if (Array.isArray(body.lines)) {
    const old = (Array.isArray(stored.lines) ? stored.lines : []) as Record<string, unknown>[];
    const sent = body.lines as Record<string, unknown>[];
    if (sent.length !== old.length) changed.push(`${m.schema.drawer?.lines?.title ?? '明细'}的行数`);
    else {
      sent.forEach((line, i) => {
        for (const c of m.lineColumns) {
          if (c.compute || only.has(`lines.${c.prop}`) || !line || !(c.prop in line)) continue;
          if (comparable(line[c.prop]) !== comparable(old[i]?.[c.prop])) changed.push(`第${i + 1}行${c.label}`);
        }
      });
    }
  }
  if (!changed.length) return;
  const allowed = [...only].map((name) =>
    name.startsWith('lines.')
      ? (m.lineColumns.find((c) => c.prop === name.slice(6))?.label ?? name)
      : (m.fields.find((f) => f.fieldName === name)?.titleName ?? name),
  );
  throw forbidden(
    `你只能修改${allowed.join('、')}，不能修改：${changed.slice(0, 5).join('、')}${changed.length > 5 ? ' 等' : ''}`,
  );
}
