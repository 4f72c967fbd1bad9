// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ColumnDef } from '../../../common/schema/types';
import { LineItemTable } from './LineItemTable';
import { createLineStore, sanitizeNumberInput } from './line-store';
import { buttons, renderWithFixtures } from '../fixtures/render';

afterEach(cleanup);

const columns: ColumnDef[] = [
  { prop: 'item', label: '项目', requireAble: true },
  { prop: 'quantity', label: '数量', inputType: 'number' },
  { prop: 'contractPrice', label: '合同金额', inputType: 'number', priceType: true },
  { prop: 'logisticsPrice', label: '物流费', inputType: 'number', priceType: true },
  { prop: 'returnPrice', label: '已回款', inputType: 'number', priceType: true },
  { prop: 'balancePrice', label: '未结余额', inputType: 'number', priceType: true },
  { prop: 'advancePaidPrice', label: '已预付', inputType: 'number', priceType: true },
  { prop: 'payablePrice', label: '应付金额', inputType: 'number', priceType: true },
  { prop: 'note', label: '备注' },
];

function setup(lines: Record<string, unknown>[]) {
  const store = createLineStore(lines);
  renderWithFixtures(<LineItemTable store={store} columns={columns} addable />);
  return store;
}

const summary = () => [...document.querySelectorAll('.yg-summary-row td')].map((td) => td.textContent);

describe('number input sanitising', () => {
  it('a minus sign resets to 0 with 请输入正确的数字; other text stays and is marked, never turned into another number', () => {
    expect(sanitizeNumberInput('-5', '3')).toEqual({ value: '0', error: '请输入正确的数字' });
    expect(sanitizeNumberInput('12.5', '1')).toEqual({ value: '12.5', error: null });
    expect(sanitizeNumberInput('1a', '1')).toEqual({ value: '1a', error: '请输入正确的数字' });
  });
});

describe('LineItemTable', () => {
  it('typing a minus sign shows 请输入正确的数字 and the cell becomes 0', async () => {
    const store = setup([{ item: 'a', quantity: '3' }]);
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '-3' } });
    expect(await screen.findByText('请输入正确的数字')).toBeTruthy();
    expect((screen.getByLabelText('数量') as HTMLInputElement).value).toBe('0');
    expect(store.values(columns)[0].quantity).toBe(0);
  });

  it('price cells format to two decimals on blur', () => {
    setup([{ item: 'a' }]);
    const price = screen.getByLabelText('合同金额') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '12.5' } });
    expect(price.value).toBe('12.5');
    fireEvent.blur(price);
    expect(price.value).toBe('12.50');
    const qty = screen.getByLabelText('数量') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '1.5' } });
    fireEvent.blur(qty);
    expect(qty.value).toBe('1.5');
  });

  it('an empty required column says 不能为空 in its header until filled', () => {
    setup([{ item: 'a' }, { item: '' }]);
    const hint = () => document.querySelector('.yg-required-hint');
    expect(hint()!.textContent).toBe('不能为空');
    expect(hint()!.closest('th')!.textContent).toContain('项目');
    fireEvent.change(screen.getAllByLabelText('项目')[1], { target: { value: 'b' } });
    expect(hint()).toBeNull();
  });

  it('summary row: 合计 first, sums the six money columns, dashes where nothing numeric', () => {
    setup([
      { item: 'a', quantity: 2, contractPrice: '100.10', logisticsPrice: '5', payablePrice: '1', note: 'x' },
      { item: 'b', quantity: 3, contractPrice: '0.2', logisticsPrice: '', payablePrice: '2.005' },
    ]);
    // index, item, quantity, 6 money columns, note, operation
    expect(summary()).toEqual(['合计', '', '', '100.30', '5.00', '-', '-', '-', '3.01', '', '']);
  });

  it('updates the summary as cells change and rows are added or removed', async () => {
    setup([{ item: 'a', contractPrice: '1' }]);
    fireEvent.change(screen.getByLabelText('合同金额'), { target: { value: '41' } });
    expect(summary()[3]).toBe('41.00');
    await act(async () => {
      fireEvent.click(buttons('新增一行')[0]);
    });
    expect(screen.getAllByLabelText('合同金额')).toHaveLength(2);
    fireEvent.change(screen.getAllByLabelText('合同金额')[1], { target: { value: '1' } });
    expect(summary()[3]).toBe('42.00');
    await act(async () => {
      fireEvent.click(document.querySelector('button[aria-label="删除"]')!);
    });
    expect(summary()[3]).toBe('1.00');
  });

  it('typing in one line re-renders only that line', () => {
    const store = setup(Array.from({ length: 30 }, (_, i) => ({ item: `项目${i}` })));
    const inputs = () => screen.getAllByLabelText('项目') as HTMLInputElement[];
    const before = inputs();
    let rowNotifications = 0;
    store.keys().forEach((k) =>
      store.subscribeRow(k, () => {
        rowNotifications += 1;
      }),
    );
    fireEvent.change(before[5], { target: { value: '改' } });
    expect(rowNotifications).toBe(1);
    // the other inputs are the same DOM nodes with their values untouched
    expect(inputs()[4]).toBe(before[4]);
    expect(inputs()[4].value).toBe('项目4');
    expect(inputs()[5].value).toBe('改');
  });
});
