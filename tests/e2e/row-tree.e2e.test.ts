// Rows as a tree in Chromium: 配件项目 lists a kit's parts under the kit (rowTree on 所属套件), numbered 1, 1.1…
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot } from './helpers';
import { pageSuite, poll, rowOf } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the row tree suite.');

describe.skipIf(!HAS_CHROMIUM)('rows as a tree, in Chromium', () => {
  const { pages, openList } = pageSuite();

  it('a kit expands into its parts, each numbered under the kit', async () => {
    const p = await pages.page('demo');
    await openList(p, '/accessoryProject');
    const kit = rowOf(p, '开启式灯箱套件');
    await poll(() => kit.count()).toBe(1);
    // Collapsed at first: the parts are not listed on their own.
    expect(await rowOf(p, '铝型材灯箱边框').count()).toBe(0);
    const kitIndex = (await kit.locator('td').nth(1).innerText()).trim();
    expect(kitIndex).toMatch(/^\d+$/);
    await kit.locator('.ant-table-row-expand-icon').click();
    for (const part of ['铝型材灯箱边框', 'LED 硬灯条', '开关电源', '灯箱画面 UV 喷绘'])
      await poll(() => rowOf(p, part).count()).toBe(1);
    const indexes = await p
      .locator('.ant-table-tbody tr.ant-table-row-level-1')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim()));
    expect(indexes).toEqual([`${kitIndex}.1`, `${kitIndex}.2`, `${kitIndex}.3`, `${kitIndex}.4`]);
    expect(await rowOf(p, 'LED 硬灯条').innerText()).toContain('4');
    await shot(p, 'row-tree-kit-expanded');
  });
});
