// Category tree state of a page: static nodes from the schema, or the provider's tree calls.
import { useCallback, useEffect, useState } from 'react';
import type { CategoryNode, TreeConfig } from '../../../common/schema/types';
import { readFailure, type DataProvider, type PickerOption, type ReadFailure } from '../../api/data-provider';
import { useRetryWhileUnreachable } from '../list/ReadFailureAlert';
import type { Option } from '../../../common/schema/types';
import { loadDictionary } from '../fields/use-options';

/** A dictionary's options as tree nodes (ids are the items' values). */
const asNodes = (options: Option[]): CategoryNode[] =>
  options.map((o) => ({
    id: String(o.value),
    name: o.label,
    children: o.children?.length ? asNodes(o.children) : undefined,
  }));

/** The ids of a node and every node below it. */
export function subtreeIds(nodes: CategoryNode[], id: string): string[] {
  for (const n of nodes) {
    if (n.id === id) {
      const out: string[] = [];
      const walk = (x: CategoryNode) => {
        out.push(x.id);
        x.children?.forEach(walk);
      };
      walk(n);
      return out;
    }
    const below = subtreeIds(n.children ?? [], id);
    if (below.length) return below;
  }
  return [];
}

/** The options of a page's record picker as flat tree nodes (ids are the picked records' values). */
export const pickerNodes = (options: PickerOption[]): CategoryNode[] =>
  options.map((o) => ({ id: String(o.value), name: o.label }));

export function useCategories(provider: DataProvider, module: string, tree: TreeConfig | undefined) {
  const [nodes, setNodes] = useState<CategoryNode[]>(tree?.nodes ?? []);
  const [loading, setLoading] = useState(!!tree && !tree.nodes);
  // A tree that could not be read says why (TreePanel) instead of looking empty.
  const [failure, setFailure] = useState<ReadFailure | null>(null);
  const remote = !!tree && !tree.nodes && !tree.fieldKey && !tree.fromPicker;

  const reload = useCallback(() => {
    const got = (n: CategoryNode[]) => {
      setNodes(n);
      setFailure(null);
    };
    const failed = (err: unknown) => {
      setNodes([]);
      setFailure(readFailure(err));
    };
    // Two levels (客户 → 道具项目, 伙伴类型 → 伙伴): the server answers the whole tree.
    if ((tree?.fromPicker || tree?.fieldKey) && tree.children && provider.treeNodes) {
      setLoading(true);
      provider
        .treeNodes(module)
        .then(got, failed)
        .finally(() => setLoading(false));
      return;
    }
    if (tree?.fromPicker && tree.field) {
      setLoading(true);
      provider
        .pickerOptions({ module, field: tree.field })
        .then((o) => got(pickerNodes(o)), failed)
        .finally(() => setLoading(false));
      return;
    }
    if (tree?.fieldKey) {
      setLoading(true);
      loadDictionary(provider, tree.fieldKey)
        .then((o) => got(asNodes(o)), failed)
        .finally(() => setLoading(false));
      return;
    }
    if (!remote) return;
    setLoading(true);
    provider
      .listCategories({ module })
      .then(got, failed)
      .finally(() => setLoading(false));
  }, [provider, module, remote, tree?.fieldKey, tree?.fromPicker, tree?.field, tree?.children]);

  useEffect(() => {
    if (tree?.nodes) setNodes(tree.nodes);
    else reload();
  }, [tree, reload]);

  useRetryWhileUnreachable(failure, reload);

  return {
    nodes,
    loading,
    failure,
    reload,
    move: (id: string, dir: 'up' | 'down') => {
      if (remote)
        void (dir === 'up' ? provider.moveCategoryUp({ module, id }) : provider.moveCategoryDown({ module, id }));
    },
    add: async (name: string, parentId?: string) => {
      if (remote) {
        await provider.addCategory({ module, name, parentId });
        reload();
        return;
      }
      setNodes((n) => [...n, { id: `local-${Date.now()}`, name }]);
    },
    rename: async (id: string, name: string) => {
      if (remote) {
        await provider.renameCategory({ module, id, name });
        reload();
        return;
      }
      const walk = (list: CategoryNode[]): CategoryNode[] =>
        list.map((n) => (n.id === id ? { ...n, name } : { ...n, children: n.children && walk(n.children) }));
      setNodes(walk);
    },
    remove: async (id: string) => {
      if (remote) {
        await provider.deleteCategory({ module, id });
        reload();
        return;
      }
      const walk = (list: CategoryNode[]): CategoryNode[] =>
        list.filter((n) => n.id !== id).map((n) => ({ ...n, children: n.children && walk(n.children) }));
      setNodes(walk);
    },
  };
}
