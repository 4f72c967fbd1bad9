import type { LoginResult } from '../../api/account';
import { setToken, storeUser } from '../../api/session';

/**
 * Stores what a login answer gives: the token cookie (persistent until the session's end when
 * remembered, else a browser-session cookie) and the cached user.
 */
export function completeLogin(result: Pick<LoginResult, 'token' | 'user' | 'expiresAt'>, remember = false): void {
  setToken(result.token, remember ? result.expiresAt : undefined);
  if (result.user) storeUser(result.user);
}
