import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONFIRM_DIALOG_WIDTH,
  DIALOG_WIDTH,
  MAX_TAG_COUNT,
  POPOVER_DEFAULT_TRIGGER,
  POPOVER_DEFAULT_WIDTH,
  TIPS_POPOVER_WIDTH,
  TREE_INDENT,
  TREE_MAX_HEIGHT,
  TREE_TOGGLE_OFFSET,
  debounce,
  estimateColumnWidth,
  tableHeight,
  zoomScale,
} from './constants';
import { hasPermission } from './Permission';
import { nestRows, treeIndexLabels } from './list/row-index';
import { toFilters } from './list/filters';

describe('§9 constants', () => {
  it('keeps the spec values', () => {
    expect([
      TREE_INDENT,
      TREE_TOGGLE_OFFSET,
      TIPS_POPOVER_WIDTH,
      POPOVER_DEFAULT_WIDTH,
      DIALOG_WIDTH,
      CONFIRM_DIALOG_WIDTH,
      MAX_TAG_COUNT,
    ]).toEqual([28, 181, 800, 200, 400, 500, 2]);
    expect(TREE_MAX_HEIGHT).toBe('calc(100vh - 320px)');
    expect(POPOVER_DEFAULT_TRIGGER).toBe('hover');
  });
  it('tips image zooms by 1.2 and stays within 0.2 … 7', () => {
    expect(zoomScale(1, 'in')).toBeCloseTo(1.2);
    expect(zoomScale(1.2, 'out')).toBeCloseTo(1);
    let s = 1;
    for (let i = 0; i < 50; i++) s = zoomScale(s, 'in');
    expect(s).toBe(7);
    for (let i = 0; i < 50; i++) s = zoomScale(s, 'out');
    expect(s).toBe(0.2);
  });
  it('popover columns: 7 per character, Chinese double, plus 20, at least 60', () => {
    expect(estimateColumnWidth('ab')).toBe(60);
    expect(estimateColumnWidth('abcdefgh')).toBe(8 * 7 + 20);
    expect(estimateColumnWidth('部件名称')).toBe(4 * 2 * 7 + 20);
    expect(estimateColumnWidth('数量qty')).toBe((2 * 2 + 3) * 7 + 20);
  });
  it('table heights: tab-less −250, workflow −370, other lists −324, explicit wins', () => {
    expect(tableHeight({})).toBe('calc(100vh - 250px)');
    expect(tableHeight({ hasTabs: true, workflow: true })).toBe('calc(100vh - 370px)');
    expect(tableHeight({ hasTabs: true })).toBe('calc(100vh - 324px)');
    expect(tableHeight({ hasTabs: true, height: 500 })).toBe(500);
  });
});

describe('resize debounce (16 ms)', () => {
  afterEach(() => vi.useRealTimers());
  it('fires once after the calls stop for 16 ms', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn);
    d(1);
    d(2);
    vi.advanceTimersByTime(15);
    d(3);
    vi.advanceTimersByTime(15);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    expect(fn).toHaveBeenCalledWith(3);
  });
});

describe('permission', () => {
  it("passes codes in the list and 'default'", () => {
    expect(hasPermission(['a:b'], 'a:b')).toBe(true);
    expect(hasPermission([], 'default')).toBe(true);
    expect(hasPermission([], undefined)).toBe(true);
    expect(hasPermission(['a:b'], 'a:c')).toBe(false);
  });
});

describe('list helpers', () => {
  it('tree index labels number children under their parent from the page offset', () => {
    const labels = treeIndexLabels(
      [{ id: 1, children: [{ id: 11 }, { id: 12, children: [{ id: 121 }] }] }, { id: 2 }],
      10,
    );
    expect([...labels.values()]).toEqual(['11', '11.1', '11.2', '11.2.1', '12']);
  });
  it('search values become provider filters', () => {
    const f = toFilters(
      [
        { fieldName: 'code', titleName: '单号', fontendType: 'text' },
        { fieldName: 'd', titleName: '日期', fontendType: 'dateRange' },
        { fieldName: 'm', titleName: '多选', fontendType: 'multiSelect', data: [] },
        { fieldName: 's', titleName: '单选', fontendType: 'select', data: [] },
        { fieldName: 'empty', titleName: '空', fontendType: 'text' },
      ],
      { code: 'XM', d: ['2024-01-01', '2024-01-31'], m: ['a'], s: 'x', empty: '' },
    );
    expect(f.map((x) => `${x.field}:${x.operator}`)).toEqual(['code:contains', 'd:between', 'm:in', 's:eq']);
  });
});

describe('rows as a tree (rowTree)', () => {
  it("puts a row under the row of the page its parent field names, in the page's order; others stay on top", () => {
    const rows = [
      { id: 1 },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 99 },
      { id: 4, parentId: 1 },
      { id: 5, parentId: 2 },
    ];
    const tree = nestRows(rows, 'parentId');
    expect(tree.map((r) => r.id)).toEqual([1, 3]);
    expect(tree[0].children?.map((r) => r.id)).toEqual([2, 4]);
    expect(tree[0].children?.[0].children?.map((r) => r.id)).toEqual([5]);
    // A row without parts has no children list (antd would draw an expander for an empty one).
    expect(tree[1].children).toBeUndefined();
    expect([...treeIndexLabels(tree, 0).values()]).toEqual(['1', '1.1', '1.1.1', '1.2', '2']);
  });

  it('keeps a row naming itself, or a loop of parents, on top instead of losing it', () => {
    expect(nestRows([{ id: 1, parentId: 1 }], 'parentId').map((r) => r.id)).toEqual([1]);
    const loop = nestRows([{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }, { id: 3 }], 'parentId');
    expect(loop.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
