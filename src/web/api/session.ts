import { CSRF_COOKIE } from '../../common/api';

/** Keys the browser keeps. The remembered username is a device preference, so clearing the session keeps it. */
export const StorageKeys = {
  user: 'userInfo',
  permissions: 'permissions',
  remember: 'rememberLogin',
  isRegister: 'isRegister',
} as const;

export interface StoredUser {
  id?: string | number;
  username: string;
  nickName?: string;
  avatar?: string;
  mobile?: string;
  tenantCode?: string;
  tenantName?: string;
  tenantLogo?: string;
  /** The member's department in the active team (for the currentDept default). */
  deptId?: number | null;
  permissions?: string[];
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const v = part.slice(eq + 1).trim();
      return v ? decodeURIComponent(v) : null;
    }
  }
  return null;
}

/*
 * The session itself is the HttpOnly `token` cookie the server sets on login and clears on logout: no script
 * here can read or write it (docs/security.md). Beside it the server sets the readable CSRF cookie, which
 * the client echoes in a header on every call and which tells the guard that a session exists.
 */

/** The session's CSRF token (the readable half of the session cookies), or null when signed out. */
export function getCsrfToken(): string | null {
  return readCookie(CSRF_COOKIE);
}

/** Whether the browser holds a session (the server may still find it expired: the client then clears it). */
export function hasSession(): boolean {
  return getCsrfToken() !== null;
}

/**
 * Forgets the session on this side: the readable CSRF cookie (with the paths and flags the server set it).
 * The HttpOnly token cookie is the server's to clear (logout, password change, deactivation, an expired token).
 */
export function clearCsrfCookie(): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CSRF_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure}`;
}

export function getRememberedUsername(): string | null {
  try {
    const raw = localStorage.getItem(StorageKeys.remember);
    if (!raw) return null;
    const v = JSON.parse(raw) as { username?: unknown };
    return typeof v.username === 'string' && v.username ? v.username : null;
  } catch {
    return null;
  }
}

/** Remember-me keeps only the username: a plain password never touches browser storage. */
export function setRememberedUsername(username: string | null): void {
  if (username) localStorage.setItem(StorageKeys.remember, JSON.stringify({ username }));
  else localStorage.removeItem(StorageKeys.remember);
}

/**
 * Logout, password change and an expired login all end here: clear local and session storage
 * and the session's readable cookie (the server clears the HttpOnly token cookie in those answers). The
 * remembered username survives, otherwise remember-me could never work.
 */
export function clearSession(): void {
  const remembered = getRememberedUsername();
  try {
    localStorage.clear();
  } catch {
    /* storage may be unavailable */
  }
  try {
    sessionStorage.clear();
  } catch {
    /* idem */
  }
  clearCsrfCookie();
  if (remembered) setRememberedUsername(remembered);
}

export function getStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(StorageKeys.user);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: StoredUser): void {
  const { permissions, ...rest } = user;
  localStorage.setItem(StorageKeys.user, JSON.stringify(rest));
  if (permissions) localStorage.setItem(StorageKeys.permissions, JSON.stringify(permissions));
}

export function getPermissions(): string[] {
  try {
    const raw = localStorage.getItem(StorageKeys.permissions);
    const v = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
