// Button-level permission check: children render only when the code is in the
// cached permission list or is 'default'. The app provides the list through the context.
import { createContext, useContext, type ReactNode } from 'react';

export const DEFAULT_PERMISSION = 'default';

export const PermissionContext = createContext<readonly string[]>([]);

export function hasPermission(codes: readonly string[], code: string | undefined): boolean {
  const c = code ?? DEFAULT_PERMISSION;
  return c === DEFAULT_PERMISSION || codes.includes(c);
}

export function usePermission(code: string | undefined): boolean {
  return hasPermission(useContext(PermissionContext), code);
}

export function Permission({ code, children }: { code?: string; children: ReactNode }) {
  return usePermission(code) ? <>{children}</> : null;
}
