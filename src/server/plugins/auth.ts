// Resolves the Satoken header (or the HttpOnly `token` cookie) into request.auth; routes opt out with config.public.
// A state-changing call authenticated by the cookie alone needs the CSRF proof (plugins/csrf.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setActor } from '../db/actor';
import { Status, TOKEN_COOKIE, TOKEN_HEADER } from '../../common/api';
import { AppError } from '../errors';
import type { SessionAcl } from '../db/types';
import { clearSessionCookies, CSRF_REFUSED, hasCsrfProof } from './csrf';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /** No token needed (login, register, captcha, health, docs...). */
    public?: boolean;
    /**
     * A GET that changes the session (the spec keeps switchTenants a GET): with the cookie alone it needs the
     * CSRF proof like a POST, so a link from another site cannot make it.
     */
    changesState?: boolean;
  }
}

/** The session a signed-in request carries (the accounts module keeps them: auth/sessions.ts). */
export interface SessionInfo {
  sessionId: number;
  userId: number;
  tenantCode: string | null;
  /** Cached menu tree and permission codes for tenantCode, or null until computed. */
  acl: SessionAcl | null;
  /** The primary's WAL position after this session's last write, while a read replica is in use (db/replica.ts). */
  wroteLsn?: string | null;
}

export type SessionLookup = { ok: true; session: SessionInfo } | { ok: false; reason: 'unknown' | 'expired' };

/** Where the plugin finds the session of a token. */
export interface SessionStore {
  lookup(token: string): Promise<SessionLookup>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function headerToken(req: FastifyRequest): string | undefined {
  const header = req.headers[TOKEN_HEADER.toLowerCase()];
  return (Array.isArray(header) ? header[0] : header) || undefined;
}

export function readToken(req: FastifyRequest): string | undefined {
  return headerToken(req) || req.cookies?.[TOKEN_COOKIE] || undefined;
}

/** The caller's session, or a 10015/11012/11014 failure. */
export function requireAuth(req: FastifyRequest): SessionInfo {
  if (!req.auth) throw new AppError(Status.NO_TOKEN, '未登录，请先登录');
  return req.auth;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionStore; publicUrl?: string }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req, reply) => {
    // The API documentation is public; everything else under /api needs a session unless marked public.
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const config = req.routeOptions.config;
    const isPublic = config?.public === true;
    const token = readToken(req);
    if (!token) {
      if (isPublic) return;
      throw new AppError(Status.NO_TOKEN, '未登录，请先登录');
    }
    // The Satoken header is a proof by itself (another site's page cannot set it); the cookie is not.
    const byCookieAlone = !headerToken(req);
    const needsProof =
      byCookieAlone && (!SAFE_METHODS.has(req.method) || config?.changesState === true) && !hasCsrfProof(req, token);
    // A public call (login, register…) does not need the browser's session: without the proof it runs anonymous.
    if (needsProof && isPublic) return;
    const found = await opts.sessions.lookup(token);
    if (found.ok) {
      if (needsProof) return reply.code(403).send({ status: Status.FORBIDDEN, message: CSRF_REFUSED, data: null });
      req.auth = found.session;
      setActor(found.session.userId, found.session.sessionId);
      return;
    }
    // A cookie the server no longer honours is dropped, so the browser stops sending it.
    if (byCookieAlone) clearSessionCookies(req, reply, opts.publicUrl);
    if (isPublic) return;
    if (found.reason === 'expired') throw new AppError(Status.TOKEN_EXPIRED, '登录已过期，请重新登录');
    throw new AppError(Status.TOKEN_INVALID, '登录失效，请重新登录');
  });
});
