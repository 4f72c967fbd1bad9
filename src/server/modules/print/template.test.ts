import { describe, expect, it } from 'vitest';
import { describeModule } from '../records/schema-registry';
import { validatePageSchema, type PageSchema } from '../../../common/schema';
import { printTemplate, printTemplateErrors } from './template';
import { chinaDateTime, shown } from './layout';

const page = (extra: Partial<PageSchema> = {}) =>
  ({
    key: 'claims',
    title: '报销管理',
    module: 'claims',
    list: { columns: [{ prop: 'code', label: '单号' }] },
    stages: {
      field: 'payStage',
      label: '支付状态',
      initial: '待支付',
      values: [{ value: '待支付' }, { value: '已支付' }],
      actions: [],
    },
    drawer: {
      title: '报销单',
      fields: [
        { fieldName: 'applicantId', titleName: '报销人', fontendType: 'select', data: { fieldKey: 'teamMembers' } },
        { fieldName: 'applyDate', titleName: '报销日期', fontendType: 'date' },
        { fieldName: 'totalPrice', titleName: '报销总额', fontendType: 'number', unit: '元' },
        { fieldName: 'area', titleName: '面积', fontendType: 'number', unit: 'm²' },
        { fieldName: 'secret', titleName: '隐藏', fontendType: 'text', hidden: true },
        { fieldName: 'scan', titleName: '附件', fontendType: 'upload' },
        { fieldName: 'advanceCode', titleName: '冲抵借支单', fontendType: 'text', dependOn: { field: 'offset' } },
      ],
      lines: {
        title: '费用明细',
        columns: [
          { prop: 'item', label: '项目' },
          { prop: 'photo', label: '票据', type: 'image' },
          { prop: 'price', label: '金额', priceType: true, summaryMethod: 'sum' },
          { prop: 'amount', label: '小计', compute: { expr: 'round(qty * price, 2)' } },
          { prop: 'qty', label: '数量' },
        ],
      },
    },
    ...extra,
  }) as PageSchema;
const mod = (extra: Partial<PageSchema> = {}) => describeModule('claims.json', page(extra));

describe('print templates', () => {
  it('a page without printable or print does not print', () => {
    expect(printTemplate(mod())).toBeNull();
  });

  it("printable: true prints the default template: the drawer's shown fields and lines, no totals or signatures", () => {
    const t = printTemplate(mod({ printable: true }))!;
    expect(t.title).toBe('报销单');
    expect(t.header.map((f) => f.name)).toEqual(['applicantId', 'applyDate', 'totalPrice', 'area', 'advanceCode']);
    expect(t.header.find((f) => f.name === 'totalPrice')).toMatchObject({ kind: 'money', unit: undefined });
    expect(t.header.find((f) => f.name === 'area')).toMatchObject({ kind: 'text', unit: 'm²' });
    expect(t.columns.map((c) => c.prop)).toEqual(['item', 'price', 'amount', 'qty']);
    expect(t.columns[1]).toMatchObject({ kind: 'money', sum: true });
    // A cell computed from a price is money too; a plain number is not.
    expect(t.columns[2]).toMatchObject({ kind: 'money', sum: false });
    expect(t.columns[3]).toMatchObject({ kind: 'text' });
    expect(t).toMatchObject({
      totals: [],
      signatures: [],
      approvals: true,
      linesTitle: '费用明细',
      stage: { field: 'payStage', label: '支付状态' },
    });
  });

  it('a declared print names its title, header (system fields and the stage too), columns, totals (a field or a line column) and signatures', () => {
    const m = mod({
      print: {
        title: '费用报销单',
        header: ['code', 'applicantId', 'payStage', 'createdAt'],
        lines: { columns: ['price', 'item'] },
        totals: [
          { field: 'totalPrice', capital: true },
          { field: 'price', label: '明细合计' },
        ],
        approvals: false,
        signatures: ['经办人', '财务'],
      },
    });
    expect(printTemplateErrors(m)).toEqual([]);
    const t = printTemplate(m)!;
    expect(t.title).toBe('费用报销单');
    expect(t.header.map((f) => [f.name, f.label])).toEqual([
      ['code', '单号'],
      ['applicantId', '报销人'],
      ['payStage', '支付状态'],
      ['createdAt', '创建时间'],
    ]);
    expect(t.columns.map((c) => c.prop)).toEqual(['price', 'item']);
    expect(t.totals).toEqual([
      { field: 'totalPrice', label: '报销总额', capital: true, fromLines: false },
      { field: 'price', label: '明细合计', capital: false, fromLines: true },
    ]);
    expect(t).toMatchObject({ approvals: false, signatures: ['经办人', '财务'] });
  });

  it('names every field a template refers to that the page lacks', () => {
    const m = mod({
      print: { header: ['applicantId', 'nope'], lines: { columns: ['item', 'ghost'] }, totals: [{ field: 'missing' }] },
    });
    expect(printTemplateErrors(m)).toEqual([
      'print.header[1] "nope" is not a field of the page',
      'print.lines.columns[1] "ghost" is not a column of drawer.lines',
      'print.totals[0] "missing" is neither a field nor a line column of the page',
    ]);
    const noLines = describeModule('x.json', {
      ...page(),
      drawer: { ...page().drawer!, lines: undefined },
      print: { lines: { columns: ['item'] } },
    } as PageSchema);
    expect(printTemplateErrors(noLines)).toEqual(['print.lines: the page has no line items (drawer.lines)']);
  });

  it('the meta-schema refuses an unknown print key and a misspelt field name; print is a button action', () => {
    expect(validatePageSchema(page({ print: { title: '报销单', header: ['applicantId'] } }), 'x.json').ok).toBe(true);
    expect(validatePageSchema({ ...page(), print: { title: '报销单', colour: 'red' } }, 'x.json').ok).toBe(false);
    expect(validatePageSchema({ ...page(), print: { header: ['bad name'] } }, 'x.json').ok).toBe(false);
    const withBatch = page({
      list: {
        columns: [{ prop: 'code', label: '单号' }],
        actions: [{ key: 'printBatch', text: '批量打印', action: 'print' }],
      },
    });
    expect(validatePageSchema(withBatch, 'x.json').ok).toBe(true);
  });

  it('prints values by their names, money with 2 decimals, dates and ranges formatted', () => {
    expect(shown(3, 'deptId', { deptIdName: '设计部' })).toBe('设计部');
    expect(shown(1234.5, 'x', {}, 'money')).toBe('1,234.50');
    expect(shown('2026-11-20', 'x', {}, 'date')).toBe('2026-11-20');
    expect(shown(['2026-11-01', '2026-11-30'], 'x', {})).toBe('2026-11-01 至 2026-11-30');
    expect(shown(true, 'x', {})).toBe('是');
    expect(shown(null, 'x', {}, 'money')).toBe('');
    // Instants print in China time whatever the server's zone; a wall-clock text stays.
    expect(shown('2026-11-20T17:30:00.000Z', 'createdAt', {}, 'dateTime')).toBe('2026-11-21 01:30:00');
    expect(chinaDateTime(Date.UTC(2026, 10, 20, 2, 5))).toBe('2026-11-20 10:05:00');
    expect(chinaDateTime('2026-11-20 09:00:00')).toBe('2026-11-20 09:00:00');
  });
});
