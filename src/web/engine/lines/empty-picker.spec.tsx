// @vitest-environment jsdom
// A record picker with nothing to offer on a team's first day says which page of the menu makes such records, with a
// link there (暂无可选的供应商，请先到「伙伴信息」新增或办理); a search that finds nothing, or a picker over a module outside
// the menu, says 暂无数据.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ColumnDef } from '../../../common/schema/types';
import { MENU_TREE_KEY } from '../../api/team';
import { LineItemTable } from './LineItemTable';
import { createLineStore } from './line-store';
import { PageModuleContext } from '../page/page-module';
import { PageNavigateContext } from '../page/page-navigate';
import { renderWithFixtures } from '../fixtures/render';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
beforeEach(() => {
  localStorage.setItem(
    MENU_TREE_KEY,
    JSON.stringify([
      {
        id: 'g',
        name: 'partners',
        menuName: '合作伙伴',
        children: [{ id: 'p', name: 'partnerInfo', menuName: '伙伴信息', menuPath: '/partnerInfo' }],
      },
    ]),
  );
});

/** A line picker whose fixture answers no options (the fixtures know no such cell). */
const column = (module: string): ColumnDef => ({
  prop: 'newSupplierId',
  label: '供应商',
  inputType: 'select',
  data: { module, valueField: 'id', label: '{partnerName}' },
});

async function open(module: string, navigate = vi.fn()) {
  renderWithFixtures(
    <PageNavigateContext.Provider value={navigate}>
      <PageModuleContext.Provider value="procureProcess">
        <LineItemTable store={createLineStore([{}])} columns={[column(module)]} addable />
      </PageModuleContext.Provider>
    </PageNavigateContext.Provider>,
  );
  const select = document.querySelector('.ant-table-tbody tr.ant-table-row .ant-select-selector')!;
  await act(async () => {
    fireEvent.mouseDown(select);
  });
  return navigate;
}

describe('an empty record picker', () => {
  it('names the menu page that makes its records and opens it', async () => {
    const navigate = await open('partnerInfo');
    const hint = await screen.findByTestId('empty-picker-hint');
    expect(hint.textContent).toBe('暂无可选的供应商，请先到「伙伴信息」新增或办理');
    await act(async () => {
      fireEvent.click(hint.querySelector('a')!);
    });
    expect(navigate).toHaveBeenCalledWith('/partnerInfo');
  });

  it('says 暂无数据 for a search that finds nothing and for a module outside the menu', async () => {
    await open('partnerInfo');
    await screen.findByTestId('empty-picker-hint');
    const input = document.querySelector('.ant-select-selection-search-input')!;
    await act(async () => {
      fireEvent.change(input, { target: { value: '没有的' } });
    });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByTestId('empty-picker-hint')).toBeNull();
    cleanup();
    await open('someOtherModule');
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByTestId('empty-picker-hint')).toBeNull();
  });
});
