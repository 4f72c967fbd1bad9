// The finance flows in Chromium, from the pages the schemas describe: 张三 borrows (借支), 李四 pays
// it, 张三 files a reimbursement that offsets it through the 冲抵借支单 picker, and once approved the advance reads
// 已还清 with its 还款记录; a receivable goes 未回款 → 部分回款 → 已回款 through two 登记回款 dialogs. Approvals
// are given through the API (the approval UI has its own suite); every figure on screen comes from the server.
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot } from './helpers';
import {
  approver,
  choose,
  dialogItem,
  dialogOf,
  drawerOf,
  item,
  op,
  pageSuite,
  poll,
  rowOf,
  submitDrawer,
  typeDate,
} from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the finance suite.');

describe.skipIf(!HAS_CHROMIUM)('finance flows end to end in Chromium', () => {
  const { pages, call, openList, base } = pageSuite();
  const loggedIn = (username: string) => pages.page(username);
  /** Agrees every open task of the record (李四, then the owner, then 张三), until it takes effect. */
  const approve = approver(call, ['lisi', 'demo', 'zhangsan']);

  it('an advance is paid, offset by a reimbursement through the picker, and reads 已还清 with its 还款记录', async () => {
    const staff = await loggedIn('zhangsan');
    const lisi = await loggedIn('lisi');
    await loggedIn('demo');

    // 张三 borrows 1,500 for a trip.
    await openList(staff, '/advanceManage');
    await staff.getByRole('button', { name: '新增借支' }).click();
    await poll(() => item(staff, '借支人').innerText()).toContain('张三');
    await choose(staff, item(staff, '借支类型'), '差旅借支');
    await item(staff, '借支金额').locator('input').fill('1500');
    await typeDate(item(staff, '预计还款日'), '2099-12-31');
    await choose(staff, item(staff, '还款方式'), '报销冲抵');
    await item(staff, '事由').locator('textarea').fill('杭州门店安装差旅（E2E）');
    await shot(staff, 'finance-01-advance-form');
    await submitDrawer(staff);
    await poll(() => rowOf(staff, '杭州门店安装差旅（E2E）').innerText()).toContain('审批中');
    const advCode = /JZ\d{12}/.exec(await rowOf(staff, '杭州门店安装差旅（E2E）').innerText())![0];
    const adv = (
      await call('zhangsan', 'POST', '/api/data/advanceManage/page', {
        pageNum: 1,
        pageSize: 5,
        filters: [{ field: 'code', operator: 'eq', value: advCode }],
      })
    ).data.list[0];
    await approve(adv.id);

    // 李四 pays it from the list's 支付 operation.
    await openList(lisi, '/advanceManage');
    await poll(() => rowOf(lisi, advCode).innerText()).toContain('待支付');
    await op(lisi, advCode, '支付').click();
    await choose(lisi, dialogItem(lisi, '支付', '付款账户'), '基本户');
    // 确定 again while the dialog stays open without an answer (a press can land while it still opens, under load);
    // then the row, the list opened again should its reload after the answer have been lost.
    for (let i = 0; i < 3 && (await dialogOf(lisi, '支付').count()); i++) {
      const answered = lisi
        .waitForResponse((r) => r.url().includes('/api/data/advanceManage/stage'), { timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      await dialogOf(lisi, '支付')
        .getByRole('button', { name: /确\s*定/ })
        .click({ timeout: 10_000 })
        .catch(() => {});
      if (await answered) break;
    }
    await poll(() => rowOf(lisi, advCode).innerText())
      .toContain('已支付')
      .catch(async () => {
        await openList(lisi, '/advanceManage');
        await poll(() => rowOf(lisi, advCode).innerText()).toContain('已支付');
      });

    // 张三 files a reimbursement that offsets the advance: the picker offers it with its balance.
    await openList(staff, '/reimburseManage');
    await staff.getByRole('button', { name: '新增报销' }).click();
    await choose(staff, item(staff, '部门'), '业务部').catch(async () => {
      await staff.locator('.ant-select-dropdown:visible').getByTitle('业务部').click();
    });
    await item(staff, '事由').locator('textarea').fill('杭州门店安装差旅报销（E2E）');
    // The picker asks the server when it opens; on a loaded machine a click can land while the list is still
    // being replaced, so pick until the field shows the advance.
    const option = staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: advCode });
    for (let attempt = 0; attempt < 3 && !(await item(staff, '冲抵借支单').innerText()).includes(advCode); attempt++) {
      if (!(await option.count())) await item(staff, '冲抵借支单').locator('.ant-select').click();
      await poll(() => option.innerText()).toContain('未还 1500 元');
      await option.click();
      await staff.waitForTimeout(300);
    }
    await poll(() => item(staff, '冲抵借支单').innerText()).toContain(advCode);
    await item(staff, '冲借支金额').locator('input').fill('1500');
    await drawerOf(staff).getByRole('button', { name: '新增一行' }).click();
    const line = drawerOf(staff).locator('.ant-table-tbody tr.ant-table-row').first();
    // The expense-type tree loads on first open; under load a click can land before it is ready: retry.
    for (let attempt = 0; attempt < 3 && !(await line.locator('td').nth(1).innerText()).includes('住宿'); attempt++) {
      await line.locator('td').nth(1).locator('.ant-select').click();
      await staff.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '住宿' }).click();
      await staff.waitForTimeout(300);
    }
    await poll(() => line.locator('td').nth(1).innerText()).toContain('住宿');
    await line.locator('td').nth(2).locator('input').fill('2026-11-18');
    await line.locator('td').nth(2).locator('input').press('Enter');
    await line.locator('td').nth(6).locator('input').fill('1680');
    await line.locator('td').nth(6).locator('input').blur();
    // 实付 = 报销总额 − 冲借支金额, live, as the server will compute it.
    await poll(() => item(staff, '实付金额').locator('input').inputValue()).toMatch(/^180(\.0+)?$/);
    await shot(staff, 'finance-02-claim-with-offset');
    await submitDrawer(staff);
    const claimRow = rowOf(staff, '杭州门店安装差旅报销（E2E）');
    await poll(() => claimRow.innerText()).toContain('审批中');
    const claimCode = /BX\d{12}/.exec(await claimRow.innerText())![0];
    const claim = (
      await call('zhangsan', 'POST', '/api/data/reimburseManage/page', {
        pageNum: 1,
        pageSize: 5,
        filters: [{ field: 'code', operator: 'eq', value: claimCode }],
      })
    ).data.list[0];
    expect(claim).toMatchObject({ totalPrice: 1680, offsetPrice: 1500, actualPrice: 180 });
    await approve(claim.id);

    // The advance is repaid by the approval: 已还清, and its 还款记录 names the reimbursement.
    await openList(staff, '/advanceManage');
    await poll(async () => {
      await staff.reload();
      return rowOf(staff, advCode).innerText();
    }).toContain('已还清');
    await op(staff, advCode, '查看').click();
    const records = drawerOf(staff).locator('.ant-table-tbody tr.ant-table-row', { hasText: claimCode });
    await poll(() => records.innerText()).toContain('报销冲抵');
    expect(await records.innerText()).toContain('1,500.00');
    await shot(staff, 'finance-03-advance-repaid');
  }, 300_000);

  it('a receivable reaches 已回款 after two 登记回款', async () => {
    const boss = await loggedIn('demo');
    const lisi = await loggedIn('lisi');
    const partnerType = (
      await call('demo', 'POST', '/api/admin/sysmenuListFieldDict/queryByFieldKey', { fieldKey: 'partnerType' })
    ).data;
    const customerType = partnerType.find((x: any) => x.dictName === '客户').id;
    const partner = await call('demo', 'POST', '/api/data/partnerInfo/add', {
      partnerName: '云杉珠宝（E2E）',
      partnerType: [customerType],
      contactName: '周女士',
      contactPhone: '13900001111',
      submit: true,
    });
    expect(partner.status, partner.message).toBe(200);

    await openList(boss, '/financialReceivable');
    await boss.getByRole('button', { name: '新增应收' }).click();
    await choose(boss, item(boss, '客户'), '云杉珠宝（E2E）');
    await choose(boss, item(boss, '收款类型'), '进度款');
    await item(boss, '合同金额').locator('input').fill('10000');
    await item(boss, '合同金额').locator('input').blur();
    await poll(() => item(boss, '未结余额').locator('input').inputValue()).toMatch(/^10000(\.0+)?$/);
    await shot(boss, 'finance-04-receivable-form');
    await submitDrawer(boss);
    const row = rowOf(boss, '云杉珠宝（E2E）');
    await poll(() => row.innerText()).toContain('10,000.00');
    const code = /SK\d{12}/.exec(await row.innerText())![0];
    const rec = (
      await call('demo', 'POST', '/api/data/financialReceivable/page', {
        pageNum: 1,
        pageSize: 5,
        filters: [{ field: 'code', operator: 'eq', value: code }],
      })
    ).data.list[0];
    await approve(rec.id);

    await openList(lisi, '/financialReceivable');
    for (const [amount, stage] of [
      ['4000', '部分回款'],
      ['6000', '已回款'],
    ] as const) {
      await poll(() => rowOf(lisi, code).innerText()).not.toContain('审批中');
      await op(lisi, code, '登记回款').click();
      await dialogItem(lisi, '登记回款', '回款金额').locator('input').fill(amount);
      await choose(lisi, dialogItem(lisi, '登记回款', '付款方式'), '银行转账');
      await dialogOf(lisi, '登记回款')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await poll(() => rowOf(lisi, code).innerText()).toContain(stage);
    }
    await shot(lisi, 'finance-05-receivable-collected');
    await op(lisi, code, '查看').click();
    const lines = drawerOf(lisi).locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => lines.count()).toBe(2);
    expect(await lines.nth(0).innerText()).toContain('4,000.00');
    expect(await lines.nth(1).innerText()).toContain('6,000.00');
    expect(await item(lisi, '未结余额').innerText()).toContain('0.00');
    await shot(lisi, 'finance-06-receivable-lines');
  }, 300_000);
  it('names every tab after its page, moves through the tab bar, helps, and opens a nested form from 我的申请', async () => {
    const lisi = await loggedIn('lisi');
    const fav = await lisi.request.get(`${base()}/favicon.ico`);
    expect(fav.status()).toBe(200);
    expect(fav.headers()['content-type']).toMatch(/icon/);
    await openList(lisi, '/reimburseManage');
    await poll(() => lisi.title()).toBe('报销管理 - 易管');
    await lisi.locator('.yg-module-tabs [role=tab]', { hasText: '借支' }).click();
    await poll(() => new URL(lisi.url()).pathname).toBe('/advanceManage');
    await poll(() => lisi.title()).toBe('借支管理 - 易管');
    // 帮助: the page's own text until the team writes one.
    await lisi.locator('.yg-module-tabs [role=button]', { hasText: '帮助' }).click();
    await poll(() => lisi.locator('.yg-help-panel').innerText()).toContain('员工因出差、采购等预先向公司借款');
    // 李四's payment requests (付款申请, a nested list of 应付管理) open from the portal in the approval dialog: his own
    // application has no task of his, so it reads 详情：… with its form and only 关闭.
    await lisi.goto(`${base()}/`);
    await poll(() => lisi.title()).toBe('首页 - 易管'); // the menu's name for / wins
    await lisi.getByRole('tab', { name: /我的申请/ }).click();
    const row = lisi.locator('.yg-work-panel tr.ant-table-row', { hasText: '付款申请' }).first();
    await row.locator('a').first().click();
    const details = lisi.locator('.yg-approval-dialog .ant-modal-content');
    await poll(() => details.locator('.ant-modal-title').innerText()).toMatch(/^详情：付款申请/);
    await poll(() => details.innerText()).toContain('申请金额');
    expect(await details.locator('.ant-modal-footer button').allInnerTexts()).toEqual([
      expect.stringMatching(/^关\s*闭$/),
    ]);
    await shot(lisi, 'navigation-portal-nested-form');
  });
});
