// Approvals as users meet them, in Chromium: a new user's one-person team submits with no set-up; the demo
// owner's own claim goes to 李四 (never to the owner), who approves and pays it; the owner defines a two-step
// process with an amount condition in /approvalManage, binds it in /ProcessBinding, and a claim follows it.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  HAS_CHROMIUM,
  readSmsCode,
  recordToasts,
  shot,
  signIn,
  startRig,
  toastText,
  type E2eRig,
  WAIT_MS,
} from './helpers';
import { choose, confirmOk, drawerOf, item, poll, rowOf, submitDrawer } from './page-kit';
import { dictItemId } from '../helpers/test-app';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the approvals suite.');

describe.skipIf(!HAS_CHROMIUM)('approvals end to end in Chromium', () => {
  let rig: E2eRig | undefined;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    rig = await startRig();
    browser = rig.browser;
    base = rig.server.url;
  }, 240_000);
  // No test leaves an uncaught error or an error of ours in any page's console.
  afterEach(() => {
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await rig?.close();
  });

  async function page(): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    contexts.push(ctx);
    await recordToasts(ctx);
    const p = await ctx.newPage();
    p.setDefaultTimeout(WAIT_MS);
    p.on('pageerror', (e) => consoleErrors.push(String(e)));
    // Uncaught errors and our own console errors; library development warnings ("Warning: …") are not errors.
    p.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource|^Warning: /.test(m.text())) consoleErrors.push(m.text());
    });
    return { ctx, page: p };
  }
  async function loggedIn(username: string, password = 'demo12345'): Promise<Page> {
    const { ctx, page: p } = await page();
    await signIn(ctx, base, username, password);
    return p;
  }

  // Clicks again until the field shows the option: a click during the drawer's opening motion, or on a dropdown
  // still closing, once left 业务模块 empty on a loaded machine. By title, so tree selects (部门) work too.
  const pick = async (p: Page, field: import('playwright-core').Locator, option: string) => {
    for (let attempt = 0; attempt < 4 && !(await field.innerText()).includes(option); attempt++) {
      await field.locator('.ant-select').click();
      await p
        .locator('.ant-select-dropdown:visible')
        .getByTitle(option, { exact: true })
        .first()
        .click({ timeout: 10_000 })
        .catch(() => undefined);
      await p.waitForTimeout(200);
    }
    await poll(() => field.innerText()).toContain(option);
  };
  const openList = async (p: Page, path: string) => {
    await p.goto(`${base}${path}`);
    await p.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  };

  /** Fills the claim form in the open drawer: one line of 办公费 with the given amount (部门: none in a one-person team). */
  async function fillClaim(p: Page, reason: string, price: string, applicant?: string, dept: string | null = '业务部') {
    if (applicant) await pick(p, item(p, '报销人'), applicant);
    if (dept) await pick(p, item(p, '部门'), dept);
    await item(p, '报销日期').locator('input').fill('2026-11-20');
    await item(p, '报销日期').locator('input').press('Enter');
    await item(p, '事由').locator('textarea').fill(reason);
    await drawerOf(p).getByRole('button', { name: '新增一行' }).click();
    const line = drawerOf(p).locator('.ant-table-tbody tr.ant-table-row').first();
    await line.locator('td').nth(1).locator('.ant-select').click();
    await p.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '办公费' }).click();
    await line.locator('td').nth(2).locator('input').fill('2026-11-19');
    await line.locator('td').nth(2).locator('input').press('Enter');
    await line.locator('td').nth(6).locator('input').fill(price);
    await line.locator('td').nth(6).locator('input').blur();
  }
  const steps = (p: Page) => drawerOf(p).locator('.yg-approval-step').allInnerTexts();

  /**
   * Agrees in the open reason dialog; done once the dialog and the drawer close (not by a toast, which a loaded
   * machine can miss: the steps and rows say the rest). A press landing while the dialog still opens is pressed
   * again (a busy 确定 ignores a second press).
   */
  async function agreeReason(p: Page) {
    const reason = p.locator('.ant-modal-content:visible', { hasText: '请输入原因' });
    for (let i = 0; i < 3 && (await reason.count()); i++) {
      await reason
        .getByRole('button', { name: /确\s*定/ })
        .click({ timeout: 10_000 })
        .catch(() => {});
      await reason.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => {});
    }
    await reason.waitFor({ state: 'hidden' });
    await drawerOf(p).waitFor({ state: 'hidden' });
  }

  it('a new user registers, creates a one-person team, saves a claim and submits it with no set-up', async () => {
    const { ctx, page: p } = await page();
    await p.goto(`${base}/register`);
    await p.getByPlaceholder('请输入用户名').fill('wanglei');
    await p.getByPlaceholder('请输入手机号').fill('13955550001');
    const sentAt = Date.now();
    await p.getByTestId('send-code').click();
    await p
      .getByPlaceholder('请输入6位验证码')
      .fill(await readSmsCode(rig!.dataDir, '13955550001', 'register', sentAt));
    await p.getByPlaceholder('请输入至少8位数字和字母组合').fill('wanglei123');
    await p.getByPlaceholder('请再次输入密码').fill('wanglei123');
    await p.locator('form[id=register] button[type=submit]').click();
    await p.waitForURL(`${base}/selectionMethod`);
    // The individual-team wizard has its own screens and tests; the team is created through the same call it makes.
    const token = (await ctx.cookies()).find((c) => c.name === 'token')!.value;
    const made = await (
      await ctx.request.post(`${base}/api/admin/systenant/createTenant`, {
        headers: { Satoken: token },
        data: { tenantName: '王磊工作室', tenantType: 'individual' },
      })
    ).json();
    expect(made.status, made.message).toBe(200);

    await p.goto(`${base}/reimburseManage`);
    await p.getByRole('button', { name: '新增报销' }).click();
    // A one-person team has no departments: the claim asks for none.
    await poll(() => drawerOf(p).innerText()).toContain('报销人');
    expect(await item(p, '部门').first().isVisible()).toBe(false);
    await fillClaim(p, '独立设计师采购样板', '320', 'wanglei', null);
    await drawerOf(p)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await drawerOf(p).waitFor({ state: 'hidden' });
    await poll(() => rowOf(p, '独立设计师采购样板').innerText()).toContain('待提交');
    await rowOf(p, '独立设计师采购样板').getByText('编辑').click();
    await shot(p, 'approvals-01-new-team-draft');
    await submitDrawer(p, 'approvals-01-debug');
    // Alone in the team: nobody else to ask, so it takes effect and waits for payment.
    await poll(() => rowOf(p, '独立设计师采购样板').innerText()).toMatch(/(?=[\s\S]*已通过)(?=[\s\S]*待支付)/);
  }, 180_000);

  it("the owner's own claim goes to 李四, who approves and pays it; the owner never sees a task", async () => {
    const boss = await loggedIn('demo');
    await openList(boss, '/reimburseManage');
    await boss.getByRole('button', { name: '新增报销' }).click();
    await fillClaim(boss, '老板自己的打车费', '66', '演示用户', '总经办');
    await submitDrawer(boss, 'approvals-02-debug');
    await poll(() => rowOf(boss, '老板自己的打车费').innerText()).toContain('审批中');
    await rowOf(boss, '老板自己的打车费').locator('td').last().getByText('查看').click();
    await poll(() => steps(boss)).toEqual(
      expect.arrayContaining([expect.stringContaining('部门负责人：等待 李四 审批')]),
    );
    expect(
      await drawerOf(boss)
        .getByRole('button', { name: /同\s*意/ })
        .count(),
    ).toBe(0);
    await shot(boss, 'approvals-02-owner-claim-waiting');

    const lisi = await loggedIn('lisi');
    await openList(lisi, '/reimburseManage');
    await lisi.getByText('待我审批', { exact: true }).click();
    await rowOf(lisi, '老板自己的打车费').locator('td').last().getByText('查看').click();
    await drawerOf(lisi)
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await agreeReason(lisi);
    await openList(lisi, '/reimburseManage');
    await poll(() => rowOf(lisi, '老板自己的打车费').innerText()).toMatch(/(?=[\s\S]*已通过)(?=[\s\S]*待支付)/);
    await rowOf(lisi, '老板自己的打车费').getByText('支付', { exact: true }).click();
    const dialog = lisi.locator('.ant-modal-content:visible', { hasText: '支付日期' });
    // The dialog starts on today's date; 付款账户 is still to be filled, and 确定 says so.
    await poll(() =>
      dialog.locator('.ant-formily-item', { hasText: '支付日期' }).locator('input').inputValue(),
    ).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (let i = 0; i < 3 && !(await dialog.innerText()).includes('付款账户不能为空'); i++) {
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog
        .getByText('付款账户不能为空')
        .waitFor({ timeout: 10_000 })
        .catch(() => {});
    }
    await poll(() => dialog.innerText()).toContain('付款账户不能为空');
    await dialog.locator('.ant-formily-item', { hasText: '支付日期' }).locator('input').fill('2026-11-21');
    await dialog.locator('.ant-formily-item', { hasText: '支付日期' }).locator('input').press('Enter');
    // The account is one of the company's (公司账户 in 财务字典), picked, not typed.
    await choose(lisi, dialog.locator('.ant-formily-item', { hasText: '付款账户' }), '基本户');
    await shot(lisi, 'approvals-03-pay-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => rowOf(lisi, '老板自己的打车费').innerText()).toContain('已支付');
    // Paid: no 支付 any more, and the drawer shows what was recorded and the stage change in the timeline.
    expect(await rowOf(lisi, '老板自己的打车费').getByText('支付', { exact: true }).count()).toBe(0);
    await rowOf(lisi, '老板自己的打车费').locator('td').last().getByText('查看').click();
    await poll(() => drawerOf(lisi).locator('.yg-stage-details').innerText()).toContain('基本户');
    await poll(() => steps(lisi)).toEqual(
      expect.arrayContaining([expect.stringContaining('李四 支付（待支付 → 已支付')]),
    );
    await drawerOf(lisi).locator('.yg-approval-step').last().scrollIntoViewIfNeeded();
    await shot(lisi, 'approvals-04-paid-drawer');
  }, 180_000);

  it('the owner defines a two-step process with an amount condition, binds it, and a claim follows it', async () => {
    const boss = await loggedIn('demo');
    await openList(boss, '/approvalManage');
    await boss.getByRole('button', { name: '新增流程' }).click();
    await item(boss, '流程名称').locator('input').fill('大额报销');
    await item(boss, '流程标识').locator('input').fill('big-claims');
    const lines = drawerOf(boss).locator('.ant-table-tbody tr.ant-table-row');
    for (const [i, [name, type, who, min]] of (
      [
        ['部门审核', '部门负责人', '', ''],
        ['财务复核', '指定人员', '李四', '1000'],
      ] as const
    ).entries()) {
      await drawerOf(boss).getByRole('button', { name: '新增一行' }).click();
      const line = lines.nth(i);
      await line.locator('td').nth(1).locator('input').fill(name);
      await line.locator('td').nth(2).locator('.ant-select').click();
      await boss.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: type }).click();
      if (who) {
        // Picked by typing and Enter, as a keyboard user would: on a second line the dropdown can open below the
        // window, where a click on the option cannot land.
        await line.locator('td').nth(3).locator('.ant-select').click();
        await boss.keyboard.type(who);
        await boss.locator('.ant-select-dropdown:visible .ant-select-item-option-active', { hasText: who }).waitFor();
        await boss.keyboard.press('Enter');
        await boss.keyboard.press('Escape');
        await poll(() => line.locator('td').nth(3).innerText()).toContain(who);
      }
      await line.locator('td').nth(5).locator('.ant-select').click();
      await boss.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '或签' }).click();
      if (min) await line.locator('td').nth(6).locator('input').fill(min);
    }
    await shot(boss, 'approvals-05-process-drawer');
    await drawerOf(boss)
      .getByRole('button', { name: /提\s*交/ })
      .click();
    await drawerOf(boss)
      .waitFor({ state: 'hidden' })
      .catch(async (e) => {
        await shot(boss, 'approvals-05-debug');
        throw e;
      });
    await poll(() => rowOf(boss, '大额报销').innerText()).toContain('草稿');
    await rowOf(boss, '大额报销').getByText('发布', { exact: true }).click();
    await confirmOk(boss);
    // The row says it (a toast can come and go unseen on a loaded machine).
    await poll(() => rowOf(boss, '大额报销').innerText()).toMatch(/1[\s\S]*已发布/);
    await shot(boss, 'approvals-06-process-list');

    await openList(boss, '/ProcessBinding');
    await boss.getByRole('button', { name: '新增绑定' }).click();
    await pick(boss, item(boss, '业务模块'), '报销管理');
    await pick(boss, item(boss, '审批流程'), '大额报销 v1');
    await item(boss, '金额区间').locator('input').first().fill('500');
    await item(boss, '优先级').locator('input').fill('1');
    await item(boss, '启用').locator('.ant-switch').click();
    await shot(boss, 'approvals-07-binding-drawer');
    // The drawer closes once saved (a toast may come and go unseen on a loaded machine); else its complaints show.
    await submitDrawer(boss, 'approvals-07-binding-refused');
    await poll(() => rowOf(boss, '大额报销 v1').innerText()).toContain('500 至 不限');
    await shot(boss, 'approvals-08-binding-list');

    // 张三 files 1,500 yuan: the new process applies (over 500), both steps run (the second from 1,000 on).
    const staff = await loggedIn('zhangsan');
    await openList(staff, '/reimburseManage');
    await staff.getByRole('button', { name: '新增报销' }).click();
    await fillClaim(staff, '大额样品采购', '1500', '张三');
    await submitDrawer(staff, 'approvals-09-debug');
    await rowOf(staff, '大额样品采购').locator('td').last().getByText('查看').click();
    await poll(() => steps(staff)).toEqual([
      expect.stringContaining('张三 提交了申请（审批流程：大额报销 v1）'),
      expect.stringContaining('部门审核：等待 演示用户 审批'),
    ]);
    await shot(staff, 'approvals-09-claim-follows-process');
    await openList(boss, '/reimburseManage');
    await rowOf(boss, '大额样品采购').locator('td').last().getByText('查看').click();
    await drawerOf(boss)
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await agreeReason(boss);
    await rowOf(boss, '大额样品采购').locator('td').last().getByText('查看').click();
    await poll(() => steps(boss)).toEqual(
      expect.arrayContaining([expect.stringContaining('财务复核：等待 李四 审批')]),
    );
  }, 240_000);

  it('a refused or failed approval call shows nothing (spec §8), no success, and leaves the drawer as the record is now', async () => {
    const staff = await loggedIn('zhangsan');
    const lisi = await loggedIn('lisi');
    const boss = await loggedIn('demo');
    const call = async (p: Page, method: 'GET' | 'POST', url: string, data?: unknown) => {
      const token = (await p.context().cookies()).find((c) => c.name === 'token')!.value;
      const res = await p.context().request.fetch(`${base}${url}`, { method, headers: { Satoken: token }, data });
      return (await res.json()) as { status: number; message: string; data: any };
    };
    const dict = (
      await call(staff, 'POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', [
        'dept',
        'teamMembers',
        'expenseType',
      ])
    ).data;
    /** 张三 files and submits a small claim (under the big-claims binding); answers its id. */
    const claim = async (reason: string) => {
      const made = await call(staff, 'POST', '/api/data/reimburseManage/add', {
        applicantId: dictItemId(dict, 'teamMembers', '张三'),
        deptId: dictItemId(dict, 'dept', '业务部'),
        applyDate: '2026-11-20',
        reason,
        lines: [{ expenseType: dictItemId(dict, 'expenseType', '办公费'), occurDate: '2026-11-19', price: 80 }],
      });
      expect(made.status, made.message).toBe(200);
      const sent = await call(staff, 'POST', '/api/data/reimburseManage/submit', { id: made.data.id });
      expect(sent.status, sent.message).toBe(200);
      return made.data.id as number;
    };
    const taskOf = async (p: Page, id: number) =>
      (await call(p, 'GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`)).data as {
        taskId: number | null;
        processInstanceId?: number;
      };
    /** Every toast shown since the last `seen` reset (a loaded machine can let one come and go between two polls). */
    let seen = '';
    const toasts = async (p: Page) => (seen += `\n${await toastText(p)}`);
    const reasonDialog = (p: Page) => p.locator('.ant-modal-content:visible', { hasText: '请输入原因' });
    /** Presses `button` (again, should a press land while it still opens) until the call to `path` is answered or fails. */
    const pressFor = async (p: Page, button: () => Locator, path: string) => {
      for (let i = 0; i < 3; i++) {
        const done = Promise.race([
          p.waitForResponse((r) => r.url().includes(path), { timeout: 15_000 }),
          p.waitForEvent('requestfailed', { predicate: (r) => r.url().includes(path), timeout: 15_000 }),
        ]).then(
          () => true,
          () => false,
        );
        await button()
          .click({ timeout: 10_000 })
          .catch(() => {});
        if (await done) return;
      }
      throw new Error(`no answer to ${path}`);
    };
    const reasonOk = (p: Page) => () => reasonDialog(p).getByRole('button', { name: /确\s*定/ });
    /** Opens the claim's drawer from the list (again, should a click land while the list still loads). */
    const openClaim = async (p: Page, reason: string) => {
      await openList(p, '/reimburseManage');
      for (let i = 0; i < 3 && !(await drawerOf(p).count()); i++) {
        await rowOf(p, reason).locator('td').last().getByText('查看').click();
        await drawerOf(p)
          .waitFor({ timeout: 15_000 })
          .catch(() => {});
      }
      await poll(() => steps(p)).toEqual(expect.arrayContaining([expect.stringContaining('张三 提交了申请')]));
    };

    // 1. The approver opens the claim; 张三 withdraws it meanwhile; 同意 is refused, silently.
    const first = await claim('E2E 审批被拒：撤回在先');
    const approver = (await taskOf(lisi, first)).taskId ? lisi : boss;
    expect((await taskOf(approver, first)).taskId).toBeTruthy();
    await openClaim(approver, 'E2E 审批被拒：撤回在先');
    await drawerOf(approver)
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await reasonDialog(approver).waitFor();
    await reasonDialog(approver).locator('textarea').fill('看过了');
    const gone = await call(staff, 'POST', '/api/oa/process/withdraw', { formId: first });
    expect(gone.status, gone.message).toBe(200);
    await toastText(approver);
    seen = '';
    await pressFor(approver, reasonOk(approver), '/api/oa/process/agree');
    // The task is gone: its dialog closes; the drawer stays, 审批动态 as it is now and no 同意; no success shown.
    await reasonDialog(approver).waitFor({ state: 'hidden' });
    await poll(() => steps(approver)).toEqual(expect.arrayContaining([expect.stringContaining('撤回')]));
    expect(
      await drawerOf(approver)
        .getByRole('button', { name: /同\s*意/ })
        .count(),
    ).toBe(0);
    await poll(() => drawerOf(approver).locator('.yg-system-code').innerText()).toContain('已撤回');
    expect(await toasts(approver)).not.toContain('已同意');
    expect(await toasts(approver)).not.toContain('该任务已处理');
    await shot(approver, 'approvals-10-refused-agree');
    await drawerOf(approver)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await drawerOf(approver).waitFor({ state: 'hidden' });

    // 2. The agree call fails in transit: nothing shown, the dialog keeps the remark; the retry goes through.
    const second = await claim('E2E 审批网络失败后重试');
    await openClaim(approver, 'E2E 审批网络失败后重试');
    await drawerOf(approver)
      .getByRole('button', { name: /同\s*意/ })
      .click();
    await reasonDialog(approver).waitFor();
    await reasonDialog(approver).locator('textarea').fill('网络恢复后同意');
    await approver.route('**/api/oa/process/agree', (r) => r.abort('failed'));
    await toastText(approver);
    seen = '';
    await pressFor(approver, reasonOk(approver), '/api/oa/process/agree');
    await poll(() => reasonOk(approver)().evaluate((b) => b.classList.contains('ant-btn-loading'))).toBe(false);
    expect(await reasonDialog(approver).locator('textarea').inputValue()).toBe('网络恢复后同意');
    expect(await toasts(approver)).not.toContain('已同意');
    expect(await toasts(approver)).not.toContain('请求错误');
    await approver.unroute('**/api/oa/process/agree');
    await pressFor(approver, reasonOk(approver), '/api/oa/process/agree');
    await drawerOf(approver).waitFor({ state: 'hidden' });
    const after = (await call(approver, 'GET', `/api/oa/task/findApprovalByFormId?formId=${second}`)).data as {
      approvalOpinion?: string;
    }[];
    expect(after.map((x) => x.approvalOpinion)).toContain('网络恢复后同意');

    // 3. 张三 opens his claim; the approver agrees meanwhile; 撤回 is refused, silently.
    const third = await claim('E2E 撤回被拒：已审批');
    await openClaim(staff, 'E2E 撤回被拒：已审批');
    const task = await taskOf(approver, third);
    const agreed = await call(approver, 'POST', '/api/oa/process/agree', {
      taskId: task.taskId,
      processInstanceId: task.processInstanceId,
      comments: '同意',
    });
    expect(agreed.status, agreed.message).toBe(200);
    await toastText(staff);
    seen = '';
    const withdrawButton = () => drawerOf(staff).getByRole('button', { name: /撤\s*回/ });
    await pressFor(staff, withdrawButton, '/api/oa/process/withdraw');
    expect(await toasts(staff)).not.toContain('已撤回');
    // The drawer stays and shows the record as it is now: no 撤回 any more (an approver acted).
    expect(await drawerOf(staff).count()).toBe(1);
    await poll(() => withdrawButton().count()).toBe(0);
    const now = (await call(staff, 'GET', `/api/data/reimburseManage/get?id=${third}`)).data;
    expect(now.actions).not.toContain('withdraw');
    expect(await drawerOf(staff).locator('.yg-system-code').innerText()).toContain(now.status);
    await poll(() => steps(staff)).toEqual(expect.arrayContaining([expect.stringContaining('同意')]));
    expect(await toasts(staff)).not.toContain('审批人已处理');
    await shot(staff, 'approvals-11-refused-withdraw');
  }, 240_000);
});
