// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ListConfig } from '../../../common/schema/types';
import { DataList } from './DataList';
import { ListPagination } from './ListPagination';
import { PageRenderer } from '../page/PageRenderer';
import { showcaseRows } from '../fixtures/data';
import { bodyText, buttons, renderWithFixtures } from '../fixtures/render';
import { SHOWCASE, SHOWCASE_FILE } from '../fixtures/showcase';
import { feedback } from '../feedback';

afterEach(cleanup);

const config: ListConfig = {
  columns: [
    { prop: 'code', label: '单号', sortable: true },
    { prop: 'name', label: '名称' },
    { prop: 'hiddenCol', label: '隐藏列', checked: false },
  ],
  index: true,
  selection: true,
  columnChooser: true,
  search: [{ fieldName: 'code', titleName: '单号', fontendType: 'text' }],
  actions: [
    { key: 'add', text: '新增', action: 'add' },
    { key: 'secret', text: '保密', permissionCode: 'x:y' },
  ],
  operations: [{ key: 'view', text: '查看', action: 'view' }],
};

describe('pagination', () => {
  it('hidden when the total is 0; 共 N 条 with prev, pager, next otherwise', () => {
    const { container, rerender } = renderWithFixtures(
      <ListPagination total={0} current={1} pageSize={10} onChange={() => undefined} />,
    );
    expect(container.querySelector('.ant-pagination')).toBeNull();
    rerender(<ListPagination total={23} current={1} pageSize={10} onChange={() => undefined} />);
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(container.querySelector('.ant-pagination-prev')).toBeTruthy();
    expect(container.querySelector('.ant-pagination-next')).toBeTruthy();
    expect(container.querySelectorAll('.ant-pagination-item')).toHaveLength(3);
    expect(container.querySelector('.ant-pagination-options')).toBeNull();
  });
});

describe('DataList', () => {
  it('a list the role may not read says 无权限 as such, with nothing to retry', async () => {
    renderWithFixtures(<DataList module="showcase" config={config} />, { failList: () => 'forbidden' });
    expect((await screen.findByRole('alert')).textContent).toContain('无权限查看');
    expect(bodyText()).not.toContain('网络错误');
    expect(buttons('重试')).toHaveLength(0);
  });

  it('while the server cannot be reached it says so and reads again by itself until the rows come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let down = true;
      const { provider } = renderWithFixtures(<DataList module="showcase" config={config} />, {
        rows: showcaseRows(3),
        failList: () => (down ? 'transport' : null),
      });
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('无法连接服务器'));
      const reads = () => provider.calls.filter((c) => c.method === 'getList').length;
      const before = reads();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      await waitFor(() => expect(reads()).toBe(before + 1));
      down = false;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      await waitFor(() => expect(screen.queryByRole('alert')?.textContent ?? null).toBeNull());
      expect(bodyText()).toContain('XM20240301001');
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads through the provider; index, operation column, permissions, pagination', async () => {
    const onAction = vi.fn();
    const { provider } = renderWithFixtures(<DataList module="m" config={config} onAction={onAction} />, {
      rows: showcaseRows(12),
    });
    expect(await screen.findByText('XM20240301001')).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(bodyText()).toContain('新增');
    expect(bodyText()).not.toContain('保密');
    expect(screen.queryByText('隐藏列')).toBeNull();
    expect(provider.calls[0]).toMatchObject({
      method: 'getList',
      args: { module: 'm', pagination: { current: 1, pageSize: 10 } },
    });
    fireEvent.click(buttons('查看')[0]);
    expect(onAction.mock.calls[0][0].action).toBe('view');
    expect(onAction.mock.calls[0][1][0].id).toBe('1');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('XM20240301011')).toBeTruthy();
  });

  it('no pagination when the list is empty', async () => {
    const { container, provider } = renderWithFixtures(<DataList module="m" config={config} />, { rows: [] });
    await waitFor(() => expect(provider.calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
    expect(container.querySelector('.ant-pagination')).toBeNull();
    expect(bodyText()).not.toContain('共0条');
  });

  it('search sends filters and sorting is server side', async () => {
    const { provider } = renderWithFixtures(<DataList module="m" config={config} />, { rows: showcaseRows(12) });
    await screen.findByText('XM20240301001');
    fireEvent.change(screen.getAllByPlaceholderText('请输入单号')[0], { target: { value: '012' } });
    await act(async () => {
      fireEvent.click(buttons('查询')[0]);
    });
    await waitFor(() => expect(screen.getByText('共 1 条')).toBeTruthy());
    expect(provider.calls.at(-1)!.args).toMatchObject({
      filters: [{ field: 'code', operator: 'contains', value: '012' }],
    });
    fireEvent.click(screen.getAllByText('单号').find((e) => e.closest('th'))!);
    await waitFor(() =>
      expect(provider.calls.at(-1)!.args).toMatchObject({ sorters: [{ field: 'code', order: 'asc' }] }),
    );
  });
});

describe('PageRenderer', () => {
  it('a broken schema names the file and the JSON path instead of a blank screen', () => {
    renderWithFixtures(
      <PageRenderer schema={{ key: 'x', title: 'x', module: 'x', list: { columns: [] } }} file="schemas/x.json" />,
    );
    expect(screen.getByText('页面配置错误')).toBeTruthy();
    expect(screen.getAllByText('schemas/x.json').length).toBeGreaterThan(0);
    expect(screen.getByText('/list/columns')).toBeTruthy();
  });

  it('deleting a row asks 确定删除该项吗？ and reports 删除成功; declining says 已取消', async () => {
    const { provider } = renderWithFixtures(
      <PageRenderer schema={SHOWCASE} file={SHOWCASE_FILE} now="2024-03-05" onNavigate={() => undefined} />,
      { rows: showcaseRows(2) },
    );
    await screen.findByText('XM20240301001');
    // Each 删除 opens a new confirm; closed ones may linger during their animation, so use the newest.
    const openConfirm = async () => {
      fireEvent.click(buttons('删除')[0]);
      const dialog = await waitFor(() => {
        const d = document.querySelector('.ant-modal-confirm:not([data-used])');
        expect(d).toBeTruthy();
        return d!;
      });
      dialog.setAttribute('data-used', '');
      expect(dialog.textContent).toContain('确定删除该项吗？');
      return dialog;
    };
    fireEvent.click(buttons('取消', await openConfirm())[0]);
    expect(await screen.findByText('已取消')).toBeTruthy();
    const second = await openConfirm(); // outside act: act defers renders the wait depends on
    await act(async () => {
      fireEvent.click(buttons('确定', second)[0]);
    });
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(provider.calls.find((c) => c.method === 'deleteMany')!.args).toEqual({ module: 'showcase', ids: ['1'] });
  });

  it("a row's 撤回 the server refuses shows no success: the confirm closes and the list is read again", async () => {
    const schema = {
      ...SHOWCASE,
      list: { ...SHOWCASE.list, operations: [{ key: 'withdraw', text: '撤回', action: 'withdraw' as const }] },
    };
    const { provider } = renderWithFixtures(
      <PageRenderer schema={schema} file={SHOWCASE_FILE} now="2024-03-05" onNavigate={() => undefined} />,
      { rows: showcaseRows(2), refuseApproval: '审批人已处理，不能撤回' },
    );
    await screen.findByText('XM20240301001');
    const success = vi.spyOn(feedback.message, 'success');
    const lists = () => provider.calls.filter((c) => c.method === 'getList').length;
    const before = lists();
    fireEvent.click(buttons('撤回')[0]);
    const dialog = await waitFor(() => {
      const d = document.querySelector('.ant-modal-confirm');
      expect(d?.textContent).toContain('确定撤回该单据吗？');
      return d!;
    });
    await act(async () => {
      fireEvent.click(buttons('确定', dialog)[0]);
    });
    await waitFor(() => expect(provider.calls.filter((c) => c.method === 'withdraw')).toHaveLength(1));
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    expect(success).not.toHaveBeenCalled();
    success.mockRestore();
  });
});
