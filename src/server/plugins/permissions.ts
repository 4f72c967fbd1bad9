// Server-side twin of the Permission component: an action needs its `module:action` code in the session's ACL.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { requireAuth, type SessionInfo } from './auth';
import { MODULE_KEYS } from '../modules/menu/catalogue';

/** What a permission check reads: the caller's rights, and which page's codes a module answers to. */
export interface PermissionSources {
  acl: { forSession(a: SessionInfo): Promise<{ permissions: readonly string[] }> };
  schemas: { get(module: string): { permissionModule: string } | undefined };
}

/** The caller's session with an active team, after checking the permission code (catalogue modules only). */
export async function requireTeamPermission(s: PermissionSources, req: FastifyRequest, module: string, action: string) {
  const a = requireAuth(req);
  if (!a.tenantCode) throw forbidden('请先加入或创建团队');
  if (needsCode(s, module) && !permits(s, module, action, (await s.acl.forSession(a)).permissions))
    throw forbidden('没有权限执行该操作');
  return { ...a, tenantCode: a.tenantCode };
}

// A page's nested entity (PageSchema.entities) answers to its page's codes: <page module>:<action>.
const keyOf = (s: Pick<PermissionSources, 'schemas'>, module: string) =>
  s.schemas.get(module)?.permissionModule ?? module;
// Modules outside the catalogue (the engine's showcase) are open to every member of the team.
const needsCode = (s: Pick<PermissionSources, 'schemas'>, module: string) => MODULE_KEYS.has(keyOf(s, module));

/** Whether permissions (a session's ACL) allow an action on a module's page. */
export function permits(
  s: Pick<PermissionSources, 'schemas'>,
  module: string,
  action: string,
  permissions: readonly string[],
): boolean {
  return !needsCode(s, module) || permissions.includes(`${keyOf(s, module)}:${action}`);
}
