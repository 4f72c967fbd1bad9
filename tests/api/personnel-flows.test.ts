// Hiring to payroll as data: approved leave feeds the month's attendance, HR confirms the month
// (locked afterwards), an appraisal gives the coefficient, and 生成工资表 (a generator the schema declares)
// builds one line per salary file from the confirmed attendance × coefficient − deductions − open 工资扣回
// advances; its approval raises a 工资 payable, repays those advances and writes each employee's payslip,
// which only that employee sees. Figures are worked out by hand below. No module is named in src/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { dictItemId, openDemoSuite, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api } from '../helpers/records';
import { todayInChina } from '../../src/common/china-time';

/** A month no demo record touches. */
const MONTH = '2031-01';

describe.each(oneDialect())('personnel flows on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let hr: string;
  let ids: Record<string, number>;
  let dict: Record<string, any[]>;
  const today = todayInChina();

  beforeAll(async () => {
    ({ t, boss, lisi, staff } = await openDemoSuite(dialect));
    hr = await t.login('zhaomin', 'demo12345');
    const uid = async (u: string) =>
      (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    ids = { boss: await uid('demo'), staff: await uid('zhangsan'), lisi: await uid('lisi'), hr: await uid('zhaomin') };
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['hrApplyType', 'leaveType', 'kpiIndicator', 'advanceType', 'dept', 'companyAccount'],
        staff,
      )
    ).data;
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const ok = (r: { status: number; message: string }) => expect(r.status, r.message).toBe(200);
  const get = async (module: string, id: number, token = boss) =>
    await t.call('GET', `${api(module, 'get')}?id=${id}`, undefined, token);
  const list = async (module: string, token: string, filters: object[] = [], pageSize = 200) =>
    (await t.call('POST', api(module, 'page'), { pageNum: 1, pageSize, filters }, token)).data;

  const approve = (module: string, id: number) => approveAll(t, module, id, [lisi, boss, staff, hr]);

  const apply = async (kind: string, period: [string, string], duration: number, token = staff) => {
    const r = await t.call(
      'POST',
      api('myPersonnel', 'add'),
      {
        applyType: d('hrApplyType', kind),
        ...(kind === '请假' ? { leaveType: d('leaveType', '事假') } : {}),
        period,
        duration,
        reason: `${kind}：家中有事`,
        submit: true,
      },
      token,
    );
    ok(r);
    return approve('myPersonnel', r.data.id);
  };

  const attendanceOf = async (userId: number) =>
    (
      await list('attendanceManagement', boss, [
        { field: 'month', operator: 'eq', value: MONTH },
        { field: 'userId', operator: 'eq', value: userId },
      ])
    ).list[0];

  it("approved leave and overtime feed the month's attendance; the figures cannot be sent", async () => {
    const made = await t.call(
      'POST',
      api('attendanceManagement', 'add'),
      {
        month: MONTH,
        userId: ids.staff,
        shouldDays: 22,
        actualDays: 20,
        overtimeHours: 60,
        lateTimes: 1,
        absentDays: 0,
        leaveDays: 99,
      },
      hr,
    );
    ok(made);
    expect(made.data).toMatchObject({ leaveDays: 0, overtimeHours: 0 });
    // A second record of the same person and month is refused.
    const twice = await t.call(
      'POST',
      api('attendanceManagement', 'add'),
      { month: MONTH, userId: ids.staff, shouldDays: 22, actualDays: 22 },
      hr,
    );
    expect(twice.status).toBe(409);

    const leave = await apply('请假', [`${MONTH}-12 09:00`, `${MONTH}-13 18:00`], 2);
    expect(leave.status).toBe('已通过');
    expect((await attendanceOf(ids.staff)).leaveDays).toBe(2);
    expect((await apply('加班', [`${MONTH}-17 09:00`, `${MONTH}-17 15:00`], 6)).status).toBe('已通过');
    expect((await attendanceOf(ids.staff)).overtimeHours).toBe(6);
    // Leave of another month, or not approved, does not count.
    await apply('请假', ['2031-02-03 09:00', '2031-02-03 18:00'], 1);
    const draft = await t.call(
      'POST',
      api('myPersonnel', 'add'),
      {
        applyType: d('hrApplyType', '请假'),
        leaveType: d('leaveType', '病假'),
        period: [`${MONTH}-20 09:00`, `${MONTH}-20 18:00`],
        duration: 1,
        reason: '草稿',
      },
      staff,
    );
    ok(draft);
    expect((await attendanceOf(ids.staff)).leaveDays).toBe(2);
    // What a client sends as 请假天数 is ignored: the figure is read from the approved leave.
    const att = await attendanceOf(ids.staff);
    ok(
      await t.call(
        'POST',
        api('attendanceManagement', 'update'),
        { ...att, leaveDays: 0, overtimeHours: 0, actualDays: 20 },
        hr,
      ),
    );
    expect(await attendanceOf(ids.staff)).toMatchObject({ leaveDays: 2, overtimeHours: 6 });
  });

  it("generates the month's payroll from confirmed attendance, the coefficient and open 工资扣回 advances, exact to the fen", async () => {
    // Every salary file in effect needs its person's attendance for the month.
    const files = (await list('payrollSetting', boss, [{ field: 'status', operator: 'eq', value: '已通过' }])).list;
    // A raise is a newer file of the same person: one line per person, from the newest file.
    const people = [...new Set(files.map((f: any) => f.userId as number))];
    expect(people.length).toBeGreaterThanOrEqual(20);
    expect(files.length).toBeGreaterThan(people.length);
    for (const userId of people) {
      if (userId === ids.staff) continue;
      ok(
        await t.call(
          'POST',
          api('attendanceManagement', 'add'),
          { month: MONTH, userId, shouldDays: 22, actualDays: 22 },
          hr,
        ),
      );
    }
    // Not confirmed yet: refused, naming who is missing.
    const early = await t.call(
      'POST',
      api('payrollSettingSheet', 'generate'),
      { key: 'generate', values: { month: MONTH } },
      hr,
    );
    expect(early.status).toBe(400);
    expect(early.message).toContain('以下员工该月考勤尚未确认');
    expect(early.message).toContain('张三');

    // HR confirms the month at once (a batch stage action: all or none).
    const month = (await list('attendanceManagement', hr, [{ field: 'month', operator: 'eq', value: MONTH }])).list;
    expect(month).toHaveLength(people.length);
    const confirmKey = 'confirm';
    const batch = await t.call(
      'POST',
      api('attendanceManagement', 'stage-batch'),
      { ids: month.map((r: any) => r.id), action: confirmKey },
      hr,
    );
    ok(batch);
    expect(batch.data.count).toBe(people.length);
    const locked = await attendanceOf(ids.staff);
    expect(locked.stage).toBe('已确认');
    expect(locked.actions).not.toContain('edit');
    expect(
      (await t.call('POST', api('attendanceManagement', 'update'), { ...locked, actualDays: 22 }, hr)).status,
    ).toBe(409);
    // Leave approved into a confirmed month is refused with the reason; the application stays under approval.
    const late = await t.call(
      'POST',
      api('myPersonnel', 'add'),
      {
        applyType: d('hrApplyType', '请假'),
        leaveType: d('leaveType', '事假'),
        period: [`${MONTH}-25 09:00`, `${MONTH}-25 18:00`],
        duration: 1,
        reason: '补请假',
        submit: true,
      },
      staff,
    );
    ok(late);
    const refused = await approve('myPersonnel', late.data.id);
    expect(refused.refusedWith).toContain('已确认');
    expect((await attendanceOf(ids.staff)).leaveDays).toBe(2);

    // 张三's appraisal of the month: every indicator scored 90 → grade and coefficient from the schema.
    const indicators = ['工作质量', '工作效率', '任务完成率', '出勤纪律', '团队协作'];
    const appraisal = await t.call(
      'POST',
      api('performanceMange', 'add'),
      {
        period: MONTH,
        userId: ids.staff,
        evaluatorId: ids.boss,
        lines: indicators.map((x) => ({ indicator: d('kpiIndicator', x), weight: 20, selfScore: 90, score: 90 })),
        submit: true,
      },
      boss,
    );
    ok(appraisal);
    const archived = await approve('performanceMange', appraisal.data.id);
    expect(archived.status).toBe('已通过');
    expect(archived.totalScore).toBe(90);
    const coefficient = archived.coefficient;
    expect(coefficient).toBeGreaterThan(0);

    // An advance 张三 repays from his wage.
    const adv = await t.call(
      'POST',
      api('advanceManage', 'add'),
      {
        applicantId: ids.staff,
        advanceType: d('advanceType', '工资预支'),
        loanPrice: 800,
        expectedRepayDate: '2031-02-10',
        repayMethod: '工资扣回',
        reason: '家中急用，预支工资',
        submit: true,
      },
      staff,
    );
    ok(adv);
    expect((await approve('advanceManage', adv.data.id)).status).toBe('已通过');
    ok(
      await t.call(
        'POST',
        api('advanceManage', 'stage'),
        { id: adv.data.id, action: 'pay', values: { payDate: today, payAccount: d('companyAccount', '基本户') } },
        lisi,
      ),
    );

    const sheet = await t.call(
      'POST',
      api('payrollSettingSheet', 'generate'),
      { key: 'generate', values: { month: MONTH } },
      hr,
    );
    ok(sheet);
    expect(sheet.data).toMatchObject({ month: MONTH, status: '待提交', headcount: people.length });
    const raised = files.filter((f: any) => files.filter((g: any) => g.userId === f.userId).length > 1);
    const newest = raised.sort((a: any, b: any) => (a.effectiveMonth < b.effectiveMonth ? 1 : -1))[0];
    expect(sheet.data.lines.find((l: any) => l.userId === newest.userId).basePrice).toBe(newest.basePrice);
    const line = sheet.data.lines.find((l: any) => l.userId === ids.staff);
    // By hand, from 张三's salary file (demo/93-payroll.json: 基本 6000, 岗位 1500, 绩效基数 1000, 社保 420,
    // 公积金 300, 餐补 300 + 交通补贴 200) and the month (应出勤 22, 实出勤 20, 加班 6 小时):
    //   出勤工资 (6000 + 1500) × 20 / 22 = 6818.1818… → 6818.18
    //   绩效工资 1000 × coefficient
    //   加班工资 6000 / 21.75 / 8 × 1.5 × 6 = 310.3448… → 310.34
    //   应发 6818.18 + 绩效 + 310.34 + 500
    //   个税 on 应发 − 420 − 300 − 5000 (3% up to 3000, then 10% − 210)
    //   扣款 420 + 300 + 个税 + 借支 800; 实发 = 应发 − 扣款
    const perf = Math.round(1000 * coefficient * 100) / 100;
    const gross = Math.round((6818.18 + perf + 310.34 + 500) * 100) / 100;
    const taxable = Math.round((gross - 420 - 300 - 5000) * 100) / 100;
    const tax =
      taxable <= 0
        ? 0
        : taxable <= 3000
          ? Math.round(taxable * 3) / 100
          : Math.round((taxable * 0.1 - 210) * 100) / 100;
    const deduct = Math.round((420 + 300 + tax + 800) * 100) / 100;
    expect(line).toMatchObject({
      shouldDays: 22,
      actualDays: 20,
      overtimeHours: 6,
      coefficient,
      attendancePay: 6818.18,
      performancePay: perf,
      overtimePay: 310.34,
      fixedAddPrice: 500,
      grossPrice: gross,
      taxPrice: tax,
      advancePrice: 800,
      deductPrice: deduct,
      netPrice: Math.round((gross - deduct) * 100) / 100,
    });
    expect(line.advanceCodes).toEqual([adv.data.code]);
    // With coefficient 1.2 (grade A) these are 8828.52 应发, 100.85 个税, 7207.67 实发.
    if (coefficient === 1.2)
      expect([line.grossPrice, line.taxPrice, line.netPrice]).toEqual([8828.52, 100.85, 7207.67]);
    // Generated lines are the server's: a client cannot change them.
    const tampered = await t.call(
      'POST',
      api('payrollSettingSheet', 'update'),
      { id: sheet.data.id, lines: [{ ...line, netPrice: 99999, basePrice: 99999 }] },
      hr,
    );
    ok(tampered);
    expect(tampered.data.lines.find((l: any) => l.userId === ids.staff).netPrice).toBe(line.netPrice);
    // The month is generated once.
    const again = await t.call(
      'POST',
      api('payrollSettingSheet', 'generate'),
      { key: 'generate', values: { month: MONTH } },
      hr,
    );
    expect(again).toMatchObject({ status: 409 });
    // A member without the permission cannot generate.
    expect(
      (
        await t.call(
          'POST',
          api('payrollSettingSheet', 'generate'),
          { key: 'generate', values: { month: '2031-03' } },
          staff,
        )
      ).status,
    ).toBe(403);

    ok(await t.call('POST', api('payrollSettingSheet', 'submit'), { id: sheet.data.id }, hr));
    const paid = await approve('payrollSettingSheet', sheet.data.id);
    expect(paid).toMatchObject({ status: '已通过', stage: '已发放' });

    // A 工资 payable of the month's net pay, with no partner.
    const payable = (
      await list('financialPayables', boss, [{ field: 'sourceCode', operator: 'eq', value: sheet.data.code }])
    ).list;
    expect(payable).toHaveLength(1);
    expect(payable[0]).toMatchObject({
      payableTypeName: '工资',
      payablePrice: paid.netPrice,
      balancePrice: paid.netPrice,
      payStage: '未付款',
      sourceType: '工资表',
      payeeName: '本公司员工（工资）',
    });
    // The advance is repaid from the wage (已还清, a 工资扣回 line of 800).
    const repaid = (await get('advanceManage', adv.data.id)).data;
    expect(repaid).toMatchObject({ stage: '已还清', balancePrice: 0 });
    expect(repaid.lines.at(-1)).toMatchObject({ repayMethod: '工资扣回', price: 800, sourceCode: sheet.data.code });

    // Each employee's payslip, seen by that employee alone.
    const mine = (await list('myPersonnelPayslip', staff)).list;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s: any) => s.userId === ids.staff)).toBe(true);
    expect(mine.find((s: any) => s.month === MONTH)).toMatchObject({
      netPrice: line.netPrice,
      grossPrice: gross,
      sourceCode: sheet.data.code,
    });
    const hers = (await list('myPersonnelPayslip', lisi)).list;
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((s: any) => s.userId === ids.lisi)).toBe(true);
    // Knowing the id is not enough; nor can anyone write a payslip.
    expect((await get('myPersonnelPayslip', hers[0].id, staff)).status).toBe(404);
    expect((await get('myPersonnelPayslip', hers[0].id, lisi)).data.netPrice).toBe(hers[0].netPrice);
    expect(
      (await t.call('POST', api('myPersonnelPayslip', 'add'), { month: MONTH, userId: ids.staff, netPrice: 1 }, staff))
        .status,
    ).toBe(403);
    expect(
      (await t.call('POST', api('myPersonnelPayslip', 'update'), { id: mine[0].id, netPrice: 1 }, staff)).status,
    ).toBe(403);
    // 我的档案: the employee file of the signed-in user only.
    const file = (await list('myPersonnelFile', staff)).list;
    expect(file).toHaveLength(1);
    expect(file[0]).toMatchObject({ userId: ids.staff, name: '张三' });
    expect((await list('myPersonnelFile', lisi)).list.map((f: any) => f.userId)).toEqual([ids.lisi]);
    expect((await get('myPersonnelFile', file[0].id, lisi)).status).toBe(404);
  });

  it('转正 and 离职 applications move the employee file once approved', async () => {
    const file = (await list('employeeFiles', boss, [{ field: 'userId', operator: 'eq', value: ids.hr }])).list[0];
    expect(file).toBeTruthy();
    const r = await t.call(
      'POST',
      api('myPersonnel', 'add'),
      {
        applyType: d('hrApplyType', '离职'),
        resignReason: (
          await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['resignReason'], staff)
        ).data.resignReason[0].id,
        period: [`${today} 09:00`, `${today} 18:00`],
        reason: '回老家发展',
        submit: true,
      },
      hr,
    );
    ok(r);
    expect((await approve('myPersonnel', r.data.id)).status).toBe('已通过');
    const after = (await get('employeeFiles', file.id)).data;
    expect(after.employeeStatus).toBe('离职');
  });
});
