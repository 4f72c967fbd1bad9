// Team administration (the team-admin page kind): the team's members (roles, 正常/禁用), its roles (menus,
// button codes, data scope) and its join requests. Only the team's admins (and owner) call it; every write runs in
// the team's transaction (withTenant), so the audit triggers of memberships / roles / user_roles record who did it,
// and drops the cached ACLs of the team's sessions, so a change takes effect at its holders' next call.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { DataScope } from '../../db/types';
import type { TenantTx } from '../../db/tenant-scope';
import { withTenant } from '../../db/tenant-scope';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { MODULES, TEAM_PERMISSIONS, buildMenuTree, permissionCodesOf } from '../menu/catalogue';
import type { AclService } from '../acl/acl';
import { DATA_SCOPES } from '../menu/default-roles';
import { isTeamAdmin } from '../acl/team-admin';
import { transition } from '../tenant/memberships';
import { teamPackage } from '../platform/catalogue';
import { grantMemberRole } from '../tenant/teams';

/** Role codes: a lower-case letter, then 1–29 lower-case letters, digits or underscores. */
export const ROLE_CODE = /^[a-z][a-z0-9_]{1,29}$/;
/** Roles every team has: the owner's 管理员 (all rights) and the 普通成员 every admitted member gets. */
export const ADMIN_ROLE = 'admin';
export const MEMBER_ROLE = 'member';

const ACTION_LABELS: Record<string, string> = {
  view: '查看',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  submit: '提交',
  export: '导出',
  print: '打印',
  collect: '收款',
  confirm: '确认',
  disable: '停用',
  dispatch: '派工',
  generate: '生成',
  order: '下单',
  pay: '付款',
  publish: '发布',
  receive: '收货',
  release: '下发',
  score: '评分',
  status: '状态',
  verify: '核验',
};
const TEAM_LABELS: Record<string, string> = {
  'team:approveJoin': '审批加入申请',
  'team:invite': '邀请成员',
  'team:roles': '角色管理',
};
const MODULE_NAMES = new Map(MODULES.map((m) => [m.key, m.name]));

export function codeLabel(code: string): string {
  if (TEAM_LABELS[code]) return `团队·${TEAM_LABELS[code]}`;
  const [mod, action] = code.split(':');
  return `${MODULE_NAMES.get(mod) ?? mod}·${ACTION_LABELS[action] ?? action}`;
}

export function maskMobile(m: string | null | undefined): string {
  return (m ?? '').replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
}

const likeOf = (k?: string) => (k?.trim() ? `%${k.trim().replace(/[\\%_]/g, '\\$&')}%` : null);

export interface RoleInput {
  id?: number;
  roleName: string;
  roleCode: string;
  menuIds: string[];
  permissionCodes: string[];
  dataScope: DataScope;
}

export class TeamAdminService {
  constructor(
    private db: DB,
    private acl: AclService,
  ) {}

  /** The caller administers the team (owner or admin member, not disabled), else 403. */
  async requireAdmin(userId: number, tenantCode: string | null): Promise<string> {
    if (!tenantCode) throw forbidden('请先切换到要管理的团队');
    if (!(await isTeamAdmin(this.db, tenantCode, userId))) throw forbidden('只有团队所有者或管理员可以执行该操作');
    return tenantCode;
  }

  /** The team's row and its package: the modules its granted mode opens (the same rule as the menu's ACL). */
  private async team(tenant: string) {
    const row = await this.db
      .selectFrom('tenants')
      .select(['owner_id', 'tenant_name'])
      .where('tenant_code', '=', tenant)
      .executeTakeFirstOrThrow();
    return { ...row, modules: [...(await teamPackage(this.db, tenant))] };
  }

  /** What the role editor offers: the team's menu tree (its mode), the button codes per module, the data scopes. */
  async options(tenant: string) {
    const t = await this.team(tenant);
    const modules = new Set(t.modules);
    const tree = buildMenuTree(modules)
      .filter((n) => n.children?.length)
      .map((g) => ({
        value: g.id,
        title: g.menuName,
        children: (g.children ?? []).map((c) => ({ value: c.id, title: c.menuName })),
      }));
    const codes = Object.fromEntries(
      [...modules]
        .filter((m) => MODULE_NAMES.has(m))
        .map((m) => [m, permissionCodesOf(m).map((c) => ({ value: c, label: codeLabel(c) }))]),
    );
    const roles = await this.db
      .selectFrom('roles')
      .select(['id', 'role_name', 'role_key'])
      .where('tenant_code', '=', tenant)
      .orderBy('id')
      .execute();
    return {
      menuTree: tree,
      codes,
      teamCodes: TEAM_PERMISSIONS.map((c) => ({ value: c, label: codeLabel(c) })),
      dataScopes: DATA_SCOPES,
      roles: roles.map((r) => ({ value: r.id, label: r.role_name, roleCode: r.role_key })),
      ownerId: t.owner_id,
    };
  }

  // ---- 用户 ----

  async members(tenant: string, q: { keyword?: string; pageNum?: number; pageSize?: number }) {
    const { pageNum = 1, pageSize = 20 } = q;
    const like = likeOf(q.keyword);
    const t = await this.team(tenant);
    return withTenant(this.db, tenant, async (trx) => {
      let base = trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .where('m.tenant_code', '=', tenant)
        .where('m.status', '=', 'normal');
      if (like)
        base = base.where((eb) =>
          eb.or([eb('u.nick_name', 'ilike', like), eb('u.username', 'ilike', like), eb('u.mobile', 'like', like)]),
        );
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .leftJoin('dictionaries as d', (j) => j.onRef('d.id', '=', 'm.dept_id').on('d.tenant_code', '=', tenant))
        .select([
          'u.id',
          'u.username',
          'u.nick_name',
          'u.mobile',
          'm.is_admin',
          'm.disabled',
          'm.dept_id',
          'd.dict_name as dept_name',
          'm.created_at',
        ])
        .select(
          sql<
            number[]
          >`coalesce((SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM user_roles ur WHERE ur.tenant_code = ${tenant} AND ur.user_id = u.id), '{}')`.as(
            'role_ids',
          ),
        )
        .orderBy('m.created_at')
        .orderBy('u.id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute();
      const roleNames = new Map(
        (await trx.selectFrom('roles').select(['id', 'role_name']).where('tenant_code', '=', tenant).execute()).map(
          (r) => [Number(r.id), r.role_name],
        ),
      );
      return {
        list: rows.map((r) => {
          const roleIds = (r.role_ids ?? []).map(Number);
          return {
            id: Number(r.id),
            userId: Number(r.id),
            username: r.username,
            nickName: r.nick_name,
            mobile: maskMobile(r.mobile),
            deptId: r.dept_id,
            deptName: r.dept_name ?? '',
            roleIds,
            roleNames: roleIds.map((i) => roleNames.get(i) ?? '').filter(Boolean),
            enabled: !r.disabled,
            statusName: r.disabled ? '禁用' : '正常',
            isAdmin: r.is_admin || t.owner_id === Number(r.id),
            isOwner: t.owner_id === Number(r.id),
            joinedAt: new Date(r.created_at).toISOString(),
          };
        }),
        total: Number(n),
        pageNum,
        pageSize,
      };
    });
  }

  /** An admin sets a member's roles and/or 正常/禁用. The owner keeps 管理员 and cannot be disabled; nobody disables himself. */
  async updateMember(
    tenant: string,
    actorId: number,
    input: { userId: number; roleIds?: number[]; enabled?: boolean },
  ) {
    const t = await this.team(tenant);
    const isOwner = t.owner_id === input.userId;
    await withTenant(this.db, tenant, async (trx) => {
      const m = await trx
        .selectFrom('memberships')
        .select(['status', 'is_admin', 'disabled'])
        .where('tenant_code', '=', tenant)
        .where('user_id', '=', input.userId)
        .forUpdate()
        .executeTakeFirst();
      if (m?.status !== 'normal') throw notFound('该用户不是团队成员');
      const patch: { disabled?: boolean; is_admin?: boolean; updated_at?: Date } = {};
      if (input.enabled !== undefined && input.enabled === m.disabled) {
        if (!input.enabled && isOwner) throw badRequest('团队所有者不能被禁用');
        if (!input.enabled && input.userId === actorId) throw badRequest('不能禁用自己');
        patch.disabled = !input.enabled;
      }
      if (input.roleIds) {
        const wanted = [...new Set(input.roleIds)];
        const roles = wanted.length
          ? await trx
              .selectFrom('roles')
              .select(['id', 'role_key'])
              .where('tenant_code', '=', tenant)
              .where('id', 'in', wanted)
              .execute()
          : [];
        if (roles.length !== wanted.length) throw notFound('角色不存在');
        const admin = roles.some((r) => r.role_key === ADMIN_ROLE);
        if (!admin && isOwner) throw badRequest('团队所有者必须保留管理员角色');
        if (!admin && input.userId === actorId && m.is_admin) throw badRequest('不能取消自己的管理员角色');
        const held = (
          await trx
            .selectFrom('user_roles')
            .select('role_id')
            .where('tenant_code', '=', tenant)
            .where('user_id', '=', input.userId)
            .execute()
        ).map((r) => Number(r.role_id));
        const drop = held.filter((id) => !wanted.includes(id));
        const add = wanted.filter((id) => !held.includes(id));
        if (drop.length)
          await trx
            .deleteFrom('user_roles')
            .where('tenant_code', '=', tenant)
            .where('user_id', '=', input.userId)
            .where('role_id', 'in', drop)
            .execute();
        if (add.length)
          await trx
            .insertInto('user_roles')
            .values(add.map((role_id) => ({ tenant_code: tenant, user_id: input.userId, role_id })))
            .execute();
        // The 管理员 role makes a team administrator (the owner always is one).
        if ((admin || isOwner) !== m.is_admin) patch.is_admin = admin || isOwner;
      }
      if (Object.keys(patch).length) {
        await trx
          .updateTable('memberships')
          .set({ ...patch, updated_at: new Date() })
          .where('tenant_code', '=', tenant)
          .where('user_id', '=', input.userId)
          .execute();
      }
      if (patch.disabled) {
        // Blocked at his next call: his sessions in this team leave it.
        await trx
          .updateTable('sessions')
          .set({ tenant_code: null, acl: null })
          .where('user_id', '=', input.userId)
          .where('tenant_code', '=', tenant)
          .execute();
      }
    });
    await this.acl.invalidateUser(input.userId);
  }

  // ---- 角色 ----

  async roles(tenant: string, q: { keyword?: string }) {
    const like = likeOf(q.keyword);
    return withTenant(this.db, tenant, async (trx) => {
      let base = trx.selectFrom('roles').where('tenant_code', '=', tenant);
      if (like) base = base.where((eb) => eb.or([eb('role_name', 'ilike', like), eb('role_key', 'ilike', like)]));
      const rows = await base
        .select(['id', 'role_name', 'role_key', 'menus', 'permissions', 'data_scope', 'created_at'])
        .select(
          sql<number>`(SELECT count(*) FROM user_roles ur JOIN memberships m ON m.tenant_code = ur.tenant_code AND m.user_id = ur.user_id
          WHERE ur.role_id = roles.id AND ur.tenant_code = ${tenant} AND m.status = 'normal')`.as('members'),
        )
        .orderBy('id')
        .execute();
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          roleName: r.role_name,
          roleCode: r.role_key,
          menuIds: r.menus,
          permissionCodes: r.permissions,
          menuNames: r.menus.map((m) => MODULE_NAMES.get(m) ?? m),
          dataScope: r.data_scope,
          dataScopeName: DATA_SCOPES.find((d) => d.value === r.data_scope)?.label ?? '',
          memberCount: Number(r.members),
          system: r.role_key === ADMIN_ROLE || r.role_key === MEMBER_ROLE,
          fixed: r.role_key === ADMIN_ROLE,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        total: rows.length,
      };
    });
  }

  /** Adds (no id) or changes a role. Menus must be in the team's mode; codes must belong to the chosen menus. */
  async saveRole(tenant: string, input: RoleInput): Promise<number> {
    const roleName = input.roleName.trim();
    const roleCode = input.roleCode.trim();
    if (!roleName) throw badRequest('角色名称不能为空');
    if (!roleCode) throw badRequest('角色编码不能为空');
    if (!ROLE_CODE.test(roleCode)) throw badRequest('角色编码须以小写字母开头，由小写字母、数字或下划线组成，2–30 位');
    if (!DATA_SCOPES.some((d) => d.value === input.dataScope)) throw badRequest('请选择数据范围');
    const t = await this.team(tenant);
    const pkg = new Set(t.modules);
    const menus = [...new Set(input.menuIds)];
    const outside = menus.filter((m) => !pkg.has(m));
    if (outside.length) throw badRequest(`菜单不在团队的模式中：${outside.join('、')}`);
    const allowed = new Set([...menus.flatMap(permissionCodesOf), ...TEAM_PERMISSIONS]);
    const stray = input.permissionCodes.filter((c) => !allowed.has(c));
    if (stray.length) throw badRequest(`按钮权限不属于所选菜单：${stray.map(codeLabel).join('、')}`);
    // A menu is granted to be opened: its 查看 comes with it (a menu without it would only lead to a refusal).
    const codes = [...new Set([...input.permissionCodes, ...menus.map((m) => `${m}:view`)])];
    const id = await withTenant(this.db, tenant, async (trx) => {
      const old = input.id === undefined ? null : await this.ownRole(trx, tenant, input.id);
      const dup = await trx
        .selectFrom('roles')
        .select('id')
        .where('tenant_code', '=', tenant)
        .where('role_key', '=', roleCode)
        .executeTakeFirst();
      if (dup && Number(dup.id) !== input.id) throw conflict(`角色编码 ${roleCode} 已存在`);
      if (!old || input.id === undefined) {
        const row = await trx
          .insertInto('roles')
          .values({
            tenant_code: tenant,
            role_name: roleName,
            role_key: roleCode,
            menus,
            permissions: codes,
            data_scope: input.dataScope,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      }
      if (old.role_key === ADMIN_ROLE || old.role_key === MEMBER_ROLE) {
        if (roleCode !== old.role_key) throw badRequest('系统角色的编码不能修改');
      }
      if (old.role_key === ADMIN_ROLE) {
        // 管理员 holds every right of the team's mode: only its name may change.
        const same = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
        if (!same(menus, old.menus) || !same(codes, old.permissions) || input.dataScope !== old.data_scope)
          throw badRequest('管理员角色拥有全部权限，只能修改名称');
      }
      await trx
        .updateTable('roles')
        .set({ role_name: roleName, role_key: roleCode, menus, permissions: codes, data_scope: input.dataScope })
        .where('tenant_code', '=', tenant)
        .where('id', '=', input.id)
        .execute();
      return input.id;
    });
    await this.acl.invalidateTenant(tenant);
    return id;
  }

  async deleteRole(tenant: string, id: number) {
    await withTenant(this.db, tenant, async (trx) => {
      const role = await this.ownRole(trx, tenant, id);
      if (role.role_key === ADMIN_ROLE || role.role_key === MEMBER_ROLE) throw badRequest('系统角色不能删除');
      const held = await trx
        .selectFrom('user_roles')
        .innerJoin('memberships', (j) =>
          j
            .onRef('memberships.user_id', '=', 'user_roles.user_id')
            .onRef('memberships.tenant_code', '=', 'user_roles.tenant_code'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_roles.tenant_code', '=', tenant)
        .where('user_roles.role_id', '=', id)
        .where('memberships.status', '=', 'normal')
        .executeTakeFirstOrThrow();
      if (Number(held.n) > 0) throw conflict(`该角色仍有 ${Number(held.n)} 名成员，请先取消他们的该角色`);
      await trx.deleteFrom('user_roles').where('tenant_code', '=', tenant).where('role_id', '=', id).execute();
      await trx.deleteFrom('roles').where('tenant_code', '=', tenant).where('id', '=', id).execute();
    });
    await this.acl.invalidateTenant(tenant);
  }

  private async ownRole(trx: TenantTx, tenant: string, id: number) {
    const role = await trx
      .selectFrom('roles')
      .select(['id', 'role_key', 'menus', 'permissions', 'data_scope'])
      .where('tenant_code', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!role) throw notFound('角色不存在');
    return role;
  }

  // ---- 加入申请 ----

  /** 待审核 (pending), 已通过 (admitted by an admin's decision) or 已拒绝 (refused, with the reason). */
  async requests(tenant: string, status: 'pending' | 'approved' | 'refused') {
    const t = await this.team(tenant);
    return withTenant(this.db, tenant, async (trx) => {
      let q = trx
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .leftJoin('users as d', 'd.id', 'm.decided_by')
        .select([
          'u.id',
          'u.username',
          'u.nick_name',
          'u.mobile',
          'm.status',
          'm.remark',
          'm.created_at',
          'm.updated_at',
          'd.nick_name as decider',
        ])
        .where('m.tenant_code', '=', tenant);
      if (status === 'pending') q = q.where('m.status', '=', 'pending');
      else if (status === 'refused') q = q.where('m.status', '=', 'refused');
      else
        q = q
          .where('m.status', '=', 'normal')
          .where('m.decided_by', 'is not', null)
          .where('m.user_id', '<>', t.owner_id);
      const rows = await q.orderBy('m.updated_at', 'desc').limit(500).execute();
      const names = { pending: '待审核', normal: '已通过', refused: '已拒绝' } as Record<string, string>;
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          userId: Number(r.id),
          applicant: r.nick_name || r.username,
          username: r.username,
          mobile: maskMobile(r.mobile),
          tenantName: t.tenant_name,
          applyTime: new Date(r.status === 'pending' ? r.updated_at : r.created_at).toISOString(),
          status: r.status,
          statusName: names[r.status] ?? r.status,
          remark: r.remark ?? '',
          decider: r.decider ?? '',
          decidedAt: r.status === 'pending' ? null : new Date(r.updated_at).toISOString(),
        })),
        total: rows.length,
      };
    });
  }

  /** 待审核 → 已通过 | 已拒绝 (a reason required); nobody decides his own (memberships.transition). */
  async decide(tenant: string, actorId: number, input: { userId: number; approve: boolean; reason?: string }) {
    const reason = input.reason?.trim() ?? '';
    if (!input.approve && !reason) throw badRequest('请输入拒绝原因');
    const to = await withTenant(this.db, tenant, async (trx) => {
      const to = await transition(
        trx,
        input.approve ? 'approve' : 'refuse',
        tenant,
        input.userId,
        actorId,
        input.approve ? undefined : reason,
      );
      if (to === 'normal') await grantMemberRole(trx, tenant, input.userId);
      return to;
    });
    await this.acl.invalidateUser(input.userId);
    return to;
  }
}
