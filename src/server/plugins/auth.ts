// Resolves the Satoken header (or the `token` cookie) into request.auth; routes opt out with config.public.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setActor } from '../db/actor';
import { Status, TOKEN_COOKIE, TOKEN_HEADER } from '../../common/api';
import { AppError } from '../errors';
import type { SessionInfo, SessionService } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /** No token needed (login, register, captcha, health, docs...). */
    public?: boolean;
  }
}

export function readToken(req: FastifyRequest): string | undefined {
  const header = req.headers[TOKEN_HEADER.toLowerCase()];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader || req.cookies?.[TOKEN_COOKIE] || undefined;
}

/** The caller's session, or a 10015/11012/11014 failure. */
export function requireAuth(req: FastifyRequest): SessionInfo {
  if (!req.auth) throw new AppError(Status.NO_TOKEN, '未登录，请先登录');
  return req.auth;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionService }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    // The API documentation is public; everything else under /api needs a session unless marked public.
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const isPublic = req.routeOptions.config?.public === true;
    const token = readToken(req);
    if (!token) {
      if (isPublic) return;
      throw new AppError(Status.NO_TOKEN, '未登录，请先登录');
    }
    const found = await opts.sessions.lookup(token);
    if (found.ok) {
      req.auth = found.session;
      setActor(found.session.userId);
      return;
    }
    if (isPublic) return;
    if (found.reason === 'expired') throw new AppError(Status.TOKEN_EXPIRED, '登录已过期，请重新登录');
    throw new AppError(Status.TOKEN_INVALID, '登录失效，请重新登录');
  });
});
