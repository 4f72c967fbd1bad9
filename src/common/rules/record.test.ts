import { describe, expect, it } from 'vitest';
import type { ColumnDef, FieldDef } from '../schema/types';
import { lineCellError, validateRecord } from './record';
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
    expect(validateRecord(fields, cols, { name: 'a', phone: '1' })).toEqual({
      field: 'phone',
      message: '电话：请输入正确的手机号',
    });
  });
  it('skips hidden fields and checks every line item', () => {
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: 'x' }, { item: '' }] })).toEqual({
      field: 'lines[1].item',
      message: '明细第2行项目不能为空',
    });
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: 'x', quantity: -1 }] })).toEqual({
      field: 'lines[0].quantity',
      message: '明细第1行数量：请输入正确的数字',
    });
  });
  it('required columns with dependOn only count when the condition holds', () => {
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: 'x' }] })).toBeNull();
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: '其他' }] })?.message).toBe(
      '明细第1行说明不能为空',
    );
  });
});

describe('line cells: types, sign and range', () => {
  const lineCols: ColumnDef[] = [
    { prop: 'occurDate', label: '发生日期', inputType: 'date', requireAble: true },
    { prop: 'description', label: '说明', inputType: 'text', maxLength: 5 },
    {
      prop: 'price',
      label: '金额',
      inputType: 'number',
      priceType: true,
      requireAble: true,
      min: 0.01,
      max: 999999999.99,
    },
  ];
  const v = (line: object) =>
    validateRecord(
      [],
      lineCols,
      { lines: [{ occurDate: '2026-11-20', price: 1, ...line }] },
      { linesTitle: '费用明细' },
    );
  it('a malformed cell names the table, the line and the column', () => {
    expect(v({ occurDate: 'not-a-date' })).toEqual({
      field: 'lines[0].occurDate',
      message: '费用明细第1行发生日期格式不正确',
    });
    expect(v({ price: '1e5' })).toEqual({ field: 'lines[0].price', message: '费用明细第1行金额格式不正确' });
    expect(v({ description: 12 })?.message).toBe('费用明细第1行说明格式不正确');
    expect(validateRecord([], lineCols, { lines: [{ occurDate: true, price: 1 }] })?.message).toBe(
      '明细第1行发生日期格式不正确',
    );
  });
  it('amounts: above 0 and at most 999,999,999.99, a minus sign is 请输入正确的数字', () => {
    expect(v({ price: -1 })?.message).toBe('费用明细第1行金额：请输入正确的数字');
    expect(v({ price: 0 })?.message).toBe('费用明细第1行金额：请输入0.01-999999999.99之间的数字');
    expect(v({ price: 1000000000 })?.message).toBe('费用明细第1行金额：请输入0.01-999999999.99之间的数字');
    expect(v({ price: 999999999.99 })).toBeNull();
    expect(v({ price: '0.01' })).toBeNull();
    expect(v({ description: '123456' })?.message).toBe('费用明细第1行说明：最大输入长度为5');
  });
  it('lineCellError: the bare message the table shows beside the cell', () => {
    expect(lineCellError(lineCols[2], '1e5')).toBe('请输入正确的数字');
    expect(lineCellError(lineCols[2], '')).toBe('请填写金额！');
    expect(lineCellError(lineCols[0], 'x')).toBe('发生日期格式不正确');
    expect(lineCellError({ prop: 'q', label: '数量', inputType: 'number', min: -5 }, -3)).toBeNull();
    expect(lineCellError({ prop: 'q', label: '数量', inputType: 'number', max: 10 }, 11)).toBe('请输入小于10的数字');
    expect(lineCellError({ prop: 'img', label: '票据', type: 'image', limit: 1 }, [{ url: '/a' }, { url: '/b' }])).toBe(
      '最多只能上传1个文件',
    );
    const phone = {
      prop: 'mobile',
      label: '手机号',
      inputType: 'text' as const,
      reg: '^1[3-9]\\d{9}$',
      regMsg: '请输入正确的手机号',
    };
    expect(lineCellError(phone, '12345')).toBe('请输入正确的手机号');
    expect(lineCellError(phone, '13912345678')).toBeNull();
    expect(lineCellError(phone, '')).toBeNull();
    expect(lineCellError({ ...phone, regMsg: undefined }, 'x')).toBe('手机号格式不正确');
  });
  it("a refused save says where: a field by its title, a cell by its line (第 N 行) and its column's title", () => {
    const amount: FieldDef = {
      fieldName: 'offsetPrice',
      titleName: '冲借支金额',
      fontendType: 'number',
      min: 0.01,
      max: 500000,
    };
    expect(validateRecord([amount], [], { offsetPrice: 600000 })).toEqual({
      field: 'offsetPrice',
      message: '冲借支金额：请输入0.01-500000之间的数字',
    });
    // A message naming the field already is left as it is.
    expect(validateRecord(fields, [], {})?.message).toBe('名称不能为空');
    const lines = [
      { item: 'a', quantity: 1 },
      { item: 'b', quantity: 2 },
      { item: '', quantity: 3 },
    ];
    expect(validateRecord([], cols, { lines }, { linesTitle: '采购明细' })).toEqual({
      field: 'lines[2].item',
      message: '采购明细第3行项目不能为空',
    });
    const mobile: ColumnDef = {
      prop: 'mobile',
      label: '手机号',
      inputType: 'text',
      reg: '^1\\d{10}$',
      regMsg: '请输入正确的联系人手机号',
    };
    expect(validateRecord([], [mobile], { lines: [{ mobile: '12' }] }, { linesTitle: '联系人' })?.message).toBe(
      '联系人第1行：请输入正确的联系人手机号',
    );
    const strict: ColumnDef = { prop: 'quantity', label: '数量', inputType: 'number', exclusiveMinimum: 0 };
    expect(
      validateRecord([], [strict], { lines: [{ quantity: 1 }, { quantity: 0 }] }, { linesTitle: '采购明细' }),
    ).toEqual({ field: 'lines[1].quantity', message: '采购明细第2行数量必须大于0' });
  });
  it("exclusiveMinimum / exclusiveMaximum refuse the bound itself, with the field's or column's name", () => {
    const quantity: ColumnDef = {
      prop: 'quantity',
      label: '数量',
      inputType: 'number',
      exclusiveMinimum: 0,
      exclusiveMaximum: 100,
    };
    expect(lineCellError(quantity, 0)).toBe('数量必须大于0');
    expect(lineCellError(quantity, '0.00')).toBe('数量必须大于0');
    expect(lineCellError(quantity, 0.001)).toBeNull();
    expect(lineCellError(quantity, 99.99)).toBeNull();
    expect(lineCellError(quantity, 100)).toBe('数量必须小于100');
    // A negative bound lets a minus sign through; the bound itself is still refused.
    expect(lineCellError({ prop: 't', label: '温度', inputType: 'number', exclusiveMinimum: -10 }, -9.5)).toBeNull();
    expect(lineCellError({ prop: 't', label: '温度', inputType: 'number', exclusiveMinimum: -10 }, -10)).toBe(
      '温度必须大于-10',
    );
    const price: FieldDef = {
      fieldName: 'price',
      titleName: '金额',
      fontendType: 'number',
      exclusiveMinimum: 0,
      max: 1000,
    };
    expect(validateRecord([price], [], { price: 0 })).toEqual({ field: 'price', message: '金额必须大于0' });
    expect(validateRecord([price], [], { price: '0.01' })).toBeNull();
    // The inclusive range is checked first, with its own message.
    expect(validateRecord([price], [], { price: 1001 })?.message).toBe('金额：请输入小于1000的数字');
    expect(
      validateRecord([{ ...price, exclusiveMinimum: undefined, exclusiveMaximum: 5 }], [], { price: 5 })?.message,
    ).toBe('金额必须小于5');
    // A field's regMsg replaces the range messages, the strict ones too.
    expect(validateRecord([{ ...price, regMsg: '请输入正数' }], [], { price: 0 })?.message).toBe('金额：请输入正数');
  });
  it('hidden fields and hidden cells are still type-checked', () => {
    expect(validateRecord([{ ...fields[2], fontendType: 'date' }], [], { secret: 5 })?.message).toBe('隐藏格式不正确');
    expect(validateRecord(fields, cols, { name: 'a', lines: [{ item: 'x', note: { a: 1 } }] })?.message).toBe(
      '明细第1行说明格式不正确',
    );
  });
});

describe('summary row', () => {
  const c: ColumnDef[] = [
    { prop: 'name', label: '名称' },
    { prop: 'contractPrice', label: '合同金额' },
    { prop: 'logisticsPrice', label: '物流费' },
    { prop: 'returnPrice', label: '已回款' },
    { prop: 'balancePrice', label: '未结余额' },
    { prop: 'advancePaidPrice', label: '已预付' },
    { prop: 'payablePrice', label: '应付金额' },
    { prop: 'unitPrice', label: '单价' },
    { prop: 'fee', label: '费用', summaryMethod: 'sum' },
  ];
  it('sums the six money columns, 合计 first, dashes where nothing numeric', () => {
    const rows = [
      { contractPrice: 100.1, logisticsPrice: '5', returnPrice: 'abc', payablePrice: 1, unitPrice: 3, fee: 2 },
      { contractPrice: '0.2', logisticsPrice: '', payablePrice: 2.005, unitPrice: 4, fee: 2 },
    ];
    expect(summaryRow(c, rows)).toEqual(['合计', '100.30', '5.00', '-', '-', '-', '3.01', '', '4.00']);
    // Thousands read with separators, as money does in lists and forms.
    expect(summaryRow(c, [{ [c[1].prop]: 1234.5 }])[1]).toBe('1,234.50');
  });
  it('all dashes for an empty table', () => {
    expect(summaryRow(c, []).slice(0, 3)).toEqual(['合计', '-', '-']);
  });
});

describe('messages catalogue', () => {
  it('keeps the catalogue wording and fills placeholders', () => {
    expect(msg('pleaseFillIn', { label: '数量' })).toBe('请填写数量！');
    expect(msg('paginationTotal', { n: 3 })).toBe('共 3 条');
    expect(msg('totalDays', { n: 3 })).toBe('共3天');
    expect(fill('{a}{b}', { a: 1 })).toBe('1{b}');
    expect(Messages.detailsPrefix).toBe('详情：');
    expect(Messages.enterReason).toBe('请输入原因');
  });
});
