import type { LoginResult } from '../../api/account';
import { storeUser } from '../../api/session';

/**
 * Keeps what a login answer gives the page: the cached user. The session cookies came with the answer itself
 * (HttpOnly token, readable CSRF token; persistent when remembered), set by the server: nothing to store here.
 */
export function completeLogin(result: Pick<LoginResult, 'user'>): void {
  if (result.user) storeUser(result.user);
}
