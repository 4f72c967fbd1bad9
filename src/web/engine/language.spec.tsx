// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DrawerConfig } from '../../common/schema/types';
import { SideDrawer } from './drawer/SideDrawer';
import { styleRows } from './list/DataList';
import { PageModuleContext } from './page/page-module';
import { buttons, renderWithFixtures } from './fixtures/render';

afterEach(cleanup);

// The page-schema language in the drawer: dependOn, computed lines and fields, record checks and record pickers,
// the same declarations the server enforces (tests/api/finance-flows.test.ts).
const config: DrawerConfig = {
  title: '测试单',
  fields: [
    {
      fieldName: 'kind',
      titleName: '类型',
      fontendType: 'select',
      data: [
        { label: '普通', value: '普通' },
        { label: '出差', value: '出差' },
      ],
    },
    {
      fieldName: 'destination',
      titleName: '出差地点',
      fontendType: 'text',
      requireAble: true,
      dependOn: { field: 'kind', value: '出差' },
    },
    {
      fieldName: 'total',
      titleName: '合计',
      fontendType: 'number',
      disabled: true,
      compute: { expr: 'sum(lines, "amount")' },
    },
  ],
  lines: {
    columns: [
      { prop: 'quantity', label: '数量', inputType: 'number' },
      { prop: 'unitPrice', label: '单价', inputType: 'number', priceType: true },
      {
        prop: 'amount',
        label: '金额',
        inputType: 'number',
        priceType: true,
        compute: { expr: 'quantity * unitPrice' },
      },
    ],
  },
};
const footer = () => document.querySelector('.ant-drawer-footer') as HTMLElement;
const click = (name: string) =>
  act(async () => {
    fireEvent.click(buttons(name, footer())[0]);
  });

describe('the schema language in the drawer', () => {
  it('dependOn: a field is out of the form (not shown, not required, not emitted) until the other field holds its value', async () => {
    const onSubmit = vi.fn();
    const { unmount } = renderWithFixtures(
      <SideDrawer
        open
        config={config}
        onClose={() => undefined}
        onSubmit={onSubmit}
        record={{ kind: '普通', destination: '上海' }}
      />,
    );
    expect(screen.queryByPlaceholderText('请输入出差地点')).toBeNull();
    await click('提交');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('destination');
    unmount();
    const onSubmit2 = vi.fn();
    renderWithFixtures(
      <SideDrawer open config={config} onClose={() => undefined} onSubmit={onSubmit2} record={{ kind: '出差' }} />,
    );
    expect(screen.getByPlaceholderText('请输入出差地点')).toBeTruthy();
    await click('提交');
    expect(await screen.findByText('出差地点不能为空')).toBeTruthy();
    expect(onSubmit2).not.toHaveBeenCalled();
  });

  it('computes line cells and fields in decimal as the server does: 3 × 19.99 = 59.97', async () => {
    renderWithFixtures(
      <SideDrawer
        open
        config={config}
        onClose={() => undefined}
        record={{
          kind: '普通',
          lines: [
            { quantity: 3, unitPrice: 19.99 },
            { quantity: 10, unitPrice: 0.1 },
          ],
        }}
      />,
    );
    const inputs = () => [...document.querySelectorAll('input')].map((i) => i.value);
    await waitFor(() => expect(inputs()).toContain('60.97')); // 合计: 59.97 + 10 × 0.1, exactly
    expect(document.querySelector('.ant-table-tbody')?.textContent).toContain('59.97');
  });

  it('refuses to emit while a record check fails, with its message', async () => {
    const onSubmit = vi.fn();
    renderWithFixtures(
      <SideDrawer
        open
        config={config}
        onClose={() => undefined}
        onSubmit={onSubmit}
        checks={[{ expr: 'total <= 50', message: '合计不能超过50元' }]}
        record={{ kind: '普通', lines: [{ quantity: 3, unitPrice: 19.99 }] }}
      />,
    );
    // The check reads the computed 合计: wait until the drawer has computed it (a loaded machine is slow).
    await waitFor(() => expect([...document.querySelectorAll('input')].map((i) => i.value)).toContain('59.97'));
    await click('提交');
    expect(await screen.findByText('合计不能超过50元', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a record picker asks the server for its options, fills the declared fields and feeds picked.<field> to expressions', async () => {
    const picker: DrawerConfig = {
      title: '报销单',
      fields: [
        {
          fieldName: 'advanceCode',
          titleName: '冲抵借支单',
          fontendType: 'select',
          data: { module: 'advanceManage', label: '{code}', fill: { bankName: 'bankName' }, expose: ['balancePrice'] },
        },
        { fieldName: 'bankName', titleName: '开户行', fontendType: 'text' },
        {
          fieldName: 'left',
          titleName: '借支余额',
          fontendType: 'number',
          disabled: true,
          compute: { expr: 'picked.advanceCode.balancePrice' },
        },
      ],
    };
    const { provider } = renderWithFixtures(
      <PageModuleContext.Provider value="reimburseManage">
        <SideDrawer open config={picker} onClose={() => undefined} />
      </PageModuleContext.Provider>,
    );
    const select = document.querySelector('.ant-select-selector') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(select);
    });
    const option = await screen.findByText('JZ202611030001 · 上海展会差旅 · 未还 3000 元');
    expect(
      provider.calls.some(
        (c) => c.method === 'pickerOptions' && (c.args as { module: string }).module === 'reimburseManage',
      ),
    ).toBe(true);
    await act(async () => {
      fireEvent.click(option);
    });
    await waitFor(() =>
      expect((screen.getByPlaceholderText('请输入开户行') as HTMLInputElement).value).toBe('招商银行'),
    );
    await waitFor(() => expect(document.body.textContent).toContain('3000'));
  });
});

describe('row styles', () => {
  it('colours the rows whose rule holds, first rule wins, others untouched', () => {
    const rows = [
      { id: 1, dueDate: '2026-11-01', balancePrice: 10 },
      { id: 2, dueDate: '2026-11-01', balancePrice: 0 },
      { id: 3, dueDate: '2026-12-01', balancePrice: 10 },
    ];
    const out = styleRows(
      [
        { when: 'balancePrice > 0 && dueDate < today()', textColor: '#cf1322' },
        { when: 'balancePrice == 0', color: 'green' },
      ],
      rows,
      '2026-11-23',
    );
    expect(out.map((r) => [r.textColor, r.color])).toEqual([
      ['#cf1322', undefined],
      [undefined, 'green'],
      [undefined, undefined],
    ]);
    expect(styleRows(undefined, rows)).toBe(rows);
  });
});
