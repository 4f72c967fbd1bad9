// Excel export in Chromium: the owner presses 导出 on 报销管理, the browser downloads the
// file the server streams (with a progress dialog while it comes), and the file holds the list: the headers
// of the page's checked columns in their order (the visible ones and those cut to fit), one row per record of
// 共 N 条, and the 合计 row of the money column.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { todayInChina } from '../../src/common/china-time';
import { HAS_CHROMIUM, shot } from './helpers';
import { pageSuite, poll } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the Excel suite.');

describe.skipIf(!HAS_CHROMIUM)('导出', () => {
  const { pages, call, openList } = pageSuite();

  it('exports 报销管理 as the list shows it and the file opens with its headers, rows and 合计', async () => {
    const p = await pages.page('demo');
    await openList(p, '/reimburseManage');
    const total = Number(/共 (\d+) 条/.exec(await p.locator('.ant-pagination').innerText())![1]);
    expect(total).toBeGreaterThan(0);
    // The visible columns in their order (not the index, selection and operation columns).
    const shown = (await p.locator('.ant-table-thead th').allInnerTexts())
      .map((h) => h.trim())
      .filter((h) => h && h !== '序号' && h !== '操作');
    expect(shown[0]).toBe('报销单号');
    // The file holds every column the page checks, also those the list leaves out to fit the window.
    const schema = JSON.parse(fs.readFileSync('schemas/finance/reimburseManage.json', 'utf8')) as {
      list: { columns: { label: string; checked?: boolean }[] };
    };
    const headers = schema.list.columns.filter((c) => c.checked !== false).map((c) => c.label);
    expect(shown.filter((h) => !headers.includes(h))).toEqual([]);
    expect(headers.filter((h) => shown.includes(h))).toEqual(shown);

    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: /^导\s*出$/ }).click(),
    ]);
    const ymd = todayInChina().replace(/-/g, '');
    expect(download.suggestedFilename()).toBe(`报销管理-${ymd}.xlsx`);
    const file = await download.path();
    await poll(() =>
      p
        .locator('.ant-message')
        .innerText()
        .catch(() => ''),
    ).toContain(`导出完成：共 ${total} 条`);
    await shot(p, 'excel-export-done');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('报销管理');
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(headers);
    // Header, one row per record, 合计.
    expect(rows).toHaveLength(total + 2);
    expect(rows[total + 1][0]).toBe('合计');
    // The first rows are the list's first page, in order, with names, not ids.
    const page1 = (await call('demo', 'POST', '/api/data/reimburseManage/page', { pageNum: 1, pageSize: 20 })).data
      .list as Record<string, unknown>[];
    expect(rows.slice(1, 1 + page1.length).map((r) => r[0])).toEqual(page1.map((r) => r.code));
    expect(rows[1][1]).toBe(page1[0].applicantIdName);
    const money = headers.indexOf('报销总额');
    const sum = rows.slice(1, total + 1).reduce((s, r) => s + Math.round(Number(r[money] ?? 0) * 100), 0) / 100;
    expect(rows[total + 1][money]).toBeCloseTo(sum, 2);
  });

  it('shows the progress dialog while the file is on its way, and 取消 stops it without saving', async () => {
    const p = await pages.page('demo');
    await openList(p, '/reimburseManage');
    // Hold the server's answer a moment so the dialog can be seen.
    await p.route('**/api/data/reimburseManage/export', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => {});
    });
    let downloads = 0;
    p.on('download', () => {
      downloads++;
    });
    await p.getByRole('button', { name: /^导\s*出$/ }).click();
    const dialog = p.locator('.ant-modal-content:visible', { hasText: '导出 Excel' });
    await poll(() => dialog.innerText().catch(() => '')).toContain('正在统计记录');
    await shot(p, 'excel-export-progress');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await poll(() =>
      p
        .locator('.ant-message')
        .innerText()
        .catch(() => ''),
    ).toContain('已取消导出');
    await p.waitForTimeout(4000);
    expect(downloads).toBe(0);
    await p.unroute('**/api/data/reimburseManage/export');
  });

  it('offers no 导出 to a member without the export permission', async () => {
    const p = await pages.page('zhangsan');
    await openList(p, '/reimburseManage');
    await p.getByRole('button', { name: /新增报销/ }).waitFor();
    expect(await p.getByRole('button', { name: /导\s*出/ }).count()).toBe(0);
  });
});
