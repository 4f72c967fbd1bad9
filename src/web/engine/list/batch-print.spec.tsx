// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PageRenderer } from '../page/PageRenderer';
import { buttons, renderWithFixtures } from '../fixtures/render';
import { BATCH_PAGE, BATCH_ROWS } from '../fixtures/batch-and-generate';
import type { PageSchema } from '../../../common/schema/types';

afterEach(cleanup);

const selectAll = () => document.querySelector<HTMLInputElement>('.ant-table-thead .ant-checkbox-input')!;
const page = {
  ...BATCH_PAGE,
  list: {
    ...BATCH_PAGE.list,
    actions: [
      ...(BATCH_PAGE.list.actions ?? []),
      { key: 'printBatch', text: '批量打印', action: 'print', permissionCode: 'attendance:print' },
    ],
  },
} as PageSchema;

describe('批量打印 (a list action "print")', () => {
  it('asks for a selection first, then hands the selected rows to the app, which prints them as one PDF', async () => {
    const onAction = vi.fn();
    renderWithFixtures(<PageRenderer schema={page} file="t.json" onAction={onAction} />, {
      rows: BATCH_ROWS,
      permissions: ['attendance:print'],
    });
    expect(await screen.findByText('王五')).toBeTruthy();
    fireEvent.click(buttons('批量打印')[0]);
    expect(await screen.findByText('请选择要打印的记录')).toBeTruthy();
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(selectAll());
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-table-tbody .ant-checkbox-checked').length).toBeGreaterThanOrEqual(3),
    );
    fireEvent.click(buttons('批量打印')[0]);
    await waitFor(() => expect(onAction).toHaveBeenCalledTimes(1));
    const [button, rows, module] = onAction.mock.calls[0];
    expect(button).toMatchObject({ key: 'printBatch', action: 'print' });
    expect((rows as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(module).toBe('attendance');
  });

  it('is hidden from a member without the print permission', async () => {
    renderWithFixtures(<PageRenderer schema={page} file="t.json" />, { rows: BATCH_ROWS, permissions: [] });
    expect(await screen.findByText('王五')).toBeTruthy();
    expect(buttons('批量打印')).toHaveLength(0);
  });
});
