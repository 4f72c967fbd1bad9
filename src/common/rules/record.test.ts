import { describe, expect, it } from 'vitest';
import type { ColumnDef, FieldDef } from '../schema/types';
import { validateRecord } from './record';
import { summaryRow } from './summary';
import { fill, Messages, msg } from './messages';

const fields: FieldDef[] = [
  { fieldName: 'name', titleName: '名称', fontendType: 'text', requireAble: true },
  { fieldName: 'phone', titleName: '电话', fontendType: 'text', reg: '^1\\d{10}$', regMsg: '请输入正确的手机号' },
  { fieldName: 'secret', titleName: '隐藏', fontendType: 'text', requireAble: true, hidden: true },
];
const cols: ColumnDef[] = [
  { prop: 'item', label: '项目', requireAble: true },
  { prop: 'quantity', label: '数量', inputType: 'number' },
  { prop: 'note', label: '说明', requireAble: true, dependOn: { field: 'item', value: '其他' } },
];

describe('validateRecord', () => {
  it('returns the first failing field', () => {
    expect(validateRecord(fields, cols, {})).toEqual({ field: 'name', message: '名称不能为空' });
    expect(validateRecord(fields, cols, { name: 'a', phone: '1' })).toEqual({ field: 'phone', message: '请输入正确的手机号' });
  });
  it('skips hidden fields and checks every line item', () => {
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: 'x' }, { item: '' }] }))
      .toEqual({ field: 'lines[1].item', message: '请填写项目！' });
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: 'x', quantity: -1 }] }))
      .toEqual({ field: 'lines[0].quantity', message: '请输入正确的数字' });
  });
  it('required columns with dependOn only count when the condition holds', () => {
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: 'x' }] })).toBeNull();
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: '其他' }] })?.message).toBe('请填写说明！');
  });
});

describe('summary row', () => {
  const c: ColumnDef[] = [
    { prop: 'name', label: '名称' }, { prop: 'contractPrice', label: '合同金额' }, { prop: 'logisticsPrice', label: '物流费' },
    { prop: 'returnPrice', label: '已回款' }, { prop: 'balancePrice', label: '未结余额' }, { prop: 'advancePaidPrice', label: '已预付' },
    { prop: 'payablePrice', label: '应付金额' }, { prop: 'unitPrice', label: '单价' }, { prop: 'fee', label: '费用', summaryMethod: 'sum' },
  ];
  it('sums the six money columns, 合计 first, dashes where nothing numeric', () => {
    const rows = [
      { contractPrice: 100.1, logisticsPrice: '5', returnPrice: 'abc', payablePrice: 1, unitPrice: 3, fee: 2 },
      { contractPrice: '0.2', logisticsPrice: '', payablePrice: 2.005, unitPrice: 4, fee: 2 },
    ];
    expect(summaryRow(c, rows)).toEqual(['合计', '100.30', '5.00', '-', '-', '-', '3.01', '', '4.00']);
  });
  it('all dashes for an empty table', () => {
    expect(summaryRow(c, []).slice(0, 3)).toEqual(['合计', '-', '-']);
  });
});

describe('messages catalogue', () => {
  it('keeps messages.md wording and fills placeholders', () => {
    expect(msg('pleaseFillIn', { label: '数量' })).toBe('请填写数量！');
    expect(msg('paginationTotal', { n: 3 })).toBe('共 3 条');
    expect(msg('totalDays', { n: 3 })).toBe('共3天');
    expect(fill('{a}{b}', { a: 1 })).toBe('1{b}');
    expect(Messages.detailsPrefix).toBe('详情：');
    expect(Messages.enterReason).toBe('请输入原因');
  });
});
