// @vitest-environment jsdom
// Number cells of the line items and the drawer's number inputs: a minus sign, '1e5' and other
// non-decimal text never become another number; amounts keep to their column's range; the search
// form filters on line items and includes a tree node's descendants; strict bounds (exclusiveMinimum) in the cell and
// the form.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ColumnDef, FieldDef } from '../../../common/schema/types';
import { validateRecord } from '../../../common/rules/record';
import { fitColumnWidths, LineItemTable } from './LineItemTable';
import { createLineStore, sanitizeNumberInput } from './line-store';
import { SchemaFields } from '../fields/SchemaFields';
import { DataList } from '../list/DataList';
import { toFilters, withDescendants } from '../list/filters';
import { buttons, renderWithFixtures } from '../fixtures/render';
import { dictToOptions } from '../../../common/schema/dictionary';
import { DICTIONARIES } from '../fixtures/data';
import { resolveCell } from '../columns/registry';
import { displayValue } from '../fields/display';
import reimburse from '../../../../schemas/finance/reimburseManage.json';
import type { PageSchema } from '../../../common/schema/types';

afterEach(cleanup);

const columns: ColumnDef[] = [
  { prop: 'description', label: '说明', inputType: 'text' },
  {
    prop: 'price',
    label: '金额',
    inputType: 'number',
    priceType: true,
    requireAble: true,
    min: 0.01,
    max: 999999999.99,
    summaryMethod: 'sum',
  },
];

function setup(lines: Record<string, unknown>[] = [{ description: 'a', price: '3' }]) {
  const store = createLineStore(lines);
  renderWithFixtures(<LineItemTable store={store} columns={columns} title="费用明细" addable />);
  return store;
}
const price = () => screen.getByLabelText('金额') as HTMLInputElement;
const total = () => [...document.querySelectorAll('.yg-summary-row td')].map((td) => td.textContent)[2];
const messages = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('number cell input', () => {
  it('sanitising: minus → 0 with the message; other text stays, marked once', () => {
    expect(sanitizeNumberInput('-5', '3')).toEqual({ value: '0', error: '请输入正确的数字' });
    expect(sanitizeNumberInput(' 12.5 ', '1')).toEqual({ value: '12.5', error: null });
    expect(sanitizeNumberInput('1e', '1')).toEqual({ value: '1e', error: '请输入正确的数字' });
    expect(sanitizeNumberInput('1e5', '1e')).toEqual({ value: '1e5', error: null });
  });

  it('a minus sign shows 请输入正确的数字 and resets the cell to 0, which is then out of range', async () => {
    const store = setup();
    fireEvent.change(price(), { target: { value: '-5' } });
    await waitFor(() => expect(messages()).toContain('请输入正确的数字'));
    expect(price().value).toBe('0');
    expect(store.values(columns)[0].price).toBe(0);
    // 0 is not above 0: the cell says so, and so does the record check.
    expect(price().getAttribute('aria-invalid')).toBe('true');
    expect(price().title).toBe('请输入0.01-999999999.99之间的数字');
    expect(validateRecord([], columns, { lines: store.values(columns) })?.message).toBe(
      '明细第1行金额：请输入0.01-999999999.99之间的数字',
    );
  });

  it('typing 1e5 keeps 1e5 (not 15, not 100000), says 请输入正确的数字 and the record is refused', async () => {
    const store = setup([{ description: 'a' }]);
    for (const text of ['1', '1e', '1e5']) fireEvent.change(price(), { target: { value: text } });
    await waitFor(() => expect(messages()).toContain('请输入正确的数字'));
    expect(price().value).toBe('1e5');
    expect(price().getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(price());
    expect(price().value).toBe('1e5'); // not formatted into 100000.00
    expect(total()).toBe('-');
    expect(store.values(columns)[0].price).toBe('1e5');
    expect(validateRecord([], columns, { lines: store.values(columns) }, { linesTitle: '费用明细' })).toEqual({
      field: 'lines[0].price',
      message: '费用明细第1行金额格式不正确',
    });
  });

  it('amounts within range format on blur and count in the total; too large is marked', () => {
    const store = setup();
    fireEvent.change(price(), { target: { value: '12.5' } });
    fireEvent.blur(price());
    expect(price().value).toBe('12.50');
    expect(price().getAttribute('aria-invalid')).toBeNull();
    expect(total()).toBe('12.50');
    expect(store.values(columns)[0].price).toBe(12.5);
    fireEvent.change(price(), { target: { value: '1000000000' } });
    expect(price().title).toBe('请输入0.01-999999999.99之间的数字');
  });
});

describe('strict bounds in the browser', () => {
  it('a line cell with exclusiveMinimum 0 marks 0 (数量必须大于0) and takes 0.5; a field with one refuses 0 in the form', async () => {
    const strict: ColumnDef[] = [{ prop: 'quantity', label: '数量', inputType: 'number', exclusiveMinimum: 0 }];
    const store = createLineStore([{ quantity: '' }]);
    renderWithFixtures(<LineItemTable store={store} columns={strict} title="采购明细" addable />);
    const cell = () => screen.getByLabelText('数量') as HTMLInputElement;
    fireEvent.change(cell(), { target: { value: '0' } });
    expect(cell().getAttribute('aria-invalid')).toBe('true');
    expect(cell().title).toBe('数量必须大于0');
    expect(validateRecord([], strict, { lines: store.values(strict) }, { linesTitle: '采购明细' })?.message).toBe(
      '采购明细第1行数量必须大于0',
    );
    fireEvent.change(cell(), { target: { value: '0.5' } });
    expect(cell().getAttribute('aria-invalid')).toBeNull();
    cleanup();
    const form = createForm();
    const amount: FieldDef = { fieldName: 'amount', titleName: '金额', fontendType: 'number', exclusiveMinimum: 0 };
    render(
      <FormProvider form={form}>
        <SchemaFields fields={[amount]} />
      </FormProvider>,
    );
    fireEvent.change(screen.getByPlaceholderText('请输入金额'), { target: { value: '0' } });
    await expect(form.validate()).rejects.toBeTruthy();
    expect(form.errors.flatMap((e) => e.messages ?? [])).toEqual(['金额必须大于0']);
    fireEvent.change(screen.getByPlaceholderText('请输入金额'), { target: { value: '0.01' } });
    await form.validate();
  });
});

describe('operation column', () => {
  it('columns shrink to the box so the sticky 操作 column covers nothing; when they cannot, it is not sticky', () => {
    expect(fitColumnWidths([160, 150, 200, 150, 120, 120], 120, 2000)).toEqual({
      widths: [160, 150, 200, 150, 120, 120],
      fits: true,
    });
    const fitted = fitColumnWidths([160, 150, 200, 150, 120, 120], 120, 952);
    expect(fitted.fits).toBe(true);
    expect(fitted.widths.reduce((a, b) => a + b, 0) + 120).toBeLessThanOrEqual(952);
    expect(fitColumnWidths([160, 150, 200, 150, 120, 120], 120, 400).fits).toBe(false);
    expect(fitColumnWidths([100], 120, null)).toEqual({ widths: [100], fits: true });
  });
});

describe('drawer number input', () => {
  it('1e5 is not read as 100000, and letters do not vanish into another number', async () => {
    const form = createForm();
    render(
      <FormProvider form={form}>
        <SchemaFields fields={[{ fieldName: 'n', titleName: '金额', fontendType: 'number' }]} />
      </FormProvider>,
    );
    const input = screen.getByPlaceholderText('请输入金额') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1' } });
    expect(form.values.n).toBe(1);
    fireEvent.change(input, { target: { value: '1e5' } });
    expect(form.values.n).toBe(1);
    fireEvent.change(input, { target: { value: '1x5' } });
    expect(form.values.n).toBe(1);
    await waitFor(() => expect(messages()).toContain('请输入正确的数字'));
    fireEvent.change(input, { target: { value: '15.5' } });
    expect(form.values.n).toBe(15.5);
  });
});

describe('search on line items', () => {
  const dept = dictToOptions(DICTIONARIES.dept);
  it('filterOn names the filtered property; a tree node brings its descendants', () => {
    expect(withDescendants(dept, 'd5')).toEqual(['d5', 'd51', 'd52', 'd53']);
    expect(withDescendants(dept, 'd1')).toEqual(['d1']);
    const f: FieldDef = {
      fieldName: 'expenseType',
      titleName: '费用类型',
      fontendType: 'treeSelect',
      data: { fieldKey: 'dept' },
      filterOn: 'lines.expenseType',
    };
    expect(toFilters([f], { expenseType: 'd5' }, () => dept)).toEqual([
      { field: 'lines.expenseType', operator: 'in', value: ['d5', 'd51', 'd52', 'd53'] },
    ]);
    expect(toFilters([f], { expenseType: 'd51' }, () => dept)).toEqual([
      { field: 'lines.expenseType', operator: 'eq', value: 'd51' },
    ]);
    expect(toFilters([{ ...f, filterOn: undefined }], { expenseType: 'd2' })).toEqual([
      { field: 'expenseType', operator: 'eq', value: 'd2' },
    ]);
  });

  it('the data list sends the line filter with the picked node and its children', async () => {
    const search: FieldDef[] = [
      {
        fieldName: 'expenseType',
        titleName: '费用类型',
        fontendType: 'treeSelect',
        data: { fieldKey: 'dept' },
        filterOn: 'lines.expenseType',
      },
    ];
    const { provider, container } = renderWithFixtures(
      <DataList module="m" config={{ search, columns: [{ prop: 'code', label: '单号' }] }} />,
    );
    await waitFor(() => expect(provider.calls.some((c) => c.method === 'getList')).toBe(true));
    fireEvent.mouseDown(container.querySelector('.yg-search-form .ant-select-selector')!);
    const node = await screen.findByTitle('生产部');
    await act(async () => {
      fireEvent.click(node);
    });
    await act(async () => {
      fireEvent.click(buttons('查询')[0]);
    });
    await waitFor(() =>
      expect(provider.calls.filter((c) => c.method === 'getList').at(-1)!.args).toMatchObject({
        filters: [{ field: 'lines.expenseType', operator: 'in', value: ['d5', 'd51', 'd52', 'd53'] }],
      }),
    );
  });
});

describe('报销日期 reads as a date without a time', () => {
  const schema = reimburse as unknown as PageSchema;
  it('in the list column and in the drawer', () => {
    const col = schema.list.columns.find((c) => c.prop === 'applyDate')!;
    const Cell = resolveCell(col.type);
    const { container } = render(
      <Cell col={col} row={{ id: 1, applyDate: '2026-11-20' }} value="2026-11-20" index={0} />,
    );
    expect(container.textContent).toBe('2026-11-20');
    const field = schema.drawer!.fields.find((f) => f.fieldName === 'applyDate')!;
    expect(displayValue(field, '2026-11-20')).toBe('2026-11-20');
    const form = createForm({ initialValues: { applyDate: '2026-11-20' } });
    render(
      <FormProvider form={form}>
        <SchemaFields fields={[field]} />
      </FormProvider>,
    );
    expect((screen.getByPlaceholderText('请选择报销日期') as HTMLInputElement).value).toBe('2026-11-20');
  });

  it('the list keeps its status column in view: pinned to the right beside 操作', () => {
    const cols = schema.list.columns;
    const status = cols.find((c) => c.prop === 'status')!;
    expect(status.fixed).toBe('right');
    expect(cols.at(-1)).toBe(status); // fixed columns sit at the edge
  });
});
