import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasSession, StorageKeys } from '../api/session';

/** The routes that need no token. */
export const PUBLIC_PATHS = ['/login', '/codeLogin', '/wechatLogin', '/register', '/forgotPassword'] as const;

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/** Every other route needs a session (its cookies), else /login (remembering where the user wanted to go). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasSession()) {
    const from = location.pathname + location.search;
    return <Navigate to="/login" replace state={from !== '/' ? { from } : undefined} />;
  }
  return <>{children}</>;
}

/** Arriving at / straight from /register sets the session flag isRegister. */
export function RegisterFlag() {
  const { pathname } = useLocation();
  const prev = useRef<string | null>(null);
  useEffect(() => {
    if (pathname === '/' && prev.current === '/register') sessionStorage.setItem(StorageKeys.isRegister, 'true');
    prev.current = pathname;
  }, [pathname]);
  return null;
}

/** Where to go after a login: back to the protected page that sent the user here, else the portal. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !isPublicPath(from.split('?')[0])) {
    return from;
  }
  return '/';
}
