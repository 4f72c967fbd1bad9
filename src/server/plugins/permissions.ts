// Server-side twin of the Permission component: an action needs its `module:action` code in the session's ACL.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { requireAuth } from './auth';
import type { AppServices } from '../services';
import { MODULE_KEYS } from '../modules/menu/catalogue';

/** The caller's session with an active team, after checking the permission code (catalogue modules only). */
export async function requireTeamPermission(s: AppServices, req: FastifyRequest, module: string, action: string) {
  const a = requireAuth(req);
  if (!a.tenantCode) throw forbidden('请先加入或创建团队');
  // A page's nested entity (PageSchema.entities) answers to its page's codes: <page module>:<action>.
  const key = s.schemas.get(module)?.permissionModule ?? module;
  // Modules outside the catalogue (the engine's showcase) are open to every member of the team.
  if (MODULE_KEYS.has(key)) {
    const acl = await s.acl.forSession(a);
    if (!acl.permissions.includes(`${key}:${action}`)) throw forbidden('没有权限执行该操作');
  }
  return { ...a, tenantCode: a.tenantCode };
}
