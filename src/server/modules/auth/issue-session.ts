import type { AppServices } from '../../services';
import { clearFailedLogins } from './login-guard';
import { defaultTenantOf, loadSysUser } from './users';

/** Starts a session in the user's first team and returns what every login answer carries. */
export async function issueSession(s: AppServices, userId: number, remember: boolean) {
  await clearFailedLogins(s.db, userId);
  const tenant = await defaultTenantOf(s.db, userId);
  const { token, expiresAt, sessionId } = await s.sessions.create(userId, tenant, remember);
  const acl = await s.acl.forSession({ sessionId, userId, tenantCode: tenant, acl: null });
  const user = await loadSysUser(s.db, userId, tenant, acl.permissions);
  return { token, expiresAt: expiresAt.toISOString(), user };
}
