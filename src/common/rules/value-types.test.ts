import { describe, expect, it } from 'vitest';
import type { ColumnDef, FieldDef, FieldType } from '../schema/types';
import { FIELD_TYPES } from '../schema/types';
import { fieldError } from './field-rules';
import {
  cellName,
  cellValueProblem,
  fieldTypeError,
  fieldValueProblem,
  isFileItem,
  isSafeFileUrl,
  parseDateValue,
  toDecimal,
} from './value-types';

const field = (fontendType: FieldType, extra: Partial<FieldDef> = {}): FieldDef => ({
  fieldName: 'f',
  titleName: '字段',
  fontendType,
  ...extra,
});
const opts = [
  { label: '个人', value: 'personal' },
  { label: '企业', value: 'enterprise' },
];
const tree = [
  {
    label: '浙江',
    value: 'zj',
    children: [{ label: '杭州', value: 'hz', children: [{ label: '西湖', value: 'xh' }] }],
  },
  { label: '上海', value: 'sh' },
];
const file = { url: '/api/files/1/a.png', name: 'a.png' };

describe('numbers: a finite number or a plain decimal string', () => {
  it.each([
    [12, 12],
    [-1.5, -1.5],
    ['12', 12],
    ['-0.25', -0.25],
    ['999999999.99', 999999999.99],
  ])('%j → %j', (v, n) => {
    expect(toDecimal(v)).toBe(n);
  });
  it.each([
    ['1e5'],
    ['Infinity'],
    ['0x10'],
    [' 12 '],
    ['+1'],
    ['1.'],
    ['.5'],
    ['1,000'],
    [''],
    [NaN],
    [Infinity],
    [true],
    [{}],
    [[1]],
  ])('%j is refused', (v) => {
    expect(toDecimal(v)).toBeNull();
  });
});

describe('dates: real calendar dates in the stored format', () => {
  it('YYYY-MM-DD', () => {
    expect(parseDateValue('2026-02-28', 'YYYY-MM-DD')).toBe(Date.UTC(2026, 1, 28));
    expect(parseDateValue('2024-02-29', 'YYYY-MM-DD')).not.toBeNull();
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      'not-a-date',
      '2026-01-01 10:00:00',
      true,
      20260101,
      {},
    ]) {
      expect(parseDateValue(bad, 'YYYY-MM-DD'), String(bad)).toBeNull();
    }
  });
  it('month, date-time, other valueFormats and timestamps', () => {
    expect(parseDateValue('2026-11', 'YYYY-MM')).not.toBeNull();
    expect(parseDateValue('2026-11-20', 'YYYY-MM')).toBeNull();
    expect(parseDateValue('2026-11-20 23:59:59', 'YYYY-MM-DD HH:mm:ss')).not.toBeNull();
    expect(parseDateValue('2026-11-20 24:00:00', 'YYYY-MM-DD HH:mm:ss')).toBeNull();
    expect(parseDateValue('2026/11/20', 'YYYY/MM/DD')).not.toBeNull();
    expect(parseDateValue('20261120', 'YYYYMMDD')).not.toBeNull();
    expect(parseDateValue('2026年11月20日', 'YYYY[年]MM[月]DD[日]')).not.toBeNull();
    expect(parseDateValue(1709618829000, 'x')).toBe(1709618829000);
    expect(parseDateValue('1709618829', 'X')).toBe(1709618829000);
    expect(parseDateValue('abc', 'x')).toBeNull();
  });
});

describe('field shapes by fontendType', () => {
  const good: Record<FieldType, [Partial<FieldDef>, unknown]> = {
    text: [{}, '文字'],
    textarea: [{}, '多行\n文字'],
    number: [{}, 12.5],
    select: [{ data: opts }, 'personal'],
    multiSelect: [{ data: opts }, ['personal', 'enterprise']],
    treeSelect: [{ data: tree }, 'hz'],
    cascader: [{ data: tree }, ['zj', 'hz', 'xh']],
    date: [{}, '2026-11-20'],
    month: [{}, '2026-11'],
    dateTime: [{}, '2026-11-20 08:30:00'],
    dateRange: [{}, ['2026-11-01', '2026-11-20']],
    twoText: [
      { fields: [{ name: 'name' }, { name: 'phone', type: 'number' }] },
      { name: '张三', phone: '13800138000' },
    ],
    dimension: [{}, { length: 10, width: 20.5, height: '3' }],
    upload: [{ limit: 2 }, [file, { url: '/api/files/2/b.pdf', name: 'b.pdf', fileName: 'b.pdf', size: 10 }]],
    image: [{}, [file]],
    idCard: [{}, '11010519491231002X'],
    switch: [{}, false],
    radio: [{ data: opts }, 'enterprise'],
    checkbox: [{ data: opts }, ['personal']],
  };
  it('covers every type', () => expect(Object.keys(good).sort()).toEqual([...FIELD_TYPES].sort()));
  it.each(Object.entries(good))('%s accepts its shape', (t, [extra, v]) => {
    expect(fieldValueProblem(field(t as FieldType, extra), v)).toBeNull();
  });

  const bad: [FieldType, Partial<FieldDef>, unknown][] = [
    ['text', {}, {}],
    ['text', {}, 12],
    ['text', {}, ['a']],
    ['textarea', {}, true],
    ['text', { type: 'number' }, '1e5'],
    ['number', {}, '1e5'],
    ['number', {}, 'Infinity'],
    ['number', {}, '0x10'],
    ['number', {}, ' 12 '],
    ['number', {}, true],
    ['number', {}, Infinity],
    ['select', {}, {}],
    ['select', {}, ['a']],
    ['select', {}, true],
    ['multiSelect', {}, 'a'],
    ['multiSelect', {}, [{}]],
    ['treeSelect', {}, [1]],
    ['cascader', {}, 'zj'],
    ['cascader', {}, [{}]],
    ['date', {}, true],
    ['date', {}, 'not-a-date'],
    ['date', {}, '2026-02-30'],
    ['date', { valueFormat: 'YYYY/MM/DD' }, '2026-11-20'],
    ['month', {}, '2026-13'],
    ['dateTime', {}, '2026-11-20'],
    ['dateRange', {}, '2026-11-01'],
    ['dateRange', {}, ['2026-11-01']],
    ['dateRange', {}, ['2026-11-01', 'x']],
    ['dateRange', {}, ['2026-11-01', '2026-11-02', '2026-11-03']],
    ['twoText', {}, 'a-b'],
    ['twoText', {}, { start: 'a', other: 'b' }],
    ['twoText', {}, { start: {} }],
    ['twoText', { type: 'number' }, { start: '1e5' }],
    ['dimension', {}, [1, 2, 3]],
    ['dimension', {}, { length: 'abc' }],
    ['dimension', {}, { depth: 1 }],
    ['upload', {}, file],
    ['upload', {}, ['/api/files/1/a.png']],
    ['upload', {}, [{ name: 'a' }]],
    ['upload', {}, [{ url: 1 }]],
    ['upload', {}, [{ url: '/api/files/1/a.png', name: 5 }]],
    ['upload', {}, [{ url: '/api/files/1/a.png', extra: {} }]],
    ['image', {}, [{ url: 'javascript:alert(1)' }]],
    ['image', {}, [{ url: 'http://evil.example/x.png' }]],
    ['image', {}, [{ url: '//evil.example/x.png' }]],
    ['idCard', {}, 110105],
    ['switch', {}, 'true'],
    ['switch', {}, 1],
    ['radio', {}, ['a']],
    ['checkbox', {}, 'personal'],
  ];
  it.each(bad)('%s refuses %j %j as 字段格式不正确', (t, extra, v) => {
    expect(fieldValueProblem(field(t, extra), v)).toBe('format');
    expect(fieldError(field(t, extra), v)).toBe('字段格式不正确');
  });

  it('inline options: the value must be one of them (tree and cascader paths too)', () => {
    expect(fieldTypeError(field('select', { data: opts }), 'other')).toBe('字段的选项不存在');
    expect(fieldTypeError(field('radio', { data: opts }), 'other')).toBe('字段的选项不存在');
    expect(fieldTypeError(field('checkbox', { data: opts }), ['personal', 'x'])).toBe('字段的选项不存在');
    expect(fieldTypeError(field('multiSelect', { data: opts }), ['x'])).toBe('字段的选项不存在');
    expect(fieldTypeError(field('treeSelect', { data: tree }), 'xh')).toBeNull();
    expect(fieldTypeError(field('cascader', { data: tree }), ['zj', 'xh'])).toBe('字段的选项不存在');
    expect(
      fieldTypeError(field('cascader', { data: tree, props: { multiple: true } }), [['sh'], ['zj', 'hz']]),
    ).toBeNull();
    expect(fieldTypeError(field('select', { data: [{ label: '是', value: true }] }), true)).toBeNull();
    // Dictionary-backed values are checked against the team's dictionary by the server.
    expect(fieldTypeError(field('select', { data: { fieldKey: 'dept' } }), 12)).toBeNull();
    expect(
      fieldTypeError(field('select', { data: { fieldKey: 'dept' }, props: { mode: 'multiple' } }), [12, '13']),
    ).toBeNull();
  });

  it('a date range ends no earlier than it starts', () => {
    expect(fieldTypeError(field('dateRange'), ['2026-11-20', '2026-11-01'])).toBe('字段的开始日期不能晚于结束日期');
    expect(fieldTypeError(field('dateRange'), ['2026-11-20', '2026-11-20'])).toBeNull();
    expect(
      fieldTypeError(field('dateRange', { props: { showTime: true } }), ['2026-11-20 10:00:00', '2026-11-20 11:00:00']),
    ).toBeNull();
  });

  it('required first, then the shape of any present value (an empty {} or [] is not stored as text)', () => {
    const f = field('textarea', { requireAble: true, titleName: '事由' });
    expect(fieldError(f, {})).toBe('事由不能为空');
    expect(fieldError(f, '')).toBe('事由不能为空');
    expect(fieldError(field('textarea', { titleName: '备注' }), {})).toBe('备注格式不正确');
    expect(fieldError(field('textarea', { titleName: '备注' }), [])).toBe('备注格式不正确');
    expect(fieldError(field('date', { titleName: '报销日期' }), true)).toBe('报销日期格式不正确');
    expect(fieldError(field('date'), null)).toBeNull();
    expect(fieldError(field('twoText', { requireAble: true }), { start: '', end: '' })).toBe('字段不能为空');
  });
});

describe('files', () => {
  it('a file is {url, name?} with a url on this site', () => {
    expect(isFileItem(file)).toBe(true);
    expect(isFileItem({ url: 'blob:http://localhost/3f1c' })).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      'http://evil/x.png',
      '//evil/x.png',
      '/\\evil/x.png',
      '/a b',
      '',
    ]) {
      expect(isSafeFileUrl(url), url).toBe(false);
    }
    expect(isFileItem(Object.assign(Object.create({ polluted: 1 }), { url: '/a' }))).toBe(false);
  });
});

describe('line cells by inputType', () => {
  const col = (extra: Partial<ColumnDef>): ColumnDef => ({ prop: 'c', label: '列', ...extra });
  it('number, select, date, text and image cells', () => {
    expect(cellValueProblem(col({ inputType: 'number' }), '1e5')).toBe('format');
    expect(cellValueProblem(col({ priceType: true }), '12.50')).toBeNull();
    expect(cellValueProblem(col({ inputType: 'select' }), { id: 1 })).toBe('format');
    expect(cellValueProblem(col({ inputType: 'select', data: opts }), 'x')).toBe('option');
    expect(cellValueProblem(col({ inputType: 'multiSelect' }), [1, '2'])).toBeNull();
    expect(cellValueProblem(col({ inputType: 'date' }), 'not-a-date')).toBe('format');
    expect(cellValueProblem(col({ inputType: 'date' }), '2026-11-20')).toBeNull();
    expect(cellValueProblem(col({ inputType: 'text' }), 5)).toBe('format');
    expect(cellValueProblem(col({ type: 'image' }), [file])).toBeNull();
    expect(cellValueProblem(col({ type: 'image' }), 'a.png')).toBe('format');
    expect(cellValueProblem(col({}), { a: 1 })).toBe('format');
  });
  it('names a cell by table, line and column', () => {
    expect(cellName('费用明细', 0, '发生日期')).toBe('费用明细第1行发生日期');
    expect(cellName(undefined, 2, '金额')).toBe('明细第3行金额');
  });
});
