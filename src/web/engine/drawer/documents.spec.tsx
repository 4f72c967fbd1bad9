// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DataList } from '../list/DataList';
import { allowedButtons } from '../list/ActionButtons';
import { renderWithFixtures } from '../fixtures/render';
import type { ButtonDef } from '../../../common/schema/types';

afterEach(cleanup);

const menu: ButtonDef = {
  key: 'documents',
  text: '单据',
  action: 'custom',
  children: [
    { key: 'woodParts', text: '木作部件清单', action: 'document' },
    { key: 'cutListXlsx', text: '下料单（Excel）', action: 'document' },
  ],
};
const ops: ButtonDef[] = [
  { key: 'view', text: '查看', action: 'view' },
  { key: 'edit', text: '编辑', action: 'edit' },
  menu,
];

describe('document buttons', () => {
  it('keep only the documents the server allows; a menu with none is left out', () => {
    expect(allowedButtons(ops, null)).toEqual(ops);
    expect(allowedButtons(ops, ['view', 'woodParts'])).toEqual([ops[0], { ...menu, children: [menu.children![0]] }]);
    expect(allowedButtons(ops, ['view', 'edit'])).toEqual([ops[0], ops[1]]);
  });

  it("a row's 单据 menu hands the chosen document and the row to the app", async () => {
    const onAction = vi.fn();
    const rows = [
      { id: 7, code: 'DL1', actions: ['view', 'woodParts'] },
      { id: 8, code: 'DL2', actions: ['view'] },
    ];
    renderWithFixtures(
      <DataList
        module="propRegistration"
        config={{ columns: [{ prop: 'code', label: '编号' }], operations: ops }}
        onAction={onAction}
      />,
      { rows },
    );
    expect(await screen.findByText('DL1')).toBeTruthy();
    const menus = screen.getAllByText('单据');
    expect(menus).toHaveLength(1);
    fireEvent.mouseEnter(menus[0]);
    fireEvent.click(await screen.findByText('木作部件清单'));
    expect(screen.queryByText('下料单（Excel）')).toBeNull();
    await waitFor(() => expect(onAction).toHaveBeenCalledTimes(1));
    expect(onAction.mock.calls[0][0]).toMatchObject({ key: 'woodParts', action: 'document' });
    expect(onAction.mock.calls[0][1][0]).toMatchObject({ id: 7 });
  });
});
