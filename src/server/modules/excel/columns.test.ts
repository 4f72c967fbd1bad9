// A list column as a sheet column: headers, labels instead of ids, dates as the list shows them (China time),
// money and percentages as numbers, lists as text, the columns an export may name, and the 合计 sums in cents.
import { describe, expect, it } from 'vitest';
import type { ColumnDef } from '../../../common/schema';
import { cellOf, ColumnSums, sheetColumns } from './columns';

const columns: ColumnDef[] = [
  { prop: 'code', label: '单号', type: 'textButton' },
  { prop: 'deptId', label: '部门', viewField: 'deptIdName' },
  { prop: 'expenseType', label: '费用类型', type: 'enum', data: { fieldKey: 'expenseType' } },
  { prop: 'level', label: '等级', type: 'enum', data: { a: '甲级', b: '乙级' } },
  { prop: 'stage', label: '阶段', type: 'status', data: [{ label: '待支付', value: 'pending' }] as never },
  { prop: 'price', label: '金额', type: 'money', unit: '元' },
  { prop: 'rate', label: '税率', type: 'percent', summaryMethod: 'none' },
  { prop: 'qty', label: '数量', summaryMethod: 'sum' },
  { prop: 'free', label: '优惠', type: 'money', summaryMethod: 'none', checked: false },
  { prop: 'applyDate', label: '日期', type: 'time' },
  { prop: 'createdAt', label: '创建时间', type: 'allDate' },
  { prop: 'month', label: '月份', type: 'month' },
  { prop: 'tags', label: '标签', type: 'spanList' },
  {
    prop: 'lines',
    label: '明细',
    type: 'infoPopover',
    tabelHeaders: [
      { prop: 'name', label: '名称' },
      { prop: 'price', label: '金额' },
    ],
  },
  { prop: 'weight', label: '重量', unit: 'kg' },
  { prop: 'ops', label: '操作', type: 'buttonList' },
];
const col = (prop: string) => columns.find((c) => c.prop === prop)!;

const row = {
  code: 'BX001',
  deptId: 7,
  deptIdName: '业务部',
  expenseType: 12,
  expenseTypeName: '差旅费',
  level: 'b',
  stage: 'pending',
  price: '1234.5',
  rate: 0.13,
  qty: 3,
  applyDate: '2026-03-04',
  createdAt: '2026-03-04T17:30:00.000Z',
  month: '2026-03',
  tags: ['急', '大客户'],
  lines: [
    { name: '机票', price: 800 },
    { name: '酒店', price: 434.5 },
  ],
  weight: 2,
};

describe('sheet cells', () => {
  it('reads names, labels, numbers and dates as the list shows them', () => {
    expect(cellOf(col('code'), row)).toBe('BX001');
    expect(cellOf(col('deptId'), row)).toBe('业务部');
    expect(cellOf(col('expenseType'), row)).toBe('差旅费');
    expect(cellOf(col('level'), row)).toBe('乙级');
    expect(cellOf(col('stage'), row)).toBe('待支付');
    expect(cellOf(col('price'), row)).toBe(1234.5);
    expect(cellOf(col('rate'), row)).toBe(0.13);
    expect(cellOf(col('applyDate'), row)).toBe('2026-03-04');
    // 17:30 UTC is the next morning in China.
    expect(cellOf(col('createdAt'), row)).toBe('2026-03-05 01:30:00');
    expect(cellOf(col('month'), row)).toBe('2026-03');
    expect(cellOf(col('tags'), row)).toBe('急、大客户');
    expect(cellOf(col('lines'), row)).toBe('机票 800\n酒店 434.5');
    expect(cellOf(col('weight'), row)).toBe('2kg');
    expect(cellOf(col('price'), { price: null })).toBeNull();
    expect(cellOf(col('deptId'), {})).toBeNull();
  });

  it('takes the named columns in their order, or the default ones; refuses a column the list lacks', () => {
    expect(sheetColumns(columns, ['price', 'code']).map((c) => c.header)).toEqual(['金额', '单号']);
    const byDefault = sheetColumns(columns).map((c) => c.prop);
    expect(byDefault).not.toContain('free');
    expect(byDefault).not.toContain('ops');
    expect(sheetColumns(columns, ['code', 'ops']).map((c) => c.prop)).toEqual(['code']);
    expect(() => sheetColumns(columns, ['code', 'nope'])).toThrow('列表没有这些列：nope');
    expect(() => sheetColumns(columns, ['ops'])).toThrow('没有可导出的列');
    expect(sheetColumns(columns, ['price']).map((c) => c.numFmt)).toEqual(['0.00']);
  });

  it('sums money (unless opted out) and summaryMethod sum columns in cents, 合计 in the first column', () => {
    const cols = sheetColumns(columns, ['code', 'price', 'rate', 'qty', 'free']);
    const sums = new ColumnSums(cols);
    for (let i = 0; i < 1000; i++)
      sums.add(cols.map((c) => c.cell({ code: `X${i}`, price: 0.1, rate: 0.5, qty: 1, free: 2 })));
    expect(sums.row()).toEqual(['合计', 100, null, 1000, null]);
  });
});
