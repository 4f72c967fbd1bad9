// The reimbursement story in Chromium, with three users: 张三 files and submits, his department leader
// (demo) rejects with a reason from the portal, 张三 resubmits, demo and then 李四 (财务) agree; a second
// form is withdrawn before anyone acts. Every figure on screen comes from the database.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { HAS_CHROMIUM, shot, signIn, startRig, toastText, type E2eRig, WAIT_MS } from './helpers';
import { drawerOf, item, poll, rowOf } from './page-kit';
import { DEMO } from '../../src/server/seed';

/** Waits for a UI condition: actions and answers take a moment on a busy two-core machine. */

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the reimbursement suite.');

describe.skipIf(!HAS_CHROMIUM)('reimbursement end to end in Chromium', () => {
  let server: { url: string; close(): Promise<void> };
  let browser: Browser;
  let dataDir: string;
  let staff: Page;
  let boss: Page;
  let lisi: Page;
  let invoice: string;

  async function loggedIn(username: string): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await signIn(ctx, server.url, username);
    const page = await ctx.newPage();
    page.setDefaultTimeout(WAIT_MS);
    return page;
  }

  let rig: E2eRig | undefined;
  beforeAll(async () => {
    rig = await startRig();
    ({ server, browser, dataDir } = rig);
    invoice = path.join(dataDir, '发票.png');
    fs.writeFileSync(
      invoice,
      await sharp({ create: { width: 320, height: 200, channels: 3, background: '#fff3e0' } })
        .png()
        .toBuffer(),
    );
    staff = await loggedIn('zhangsan');
    boss = await loggedIn('demo');
    lisi = await loggedIn('lisi');
  }, 240_000);

  afterAll(async () => {
    await rig?.close();
  });

  async function openList(p: Page) {
    await p.goto(`${server.url}/reimburseManage`);
    await p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  }

  /** Fills and submits a new reimbursement; returns its system code as shown in the list. */
  async function fileReimbursement(p: Page, reason: string, price: string, withInvoice = false): Promise<string> {
    await openList(p);
    const total = Number(/共 (\d+) 条/.exec(await p.locator('.ant-pagination').innerText())![1]);
    await p.getByRole('button', { name: '新增报销' }).click();
    await item(p, '报销人').locator('.ant-select').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '张三' }).click();
    await item(p, '部门').locator('.ant-select').click();
    await p.locator('.ant-select-dropdown:visible').getByTitle('业务部').click();
    await item(p, '报销日期').locator('input').fill('2026-11-20');
    await item(p, '报销日期').locator('input').press('Enter');
    await item(p, '事由').locator('textarea').fill(reason);
    if (withInvoice) {
      await item(p, '附件').locator('input[type=file]').setInputFiles(invoice);
      await item(p, '附件').locator('.ant-upload-list-item', { hasText: '发票.png' }).waitFor();
    }
    await drawerOf(p).getByRole('button', { name: '新增一行' }).click();
    const line = drawerOf(p).locator('.ant-table-tbody tr.ant-table-row').first();
    await line.locator('td').nth(1).locator('.ant-select').click();
    // 费用类型 is a tree dictionary (差旅费 → 交通, 住宿, 出差补贴): the cell is a tree select.
    await p.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '办公费' }).click();
    await line.locator('td').nth(2).locator('input').fill('2026-11-19');
    await line.locator('td').nth(2).locator('input').press('Enter');
    await line.locator('td').nth(3).locator('input').fill('打印纸');
    if (withInvoice) {
      // The line's 票据 cell takes invoice photos.
      await line.locator('td').nth(5).locator('input[type=file]').setInputFiles(invoice);
      await line.locator('td').nth(5).locator('.ant-upload-list-item', { hasText: '发票.png' }).waitFor();
    }
    await line.locator('td').nth(6).locator('input').fill(price);
    await line.locator('td').nth(6).locator('input').blur();
    await poll(() => line.locator('td').nth(6).locator('input').inputValue()).toBe(Number(price).toFixed(2));
    // 报销总额 follows the line items live, as the server will compute it.
    await poll(() => item(p, '报销总额').locator('input').inputValue()).toMatch(
      new RegExp(`^${Number(price)}(\\.\\d*)?$`),
    );
    await shot(p, 'reimburse-02-filled');
    await drawerOf(p)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await drawerOf(p)
      .waitFor({ state: 'hidden' })
      .catch(async (e) => {
        await shot(p, 'reimburse-debug');
        throw new Error(`${String(e)}\n${await toastText(p)}`);
      });
    await poll(() => p.locator('.ant-pagination').innerText()).toContain(`共 ${total + 1} 条`);
    const first = await p.locator('.ant-table-tbody tr.ant-table-row').first().innerText();
    expect(first).toContain(reason);
    return /BX\d{12}/.exec(first)![0];
  }

  it('lists, filters and sorts the seeded reimbursements from the database', async () => {
    // The story's claims, and those other modules' actions made (e.g. a vehicle cost turned into a draft claim).
    const seeded = Number(
      (
        await rig!.server.db
          .selectFrom('records')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('module', '=', 'reimburseManage')
          .where('tenant_code', '=', DEMO.tenantCode)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(seeded).toBeGreaterThanOrEqual(24);
    // The owner sees the team's every claim (张三, a plain member, only his own).
    await openList(boss);
    await shot(boss, 'reimburse-01-list');
    expect(await boss.locator('.ant-pagination').innerText()).toContain(`共 ${seeded} 条`);
    // Filter by status through the search form.
    await boss.locator('.yg-search-form .ant-formily-item', { hasText: '状态' }).locator('.ant-select').click();
    await boss.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已通过' }).click();
    await boss.getByRole('button', { name: /查\s*询/ }).click();
    await poll(() => boss.locator('.ant-pagination').innerText()).toContain('共 16 条');
    for (const row of await boss.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts())
      expect(row).toContain('已通过');
    await boss.getByRole('button', { name: /重\s*置/ }).click();
    await poll(() => boss.locator('.ant-pagination').innerText()).toContain(`共 ${seeded} 条`);
    // Server-side sort on 报销总额: ascending puts the 45.00 parking fee first.
    await boss.locator('.ant-table-thead th', { hasText: '报销总额' }).click();
    await poll(async () => boss.locator('.ant-table-tbody tr.ant-table-row').first().innerText()).toContain('45.00');
  }, 240_000);

  it('files a reimbursement with a line item and an invoice image, rejects it from the portal, resubmits and agrees', async () => {
    const code = await fileReimbursement(staff, '北京客户拜访', '45.5', true);
    await poll(() => rowOf(staff, code).innerText()).toContain('审批中');
    expect(await rowOf(staff, code).innerText()).toContain('45.50');

    // The approver sees it in the portal's to-do list and rejects it with a reason.
    await boss.goto(`${server.url}/`);
    const todo = boss.locator('.yg-work-panel');
    await todo.locator('.ant-table-tbody tr', { hasText: code }).waitFor();
    await shot(boss, 'reimburse-03-portal-todo');
    await todo.getByText(code).click();
    // The to-do opens the approval dialog: the form read-only, 驳回 / 取消 / 同意 and 审批动态.
    const d = boss.locator('.yg-approval-dialog .ant-modal-content');
    await poll(() => d.innerText()).toContain('审批动态');
    expect(await d.locator('.ant-modal-title').innerText()).toContain(code);
    await shot(boss, 'reimburse-03b-approval-dialog');
    await d.getByRole('button', { name: /驳\s*回/ }).click();
    const reason = boss.locator('.ant-modal-content:visible', { hasText: '请输入原因' });
    await reason.getByRole('button', { name: /确\s*定/ }).click();
    await poll(() => reason.innerText()).toContain('请输入原因');
    await reason.locator('textarea').fill('缺少发票原件');
    await shot(boss, 'reimburse-04-reject-reason');
    await reason.getByRole('button', { name: /确\s*定/ }).click();
    await poll(() => toastText(boss)).toContain('已驳回');
    await poll(() => todo.locator('.ant-table-tbody').innerText()).not.toContain(code);

    // 张三 sees the rejection in the timeline, edits and resubmits.
    await openList(staff);
    await poll(() => rowOf(staff, code).innerText()).toContain('已驳回');
    await rowOf(staff, code).getByText('编辑').click();
    await poll(() => drawerOf(staff).innerText()).toContain('缺少发票原件');
    await shot(staff, 'reimburse-05-rejected-timeline');
    await item(staff, '事由').locator('textarea').fill('北京客户拜访（已补发票）');
    await drawerOf(staff)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await poll(() => rowOf(staff, code).innerText()).toContain('审批中');

    // The department leader agrees from the portal, then 财务 (李四).
    for (const approver of [boss, lisi]) {
      await approver.goto(`${server.url}/`);
      const list = approver.locator('.yg-work-panel');
      await list.getByText(code).click();
      await approver
        .locator('.yg-approval-dialog .ant-modal-content')
        .getByRole('button', { name: /同\s*意/ })
        .click();
      await approver
        .locator('.ant-modal-content:visible', { hasText: '请输入原因' })
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await poll(() => toastText(approver)).toContain('已同意');
    }
    await openList(staff);
    await poll(() => rowOf(staff, code).innerText()).toContain('已通过');
    await rowOf(staff, code).getByText('查看').click();
    await poll(() => drawerOf(staff).innerText()).toContain('缺少发票原件');
    const timeline = await drawerOf(staff).innerText();
    expect(timeline).toContain('审批动态');
    expect(timeline).toContain('部门负责人：演示用户 同意');
    expect(timeline).toContain('财务审批：李四 同意');
    await poll(() => drawerOf(staff).locator('.yg-line-images .ant-upload-list-item').count()).toBe(1);
    // Money reads with two decimals in the read-only drawer.
    expect(await item(staff, '报销总额').innerText()).toContain('45.50 元');
    // Read-only lines show the expense type's name, not its id.
    expect(await drawerOf(staff).locator('.ant-table-tbody tr.ant-table-row').first().innerText()).toContain('办公费');
    await shot(staff, 'reimburse-06-approved');
  }, 240_000);

  it('lets the originator withdraw before anyone acts', async () => {
    const code = await fileReimbursement(staff, '临时打车', '23');
    await rowOf(staff, code).getByText('查看').click();
    await drawerOf(staff)
      .getByRole('button', { name: /撤\s*回/ })
      .click();
    await poll(() => toastText(staff)).toContain('已撤回');
    await openList(staff);
    await poll(() => rowOf(staff, code).innerText()).toContain('已撤回');
    await boss.goto(`${server.url}/`);
    await boss.locator('.yg-work-panel .ant-table').waitFor();
    expect(await boss.locator('.yg-work-panel').innerText()).not.toContain(code);
  }, 240_000);
});
