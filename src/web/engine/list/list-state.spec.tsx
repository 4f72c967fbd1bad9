// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PageRenderer } from '../page/PageRenderer';
import { PageStateContext, type PageStateStore } from '../page/page-state';
import { TenantContext } from '../tenant';
import { showcaseRows } from '../fixtures/data';
import { renderWithFixtures } from '../fixtures/render';
import { SHOWCASE, SHOWCASE_FILE } from '../fixtures/showcase';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The address's query as a plain object: what a refresh would open the page with. */
function memoryStore(start: Record<string, string> = {}): PageStateStore & { values: Record<string, string> } {
  const values = { ...start };
  return {
    values,
    read: () => ({ ...values }),
    write(patch) {
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) delete values[k];
        else values[k] = v;
      }
    },
  };
}

const page = (store: PageStateStore, userId = 7) => (
  <PageStateContext.Provider value={store}>
    <TenantContext.Provider value={{ userId }}>
      <PageRenderer schema={SHOWCASE} file={SHOWCASE_FILE} now="2024-03-05" onNavigate={() => undefined} />
    </TenantContext.Provider>
  </PageStateContext.Provider>
);
const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;
const currentPage = () => document.querySelector('.ant-pagination-item-active')?.textContent;

describe('list state in the address', () => {
  it('a list opened as it starts leaves the address clean; tab, page and search are written as they change', async () => {
    const store = memoryStore();
    renderWithFixtures(page(store), { rows: showcaseRows(25) });
    await screen.findByText('XM20240301001');
    expect(store.values).toEqual({});
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    });
    await waitFor(() => expect(store.values.page).toBe('2'));
    await act(async () => {
      fireEvent.click(screen.getByText('我发起的'));
    });
    await waitFor(() => expect(store.values.tab).toBe('mine'));
    // Another tab is another query: it starts on page 1, and the address says so.
    expect(store.values.page).toBeUndefined();
  });

  it('a refresh opens the same tab, page and search, and the record that was open', async () => {
    const store = memoryStore({
      tab: 'mine',
      page: '2',
      q: JSON.stringify({ code: 'XM' }),
      f: JSON.stringify([{ field: 'code', operator: 'contains', value: 'XM' }]),
      open: 'view:12',
    });
    const { provider } = renderWithFixtures(page(store), { rows: showcaseRows(25) });
    await waitFor(() => expect(activeTab()).toBe('我发起的'));
    await waitFor(() => expect(currentPage()).toBe('2'));
    const read = provider.calls.find((c) => c.method === 'getList')!.args as {
      pagination: { current: number };
      filters: unknown[];
      tab: string;
    };
    expect(read).toMatchObject({
      pagination: { current: 2 },
      tab: 'mine',
      filters: [{ field: 'code', operator: 'contains', value: 'XM' }],
    });
    expect((document.querySelector('.yg-search-form input') as HTMLInputElement).value).toBe('XM');
    // The drawer of the record that was open, read afresh through the provider (the server's gate decides).
    await waitFor(() =>
      expect(provider.calls.some((c) => c.method === 'getOne' && String((c.args as { id: unknown }).id) === '12')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeTruthy());
    // Closing it takes it out of the address.
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-drawer-close')!);
    });
    await waitFor(() => expect(store.values.open).toBeUndefined());
  });

  it('the column choice is kept per user: it outlives a refresh, another user keeps his own', async () => {
    renderWithFixtures(page(memoryStore(), 7), { rows: showcaseRows(3) });
    await screen.findByText('XM20240301001');
    const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((h) => h.textContent);
    expect(headers()).toContain('图片');
    fireEvent.click(document.querySelector('[aria-label="选择显示的列"]')!);
    const box = await screen.findByRole('checkbox', { name: '图片' });
    await act(async () => {
      fireEvent.click(box);
    });
    await waitFor(() => expect(headers()).not.toContain('图片'));
    cleanup();
    renderWithFixtures(page(memoryStore(), 7), { rows: showcaseRows(3) });
    await screen.findByText('XM20240301001');
    expect(headers()).not.toContain('图片');
    cleanup();
    renderWithFixtures(page(memoryStore(), 8), { rows: showcaseRows(3) });
    await screen.findByText('XM20240301001');
    expect(headers()).toContain('图片');
  });
});
