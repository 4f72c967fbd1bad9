import type { TableRow } from '../../common/schema/types';

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
