// Which columns a person shows on a list (选择显示的列), kept per user and list in this browser: it outlives a
// refresh and a new session, and another user of the same browser keeps his own.
import { useContext, useEffect, useState } from 'react';
import type { ColumnDef } from '../../../common/schema/types';
import { TenantContext } from '../tenant';

const keyOf = (userId: number | string | undefined, module: string) => `yg.columns:${userId ?? ''}:${module}`;

function saved(key: string, columns: ColumnDef[]): string[] | null {
  try {
    const v: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? 'null');
    if (!Array.isArray(v)) return null;
    // Columns the page no longer has are dropped; a choice left with none falls back to the page's own.
    const known = v.filter((p): p is string => typeof p === 'string' && columns.some((c) => c.prop === p));
    return known.length ? known : null;
  } catch {
    return null;
  }
}

export function useColumnChoice(module: string, columns: ColumnDef[]) {
  const { userId } = useContext(TenantContext);
  const key = keyOf(userId, module);
  // null until the user chooses: the list then shows the page's columns as they fit (columns/fit.ts).
  const [visible, setVisible] = useState<string[] | null>(() => saved(key, columns));
  // Who the user is may be confirmed after the list opened: his own choice then replaces the page's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only when the user (the key) changes
  useEffect(() => {
    setVisible(saved(key, columns));
  }, [key]);
  const choose = (next: string[]) => {
    setVisible(next);
    try {
      globalThis.localStorage?.setItem(key, JSON.stringify(next));
    } catch {
      /* private mode: kept for this visit */
    }
  };
  return [visible, choose] as const;
}
