// Every route at 1440×900 in Chromium, as the demo owner: the columns a person works by — code, name, amount,
// status, 操作 — are on screen without scrolling sideways, and no table's rows (with its scroll bar) run below the
// window. The list cuts its default columns to its width (columns/fit.ts) and its rows' height to the window
// (list-box.ts); the rest of the columns are one tick away in 选择显示的列.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, spaGo } from './helpers';
import { pageSuite } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the list fit suite.');

const routes = fs
  .readdirSync('schemas', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.json') && !f.endsWith('page.schema.json') && !f.startsWith('examples'))
  .map((f) => `/${path.basename(f, '.json')}`);
/** Headers of the columns that must stay on screen. */
const KEY_HEADER = /^(操作|.*(单号|编号|名称|姓名|状态|阶段|进度|金额))$/;

describe.skipIf(!HAS_CHROMIUM)('lists fit the window at 1440×900, in Chromium', () => {
  const { pages, base } = pageSuite();

  it('no key column is off-screen and no table runs below the window, on every route', async () => {
    const p = await pages.page('demo');
    await p.setViewportSize({ width: 1440, height: 900 });
    const problems: string[] = [];
    for (const [i, route] of routes.entries()) {
      // The first route loads the app; the others are reached as a click in the menu reaches them (client-side), once
      // the page before is gone: a fresh load of the whole app per route cost this walk half its time.
      if (i === 0) await p.goto(`${base()}${route}`);
      else {
        const before = await p.$('.yg-content .yg-data-list, .yg-content .ant-table-wrapper');
        await spaGo(p, route);
        await before?.waitForElementState('hidden', { timeout: 15_000 }).catch(() => undefined);
      }
      await p
        .locator('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      // The list measures its box after the first rows are laid out.
      await p.waitForTimeout(200);
      const found = await p.evaluate((keyHeader) => {
        const out: string[] = [];
        for (const t of document.querySelectorAll<HTMLElement>('.ant-table-wrapper')) {
          if (!t.offsetParent || t.closest('.ant-modal, .ant-drawer, .ant-popover')) continue;
          const box = t.getBoundingClientRect();
          const right = Math.min(box.right, window.innerWidth) + 1;
          for (const th of t.querySelectorAll<HTMLElement>('.ant-table-thead th')) {
            const text = (th.textContent ?? '').trim();
            const r = th.getBoundingClientRect();
            if (new RegExp(keyHeader).test(text) && (r.right > right || r.left < box.left - 1))
              out.push(`「${text}」 off-screen`);
          }
          const body =
            t.querySelector<HTMLElement>('.ant-table-body') ?? t.querySelector<HTMLElement>('.ant-table-content');
          if (body && body.getBoundingClientRect().bottom > window.innerHeight + 1)
            out.push(`rows end at ${Math.round(body.getBoundingClientRect().bottom)} px, below the window`);
        }
        return out;
      }, KEY_HEADER.source);
      problems.push(...found.map((x) => `${route}: ${x}`));
    }
    expect(problems).toEqual([]);
  });
});
