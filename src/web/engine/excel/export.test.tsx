// @vitest-environment jsdom
// 导出 on a data list: shown only with the permission (and a provider that exports), it hands the provider the
// list's current query and visible columns, shows the rows to come and the bytes received, can be cancelled,
// and saves the file under the server's name.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ListConfig } from '../../../common/schema/types';
import type { ExportListParams, ExportedFile } from '../../api/data-provider';
import { DataList } from '../list/DataList';
import { showcaseRows } from '../fixtures/data';
import { bodyText, buttons, renderWithFixtures } from '../fixtures/render';
import { createFixtureProvider } from '../fixtures/fixture-provider';
import { expectedBytes, exportPercent, sizeText } from './export-progress';

afterEach(cleanup);

const config: ListConfig = {
  columns: [
    { prop: 'code', label: '单号', sortable: true },
    { prop: 'name', label: '名称' },
    { prop: 'hiddenCol', label: '隐藏列', checked: false },
  ],
  search: [{ fieldName: 'code', titleName: '单号', fontendType: 'text' }],
  actions: [
    { key: 'add', text: '新增', action: 'add' },
    { key: 'export', text: '导出', action: 'export', permissionCode: 'm:export' },
  ],
};

describe('export progress', () => {
  it('estimates the share from the bytes a row takes, below 100 until the file is complete', () => {
    expect(exportPercent({ bytes: 0, rows: 1000, columns: 5 })).toBe(0);
    const half = expectedBytes(1000, 5) / 2;
    expect(exportPercent({ bytes: half, rows: 1000, columns: 5 })).toBe(50);
    expect(exportPercent({ bytes: half * 10, rows: 1000, columns: 5 })).toBe(99);
    expect(exportPercent({ bytes: 10, rows: 1000, columns: 5, done: true })).toBe(100);
    expect(sizeText(2048)).toBe('2 KB');
    expect(sizeText(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('导出 on a data list', () => {
  function setup(permissions: string[]) {
    let finish!: (f: ExportedFile) => void;
    let params: ExportListParams | undefined;
    const provider = Object.assign(createFixtureProvider({ rows: showcaseRows(12) }), {
      exportList: vi.fn((p: ExportListParams) => {
        params = p;
        return new Promise<ExportedFile>((resolve, reject) => {
          finish = resolve;
          p.signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          );
        });
      }),
    });
    const view = renderWithFixtures(<DataList module="m" config={config} />, { provider, permissions });
    return { provider, view, finish: (f: ExportedFile) => finish(f), params: () => params! };
  }

  it('is hidden without <module>:export', async () => {
    setup([]);
    await screen.findByText('XM20240301001');
    expect(bodyText()).toContain('新增');
    expect(buttons('导出')).toHaveLength(0);
    expect(buttons('导 出')).toHaveLength(0);
  });

  it('exports the current query and visible columns with progress, and saves the file', async () => {
    const created = vi.fn(() => 'blob:x');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoke });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { provider, finish, params } = setup(['m:export']);
    await screen.findByText('XM20240301001');
    fireEvent.change(screen.getAllByPlaceholderText('请输入单号')[0], { target: { value: '01' } });
    await act(async () => {
      fireEvent.click(buttons('查询')[0]);
    });
    const exportButton = [...buttons('导出'), ...buttons('导 出')][0];
    await act(async () => {
      fireEvent.click(exportButton);
    });
    expect(provider.exportList).toHaveBeenCalledTimes(1);
    expect(params()).toMatchObject({
      module: 'm',
      columns: ['code', 'name'],
      filters: [{ field: 'code', operator: 'contains', value: '01' }],
    });
    expect(await screen.findByText('正在统计记录…')).toBeTruthy();
    act(() => params().onProgress!({ bytes: 3 * 1024, rows: 1234 }));
    expect(await screen.findByText('共 1,234 条，已接收 3 KB')).toBeTruthy();
    await act(async () => finish({ blob: new Blob(['x']), fileName: '清单-20260101.xlsx', rows: 1234 }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('清单-20260101.xlsx');
    expect(created).toHaveBeenCalled();
    expect(await screen.findByText('导出完成：共 1,234 条')).toBeTruthy();
    clicked.mockRestore();
  });

  it('取消 aborts the download and saves nothing', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { params, provider } = setup(['m:export']);
    await screen.findByText('XM20240301001');
    await act(async () => {
      fireEvent.click([...buttons('导出'), ...buttons('导 出')][0]);
    });
    await screen.findByText('正在统计记录…');
    await act(async () => {
      fireEvent.click([...buttons('取消'), ...buttons('取 消')][0]);
    });
    expect(params().signal!.aborted).toBe(true);
    expect(await screen.findByText('已取消导出')).toBeTruthy();
    expect(clicked).not.toHaveBeenCalled();
    // The next 导出 starts afresh.
    await act(async () => {
      fireEvent.click([...buttons('导出'), ...buttons('导 出')][0]);
    });
    expect(provider.exportList).toHaveBeenCalledTimes(2);
    clicked.mockRestore();
  });
});
