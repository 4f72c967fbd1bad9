// Office administration as data: a meeting room cannot be booked twice for overlapping times (the
// database decides, also for two bookings at once), a cancelled meeting frees its room, meetings move 未开始 →
// 进行中 → 已结束 with the clock (computed when read and filtered, no timer), the company profile is one record
// per team whose name change re-enters verification, a car goes out and comes back through its file (状态 and
// 里程 follow 出车 / 还车; a car in the workshop cannot go out), and a file is seen only by those its scope names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, uploadPng, dataApi as api } from '../helpers/records';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';
import { nowInChina } from '../../src/common/china-time';

/** China time `minutes` from now, as the meeting form stores it. */
const at = (minutes: number) => nowInChina(16, new Date(Date.now() + minutes * 60_000));

describe.each(oneDialect())('office on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let sunli: string;
  let huangwei: string;
  let ids: Record<string, number>;
  let dict: Record<string, any[]>;
  let file: { url: string; name: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
    sunli = await t.login('sunli', 'demo12345');
    huangwei = await t.login('huangwei', 'demo12345');
    const uid = async (u: string) =>
      (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    ids = { boss: await uid('demo'), staff: await uid('zhangsan'), lisi: await uid('lisi'), sunli: await uid('sunli') };
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['meetingRoom', 'fileFolder', 'dept', 'expenseType', 'vehicleCostType'],
        staff,
      )
    ).data;
    file = await uploadPng(t, staff, '图纸.png');
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const ok = (r: { status: number; message: string }) => expect(r.status, r.message).toBe(200);
  const get = async (module: string, id: number, token = boss) =>
    t.call('GET', `${api(module, 'get')}?id=${id}`, undefined, token);
  const meeting = (room: string, from: string, to: string, subject = '项目评审（测试）') => ({
    subject,
    meetingRoom: d('meetingRoom', room),
    meetingTime: [from, to],
    hostId: ids.staff,
    participantIds: [ids.staff, ids.lisi],
  });

  it('one room, overlapping times: of two bookings at once exactly one wins; cancelling frees the room; 线上会议 never clashes', async () => {
    const slot: [string, string] = ['2031-05-06 09:00', '2031-05-06 10:30'];
    const [a, b] = await Promise.all([
      t.call('POST', api('conferenceManagement', 'add'), meeting('二号会议室', ...slot, '甲'), staff),
      t.call(
        'POST',
        api('conferenceManagement', 'add'),
        meeting('二号会议室', '2031-05-06 10:00', '2031-05-06 11:00', '乙'),
        lisi,
      ),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.message).toBe('该会议室在此时间段已被预订，请换一个时间或会议室');
    const won = a.status === 200 ? a : b;
    // Back to back with the winner (甲 ends 10:30, 乙 at 11:00) is no overlap; another room at the same time is free.
    const end = won === a ? '10:30' : '11:00';
    ok(
      await t.call(
        'POST',
        api('conferenceManagement', 'add'),
        meeting('二号会议室', `2031-05-06 ${end}`, '2031-05-06 12:00'),
        staff,
      ),
    );
    ok(await t.call('POST', api('conferenceManagement', 'add'), meeting('洽谈室', ...slot), staff));
    ok(await t.call('POST', api('conferenceManagement', 'add'), meeting('线上会议', ...slot), staff));
    ok(await t.call('POST', api('conferenceManagement', 'add'), meeting('线上会议', ...slot), lisi));
    // Cancelling the winner frees its slot.
    const cancel = await t.call(
      'POST',
      api('conferenceManagement', 'stage'),
      { id: won.data.id, action: 'cancel', values: { cancelReason: '改期' } },
      won === a ? staff : lisi,
    );
    ok(cancel);
    expect(cancel.data.stage).toBe('已取消');
    ok(
      await t.call(
        'POST',
        api('conferenceManagement', 'add'),
        meeting('二号会议室', '2031-05-06 09:30', '2031-05-06 10:00'),
        lisi,
      ),
    );
  });

  it('a vehicle is not booked twice; a refused or withdrawn request gives its time back', async () => {
    const car = (
      await t.call(
        'POST',
        api('vehicleManagementVehicle', 'page'),
        { pageNum: 1, pageSize: 10, keyword: '浙A3F7K9' },
        staff,
      )
    ).data.list[0];
    const request = (who: string) => ({
      vehicleId: car.id,
      applicantId: ids[who],
      useTime: ['2031-06-01 08:30', '2031-06-01 17:30'],
      destination: '宁波',
      purpose: '客户拜访',
      submit: true,
    });
    const first = await t.call('POST', api('vehicleManagement', 'add'), request('staff'), staff);
    ok(first);
    const second = await t.call('POST', api('vehicleManagement', 'add'), request('sunli'), sunli);
    expect(second).toMatchObject({ status: 409, message: '该车辆在此时间段已有用车安排，请换一个时间或车辆' });
    // The first is refused: the car is free again.
    let refused = false;
    for (const token of [boss, lisi]) {
      const task = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${first.data.id}`, undefined, token))
        .data;
      if (!task?.taskId) continue;
      ok(
        await t.call(
          'POST',
          '/api/oa/process/refuse',
          { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '当天车辆另有安排' },
          token,
        ),
      );
      refused = true;
      break;
    }
    expect(refused).toBe(true);
    const again = await t.call('POST', api('vehicleManagement', 'add'), request('sunli'), sunli);
    ok(again);
    // Resubmitting the refused one now finds the car taken.
    expect(await t.call('POST', api('vehicleManagement', 'submit'), { id: first.data.id }, staff)).toMatchObject({
      status: 409,
    });
  });

  it('出车 and 还车 move the car in its file and keep its odometer; a car in the workshop cannot go out', async () => {
    const add = await t.call(
      'POST',
      api('vehicleManagementVehicle', 'add'),
      {
        plateNo: '浙A8T6S3',
        model: '五菱荣光（测试）',
        vehicleType: '面包车',
        seats: 7,
        currentMileage: 20000,
        vehicleStage: '维修中',
      },
      boss,
    );
    ok(add);
    // The car's state is the server's: a new car is 空闲 whatever the client says, and the plate is unique.
    expect(add.data.vehicleStage).toBe('空闲');
    expect(
      await t.call('POST', api('vehicleManagementVehicle', 'add'), { plateNo: '浙A8T6S3', vehicleType: '轿车' }, boss),
    ).toMatchObject({ status: 409, message: '该车牌号的车辆已存在' });
    expect(
      await t.call('POST', api('vehicleManagementVehicle', 'add'), { plateNo: '浙AI2345', vehicleType: '轿车' }, boss),
    ).toMatchObject({ status: 400, message: '请输入正确的车牌号' });
    const car = add.data.id;
    const request = async (day: string) => {
      const r = await t.call(
        'POST',
        api('vehicleManagement', 'add'),
        {
          vehicleId: car,
          applicantId: ids.staff,
          useTime: [`${day} 08:30`, `${day} 17:30`],
          destination: '绍兴',
          purpose: '门店安装',
          submit: true,
        },
        staff,
      );
      ok(r);
      const approved = await approveAll(t, 'vehicleManagement', r.data.id, [boss, lisi]);
      expect(approved).toMatchObject({ status: '已通过', stage: '待出车' });
      return r.data.id as number;
    };
    const first = await request('2031-07-01');
    const second = await request('2031-07-02');
    // A member may not dispatch (vehicleManagement:dispatch).
    expect(
      (
        await t.call(
          'POST',
          api('vehicleManagement', 'stage'),
          { id: first, action: 'dispatch', values: { startMileage: 20000 } },
          staff,
        )
      ).status,
    ).toBe(403);
    ok(
      await t.call(
        'POST',
        api('vehicleManagement', 'stage'),
        { id: first, action: 'dispatch', values: { startMileage: 20000 } },
        boss,
      ),
    );
    expect((await get('vehicleManagementVehicle', car)).data.vehicleStage).toBe('使用中');
    // Out already: the other request cannot take it.
    const busy = await t.call(
      'POST',
      api('vehicleManagement', 'stage'),
      { id: second, action: 'dispatch', values: { startMileage: 20000 } },
      boss,
    );
    expect(busy.status).toBe(409);
    expect(busy.message).toContain('使用中');
    expect(
      await t.call(
        'POST',
        api('vehicleManagement', 'stage'),
        { id: first, action: 'giveBack', values: { endMileage: 19990 } },
        boss,
      ),
    ).toMatchObject({ status: 400, message: '还车里程不能小于出车里程' });
    const back = await t.call(
      'POST',
      api('vehicleManagement', 'stage'),
      { id: first, action: 'giveBack', values: { endMileage: 20142 } },
      boss,
    );
    ok(back);
    expect(back.data).toMatchObject({ stage: '已还车', startMileage: 20000, endMileage: 20142, tripMileage: 142 });
    expect((await get('vehicleManagementVehicle', car)).data).toMatchObject({
      vehicleStage: '空闲',
      currentMileage: 20142,
    });
    // In the workshop: no dispatch, and no new booking offers or accepts it.
    ok(
      await t.call(
        'POST',
        api('vehicleManagementVehicle', 'stage'),
        { id: car, action: 'repair', values: { repairNote: '更换离合器' } },
        boss,
      ),
    );
    const refused = await t.call(
      'POST',
      api('vehicleManagement', 'stage'),
      { id: second, action: 'dispatch', values: { startMileage: 20142 } },
      boss,
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('维修中');
    expect(
      (
        await t.call(
          'POST',
          api('vehicleManagement', 'add'),
          {
            vehicleId: car,
            applicantId: ids.staff,
            useTime: ['2031-07-05 08:30', '2031-07-05 17:30'],
            destination: '嘉兴',
            purpose: '送货',
          },
          staff,
        )
      ).status,
    ).toBe(400);
    ok(await t.call('POST', api('vehicleManagementVehicle', 'stage'), { id: car, action: 'repaired' }, boss));
    ok(
      await t.call(
        'POST',
        api('vehicleManagement', 'stage'),
        { id: second, action: 'dispatch', values: { startMileage: 20142 } },
        boss,
      ),
    );
  });

  it('报销 turns a vehicle cost into a draft claim in 报销管理 with its amount, date and 票据, once', async () => {
    const car = (await t.call('POST', api('vehicleManagementVehicle', 'page'), { pageNum: 1, pageSize: 1 }, boss)).data
      .list[0];
    const cost = await t.call(
      'POST',
      api('vehicleManagementCost', 'add'),
      {
        vehicleId: car.id,
        vehicleCostType: d('vehicleCostType', '过路停车'),
        costDate: '2031-03-04',
        price: 356.8,
        invoiceImages: [file],
        remark: '杭州—宁波高速费',
      },
      boss,
    );
    ok(cost);
    expect(cost.data).toMatchObject({ claimStage: '未报销' });
    const claim = (values: object, token = boss) =>
      t.call('POST', api('vehicleManagementCost', 'stage'), { id: cost.data.id, action: 'claim', values }, token);
    const dept = dict.dept[0].id;
    expect(await claim({ claimDeptId: dept })).toMatchObject({ status: 400, message: '报销费用类型不能为空' });
    const done = await claim({ claimExpenseType: d('expenseType', '市内交通费'), claimDeptId: dept });
    ok(done);
    expect(done.data).toMatchObject({ claimStage: '已报销' });
    const claims = (
      await t.call('POST', api('reimburseManage', 'page'), { pageNum: 1, pageSize: 5, keyword: cost.data.code }, boss)
    ).data.list;
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      status: '待提交',
      applicantId: ids.boss,
      deptId: dept,
      totalPrice: 356.8,
      reason: `车辆费用报销 ${cost.data.code}`,
    });
    expect(claims[0].lines).toHaveLength(1);
    expect(claims[0].lines[0]).toMatchObject({
      expenseType: d('expenseType', '市内交通费'),
      occurDate: '2031-03-04',
      price: 356.8,
    });
    expect(claims[0].lines[0].invoiceImages[0].url).toBe(file.url);
    // Claimed once: a second 报销 is refused and makes no second claim.
    expect(
      (await claim({ claimExpenseType: d('expenseType', '市内交通费'), claimDeptId: dept })).status,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await t.call('POST', api('reimburseManage', 'page'), { pageNum: 1, pageSize: 5, keyword: cost.data.code }, boss))
        .data.list,
    ).toHaveLength(1);
  });

  it("a meeting's stage follows the clock when read and filtered; one under way cannot be cancelled", async () => {
    const past = await t.call(
      'POST',
      api('conferenceManagement', 'add'),
      meeting('线上会议', at(-180), at(-120), '已开过的会（测试）'),
      staff,
    );
    const now = await t.call(
      'POST',
      api('conferenceManagement', 'add'),
      meeting('线上会议', at(-30), at(60), '正在开的会（测试）'),
      staff,
    );
    const later = await t.call(
      'POST',
      api('conferenceManagement', 'add'),
      meeting('线上会议', at(120), at(180), '还没开的会（测试）'),
      staff,
    );
    [past, now, later].forEach(ok);
    expect([past.data.stage, now.data.stage, later.data.stage]).toEqual(['已结束', '进行中', '未开始']);
    expect((await get('conferenceManagement', now.data.id)).data.stage).toBe('进行中');
    // Filtering by stage sees the same (the database computes it too).
    const going = (
      await t.call(
        'POST',
        api('conferenceManagement', 'page'),
        { pageNum: 1, pageSize: 100, filters: [{ field: 'stage', operator: 'eq', value: '进行中' }] },
        staff,
      )
    ).data.list;
    expect(going.map((m: any) => m.subject)).toContain('正在开的会（测试）');
    expect(going.every((m: any) => m.stage === '进行中')).toBe(true);
    expect(now.data.actions).not.toContain('cancel');
    expect(later.data.actions).toContain('cancel');
    const refused = await t.call(
      'POST',
      api('conferenceManagement', 'stage'),
      { id: now.data.id, action: 'cancel', values: { cancelReason: '不开了' } },
      staff,
    );
    expect(refused.status).toBe(409);
    // 我参与的: the meetings naming me among the participants.
    const joined = (
      await t.call('POST', api('conferenceManagement', 'page'), { pageNum: 1, pageSize: 200, tab: 'joined' }, lisi)
    ).data.list;
    expect(joined.length).toBeGreaterThan(0);
    expect(joined.every((m: any) => m.participantIds.includes(ids.lisi))).toBe(true);
  });

  it('the company profile is one record; changing its name re-enters verification until 认证通过', async () => {
    const list = (await t.call('POST', api('enterpriseInformation', 'page'), { pageNum: 1, pageSize: 10 }, boss)).data
      .list;
    expect(list).toHaveLength(1);
    const profile = list[0];
    expect(profile.verifyStage).toBe('已认证');
    const second = await t.call(
      'POST',
      api('enterpriseInformation', 'add'),
      { ...profile, id: undefined, enterpriseName: '第二家' },
      boss,
    );
    expect(second).toMatchObject({ status: 409, message: '企业信息只能有一条，请修改已有的记录' });
    const address = await t.call(
      'POST',
      api('enterpriseInformation', 'update'),
      { ...profile, address: '浙江省杭州市西湖区文一西路 998 号' },
      boss,
    );
    ok(address);
    expect(address.data.verifyStage).toBe('已认证');
    const renamed = await t.call(
      'POST',
      api('enterpriseInformation', 'update'),
      { ...address.data, enterpriseName: '演示企业（杭州）有限公司' },
      boss,
    );
    ok(renamed);
    expect(renamed.data.verifyStage).toBe('变更审核中');
    // A member cannot verify; the owner (who holds the code) can.
    expect(
      (await t.call('POST', api('enterpriseInformation', 'stage'), { id: profile.id, action: 'verify' }, staff)).status,
    ).toBe(403);
    const verified = await t.call(
      'POST',
      api('enterpriseInformation', 'stage'),
      { id: profile.id, action: 'verify' },
      boss,
    );
    ok(verified);
    expect(verified.data.verifyStage).toBe('已认证');
  });

  it('a file is listed and opened only by those its scope names; 公司制度 needs approval, a drawing does not', async () => {
    const add = (over: object, token = staff) =>
      t.call(
        'POST',
        api('fileManagement', 'add'),
        {
          fileName: '测试图纸',
          folderId: d('fileFolder', '技术图纸'),
          version: 'A1',
          visibleScope: '全员',
          files: [file],
          submit: true,
          ...over,
        },
        token,
      );
    const forLisi = await add({ fileName: '只给李四（测试）', visibleScope: '指定人员', userIds: [ids.lisi] });
    ok(forLisi);
    expect(forLisi.data).toMatchObject({ status: '已通过', stage: '已发布' });
    const forSales = await add({
      fileName: '只给业务部（测试）',
      visibleScope: '指定部门',
      deptIds: [d('dept', '业务部')],
    });
    ok(forSales);
    const names = async (token: string) =>
      (await t.call('POST', api('fileManagement', 'page'), { pageNum: 1, pageSize: 200 }, token)).data.list.map(
        (f: any) => f.fileName,
      );
    expect(await names(lisi)).toContain('只给李四（测试）');
    expect(await names(sunli)).not.toContain('只给李四（测试）');
    expect(await names(sunli)).toContain('只给业务部（测试）');
    expect(await names(huangwei)).not.toContain('只给业务部（测试）');
    // A department covers the departments under it: 黄伟 of 木工车间 (under 生产部) sees a file for 生产部, not one for 喷涂车间.
    ok(await add({ fileName: '只给生产部（测试）', visibleScope: '指定部门', deptIds: [d('dept', '生产部')] }));
    ok(await add({ fileName: '只给喷涂车间（测试）', visibleScope: '指定部门', deptIds: [d('dept', '喷涂车间')] }));
    expect(await names(huangwei)).toContain('只给生产部（测试）');
    expect(await names(huangwei)).not.toContain('只给喷涂车间（测试）');
    expect(await names(sunli)).not.toContain('只给生产部（测试）');
    expect(await names(staff)).toEqual(expect.arrayContaining(['只给李四（测试）', '只给业务部（测试）']));
    // The owner of the team sees every file.
    expect(await names(boss)).toEqual(expect.arrayContaining(['只给李四（测试）', '只给业务部（测试）']));
    expect((await get('fileManagement', forLisi.data.id, sunli)).status).toBe(404);
    expect(
      (await t.call('POST', api('fileManagement', 'stage'), { id: forLisi.data.id, action: 'abolish' }, sunli)).status,
    ).toBe(404);
    // A hidden field is not kept: 全员 files hold no people list.
    const everyone = await add({ fileName: '全员可见（测试）', userIds: [ids.lisi] });
    ok(everyone);
    expect(everyone.data.userIds).toBeUndefined();
    const policy = await add({ fileName: '新制度（测试）', folderId: d('fileFolder', '公司制度') });
    ok(policy);
    expect(policy.data.status).toBe('审批中');
  });
});
