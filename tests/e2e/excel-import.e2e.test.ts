// Excel import in Chromium: on /materialDictionary 导入 opens the dialog, 下载模板 downloads the
// template (opened here with exceljs: headers and a drop-down of the 单位 dictionary), the filled file is uploaded,
// the preview shows the one bad row in red with the server's message, 仅导入正确的行 imports the two others, the
// list shows them, and 下载错误报告 downloads the bad row with its 错误原因.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot } from './helpers';
import { pageSuite, poll, rowOf } from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the Excel import suite.');

describe.skipIf(!HAS_CHROMIUM)('Excel import end to end in Chromium', () => {
  const { pages, call, openList } = pageSuite();

  it('downloads the template, uploads it filled, previews the errors and imports the correct rows', async () => {
    const p = await pages.page('demo');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yg-import-'));
    await openList(p, '/materialDictionary');
    await p.getByRole('button', { name: /^导\s*入$/ }).click();
    const dialog = p.locator('.ant-modal-content:visible', { hasText: '导入物料字典' });
    await poll(() => dialog.count()).toBe(1);

    // 1: the template, downloaded and opened.
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载模板' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('物料字典-导入模板.xlsx');
    const templateFile = path.join(dir, 'template.xlsx');
    await download.saveAs(templateFile);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(templateFile);
    const ws = wb.getWorksheet('导入数据')!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 5)).toEqual(['物料分类*', '物料编码*', '物料名称*', '规格型号*', '单位*']);
    const unitCol = headers.indexOf('单位*') + 1;
    const validations = (ws as any).dataValidations.model as Record<string, { type: string; formulae: string[] }>;
    const unitList = Object.entries(validations).find(([range]) =>
      range.startsWith(`${String.fromCharCode(64 + unitCol)}2`),
    )![1];
    expect(unitList.type).toBe('list');
    expect(unitList.formulae[0]).toContain('个');

    // Filled as a user would: three rows, the second with a malformed 物料编码.
    const put = (row: number, values: Record<string, unknown>) => {
      for (const [h, v] of Object.entries(values))
        ws.getCell(row, headers.indexOf(h) + 1).value = v as ExcelJS.CellValue;
    };
    put(2, {
      '物料分类*': '亚克力/有机板',
      '物料编码*': 'DR-0001',
      '物料名称*': '导入亚克力板甲',
      '规格型号*': '1220×2440×3mm',
      '单位*': '张',
      参考单价: 120,
    });
    put(3, {
      '物料分类*': '亚克力/有机板',
      '物料编码*': 'bad-code',
      '物料名称*': '导入亚克力板乙',
      '规格型号*': '1220×2440×5mm',
      '单位*': '张',
    });
    put(4, {
      '物料分类*': '灯具电器',
      '物料编码*': 'DR-0002',
      '物料名称*': '导入灯条',
      '规格型号*': '1m',
      '单位*': '个',
      参考单价: 35.5,
    });
    const filled = path.join(dir, '物料导入.xlsx');
    await wb.xlsx.writeFile(filled);

    // 2: upload and preview.
    await dialog.locator('input[type=file]').setInputFiles(filled);
    await dialog.getByRole('button', { name: /下一步/ }).click();
    const wide = p.locator('.ant-modal-content:visible', { hasText: '仅导入正确的行' });
    await poll(() => wide.getByTestId('import-counts').innerText()).toBe('共 3 行，正确 2 行，错误 1 行');
    const bad = wide.locator('tr[data-bad="true"]');
    expect(await bad.count()).toBe(1);
    expect(await bad.innerText()).toContain('物料编码格式如 BC-0001');
    expect(await bad.innerText()).toContain('bad-code');
    await shot(p, 'excel-import-01-preview');
    // 全部正确才导入 is not offered while a row is wrong.
    await wide.locator('.ant-radio-wrapper', { hasText: '全部正确才导入' }).click();
    await poll(() => wide.getByRole('button', { name: /^导\s*入$/ }).isDisabled()).toBe(true);
    await wide.locator('.ant-radio-wrapper', { hasText: '仅导入正确的行' }).click();
    await wide.getByRole('button', { name: /^导\s*入$/ }).click();

    // 3: the result, the list reloaded, the error report.
    const done = p.locator('.ant-modal-content:visible', { hasText: '导入结果' });
    await poll(() => done.locator('.ant-result-title').innerText()).toBe('导入 2 条');
    await shot(p, 'excel-import-02-result');
    const [report] = await Promise.all([
      p.waitForEvent('download'),
      done.getByRole('button', { name: /下载错误报告/ }).click(),
    ]);
    expect(report.suggestedFilename()).toBe('物料字典-导入错误报告.xlsx');
    const reportFile = path.join(dir, 'report.xlsx');
    await report.saveAs(reportFile);
    const rb = new ExcelJS.Workbook();
    await rb.xlsx.readFile(reportFile);
    const rs = rb.getWorksheet('导入数据')!;
    const rh = (rs.getRow(1).values as unknown[]).slice(1).map(String);
    expect(rh[rh.length - 1]).toBe('错误原因');
    expect(rs.actualRowCount).toBe(2);
    expect(rs.getCell(2, rh.indexOf('物料编码*') + 1).value).toBe('bad-code');
    expect(String(rs.getCell(2, rh.length).value)).toBe('第3行：物料编码格式如 BC-0001');

    await done.getByRole('button', { name: /完\s*成/ }).click();
    await poll(() => rowOf(p, 'DR-0002').count()).toBe(1);
    expect(await rowOf(p, 'DR-0001').count()).toBe(1);
    const stored = (
      await call('demo', 'POST', '/api/data/materialDictionary/page', { pageNum: 1, pageSize: 10, keyword: '导入' })
    ).data.list;
    expect(stored.map((r: any) => r.dictCode).sort()).toEqual(['DR-0001', 'DR-0002']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("exports a list, edits the downloaded file and imports it back (the export's labels and its 合计 row are understood)", async () => {
    const p = await pages.page('demo');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yg-roundtrip-'));
    await openList(p, '/materialDictionary');
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: /^导\s*出$/ }).click(),
    ]);
    const exported = path.join(dir, 'exported.xlsx');
    await download.saveAs(exported);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(exported);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 3)).toEqual(['物料编码', '物料名称', '规格型号']);
    const code = headers.indexOf('物料编码') + 1;
    const name = headers.indexOf('物料名称') + 1;
    const firstName = String(ws.getCell(2, name).value);
    expect(firstName.length).toBeGreaterThan(0);
    // Edited as a user would: the first two materials copied under new codes and names, the other rows cleared,
    // the 合计 row the export wrote at the end left as it is.
    const last = ws.actualRowCount;
    expect(String(ws.getCell(last, 1).value)).toBe('合计');
    for (let r = 4; r < last; r++)
      ws.getRow(r).eachCell((c) => {
        c.value = null;
      });
    ws.getCell(2, code).value = 'RT-0101';
    ws.getCell(2, name).value = '回导物料甲';
    ws.getCell(3, code).value = 'RT-0102';
    ws.getCell(3, name).value = '回导物料乙';
    const edited = path.join(dir, '物料回导.xlsx');
    await wb.xlsx.writeFile(edited);

    await p.getByRole('button', { name: /^导\s*入$/ }).click();
    const dialog = p.locator('.ant-modal-content:visible', { hasText: '导入物料字典' });
    await dialog.locator('input[type=file]').setInputFiles(edited);
    await dialog.getByRole('button', { name: /下一步/ }).click();
    const wide = p.locator('.ant-modal-content:visible', { hasText: '仅导入正确的行' });
    await poll(() => wide.getByTestId('import-counts').innerText()).toBe('共 2 行，正确 2 行，错误 0 行');
    await wide.locator('.ant-radio-wrapper', { hasText: '全部正确才导入' }).click();
    await wide.getByRole('button', { name: /^导\s*入$/ }).click();
    const done = p.locator('.ant-modal-content:visible', { hasText: '导入结果' });
    await poll(() => done.locator('.ant-result-title').innerText()).toBe('导入 2 条');
    await done.getByRole('button', { name: /完\s*成/ }).click();
    await poll(() => rowOf(p, 'RT-0102').count()).toBe(1);
    const stored = (
      await call('demo', 'POST', '/api/data/materialDictionary/page', { pageNum: 1, pageSize: 10, keyword: '回导物料' })
    ).data.list;
    expect(stored.map((r: any) => r.dictCode).sort()).toEqual(['RT-0101', 'RT-0102']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
