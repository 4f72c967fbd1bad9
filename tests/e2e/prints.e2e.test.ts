// 批量打印 in Chromium: on the reimbursement list, the button asks for a selection first; with rows selected
// the server answers one PDF (every id checked) and it opens in a new tab, as a single 打印 does.
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot, toastText } from './helpers';
import { pageSuite, poll } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the prints suite.');

describe.skipIf(!HAS_CHROMIUM)('prints in Chromium', () => {
  const { pages, openList } = pageSuite();

  it('批量打印 needs selected rows, then opens one PDF of them in a new tab', async () => {
    const boss = await pages.page('demo');
    await openList(boss, '/reimburseManage');
    await boss.getByRole('button', { name: '批量打印' }).click();
    await poll(() => toastText(boss)).toContain('请选择要打印的记录');
    const boxes = boss.locator('.ant-table-tbody tr.ant-table-row .ant-checkbox-input');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await shot(boss, 'prints-01-list-selected');
    const answer = boss.waitForResponse((r) => r.url().includes('/print-batch'));
    const tab = boss.context().waitForEvent('page');
    await boss.getByRole('button', { name: '批量打印' }).click();
    const res = await answer;
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.status()).toBe(200);
    // The PDF opens in a new tab (its own blob: address).
    const opened = await tab;
    expect(opened.url()).toMatch(/^blob:/);
    await opened.waitForTimeout(1500);
    await shot(opened, 'prints-02-batch-pdf-tab');
  });
});
