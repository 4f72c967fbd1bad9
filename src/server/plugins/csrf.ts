// The browser's session cookie and its CSRF defence (docs/security.md).
//
// The session token travels in the HttpOnly `token` cookie, which page scripts cannot read. Beside it the server
// sets the readable `XSRF-TOKEN` cookie holding a value derived from the session token (a one-way hash: knowing it
// does not give the session). The web client echoes it in the `X-XSRF-TOKEN` header; a state-changing call
// authenticated by the cookie alone must carry it (signed double submit). A page of another site can make the
// browser send the cookies but can neither read the value nor add a header without CORS, which this server does
// not grant. API clients send the `Satoken` header instead, which is proof enough for the same reason.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, TOKEN_COOKIE } from '../../common/api';

export const CSRF_REFUSED = '请求未通过安全校验，请刷新页面后重试';

/** The double-submit value of a session token: bound to that session, useless to derive the token from. */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`yiguan-xsrf:${sessionToken}`).digest('base64url');
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

/** Whether the call carries the CSRF header with the value that belongs to this session token. */
export function hasCsrfProof(req: FastifyRequest, sessionToken: string): boolean {
  const sent = headerValue(req, CSRF_HEADER);
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(csrfTokenOf(sessionToken));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A call of the web client: it sends the CSRF header on every call (empty while it holds no session). Only such
 * calls receive the session cookies: a form or link of another site cannot add a header, so it cannot log a
 * browser into someone else's account (login CSRF), and API clients keep to the token in the answer.
 */
export function isWebClientCall(req: FastifyRequest): boolean {
  return headerValue(req, CSRF_HEADER) !== undefined;
}

/** https as the browser sees it: the request (through trusted proxies only) or an https PUBLIC_URL. */
function secure(req: FastifyRequest, publicUrl?: string): boolean {
  return req.protocol === 'https' || /^https:/i.test(publicUrl ?? '');
}

/**
 * Gives the browser a new session: the HttpOnly token cookie and the readable CSRF cookie, persistent until the
 * session's end when remembered, else browser-session cookies. Nothing is set for calls other than the web client's.
 */
export function setSessionCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date | string; remember: boolean },
  publicUrl?: string,
): void {
  if (!isWebClientCall(req)) return;
  const base = {
    path: '/',
    sameSite: 'lax' as const,
    secure: secure(req, publicUrl),
    ...(session.remember ? { expires: new Date(session.expiresAt) } : {}),
  };
  reply.setCookie(TOKEN_COOKIE, session.token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfTokenOf(session.token), { ...base, httpOnly: false });
}

/** Ends the browser's session cookies (logout, deactivation, password change, a token the server no longer knows). */
export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply, publicUrl?: string): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: secure(req, publicUrl) };
  reply.clearCookie(TOKEN_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, base);
}
