// Pure operations on the category tree: reorder among siblings, keyword filter, lookup.
import type { CategoryNode } from '../../../common/schema/types';

/**
 * Swaps the node with its previous/next sibling. At the first (up) or last (down) position
 * nothing happens and the same array is returned, so callers can skip the server call.
 */
export function moveNode(nodes: CategoryNode[], id: string, direction: 'up' | 'down'): CategoryNode[] {
  const i = nodes.findIndex((n) => n.id === id);
  if (i >= 0) {
    const j = direction === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= nodes.length) return nodes;
    const next = nodes.slice();
    [next[i], next[j]] = [next[j], next[i]];
    return next;
  }
  let changed = false;
  const mapped = nodes.map((n) => {
    if (changed || !n.children?.length) return n;
    const children = moveNode(n.children, id, direction);
    if (children === n.children) return n;
    changed = true;
    return { ...n, children };
  });
  return changed ? mapped : nodes;
}

/** Can the node move that way? (first cannot go up, last cannot go down) */
export function canMove(nodes: CategoryNode[], id: string, direction: 'up' | 'down'): boolean {
  return moveNode(nodes, id, direction) !== nodes;
}

/** Keeps nodes whose name contains the keyword, with their ancestors. */
export function filterTree(nodes: CategoryNode[], keyword: string): CategoryNode[] {
  const k = keyword.trim();
  if (!k) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], k);
    if (n.name.includes(k) || children.length) return [{ ...n, children }];
    return [];
  });
}

export function findNode(nodes: CategoryNode[], id: string): CategoryNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children && findNode(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}
