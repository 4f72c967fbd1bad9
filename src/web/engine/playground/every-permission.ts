// Every permission code the pages can ask for, so the playground shows every button a fully privileged member sees:
// each code a page names (filled in by the page defaults: 新增 → <module>:add, stage actions, documents…) and each
// module's standard and own actions (a dictionary page's 新增/编辑/删除, a tab's view).
import { recordListsOf } from '../../../common/schema/record-lists';
import type { AnyPageSchema } from '../../../common/schema/types';

const STANDARD = ['view', 'add', 'edit', 'delete', 'submit', 'export', 'print', 'generate'];

function namedCodes(v: unknown, into: Set<string>) {
  if (Array.isArray(v)) return v.forEach((x) => namedCodes(x, into));
  if (!v || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'permissionCode' && typeof x === 'string') into.add(x);
    else namedCodes(x, into);
  }
}

export function everyPermission(pages: AnyPageSchema[], modules: { key: string; actions?: string[] }[]): string[] {
  const codes = new Set<string>();
  namedCodes(pages, codes);
  const own = new Map(modules.map((m) => [m.key, m.actions ?? []]));
  const keys = new Set([
    ...own.keys(),
    ...pages.map((p) => p.module),
    ...pages.flatMap((p) => recordListsOf(p).map((e) => e.module)),
  ]);
  for (const k of keys) for (const a of [...STANDARD, ...(own.get(k) ?? [])]) codes.add(`${k}:${a}`);
  return [...codes];
}
