// A two-level picker tree (tree.children, e.g. 客户 → 道具项目): first-level node ids are the picked values,
// second-level ids name their field too, so the page knows which field a chosen node filters.

/** A second-level node's id. */
export const treeChildId = (field: string, value: unknown) => `${field}:${String(value)}`;

/** The field and value a second-level node's id names (null for a first-level id). */
export function parseTreeChildId(id: string, field: string): string | null {
  return id.startsWith(`${field}:`) ? id.slice(field.length + 1) : null;
}
