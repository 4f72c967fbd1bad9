// Dictionary writes (add, update, delete, move, enable), used by the dictionary pages' generic editor.
// A fieldKey is written only through the page that maintains it (dictionary page schemas) and with that
// page's permission codes; derived dictionaries (teamMembers, teamRoles, …) are never written.
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { requireTeamPermission, type PermissionSources } from '../../plugins/permissions';
import { conflict, forbidden } from '../../errors';
import type { DB } from '../../db';
import type { DictionaryPageSchema } from '../../../common/schema';
import { withTenant, type TenantTx } from '../../db/tenant-scope';
import { isTeamAdmin } from '../acl/team-admin';
import { maintainedKeys, type DictKeyRule } from './pages';
import { isDerivedDict } from './routes';
import { addItem, deleteItem, findItem, moveItem, updateItem, type DictInput, type DictRow } from './edits';

const tags = ['字典'];
const P = '/api/admin/sysmenuListFieldDict';
const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
// Generous bounds here keep hostile bodies out; the exact limits are checked with Chinese messages in edits.ts.
const itemProps = {
  dictName: { type: 'string', maxLength: 200 },
  dictCode: { type: ['string', 'null'], maxLength: 200 },
  parentId: { ...id, type: ['integer', 'null'] },
  dictImg: { type: ['string', 'null'], maxLength: 500 },
  dictIcon: { type: ['string', 'null'], maxLength: 200 },
  dictExtra: { type: ['string', 'null'], maxLength: 500 },
  sort: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 },
  enabled: { type: 'boolean' },
  leaderId: { ...id, type: ['integer', 'null'] },
} as const;
const body = <const R extends readonly string[], const P extends object>(required: R, properties: P) =>
  ({ type: 'object', required, additionalProperties: false, properties }) as const;

/** What the dictionary edits read: the pages that maintain each dictionary, and the rights they empty on a leader's change. */
interface DictWriteSources extends PermissionSources {
  db: DB;
  acl: PermissionSources['acl'] & { invalidateTenant(tenantCode: string): Promise<void> };
  schemas: PermissionSources['schemas'] & { dictionaryPages(): { file: string; schema: DictionaryPageSchema }[] };
}

export async function dictWriteRoutes(app: Api, s: DictWriteSources) {
  const rules = maintainedKeys(s.schemas.dictionaryPages());

  const teamOf = (req: FastifyRequest) => {
    const a = requireAuth(req);
    if (!a.tenantCode) throw forbidden('请先加入或创建团队');
    return a.tenantCode;
  };

  /** The rule of a fieldKey, once the caller holds `<maintaining page>:<action>`. */
  async function permitted(req: FastifyRequest, fieldKey: string, action: 'add' | 'edit' | 'delete') {
    if (isDerivedDict(fieldKey)) throw forbidden('该字典由系统生成，不能修改');
    const rule = rules.get(fieldKey);
    if (!rule) throw forbidden('该字典没有维护页面，不能修改');
    const a = await requireTeamPermission(s, req, rule.module, action);
    return { rule, tenant: a.tenantCode };
  }

  /** An item of the caller's team by id (another team's id is not found), and the rule of its dictionary. */
  async function itemOf(req: FastifyRequest, itemId: number, action: 'edit' | 'delete') {
    const tenant = teamOf(req);
    const row = await withTenant(s.db, tenant, (trx) => findItem(trx, tenant, itemId));
    return { row, ...(await permitted(req, row.field_key, action)) };
  }

  /**
   * A department's leader receives its members' approvals and sees its records: only the team's admins name one
   * (whoever else maintains the dictionary keeps its names and order). The sessions of the team then compute their
   * data scope again.
   */
  async function leaderSetBy(req: FastifyRequest, tenant: string, input: DictInput) {
    if (input.leaderId === undefined) return false;
    if (!(await isTeamAdmin(s.db, tenant, requireAuth(req).userId)))
      throw forbidden('只有团队管理员可以设置部门负责人');
    return true;
  }

  /** Runs a write in the tenant's transaction; a concurrent duplicate code meets the unique index. */
  const write = <T>(tenant: string, rule: DictKeyRule, fn: (trx: TenantTx) => Promise<T>) =>
    withTenant(s.db, tenant, fn).catch((e: unknown) => {
      if ((e as { code?: unknown })?.code === '23505') throw conflict(`${rule.codeLabel ?? '编码'}已存在`);
      throw e;
    });
  /** Re-reads the item inside the write's own transaction (it may have changed since itemOf). */
  const fresh = (trx: TenantTx, tenant: string, row: DictRow) => findItem(trx, tenant, row.id);

  app.post(
    `${P}/add`,
    {
      schema: {
        tags,
        summary: '新增字典项（需维护该字典页面的新增权限）',
        body: body(['fieldKey', 'dictName'], {
          fieldKey: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' },
          ...itemProps,
        }),
      },
    },
    async (req) => {
      const { fieldKey, ...input } = req.body;
      const { rule, tenant } = await permitted(req, fieldKey, 'add');
      const leader = await leaderSetBy(req, tenant, input);
      const item = await write(tenant, rule, (trx) => addItem(trx, tenant, rule, input));
      if (leader) await s.acl.invalidateTenant(tenant);
      return ok(item, '保存成功');
    },
  );

  app.post(
    `${P}/update`,
    {
      schema: {
        tags,
        summary: '修改字典项（系统预置项只能改名称、图片、图标等，不能改编码和上级）',
        body: body(['id'], { id, ...itemProps }),
      },
    },
    async (req) => {
      const { id: itemId, ...input } = req.body;
      const { row, rule, tenant } = await itemOf(req, itemId, 'edit');
      // Sending the leader it already has (the editor sends the whole item) is no change of leader.
      const leader =
        input.leaderId !== undefined &&
        (input.leaderId ?? null) !== (row.leader_id ?? null) &&
        (await leaderSetBy(req, tenant, input));
      const item = await write(tenant, rule, async (trx) =>
        updateItem(trx, tenant, rule, await fresh(trx, tenant, row), input),
      );
      if (leader) await s.acl.invalidateTenant(tenant);
      return ok(item, '保存成功');
    },
  );

  app.post(
    `${P}/enable`,
    {
      schema: {
        tags,
        summary: '启用或停用字典项（停用后表单不再可选，旧单据仍显示名称）',
        body: body(['id', 'enabled'], { id, enabled: itemProps.enabled }),
      },
    },
    async (req) => {
      const { id: itemId, enabled } = req.body;
      const { row, rule, tenant } = await itemOf(req, itemId, 'edit');
      return ok(
        await write(tenant, rule, async (trx) =>
          updateItem(trx, tenant, rule, await fresh(trx, tenant, row), { enabled }),
        ),
        enabled ? '已启用' : '已停用',
      );
    },
  );

  app.post(
    `${P}/move`,
    {
      schema: {
        tags,
        summary: '上移或下移字典项（与相邻同级交换；首位上移、末位下移不变）',
        body: body(['id', 'direction'], { id, direction: { type: 'string', enum: ['up', 'down'] } }),
      },
    },
    async (req) => {
      const { id: itemId, direction } = req.body;
      const { row, rule, tenant } = await itemOf(req, itemId, 'edit');
      return ok({
        moved: await write(tenant, rule, async (trx) =>
          moveItem(trx, tenant, await fresh(trx, tenant, row), direction),
        ),
      });
    },
  );

  app.post(
    `${P}/delete`,
    {
      schema: {
        tags,
        summary: '删除字典项（有下级时不能删除；系统预置项不能删除；已保存的单据仍显示其名称）',
        body: body(['id'], { id }),
      },
    },
    async (req) => {
      const { id: itemId } = req.body;
      const { row, rule, tenant } = await itemOf(req, itemId, 'delete');
      await write(tenant, rule, async (trx) => deleteItem(trx, tenant, await fresh(trx, tenant, row)));
      return ok(null, '删除成功');
    },
  );
}
