// Writes on a team's dictionary items. Every function runs inside the caller's tenant transaction, so
// row-level security hides (and refuses) other teams' rows even if a filter were forgotten.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import type { DictionariesTable } from '../../db/types';
import { badRequest, conflict, notFound } from '../../errors';
import { checkUploads } from '../files/uploads';
import type { DictKeyRule } from './pages';
import { toDictNode, type DictNode } from './routes';

export type DictRow = Selectable<DictionariesTable>;

/** What a client may set on an item; absent properties stay as they are. */
export interface DictInput {
  dictName?: string;
  dictCode?: string | null;
  parentId?: number | null;
  dictImg?: string | null;
  dictIcon?: string | null;
  dictExtra?: string | null;
  sort?: number;
  enabled?: boolean;
  leaderId?: number | null;
}

const NAME_MAX = 30;
const CODE_MAX = 30;
const ICON_MAX = 50;
const EXTRA_MAX = 100;
/** A parent chain longer than this is treated as a cycle (the trees are a few levels deep). */
const DEPTH_MAX = 50;

const len = (v: string) => [...v].length;
const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : v.trim() || null;

/** A live item of the team, or 字典项不存在 (also for another team's id: row-level security hides it). */
export async function findItem(trx: TenantTx, tenant: string, id: number): Promise<DictRow> {
  const row = await trx
    .selectFrom('dictionaries')
    .selectAll()
    .where('tenant_code', '=', tenant)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('字典项不存在');
  return row;
}

async function liveItem(trx: TenantTx, tenant: string, fieldKey: string, where: { id?: number; code?: string }) {
  let q = trx
    .selectFrom('dictionaries')
    .select(['id', 'parent_id'])
    .where('tenant_code', '=', tenant)
    .where('field_key', '=', fieldKey)
    .where('deleted_at', 'is', null);
  if (where.id !== undefined) q = q.where('id', '=', where.id);
  if (where.code !== undefined) q = q.where('dict_code', '=', where.code);
  return q.executeTakeFirst();
}

/** Checks the properties present in `input` and returns them as columns. `self` is the item being changed. */
async function columnsOf(
  trx: TenantTx,
  tenant: string,
  rule: DictKeyRule,
  input: DictInput,
  self?: DictRow,
): Promise<Updateable<DictionariesTable>> {
  const out: Updateable<DictionariesTable> = {};
  if (input.dictName !== undefined) {
    const name = input.dictName.trim();
    if (!name) throw badRequest('名称不能为空');
    if (len(name) > NAME_MAX) throw badRequest(`名称最大输入长度为${NAME_MAX}`);
    out.dict_name = name;
  }
  const codeLabel = rule.codeLabel ?? '编码';
  const code = blankToNull(input.dictCode);
  if (code !== undefined && !(self && code === self.dict_code)) {
    // Seeded codes are what the product and other dictionaries refer to (e.g. taxRate 0.13).
    if (self?.seeded) throw badRequest('系统预置项不能修改编码');
    if (code !== null && len(code) > CODE_MAX) throw badRequest(`${codeLabel}最大输入长度为${CODE_MAX}`);
    if (code !== null && (await liveItem(trx, tenant, rule.fieldKey, { code }))) throw conflict(`${codeLabel}已存在`);
    out.dict_code = code;
  }
  if (input.parentId !== undefined && !(self && input.parentId === self.parent_id)) {
    if (self?.seeded) throw badRequest('系统预置项不能修改上级');
    if (input.parentId !== null) await checkParent(trx, tenant, rule, input.parentId, self);
    out.parent_id = input.parentId;
  }
  const img = blankToNull(input.dictImg);
  if (img)
    await checkUploads(
      trx,
      tenant,
      [{ fieldName: 'dictImg', titleName: '图片', fontendType: 'image' }],
      [],
      { dictImg: [{ url: img }] },
      [],
    );
  if (img !== undefined) out.dict_img = img;
  const icon = blankToNull(input.dictIcon);
  if (icon && len(icon) > ICON_MAX) throw badRequest(`图标最大输入长度为${ICON_MAX}`);
  if (icon !== undefined) out.dict_icon = icon;
  const extra = blankToNull(input.dictExtra);
  if (extra !== undefined) out.dict_extra = await checkExtra(trx, tenant, rule, extra);
  if (input.sort !== undefined) out.sort = input.sort;
  if (input.enabled !== undefined) out.status = input.enabled ? 1 : 0;
  if (input.leaderId !== undefined && input.leaderId !== null) {
    if (!rule.leader) throw badRequest('该字典没有负责人');
    const member = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('tenant_code', '=', tenant)
      .where('user_id', '=', input.leaderId)
      .where('status', '=', 'normal')
      .executeTakeFirst();
    if (!member) throw badRequest('负责人不是团队成员');
  }
  if (input.leaderId !== undefined) out.leader_id = input.leaderId;
  return out;
}

/** The parent must be a live item of the same dictionary, and never the item itself or one of its descendants. */
async function checkParent(trx: TenantTx, tenant: string, rule: DictKeyRule, parentId: number, self?: DictRow) {
  if (!rule.tree) throw badRequest('该字典不分上下级');
  let at = await liveItem(trx, tenant, rule.fieldKey, { id: parentId });
  if (!at) throw badRequest('上级不存在');
  if (!self) return;
  for (let depth = 0; at; depth++) {
    if (at.id === self.id || depth > DEPTH_MAX) throw badRequest('上级不能是自身或其下级');
    at = at.parent_id ? await liveItem(trx, tenant, rule.fieldKey, { id: at.parent_id }) : undefined;
  }
}

/** The page's extra value: one of its options, the code of an item of another dictionary, or bounded text. */
async function checkExtra(
  trx: TenantTx,
  tenant: string,
  rule: DictKeyRule,
  extra: string | null,
): Promise<string | null> {
  const x = rule.extra;
  if (extra === null) {
    if (x?.required) throw badRequest(`${x.title}不能为空`);
    return null;
  }
  if (!x) throw badRequest('该字典没有附加项');
  if (x.options && !x.options.includes(extra)) throw badRequest(`${x.title}的选项不存在`);
  if (x.fieldKey && !(await liveItem(trx, tenant, x.fieldKey, { code: extra })))
    throw badRequest(`${x.title}的选项不存在`);
  const max = x.maxLength ?? EXTRA_MAX;
  if (len(extra) > Math.min(max, EXTRA_MAX)) throw badRequest(`${x.title}最大输入长度为${max}`);
  return extra;
}

export async function addItem(
  trx: TenantTx,
  tenant: string,
  rule: DictKeyRule,
  input: DictInput & { dictName: string },
): Promise<DictNode> {
  const cols = await columnsOf(trx, tenant, rule, input);
  if (rule.extra?.required && !cols.dict_extra) throw badRequest(`${rule.extra.title}不能为空`);
  const parentId = cols.parent_id ?? null;
  let sort = cols.sort;
  if (sort === undefined) {
    // New items go last among their siblings.
    const max = await siblings(trx, tenant, rule.fieldKey, parentId)
      .select((eb) => eb.fn.max('sort').as('m'))
      .executeTakeFirst();
    sort = Number(max?.m ?? 0) + 1;
  }
  const values: Insertable<DictionariesTable> = {
    ...cols,
    tenant_code: tenant,
    field_key: rule.fieldKey,
    dict_name: cols.dict_name!,
    parent_id: parentId,
    sort,
    seeded: false,
    dict_code: cols.dict_code ?? null,
    dict_img: cols.dict_img ?? null,
    dict_icon: cols.dict_icon ?? null,
  } as Insertable<DictionariesTable>;
  const row = await trx.insertInto('dictionaries').values(values).returningAll().executeTakeFirstOrThrow();
  return toDictNode(row);
}

export async function updateItem(
  trx: TenantTx,
  tenant: string,
  rule: DictKeyRule,
  self: DictRow,
  input: DictInput,
): Promise<DictNode> {
  const cols = await columnsOf(trx, tenant, rule, input, self);
  if (!Object.keys(cols).length) return toDictNode(self);
  const row = await trx
    .updateTable('dictionaries')
    .set(cols)
    .where('tenant_code', '=', tenant)
    .where('id', '=', self.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDictNode(row);
}

/** Soft delete: records that stored the item keep resolving its name (labels read deleted items too). */
export async function deleteItem(trx: TenantTx, tenant: string, self: DictRow): Promise<void> {
  if (self.seeded) throw badRequest('系统预置项不能删除');
  const child = await trx
    .selectFrom('dictionaries')
    .select('id')
    .where('tenant_code', '=', tenant)
    .where('parent_id', '=', self.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (child) throw badRequest('请先删除下级');
  await trx
    .updateTable('dictionaries')
    .set({ deleted_at: new Date() })
    .where('tenant_code', '=', tenant)
    .where('id', '=', self.id)
    .execute();
}

function siblings(trx: TenantTx, tenant: string, fieldKey: string, parentId: number | null) {
  const q = trx
    .selectFrom('dictionaries')
    .where('tenant_code', '=', tenant)
    .where('field_key', '=', fieldKey)
    .where('deleted_at', 'is', null);
  return parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
}

/**
 * Swaps the item with its previous/next sibling: nothing happens at the first or last position.
 * Siblings are renumbered 1..n in their shown order, so equal sort values still move.
 */
export async function moveItem(
  trx: TenantTx,
  tenant: string,
  self: DictRow,
  direction: 'up' | 'down',
): Promise<boolean> {
  const sibs = await siblings(trx, tenant, self.field_key, self.parent_id)
    .select(['id', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .forUpdate()
    .execute();
  const i = sibs.findIndex((r) => r.id === self.id);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= sibs.length) return false;
  [sibs[i], sibs[j]] = [sibs[j], sibs[i]];
  for (const [k, r] of sibs.entries()) {
    if (r.sort !== k + 1)
      await trx
        .updateTable('dictionaries')
        .set({ sort: k + 1 })
        .where('tenant_code', '=', tenant)
        .where('id', '=', r.id)
        .execute();
  }
  return true;
}
