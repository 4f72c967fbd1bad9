import type { TableRow } from '../../../common/schema/types';

/** Tree index labels keyed by row id: 1, 2, 2.1, 2.1.1 … numbered from the page offset. */
export function treeIndexLabels(rows: TableRow[], offset = 0): Map<TableRow['id'], string> {
  const out = new Map<TableRow['id'], string>();
  const walk = (list: TableRow[], prefix: string, start: number) =>
    list.forEach((r, i) => {
      const label = prefix ? `${prefix}.${i + 1}` : String(start + i + 1);
      out.set(r.id, label);
      if (r.children?.length) walk(r.children, label, 0);
    });
  walk(rows, '', offset);
  return out;
}

/**
 * The page's rows as a tree (list `rowTree`): a row whose `parentField` names another row of the page is shown under
 * it, in the page's order; the others stay at the top. A row naming itself, or a row whose parents would loop, stays
 * at the top too.
 */
export function nestRows(rows: TableRow[], parentField: string): TableRow[] {
  const byId = new Map(rows.map((r) => [String(r.id), { ...r, children: undefined as TableRow[] | undefined }]));
  const parentOf = (r: TableRow) => {
    const p = r[parentField];
    return p === undefined || p === null || p === '' ? undefined : byId.get(String(p));
  };
  const loops = (r: TableRow) => {
    const seen = new Set<string>([String(r.id)]);
    for (let p = parentOf(r); p; p = parentOf(p)) {
      if (seen.has(String(p.id))) return true;
      seen.add(String(p.id));
    }
    return false;
  };
  const top: TableRow[] = [];
  for (const r of rows) {
    const row = byId.get(String(r.id))!;
    const parent = parentOf(r);
    if (!parent || loops(r)) top.push(row);
    else (parent.children ??= []).push(row);
  }
  return top;
}
