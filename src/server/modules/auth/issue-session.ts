import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { DB } from '../../db';
import type { AclService } from '../acl/acl';
import type { SessionService } from './sessions';
import { clearFailedLogins } from './login-guard';
import { setActor } from '../../db/actor';
import { logLogin } from './login-log';
import { setSessionCookies } from '../../plugins/csrf';
import { defaultTenantOf, loadSysUser } from './users';

/** What signing in reads and writes: the accounts, their sessions, and the rights a session starts with. */
export interface SignInSources {
  config: Config;
  db: DB;
  sessions: SessionService;
  acl: AclService;
}

/**
 * Starts a session in the user's first team and returns what every login answer carries. The web client's call
 * (`http`) also gets the session cookies (plugins/csrf.ts): persistent when remembered, else browser-session ones.
 */
export async function issueSession(
  s: SignInSources,
  userId: number,
  remember: boolean,
  http?: { req: FastifyRequest; reply: FastifyReply },
) {
  await clearFailedLogins(s.db, userId);
  const tenant = await defaultTenantOf(s.db, userId);
  // From here on the request acts as the user who logged in; the log says he did, in the team he starts in.
  setActor(userId);
  await logLogin(s.db, userId, 'login', tenant);
  const { token, expiresAt, sessionId } = await s.sessions.create(userId, tenant, remember);
  const acl = await s.acl.forSession({ sessionId, userId, tenantCode: tenant, acl: null });
  const user = await loadSysUser(s.db, userId, tenant, acl.permissions);
  if (http) setSessionCookies(http.req, http.reply, { token, expiresAt, remember }, s.config.publicUrl);
  return { token, expiresAt: expiresAt.toISOString(), user };
}
