import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '../../../common/schema/types';
import { fitColumns, isKeyColumn } from './fit';

const cols: ColumnDef[] = [
  { prop: 'code', label: '应付单号', width: 160 },
  { prop: 'partnerId', label: '往来单位', width: 160 },
  { prop: 'payableType', label: '应付类型', width: 100 },
  { prop: 'price', label: '应付金额', width: 110, priceType: true },
  { prop: 'dueDate', label: '到期日', width: 110 },
  { prop: 'remark', label: '备注', width: 200 },
  { prop: 'payStatus', label: '付款状态', width: 100, type: 'status' },
  { prop: 'createdAt', label: '创建时间', width: 160, checked: false },
];

describe('list columns cut to their width', () => {
  it("code, amounts, statuses, names and the page's key props are key; a column may say otherwise", () => {
    expect(cols.filter((c) => isKeyColumn(c, [])).map((c) => c.prop)).toEqual([
      'code',
      'partnerId',
      'price',
      'payStatus',
    ]);
    expect(isKeyColumn({ prop: 'stage', label: '阶段' }, ['stage'])).toBe(true);
    expect(isKeyColumn({ prop: 'propName', label: '道具名称' }, [])).toBe(true);
    // Another record's code is not key unless the page says so (a task is found by its order's code).
    expect(isKeyColumn({ prop: 'sourceCode', label: '来源单号' }, [])).toBe(false);
    expect(isKeyColumn({ prop: 'orderCode', label: '订单编号', keep: true }, [])).toBe(true);
    expect(isKeyColumn({ prop: 'price', label: '金额', priceType: true, keep: false }, [])).toBe(false);
    expect(isKeyColumn({ prop: 'dueDate', label: '到期日', keep: true }, [])).toBe(true);
  });

  it("unmeasured, the page's checked columns; too narrow, the last ones that are not key go first", () => {
    const all = ['code', 'partnerId', 'payableType', 'price', 'dueDate', 'remark', 'payStatus'];
    expect(fitColumns(cols, null, [])).toEqual(all);
    expect(fitColumns(cols, 2000, [])).toEqual(all);
    // 940 wide in all: at 740 备注 (200) goes; at 700 到期日 (110) too.
    expect(fitColumns(cols, 740, [])).toEqual(['code', 'partnerId', 'payableType', 'price', 'dueDate', 'payStatus']);
    expect(fitColumns(cols, 700, [])).toEqual(['code', 'partnerId', 'payableType', 'price', 'payStatus']);
    // Narrower than the key columns alone: every other column is gone, the key ones stay (and scroll).
    expect(fitColumns(cols, 100, [])).toEqual(['code', 'partnerId', 'price', 'payStatus']);
  });
});
