// What a user may see and do in a team: the team's package ∩ the user's roles. Computed once per session
// and team, kept in sessions.acl, and dropped whenever the team's roles, package or memberships change.
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import type { Database } from '../../db/types';
import type { SessionAcl } from '../../db/types';
import { buildMenuTree, TEAM_PERMISSIONS } from '../menu/catalogue';
import { widestScope } from '../menu/default-roles';
import { effectiveModules, platformModules, teamPackage } from '../platform/catalogue';

export async function computeAcl(db: Kysely<Database>, userId: number, tenantCode: string | null): Promise<SessionAcl> {
  if (!tenantCode) return { tenantCode: null, menuTree: [], permissions: [], isAdmin: false, dataScope: 'self' };
  const tenant = await db
    .selectFrom('tenants')
    .select(['modules', 'owner_id'])
    .where('tenant_code', '=', tenantCode)
    .executeTakeFirst();
  const member = await db
    .selectFrom('memberships')
    .select(['status', 'is_admin', 'disabled'])
    .where('tenant_code', '=', tenantCode)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // A disabled member (015_user_manage) has no access to the team at all.
  if (!tenant || member?.status !== 'normal' || member.disabled)
    return { tenantCode, menuTree: [], permissions: [], isAdmin: false, dataScope: 'self' };
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', (j) =>
      j.onRef('roles.tenant_code', '=', 'user_roles.tenant_code').onRef('roles.id', '=', 'user_roles.role_id'),
    )
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
  // Which records the user sees: the widest of his roles' data scopes; admins and the owner see all; a department's
  // leader (set by the team's admins only) also his department and those under it, whose claims he approves.
  const leads =
    !isAdmin &&
    !!(await db
      .selectFrom('dictionaries')
      .select('id')
      .where('tenant_code', '=', tenantCode)
      .where('field_key', '=', 'dept')
      .where('leader_id', '=', userId)
      .limit(1)
      .executeTakeFirst());
  const dataScope = isAdmin ? 'all' : widestScope([...roles.map((r) => r.data_scope), ...(leads ? ['deptTree'] : [])]);
  // Platform administrators are offered the platform pages (their calls check the flag again).
  const user = await db.selectFrom('users').select('is_platform_admin').where('id', '=', userId).executeTakeFirst();
  const menuKeys = user?.is_platform_admin ? new Set([...menus, ...platformModules(views)]) : menus;
  return { tenantCode, menuTree: buildMenuTree(menuKeys, views), permissions: permissions.sort(), isAdmin, dataScope };
}

export class AclService {
  constructor(private db: DB) {}

  /** The session's cached ACL, computed and stored on first use; withMenu reads the stored menu tree too. */
  async forSession(
    s: { sessionId: number; userId: number; tenantCode: string | null; acl: SessionAcl | null },
    withMenu = false,
  ): Promise<SessionAcl> {
    if (s.acl && s.acl.tenantCode === s.tenantCode && s.acl.isAdmin !== undefined && s.acl.dataScope !== undefined) {
      if (!withMenu || s.acl.menuTree) return s.acl;
      const row = await this.db.selectFrom('sessions').select('acl').where('id', '=', s.sessionId).executeTakeFirst();
      const full = row?.acl as SessionAcl | null | undefined;
      if (full?.menuTree && full.tenantCode === s.tenantCode) return full;
    }
    // Computed and stored with the session's row locked, so that a role change committed meanwhile (by this or another
    // server process) cannot be overwritten by what was read before it: its invalidation below waits for this
    // transaction and then drops what it stored, or this one waits for the invalidation and reads the change.
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('sessions').select('id').where('id', '=', s.sessionId).forUpdate().execute();
      const acl = await computeAcl(trx, s.userId, s.tenantCode);
      await trx
        .updateTable('sessions')
        .set({ acl: JSON.stringify(acl) })
        .where('id', '=', s.sessionId)
        .execute();
      return acl;
    });
  }

  /**
   * Drops cached ACLs of every live session in the team (after role, package or membership changes). Also the
   * sessions whose ACL is null right now: one may be computing it (forSession), and must not keep what it read.
   */
  async invalidateTenant(tenantCode: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ acl: null })
      .where('tenant_code', '=', tenantCode)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .execute();
  }

  async invalidateUser(userId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ acl: null })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .execute();
  }
}
