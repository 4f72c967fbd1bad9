// What a user may see and do in a team: the team's package ∩ the user's roles. Computed once per session
// and team, kept in sessions.acl, and dropped whenever the team's roles, package or memberships change.
import type { DB } from '../../db';
import type { SessionAcl } from '../../db/types';
import { ACTIONS, buildMenuTree, permissionCodesOf, TEAM_PERMISSIONS } from './catalogue';
import { widestScope } from '../records/data-scope';
import { effectiveModules, platformModules, teamPackage } from '../platform/catalogue';

export async function computeAcl(db: DB, userId: number, tenantCode: string | null): Promise<SessionAcl> {
  if (!tenantCode) return { tenantCode: null, menuTree: [], permissions: [], isAdmin: false, dataScope: 'self' };
  const tenant = await db.selectFrom('tenants').select(['modules', 'owner_id']).where('tenant_code', '=', tenantCode).executeTakeFirst();
  const member = await db
    .selectFrom('memberships').select(['status', 'is_admin'])
    .where('tenant_code', '=', tenantCode).where('user_id', '=', userId).executeTakeFirst();
  if (!tenant || member?.status !== 'normal') return { tenantCode, menuTree: [], permissions: [], isAdmin: false, dataScope: 'self' };
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.menus', 'roles.permissions', 'roles.data_scope'])
    .where('user_roles.tenant_code', '=', tenantCode)
    .where('roles.tenant_code', '=', tenantCode)
    .where('user_roles.user_id', '=', userId)
    .execute();
  // The team's package: its granted mode's enabled modules (platform/catalogue.ts, with its fallback rule).
  const views = await effectiveModules(db);
  const pkg = await teamPackage(db, tenantCode, views);
  const menus = new Set(roles.flatMap((r) => r.menus).filter((m) => pkg.has(m)));
  // A permission code counts only for a module the user can open (or a team-level code).
  const permissions = [...new Set(roles.flatMap((r) => r.permissions))].filter((code) => {
    const [mod] = code.split(':');
    return menus.has(mod) || TEAM_PERMISSIONS.includes(code);
  });
  const isAdmin = member.is_admin || tenant.owner_id === userId;
  // Which records the user sees: the widest of his roles' data scopes; admins and the owner see all.
  const dataScope = isAdmin ? 'all' : widestScope(roles.map((r) => r.data_scope));
  // Platform administrators are offered the platform pages (their calls check the flag again).
  const user = await db.selectFrom('users').select('is_platform_admin').where('id', '=', userId).executeTakeFirst();
  const menuKeys = user?.is_platform_admin ? new Set([...menus, ...platformModules(views)]) : menus;
  return { tenantCode, menuTree: buildMenuTree(menuKeys, views), permissions: permissions.sort(), isAdmin, dataScope };
}

export class AclService {
  constructor(private db: DB) {}

  /** The session's cached ACL, computed and stored on first use; withMenu reads the stored menu tree too. */
  async forSession(s: { sessionId: number; userId: number; tenantCode: string | null; acl: SessionAcl | null }, withMenu = false): Promise<SessionAcl> {
    if (s.acl && s.acl.tenantCode === s.tenantCode && s.acl.isAdmin !== undefined && s.acl.dataScope !== undefined) {
      if (!withMenu || s.acl.menuTree) return s.acl;
      const row = await this.db.selectFrom('sessions').select('acl').where('id', '=', s.sessionId).executeTakeFirst();
      const full = row?.acl as SessionAcl | null | undefined;
      if (full?.menuTree && full.tenantCode === s.tenantCode) return full;
    }
    const acl = await computeAcl(this.db, s.userId, s.tenantCode);
    await this.db.updateTable('sessions').set({ acl: JSON.stringify(acl) }).where('id', '=', s.sessionId).execute();
    return acl;
  }

  /** Drops cached ACLs of every session in the team (after role, package or membership changes). */
  async invalidateTenant(tenantCode: string): Promise<void> {
    await this.db.updateTable('sessions').set({ acl: null }).where('tenant_code', '=', tenantCode).where('acl', 'is not', null).execute();
  }

  async invalidateUser(userId: number): Promise<void> {
    await this.db.updateTable('sessions').set({ acl: null }).where('user_id', '=', userId).where('acl', 'is not', null).execute();
  }
}

/** Every code of the modules in a package, for the admin role. */
export function allPermissionsOf(modules: string[]): string[] {
  return [...modules.flatMap(permissionCodesOf), ...TEAM_PERMISSIONS];
}

/**
 * The member role: every module of the package but system settings, with the everyday actions only (view, add,
 * edit, submit, print): no delete or export, no team administration, and none of a module's own actions (pay,
 * collect, confirm, generate, verify…), which belong to the roles whose work they are (财务, 人事行政, admins).
 */
export function memberPermissionsOf(modules: string[]): string[] {
  const everyday = new Set<string>(ACTIONS.filter((a) => a !== 'delete' && a !== 'export'));
  return modules.flatMap(permissionCodesOf).filter((c) => everyday.has(c.slice(c.indexOf(':') + 1)));
}
