/**
 * The envelope every API answer uses: status 200 is success. A type rather than an interface, so that it fits the
 * open object a route's response schema describes (an interface has no index signature).
 */
export type ApiResponse<T = unknown> = {
  status: number;
  message: string;
  data: T;
};

/** Status codes with a fixed meaning; everything else non-200 is a handled failure. */
export const Status = {
  OK: 200,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 423,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  NO_TOKEN: 10015,
  TOKEN_INVALID: 11012,
  TOKEN_EXPIRED: 11014,
} as const;

/** Codes after which the client drops the session and goes to /login: exactly these. */
export function isLoginExpiredStatus(status: number): boolean {
  return status === Status.NO_TOKEN || status === Status.TOKEN_INVALID || status === Status.TOKEN_EXPIRED;
}

/** The session cookie, `token`; HttpOnly: page scripts never read it. */
export const TOKEN_COOKIE = 'token';
export const TOKEN_HEADER = 'Satoken';
/**
 * The session's CSRF token (docs/security.md): a readable cookie the server sets beside the HttpOnly token
 * cookie, which the web client echoes in the header on every call.
 */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
