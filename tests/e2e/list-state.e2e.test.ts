// A list's state survives a refresh in Chromium: the tab, the search and the open record are in the address, so
// reloading /reimburseManage (or opening a copied link) shows the same list and the same record again.
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot } from './helpers';
import { drawerOf, pageSuite, poll, rowOf } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the list state suite.');

describe.skipIf(!HAS_CHROMIUM)('list state in the address, in Chromium', () => {
  const { pages, call, openList } = pageSuite();

  it('tab, search and the open record come back after a reload', async () => {
    const p = await pages.page('demo');
    const mine = (
      await call('demo', 'POST', '/api/data/reimburseManage/page', { pageNum: 1, pageSize: 5, tab: 'mine' })
    ).data.list;
    expect(mine.length).toBeGreaterThan(0);
    const code: string = mine[0].code;
    await openList(p, '/reimburseManage');
    await p.locator('.ant-tabs-tab', { hasText: '我发起的' }).click();
    await p.getByPlaceholder('请输入报销单号').fill(code);
    await p.getByRole('button', { name: /查\s*询/ }).click();
    await poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await rowOf(p, code)
      .locator('button', { hasText: /^查\s*看$/ })
      .click();
    await poll(() => drawerOf(p).innerText()).toContain(code);
    await poll(() => new URL(p.url()).searchParams.get('open')).toMatch(/^view:\d+$/);

    await p.reload();
    await poll(() =>
      drawerOf(p)
        .innerText()
        .catch(() => ''),
    ).toContain(code);
    await shot(p, 'list-state-after-reload');
    expect(await p.locator('.ant-tabs-tab-active').innerText()).toBe('我发起的');
    expect(await p.getByPlaceholder('请输入报销单号').inputValue()).toBe(code);
    await drawerOf(p).locator('.ant-drawer-close').click();
    await poll(() => new URL(p.url()).searchParams.get('open')).toBeNull();
    await poll(() => p.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await rowOf(p, code).count()).toBe(1);
  });
});
