// Hiring to payroll in Chromium, from the pages the schemas describe: 张三 applies for leave in
// /myPersonnel (the 请假类型 field appears only for 请假), it is approved, /attendanceManagement shows it in his
// month, 人事 赵敏 confirms the month's attendance at once (批量确认), generates the month's payroll in
// /payrollSetting (生成工资表), it is submitted and approved, and /financialPayables shows the 工资 payable.
// Approvals are given through the API (the approval UI has its own suite).
import { describe, expect, it } from 'vitest';
import { HAS_CHROMIUM, shot, toastText, WAIT_MS } from './helpers';
import {
  approver,
  choose,
  confirmOk,
  dialogOf,
  drawerOf,
  item,
  op,
  pageSuite,
  poll,
  rowOf,
  submitDrawer,
  typeRange,
} from './page-kit';

if (!HAS_CHROMIUM) console.log('[e2e] /usr/bin/chromium not found: skipping the personnel suite.');

describe.skipIf(!HAS_CHROMIUM)('hiring to payroll end to end in Chromium', () => {
  const { pages, call, openList } = pageSuite();
  const approve = approver(call, ['lisi', 'demo']);
  const find = async (username: string, module: string, filters: object[]) =>
    (await call(username, 'POST', `/api/data/${module}/page`, { pageNum: 1, pageSize: 100, filters })).data.list;

  it('leave approved → attendance shows it → month confirmed → payroll generated and approved → 工资 payable', async () => {
    const staff = await pages.page('zhangsan');
    const hr = await pages.page('zhaomin');
    await pages.page('lisi');
    await pages.page('demo');
    const staffId = (await call('zhangsan', 'GET', '/api/admin/sysuser/getSysUser')).data.id;
    const month = (
      await call('zhaomin', 'POST', '/api/data/attendanceManagement/page', {
        pageNum: 1,
        pageSize: 1,
        sorters: [{ field: 'month', order: 'desc' }],
      })
    ).data.list[0].month as string;
    const before = (
      await find('zhaomin', 'attendanceManagement', [
        { field: 'month', operator: 'eq', value: month },
        { field: 'userId', operator: 'eq', value: staffId },
      ])
    )[0];
    expect(before.stage).toBe('待确认');

    // 张三 applies for two days' leave in the month being recorded.
    await openList(staff, '/myPersonnel');
    await staff.getByRole('button', { name: '新增申请' }).click();
    await poll(() => item(staff, '申请人').innerText()).toContain('张三');
    expect(await item(staff, '请假类型').count()).toBe(0);
    await choose(staff, item(staff, '申请类型'), '请假');
    // dependOn by the option's name: 请假类型 appears for 请假.
    await choose(staff, item(staff, '请假类型'), '事假');
    // A date-time range: typed as shown (YYYY-MM-DD HH:mm:ss), each end confirmed.
    const range = item(staff, '起止时间').locator('input');
    await typeRange(staff, range, [`${month}-26 09:00:00`, `${month}-27 18:00:00`]);
    await item(staff, '时长').locator('input').fill('2');
    await item(staff, '事由').locator('textarea').fill('家中老人住院陪护（E2E）');
    await shot(staff, 'personnel-01-leave-form');
    await submitDrawer(staff, 'personnel-debug');
    await poll(() => rowOf(staff, '家中老人住院陪护（E2E）').innerText()).toContain('审批中');
    const leave = (
      await find('zhangsan', 'myPersonnel', [{ field: 'reason', operator: 'contains', value: '住院陪护（E2E）' }])
    )[0];
    expect(leave.period).toEqual([`${month}-26 09:00`, `${month}-27 18:00`]);
    await approve(leave.id);

    // The month's attendance shows it; 赵敏 confirms the whole month.
    await openList(hr, '/attendanceManagement');
    const zhang = rowOf(hr, '张三');
    await poll(() => zhang.first().innerText()).toContain(String(Number(before.leaveDays ?? 0) + 2));
    await shot(hr, 'personnel-02-attendance-with-leave');
    await hr.locator('.ant-table-thead .ant-checkbox-wrapper').first().click();
    await poll(() => hr.locator('.ant-table-tbody .ant-checkbox-wrapper-checked').count()).toBeGreaterThan(0);
    await hr.getByRole('button', { name: '批量确认' }).click();
    const ask = hr.locator('.ant-modal-confirm:visible');
    await ask.waitFor().catch(async (e) => {
      await shot(hr, 'personnel-debug-confirm');
      throw e;
    });
    expect(await ask.innerText()).toMatch(/确定确认所选的 \d+ 条记录吗/);
    // Confirming every selected month's attendance is one call that can take long on a loaded machine: wait for
    // its answer (pressing 确定 again only while the dialog is still open and idle), then for the list to show it.
    const confirmed = hr.waitForResponse((r) => r.url().includes('/api/data/attendanceManagement/stage-batch'), {
      timeout: 2 * WAIT_MS,
    });
    await confirmOk(hr, /确\s*定/, 0);
    const answer = await (await confirmed).json();
    expect(answer.status, answer.message).toBe(200);
    const now = (
      await find('zhaomin', 'attendanceManagement', [
        { field: 'month', operator: 'eq', value: month },
        { field: 'userId', operator: 'eq', value: staffId },
      ])
    )[0];
    expect(now.stage).toBe('已确认');
    // The list reloads after the answer; should that reload have been lost, the list is opened again.
    if (
      !(await poll(() => zhang.first().innerText())
        .toContain('已确认')
        .then(
          () => true,
          () => false,
        ))
    ) {
      await openList(hr, '/attendanceManagement');
      await poll(() => zhang.first().innerText()).toContain('已确认');
    }

    // 生成工资表 for the month.
    await openList(hr, '/payrollSetting');
    await hr.locator('.ant-tabs-tab', { hasText: '工资表' }).click();
    await hr.getByRole('button', { name: '生成工资表' }).click();
    const monthInput = dialogOf(hr, '生成工资表').locator('input').first();
    await monthInput.click();
    await monthInput.fill(month);
    await monthInput.press('Enter');
    await dialogOf(hr, '生成工资表').getByRole('button', { name: '生成工资表' }).click();
    // Generating reads every employee's salary file, attendance and appraisal: give it twice the usual wait.
    await drawerOf(hr)
      .waitFor({ timeout: 2 * WAIT_MS })
      .catch(async (e) => {
        await shot(hr, 'personnel-debug-generate');
        throw new Error(`${String(e)}\n${await toastText(hr)}`);
      });
    await poll(() => drawerOf(hr).innerText()).toContain('张三');
    await shot(hr, 'personnel-03-payroll-generated');
    const sheet = (await find('zhaomin', 'payrollSettingSheet', [{ field: 'month', operator: 'eq', value: month }]))[0];
    expect(sheet.status).toBe('待提交');
    expect(sheet.lines.find((l: any) => l.userId === staffId)).toMatchObject({ actualDays: before.actualDays });
    await drawerOf(hr).locator('.ant-drawer-close').click();
    await op(hr, sheet.code, '提交').click();
    await poll(() => rowOf(hr, sheet.code).innerText()).toContain('审批中');
    await approve(sheet.id);
    await hr.reload();
    await hr.locator('.ant-tabs-tab', { hasText: '工资表' }).click();
    await poll(() => rowOf(hr, sheet.code).innerText()).toContain('已发放');

    // The 工资 payable in finance.
    const boss = await pages.page('demo');
    await openList(boss, '/financialPayables');
    const payable = (
      await find('demo', 'financialPayables', [{ field: 'sourceCode', operator: 'eq', value: sheet.code }])
    )[0];
    expect(payable).toMatchObject({ payableTypeName: '工资', payStage: '未付款' });
    await poll(() => rowOf(boss, payable.code).innerText()).toContain('工资');
    await shot(boss, 'personnel-04-wage-payable');
  }, 300_000);
});
