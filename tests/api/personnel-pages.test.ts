// The personnel pages as data: 员工档案 (ID number → sex and birthday, unique account / job number /
// ID number, OA onboarding then 办理入职 → 试用 → 转正 → 离职 and the 在职 tab), 考勤管理 (one record per person
// and month, figures checked, a confirmed month locked, batch confirmation all or none) and 绩效管理 (weights
// total 100; total, grade and coefficient computed by the server from the lines; the phase tabs). Every rule
// comes from schemas/personnel/{employeeFiles,attendanceManagement,performanceMange}.json; src/ names none.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { dictItemId, openDemoSuite, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api } from '../helpers/records';
import { DEMO } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { holds } from '../../src/common/computed';

/** Months no demo record touches. */
const MONTH = '2032-03';
const NEXT = '2032-04';

describe.each(oneDialect())('personnel pages on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let hr: string;
  let ids: Record<string, number>;
  let dict: Record<string, any[]>;
  const today = todayInChina();
  const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    ({ t, boss, lisi, staff } = await openDemoSuite(dialect));
    hr = await t.login('zhaomin', 'demo12345');
    const uid = async (u: string) =>
      (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    ids = {
      boss: await uid('demo'),
      staff: await uid('zhangsan'),
      lisi: await uid('lisi'),
      hr: await uid('zhaomin'),
      songtao: await uid('songtao'),
      luobin: await uid('luobin'),
      wangqiang: await uid('wangqiang'),
    };
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['dept', 'post', 'employeeType', 'resignReason', 'kpiIndicator'],
        staff,
      )
    ).data;
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const ok = (r: { status: number; message: string }) => expect(r.status, r.message).toBe(200);
  const get = async (module: string, id: number, token = boss) =>
    (await t.call('GET', `${api(module, 'get')}?id=${id}`, undefined, token)).data;
  const page = async (module: string, body: object, token = boss) => {
    const r = await t.call('POST', api(module, 'page'), { pageNum: 1, pageSize: 200, ...body }, token);
    ok(r);
    return r.data.list as any[];
  };
  const stage = (module: string, id: number, action: string, values: object = {}, token = hr) =>
    t.call('POST', api(module, 'stage'), { id, action, values }, token);
  const approve = (module: string, id: number) => approveAll(t, module, id, [boss, lisi, hr]);

  describe('employee files', () => {
    const file = (over: object = {}) => ({
      idCardNo: '11010519491231002X',
      name: '测试员',
      mobile: '13900001111',
      jobNo: 'T001',
      deptId: d('dept', '设计部'),
      postId: d('post', '设计师'),
      employeeType: d('employeeType', '全职'),
      entryDate: addDays(7),
      contractPeriod: [addDays(7), addDays(737)],
      ...over,
    });

    it('sex, birthday and contract end are computed from the ID number and the contract; account, job number and ID number are unique', async () => {
      const r = await t.call(
        'POST',
        api('employeeFiles', 'add'),
        { ...file(), sex: '男', birthday: '2000-01-01', contractEnd: '2099-01-01' },
        hr,
      );
      ok(r);
      // The 17th digit (2) is even: 女; the birth date is digits 7–14. What the client sent is ignored.
      expect(r.data).toMatchObject({ sex: '女', birthday: '1949-12-31', contractEnd: addDays(737), status: '待提交' });
      expect(r.data.code).toMatch(/^YG\d{12}$/);
      ok(await t.call('POST', api('employeeFiles', 'update'), { ...r.data, idCardNo: '110105199003071239' }, hr));
      expect(await get('employeeFiles', r.data.id)).toMatchObject({ sex: '男', birthday: '1990-03-07' });

      expect(
        await t.call('POST', api('employeeFiles', 'add'), file({ idCardNo: '11010519491331002X', jobNo: 'T002' }), hr),
      ).toMatchObject({ status: 400, message: '请输入正确的身份证号' });
      // The pattern holds but the GB 11643 check character does not (…002X is right, …0021 is not).
      expect(
        await t.call('POST', api('employeeFiles', 'add'), file({ idCardNo: '110105194912310021', jobNo: 'T002' }), hr),
      ).toMatchObject({ status: 400, message: '请输入正确的身份证号' });
      expect(
        await t.call('POST', api('employeeFiles', 'add'), file({ mobile: '1390000111', jobNo: 'T002' }), hr),
      ).toMatchObject({ status: 400, message: '请输入正确的手机号' });
      // Each demo member already has a file: a second one for 张三, or 工号 YG001 again, is refused by the database.
      expect(
        await t.call(
          'POST',
          api('employeeFiles', 'add'),
          file({ idCardNo: '110105198001010016', jobNo: 'T003', userId: ids.staff }),
          hr,
        ),
      ).toMatchObject({ status: 409, message: '该账号已有员工档案' });
      expect(
        await t.call('POST', api('employeeFiles', 'add'), file({ idCardNo: '110105198001010016', jobNo: 'YG001' }), hr),
      ).toMatchObject({ status: 409, message: '工号已被使用' });
      expect(
        await t.call('POST', api('employeeFiles', 'add'), file({ jobNo: 'T004', idCardNo: '110105199003071239' }), hr),
      ).toMatchObject({ status: 409, message: '该身份证号已有员工档案' });
      // A file without an account yet (a new hire not in the team) is fine, and so are several of them.
      ok(
        await t.call('POST', api('employeeFiles', 'add'), file({ idCardNo: '110105198001010016', jobNo: 'T005' }), hr),
      );
    });

    it('a blank 工号 is numbered by the server, one past the highest in use, never twice when saved at once', async () => {
      // Valid ID numbers (GB 11643 check character) of people born on the given day.
      const idOf = (born: string) => {
        const body = `110105${born}031`;
        const sum = [...body].reduce(
          (n, c, i) => n + Number(c) * [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2][i],
          0,
        );
        return body + '10X98765432'[sum % 11];
      };
      const [a, b] = await Promise.all([
        t.call(
          'POST',
          api('employeeFiles', 'add'),
          file({ idCardNo: idOf('19880101'), jobNo: '', mobile: '13900003331' }),
          hr,
        ),
        t.call(
          'POST',
          api('employeeFiles', 'add'),
          file({ idCardNo: idOf('19880102'), jobNo: undefined, mobile: '13900003332' }),
          hr,
        ),
      ]);
      ok(a);
      ok(b);
      const numbers = [a.data.jobNo, b.data.jobNo]
        .map((n: string) => Number(/^YG(\d{3})$/.exec(n)![1]))
        .sort((x, y) => x - y);
      // The demo's staff hold YG001–YG023.
      expect(numbers[0]).toBeGreaterThan(23);
      expect(numbers[1]).toBe(numbers[0] + 1);
      // A typed one is kept; cleared on edit, the next number is given.
      const typed = await t.call(
        'POST',
        api('employeeFiles', 'add'),
        file({ idCardNo: idOf('19880103'), jobNo: 'WX-7', mobile: '13900003333' }),
        hr,
      );
      expect(typed.data.jobNo).toBe('WX-7');
      ok(await t.call('POST', api('employeeFiles', 'update'), { ...typed.data, jobNo: '' }, hr));
      expect((await get('employeeFiles', typed.data.id)).jobNo).toBe(`YG${String(numbers[1] + 1).padStart(3, '0')}`);
    });

    it('a contract ending within 30 days shows in red, unless the employee has left', () => {
      const schema = JSON.parse(fs.readFileSync('schemas/personnel/employeeFiles.json', 'utf8'));
      const when = schema.list.rowStyles[0].when as string;
      const red = (row: object) => holds(when, row as Record<string, unknown>, [], { today });
      expect(red({ employeeStatus: '正式', contractEnd: addDays(10) })).toBe(true);
      expect(red({ employeeStatus: '试用', contractEnd: addDays(-3) })).toBe(true);
      expect(red({ employeeStatus: '正式', contractEnd: addDays(40) })).toBe(false);
      expect(red({ employeeStatus: '离职', contractEnd: addDays(10) })).toBe(false);
      expect(red({ employeeStatus: '正式' })).toBe(false);
    });

    it('onboarding goes through OA, then 办理入职 → 试用 → 转正 → 离职; the 在职 | 试用 | 离职 | 全部员工 tabs follow', async () => {
      const r = await t.call(
        'POST',
        api('employeeFiles', 'add'),
        { ...file({ idCardNo: '110105199505050016', jobNo: 'T010', name: '流程员' }), submit: true },
        hr,
      );
      ok(r);
      const id = r.data.id as number;
      expect(r.data.status).toBe('审批中');
      expect((await approve('employeeFiles', id)).status).toBe('已通过');
      expect((await get('employeeFiles', id)).employeeStatus).toBe('待入职');
      const inTab = async (tab: string) => (await page('employeeFiles', { tab })).some((x) => x.id === id);
      expect(await inTab('active')).toBe(false);
      expect(await inTab('everyone')).toBe(true);
      // Drafts and files under review are no employees yet: 全部员工 lists files in effect only.
      expect((await page('employeeFiles', { tab: 'everyone' })).every((x) => x.status === '已通过')).toBe(true);

      // Only holders of employeeFiles:status act, and only from the stages an action names.
      expect((await stage('employeeFiles', id, 'onboard', { entryDate: today }, staff)).status).toBe(403);
      expect((await stage('employeeFiles', id, 'regularize', { regularDate: today })).status).toBe(409);
      const onboard = await stage('employeeFiles', id, 'onboard', { entryDate: today });
      ok(onboard);
      expect(onboard.data).toMatchObject({ employeeStatus: '试用', entryDate: today });
      expect([await inTab('active'), await inTab('probation'), await inTab('left')]).toEqual([true, true, false]);

      ok(await stage('employeeFiles', id, 'regularize', { regularDate: today }));
      expect(await get('employeeFiles', id)).toMatchObject({ employeeStatus: '正式', regularDate: today });
      expect([await inTab('active'), await inTab('probation')]).toEqual([true, false]);

      // An approved file is not edited (it would need approval again), but HR's 修改档案 changes the contact,
      // department, contract and bank fields in place: the file stays 已通过 and 正式, the change is an event.
      const regular = await get('employeeFiles', id);
      expect(regular.actions).toContain('amend');
      expect(regular.actions).not.toContain('edit');
      expect(
        (await t.call('POST', api('employeeFiles', 'update'), { ...regular, mobile: '13900003333' }, hr)).status,
      ).toBe(409);
      const amendment = {
        mobile: '13900003333',
        deptId: d('dept', '业务部'),
        postId: d('post', '业务经理'),
        employeeType: d('employeeType', '全职'),
        contractPeriod: [addDays(7), addDays(1100)],
        bankCardNo: '6222020200112233445',
        name: '改名员',
        jobNo: 'HACK',
      };
      expect((await stage('employeeFiles', id, 'amend', amendment, staff)).status).toBe(403);
      expect(await stage('employeeFiles', id, 'amend', { ...amendment, mobile: '1390000' })).toMatchObject({
        status: 400,
        message: '请输入正确的手机号',
      });
      expect(await stage('employeeFiles', id, 'amend', { ...amendment, bankCardNo: '0123' })).toMatchObject({
        status: 400,
        message: '请输入正确的银行卡号',
      });
      expect((await stage('employeeFiles', id, 'amend', { ...amendment, deptId: undefined })).status).toBe(400);
      const amended = await stage('employeeFiles', id, 'amend', amendment);
      ok(amended);
      // Only the action's fields change (not 姓名 or 工号), the computed contract end follows, the names are stored.
      expect(amended.data).toMatchObject({
        status: '已通过',
        employeeStatus: '正式',
        mobile: '13900003333',
        deptIdName: '业务部',
        postIdName: '业务经理',
        contractEnd: addDays(1100),
        bankCardNo: '6222020200112233445',
        name: '流程员',
        jobNo: 'T010',
      });
      const history = await t.db
        .selectFrom('record_events')
        .select(['name', 'detail'])
        .where('record_id', '=', id)
        .where('kind', '=', 'stage')
        .execute();
      expect(history.map((h) => h.name)).toContain('修改档案');

      // 离职 asks for the date and the reason.
      expect((await stage('employeeFiles', id, 'resign', { leaveDate: today })).status).toBe(400);
      const left = await stage('employeeFiles', id, 'resign', {
        leaveDate: today,
        resignReason: d('resignReason', '个人发展'),
      });
      ok(left);
      expect(left.data).toMatchObject({ employeeStatus: '离职', leaveDate: today, resignReasonName: '个人发展' });
      expect([await inTab('active'), await inTab('left'), await inTab('everyone')]).toEqual([false, true, true]);
      expect(
        (await stage('employeeFiles', id, 'resign', { leaveDate: today, resignReason: d('resignReason', '个人发展') }))
          .status,
      ).toBe(409);
      const file1 = await get('employeeFiles', id);
      expect(
        (await t.call('POST', api('employeeFiles', 'update'), { ...file1, mobile: '13900002222' }, hr)).status,
      ).toBe(409);
      // A file that has left is not amended either.
      expect(file1.actions).not.toContain('amend');
      expect((await stage('employeeFiles', id, 'amend', amendment)).status).toBe(409);
    });

    it('the demo: a file for every member; 在职 is 试用 or 正式, 王强 has left, 宋涛 and 罗斌 are on probation', async () => {
      const active = await page('employeeFiles', { tab: 'active' });
      expect(active.length).toBeGreaterThanOrEqual(20);
      expect(new Set(active.map((x) => x.employeeStatus))).toEqual(new Set(['试用', '正式']));
      expect((await page('employeeFiles', { tab: 'probation' })).map((x) => x.userId).sort()).toEqual(
        [ids.songtao, ids.luobin].sort(),
      );
      const left = await page('employeeFiles', { tab: 'left' });
      expect(left.map((x) => x.userId)).toContain(ids.wangqiang);
      expect(left.every((x) => x.employeeStatus === '离职')).toBe(true);
      // The tree: 部门 nodes narrow the list to a department and those below it (生产部 ⊃ 木工车间).
      const all = await page('employeeFiles', { tab: 'everyone' });
      const users = (
        await t.db
          .selectFrom('memberships')
          .select('user_id')
          .where('tenant_code', '=', DEMO.tenantCode)
          .where('status', '=', 'normal')
          .execute()
      ).map((m) => m.user_id);
      for (const u of users.filter((u) => u !== ids.wangqiang))
        expect(
          all.some((x) => x.userId === u),
          `file of user ${u}`,
        ).toBe(true);
    });
  });

  describe('attendance', () => {
    const month = (over: object = {}) => ({
      month: MONTH,
      userId: ids.staff,
      deptId: d('dept', '业务部'),
      shouldDays: 22,
      actualDays: 20,
      absentDays: 1,
      lateTimes: 2,
      ...over,
    });

    it('one record per person and month; actual days within the working days; 请假天数 cannot be sent', async () => {
      const r = await t.call('POST', api('attendanceManagement', 'add'), month({ leaveDays: 5 }), hr);
      ok(r);
      // No approval: in effect when saved, waiting for HR's confirmation. 请假天数 comes from approved leave only.
      expect(r.data).toMatchObject({ status: '已通过', stage: '待确认', leaveDays: 0, actualDays: 20 });
      expect(await t.call('POST', api('attendanceManagement', 'add'), month(), hr)).toMatchObject({
        status: 409,
        message: '该员工该月的考勤已存在',
      });
      ok(await t.call('POST', api('attendanceManagement', 'add'), month({ month: NEXT }), hr));
      ok(
        await t.call(
          'POST',
          api('attendanceManagement', 'add'),
          month({ userId: ids.lisi, deptId: d('dept', '行政财务部') }),
          hr,
        ),
      );
      expect(
        await t.call('POST', api('attendanceManagement', 'add'), month({ userId: ids.boss, actualDays: 23 }), hr),
      ).toMatchObject({ status: 400, message: '实出勤天数不能大于应出勤天数' });
      expect(
        await t.call(
          'POST',
          api('attendanceManagement', 'add'),
          month({ userId: ids.boss, actualDays: 21, absentDays: 2 }),
          hr,
        ),
      ).toMatchObject({ status: 400, message: '实出勤与旷工天数之和不能大于应出勤天数' });
      expect(
        (await t.call('POST', api('attendanceManagement', 'add'), month({ userId: ids.boss, shouldDays: 32 }), hr))
          .status,
      ).toBe(400);
      // The header's month shows that month's records only.
      const march = await page('attendanceManagement', { period: MONTH });
      expect(march.map((x) => x.userId).sort()).toEqual([ids.staff, ids.lisi].sort());
    });

    it('a confirmed month is locked; confirming needs attendanceManagement:confirm; a batch confirms all or none', async () => {
      const [mine] = (await page('attendanceManagement', { period: MONTH })).filter((x) => x.userId === ids.staff);
      ok(await t.call('POST', api('attendanceManagement', 'update'), { ...mine, actualDays: 21, absentDays: 0 }, hr));
      expect((await stage('attendanceManagement', mine.id, 'confirm', {}, staff)).status).toBe(403);
      const confirmed = await stage('attendanceManagement', mine.id, 'confirm');
      ok(confirmed);
      expect(confirmed.data).toMatchObject({ stage: '已确认', actualDays: 21 });
      expect(
        (await t.call('POST', api('attendanceManagement', 'update'), { ...confirmed.data, actualDays: 22 }, hr)).status,
      ).toBe(409);
      expect(
        (await t.call('POST', api('attendanceManagement', 'update'), { ...confirmed.data, actualDays: 22 }, boss))
          .status,
      ).toBe(409);
      expect((await t.call('POST', api('attendanceManagement', 'delete'), { ids: [mine.id] }, hr)).status).toBe(409);
      expect((await stage('attendanceManagement', mine.id, 'confirm')).status).toBe(409);
      expect((await get('attendanceManagement', mine.id)).actualDays).toBe(21);

      // 批量确认: the other record of March together with the confirmed one fails as a whole.
      const [other] = (await page('attendanceManagement', { period: MONTH })).filter((x) => x.userId === ids.lisi);
      const batch = (rows: number[]) =>
        t.call('POST', api('attendanceManagement', 'stage-batch'), { ids: rows, action: 'confirm' }, hr);
      expect((await batch([other.id, mine.id])).status).toBe(409);
      expect((await get('attendanceManagement', other.id)).stage).toBe('待确认');
      // With the dialog's request key: the same batch sent again (a double click of 确定) answers as done and moves
      // nothing a second time; sent again without it, the record is 已确认 and the batch is refused.
      const keyed = (rows: number[]) =>
        t.call(
          'POST',
          api('attendanceManagement', 'stage-batch'),
          { ids: rows, action: 'confirm', requestKey: 'batch-confirm-0001' },
          hr,
        );
      ok(await keyed([other.id]));
      expect((await get('attendanceManagement', other.id)).stage).toBe('已确认');
      ok(await keyed([other.id]));
      const events = await t.db
        .selectFrom('record_events')
        .select('id')
        .where('record_id', '=', other.id)
        .where('kind', '=', 'stage')
        .execute();
      expect(events).toHaveLength(1);
      expect((await batch([other.id])).status).toBe(409);
      expect(
        await t.call(
          'POST',
          api('attendanceManagement', 'stage-batch'),
          { ids: [other.id], action: 'confirm', requestKey: 'bad key!' },
          hr,
        ),
      ).toMatchObject({ status: 400 });
    });

    it('the demo: every active employee has the last three months confirmed and this month waiting', async () => {
      const shift = (n: number) => {
        const [y, m] = today.slice(0, 7).split('-').map(Number);
        const k = y * 12 + m - 1 - n;
        return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
      };
      const now = await page('attendanceManagement', { period: shift(0) });
      expect(now.length).toBeGreaterThanOrEqual(20);
      expect(now.every((x) => x.stage === '待确认')).toBe(true);
      const last = await page('attendanceManagement', { period: shift(1) });
      expect(last.length).toBeGreaterThanOrEqual(20);
      expect(last.every((x) => x.stage === '已确认' && x.actualDays <= x.shouldDays)).toBe(true);
      expect(last.some((x) => x.absentDays > 0 || x.lateTimes > 0)).toBe(true);
    });
  });

  describe('appraisals', () => {
    const line = (name: string, weight: number, score?: number, selfScore?: number) => ({
      indicator: d('kpiIndicator', name),
      weight,
      target: '达成月度目标',
      selfScore,
      score,
    });
    const lines = (scores: (number | undefined)[], self: (number | undefined)[] = scores) => [
      line('工作质量', 30, scores[0], self[0]),
      line('工作效率', 20, scores[1], self[1]),
      line('任务完成率', 20, scores[2], self[2]),
      line('出勤纪律', 15, scores[3], self[3]),
      line('团队协作', 15, scores[4], self[4]),
    ];
    const appraisal = (over: object = {}) => ({
      period: MONTH,
      userId: ids.staff,
      deptId: d('dept', '业务部'),
      evaluatorId: ids.boss,
      lines: lines([90, 80, 100, 70, 100]),
      ...over,
    });

    it("weights must total 100; total, grade and coefficient are the server's, from the lines", async () => {
      const wrong = lines([90, 80, 100, 70, 100]);
      wrong[4].weight = 10;
      expect(await t.call('POST', api('performanceMange', 'add'), appraisal({ lines: wrong }), hr)).toMatchObject({
        status: 400,
        message: '考核指标的权重合计必须为 100',
      });
      // 30×90 + 20×80 + 20×100 + 15×70 + 15×100 = 8850 → 88.5: A 优秀, 1.2, whatever the client says.
      const r = await t.call(
        'POST',
        api('performanceMange', 'add'),
        appraisal({ totalScore: 10, grade: 'S 卓越', coefficient: 2, phase: '待自评' }),
        hr,
      );
      ok(r);
      expect(r.data).toMatchObject({
        totalScore: 88.5,
        grade: 'A 优秀',
        coefficient: 1.2,
        phase: '已评分',
        status: '待提交',
      });
      expect(await t.call('POST', api('performanceMange', 'add'), appraisal(), hr)).toMatchObject({
        status: 409,
        message: '该员工该月已有绩效考核',
      });

      // The thresholds of the grade's remark: S ≥95, A ≥85, B ≥75, C ≥60, D <60 → 1.5, 1.2, 1.0, 0.8, 0.5.
      for (const [score, grade, coefficient] of [
        [95, 'S 卓越', 1.5],
        [94.9, 'A 优秀', 1.2],
        [85, 'A 优秀', 1.2],
        [75, 'B 良好', 1],
        [74, 'C 合格', 0.8],
        [60, 'C 合格', 0.8],
        [59.5, 'D 待改进', 0.5],
      ] as const) {
        const u = await t.call(
          'POST',
          api('performanceMange', 'update'),
          { ...r.data, lines: lines([score, score, score, score, score]) },
          hr,
        );
        ok(u);
        expect(u.data, String(score)).toMatchObject({ totalScore: score, grade, coefficient });
      }
    });

    it('待自评 → 待评分 before the approval, then 已归档; the tabs follow', async () => {
      const r = await t.call(
        'POST',
        api('performanceMange', 'add'),
        appraisal({ period: NEXT, lines: lines([undefined, undefined, undefined, undefined, undefined]) }),
        hr,
      );
      ok(r);
      const id = r.data.id as number;
      expect(r.data.phase).toBe('待自评');
      expect(r.data.totalScore ?? null).toBeNull();
      expect(r.data.grade ?? null).toBeNull();
      expect(r.data.coefficient ?? null).toBeNull();
      const inTab = async (tab: string) => (await page('performanceMange', { tab })).some((x) => x.id === id);
      expect([await inTab('selfReview'), await inTab('toScore'), await inTab('archived')]).toEqual([
        true,
        false,
        false,
      ]);
      // Scores are needed to submit.
      expect(await t.call('POST', api('performanceMange', 'submit'), { id }, hr)).toMatchObject({
        status: 400,
        message: '请为每项考核指标评分后再提交',
      });

      const selfDone = await t.call(
        'POST',
        api('performanceMange', 'update'),
        { ...r.data, lines: lines([undefined, undefined, undefined, undefined, undefined], [90, 90, 90, 90, 90]) },
        hr,
      );
      ok(selfDone);
      expect(selfDone.data.phase).toBe('待评分');
      expect([await inTab('selfReview'), await inTab('toScore')]).toEqual([false, true]);

      const scored = await t.call(
        'POST',
        api('performanceMange', 'update'),
        { ...selfDone.data, lines: lines([96, 96, 96, 96, 96], [90, 90, 90, 90, 90]), submit: true },
        hr,
      );
      ok(scored);
      expect(scored.data).toMatchObject({ status: '审批中', totalScore: 96, grade: 'S 卓越', coefficient: 1.5 });
      expect((await approve('performanceMange', id)).status).toBe('已通过');
      expect([await inTab('selfReview'), await inTab('toScore'), await inTab('archived')]).toEqual([
        false,
        false,
        true,
      ]);
    });

    it('the demo: last month archived for every employee with a coefficient matching the grade', async () => {
      const archived = await page('performanceMange', { tab: 'archived' });
      expect(archived.length).toBeGreaterThanOrEqual(40);
      const factor: Record<string, number> = { S: 1.5, A: 1.2, B: 1, C: 0.8, D: 0.5 };
      for (const x of archived) expect(x.coefficient, x.code).toBe(factor[String(x.grade).slice(0, 1)]);
    });
  });
});
