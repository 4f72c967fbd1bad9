// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { pickerNodes, useCategories } from './use-categories';
import type { DataProvider } from '../../api/data-provider';

describe("a tree of a picker's records (tree.fromPicker)", () => {
  it("shows the records the form field's picker offers, asked of the page's own module, as flat nodes", async () => {
    const pickerOptions = vi.fn(async () => [
      { value: 12, label: '金缘珠宝', record: { id: 12 } },
      { value: 15, label: '臻彩化妆品', record: { id: 15 } },
    ]);
    const listCategories = vi.fn(async () => []);
    const provider = { pickerOptions, listCategories } as unknown as DataProvider;
    const tree = { title: '客户', field: 'customerId', fromPicker: true as const };
    const { result } = renderHook(() => useCategories(provider, 'projects', tree));
    await waitFor(() => expect(result.current.nodes).toHaveLength(2));
    expect(result.current.nodes).toEqual([
      { id: '12', name: '金缘珠宝' },
      { id: '15', name: '臻彩化妆品' },
    ]);
    expect(pickerOptions).toHaveBeenCalledWith({ module: 'projects', field: 'customerId' });
    // Not a category tree: no category calls, and adding a node does not reach the server.
    expect(listCategories).not.toHaveBeenCalled();
    expect(pickerNodes([])).toEqual([]);
  });

  it('a dictionary tree with a second level (伙伴类型 → 伙伴) takes the whole tree from the server, not the dictionary', async () => {
    const nodes = [{ id: '7', name: '供应商', children: [{ id: 'partnerId:31', name: '东莞市森林板材有限公司' }] }];
    const treeNodes = vi.fn(async () => nodes);
    const pickerOptions = vi.fn(async () => []);
    const queryByFieldKeys = vi.fn(async () => ({}));
    const provider = {
      treeNodes,
      pickerOptions,
      queryByFieldKeys,
      listCategories: vi.fn(async () => []),
    } as unknown as DataProvider;
    const tree = {
      title: '伙伴类型 / 伙伴',
      fieldKey: 'partnerType',
      field: 'partnerType',
      children: { field: 'partnerId', parentField: 'partnerType' },
    };
    const { result } = renderHook(() => useCategories(provider, 'partnerFiles', tree));
    await waitFor(() => expect(result.current.nodes).toEqual(nodes));
    expect(treeNodes).toHaveBeenCalledWith('partnerFiles');
    expect(pickerOptions).not.toHaveBeenCalled();
  });
});
