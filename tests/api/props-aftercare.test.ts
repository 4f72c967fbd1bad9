// Props aftercare and the progress board. /propProgress is a view of the prop orders
// (viewOf allocatePropOrders) under its own permissions: tabs per orderStage plus 逾期, 逾期天数 computed as
// of today, the date each stage was reached (from the stage events), the project manager as owner, and two
// actions that never move the stage: 跟进 (a follow-up note stored on the order and in its timeline) and 催办
// (who urged, when: counted on the order and in its timeline). Another team sees none of it.
// /propAftercare: 售后单 待受理 → 处理中 → 待回访 → 已关闭; OA only when charged or cost > 1000; 受理 with
// 返工重做 makes one new prop order (待分配); 处理完成 of a charged one raises one 售后收费 receivable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import {
  approveAll,
  dataApi as api,
  flowCalls,
  getRecord,
  recordsWhere,
  uploadPng,
  propProcessCode,
} from '../helpers/records';
import { DEMO } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';

type Row = Record<string, any>;

describe.each(oneDialect())('props aftercare and progress on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let outsider: string;
  let bossId: number;
  let dict: Record<string, any[]>;

  beforeAll(async () => {
    ({ t, boss, lisi, dict } = await openDemoSuite(dialect, [
      'aftercareType',
      'urgency',
      'propCategory',
      'boardMaterial',
      'workshopType',
    ]));
    bossId = (
      await t.db.selectFrom('users').select('id').where('username', '=', DEMO.username).executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('users')
      .values({
        username: 'other',
        mobile: '13933330001',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('other', 'secret123');
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家公司', legalPerson: '王五' },
      },
      outsider,
    );
    expect(made.status, made.message).toBe(200);
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const { call, add, stage, stageOk } = flowCalls(
    () => t,
    () => boss,
  );
  const page = (module: string, body: Row, token = boss) =>
    call('POST', api(module, 'page'), { pageNum: 1, pageSize: 100, ...body }, token);
  const partnerId = async (name: string) =>
    (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;
  const bySource = (module: string, code: string) => recordsWhere(t, module, 'sourceCode', code);
  const eventsOf = async (id: number) =>
    (
      await sql<{
        name: string;
        user_id: number;
        detail: Row;
      }>`SELECT name, user_id, detail FROM record_events WHERE record_id = ${id} ORDER BY id`.execute(t.db)
    ).rows;

  let propSeq = 0;
  async function makeProp(name: string, customerId: number) {
    const image = await uploadPng(t, boss, `${name}.png`);
    const prop = await add('myProp', {
      propName: name,
      propNo: `DJ-S${String(++propSeq).padStart(3, '0')}`,
      customerId,
      propCategory: d('propCategory', '中岛'),
      size: { length: 1200, width: 600, height: 900 },
      boardMaterial: d('boardMaterial', '多层板'),
      images: [image],
      enabled: true,
    });
    await sql`UPDATE records SET data = data || ${JSON.stringify({ standardPrice: 5000 })}::jsonb WHERE id = ${prop.id}`.execute(
      t.db,
    );
    return prop;
  }
  async function approvedProject(customerId: number, lines: Row[], name: string) {
    const p = await add('propProject', {
      projectName: name,
      customerId,
      processCode: await propProcessCode(t),
      deliveryDate: '2031-06-30',
      managerId: bossId,
      address: '杭州市上城区东坡路7号',
      lines,
    });
    expect((await t.call('POST', api('propProject', 'submit'), { id: p.id }, boss)).status).toBe(200);
    const done = await approveAll(t, 'propProject', p.id, [lisi, boss]);
    expect(done, done.refusedWith).toMatchObject({ status: '已通过', projectStage: '执行中' });
    return p;
  }

  let project: Row;
  let prop: Row;
  let customer: number;

  it("progress board: the team's orders by stage tab and 逾期, stage dates, owner, follow-up and 催办; another team sees nothing", async () => {
    customer = await partnerId('金缘珠宝');
    prop = await makeProp('售后测试中岛柜', customer);
    const wallProp = await makeProp('售后测试背柜', customer);
    const workshop = await add('workshopManage', {
      workshopName: '进度测试车间',
      workshopType: d('workshopType', '木工'),
      leaderId: bossId,
      enabled: true,
    });
    // Line one was due long ago (late); line two is due in 2031.
    project = await approvedProject(
      customer,
      [
        { propId: prop.id, quantity: 3, storeName: '西湖银泰店', requireDate: '2020-03-10' },
        { propId: wallProp.id, quantity: 1, storeName: '西湖银泰店' },
      ],
      '进度看板测试项目',
    );
    const [late, onTime] = await bySource('allocatePropOrders', project.code);
    expect(late.data).toMatchObject({ orderStage: '待分配', managerId: bossId, deliveryDate: '2020-03-10' });

    // Tab 待分配 lists both with the order's figures; 逾期天数 is today's, the owner the project's manager.
    const pending = (await page('propProgress', { tab: 'pending', keyword: '售后测试' })).list as Row[];
    const row = (code: string, list: Row[]) => list.find((r) => r.code === code);
    expect(pending.map((r) => r.code)).toEqual(expect.arrayContaining([late.code, onTime.code]));
    const lateRow = row(late.code, pending)!;
    expect(lateRow).toMatchObject({
      propName: '售后测试中岛柜',
      quantity: 3,
      projectId: project.id,
      customerId: customer,
      managerIdName: '演示用户',
      orderStage: '待分配',
    });
    expect(lateRow.overdueDays).toBeGreaterThan(2000);
    expect(row(onTime.code, pending)!.overdueDays).toBe(0);
    expect(lateRow.stageDates).toEqual([
      expect.objectContaining({ stage: '待分配', reachedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) }),
    ]);
    // Only a view's actions are offered: no edit, no delete; 跟进 and 催办.
    expect(lateRow.actions).toEqual(['view', 'followUp', 'urge']);

    // 逾期 holds the late order only; a stage tab holds its stage only; an unknown tab is refused.
    const overdue = (await page('propProgress', { tab: 'overdue', keyword: '售后测试' })).list as Row[];
    expect(overdue.map((r) => r.code)).toContain(late.code);
    expect(overdue.map((r) => r.code)).not.toContain(onTime.code);
    expect(
      await t.call('POST', api('propProgress', 'page'), { pageNum: 1, pageSize: 10, tab: 'nope' }, boss),
    ).toMatchObject({ status: 400, message: '列表没有「nope」这个标签' });
    // 逾期天数 is computed when read, yet sortable: by the 交付日期 its order follows (reversed: the earlier, the later).
    const sorted = async (order: string) =>
      (
        (
          await page('propProgress', {
            tab: 'pending',
            keyword: '售后测试',
            sorters: [{ field: 'overdueDays', order }],
          })
        ).list as Row[]
      ).map((r) => r.code);
    const most = await sorted('desc');
    expect(most.indexOf(late.code)).toBeLessThan(most.indexOf(onTime.code));
    const least = await sorted('asc');
    expect(least.indexOf(onTime.code)).toBeLessThan(least.indexOf(late.code));
    // Over the whole board too (shipped and settled orders hold 0 whatever their date: sortAs.when), both ways.
    const daysBy = async (order: string) =>
      ((await page('propProgress', { pageSize: 500, sorters: [{ field: 'overdueDays', order }] })).list as Row[]).map(
        (r) => r.overdueDays as number,
      );
    const down = await daysBy('desc');
    expect(down[0]).toBeGreaterThan(0);
    expect(down).toEqual([...down].sort((x, y) => y - x));
    const up = await daysBy('asc');
    expect(up).toEqual([...up].sort((x, y) => x - y));
    // Page by page (deep pages seek from remembered boundaries) the board reads as the one long page, twice over.
    const whole = (
      (await page('propProgress', { pageSize: 500, sorters: [{ field: 'overdueDays', order: 'desc' }] })).list as Row[]
    ).map((r) => r.code);
    for (let round = 0; round < 2; round++) {
      const paged: string[] = [];
      for (let n = 1; paged.length < whole.length; n++) {
        const got = (
          (await page('propProgress', { pageNum: n, pageSize: 7, sorters: [{ field: 'overdueDays', order: 'desc' }] }))
            .list as Row[]
        ).map((r) => r.code);
        if (!got.length) break;
        paged.push(...got);
      }
      expect(paged).toEqual(whole);
    }
    // The sort whitelist still holds: a read-time column without sortAs is refused.
    expect(
      await t.call(
        'POST',
        api('propProgress', 'page'),
        { pageNum: 1, pageSize: 10, sorters: [{ field: 'maker', order: 'asc' }] },
        boss,
      ),
    ).toMatchObject({ status: 400, message: '不支持排序的字段：maker' });

    // Allocating the second order moves it to 制作中: its tab and its stage dates follow.
    await stageOk('allocatePropOrders', onTime.id, 'make', {
      workshopId: workshop.id,
      planPeriod: ['2031-05-01', '2031-05-20'],
    });
    const making = (await page('propProgress', { tab: 'making', keyword: '售后测试' })).list as Row[];
    expect(making.map((r) => r.code)).toEqual([onTime.code]);
    expect(making[0]).toMatchObject({ maker: '进度测试车间' });
    expect(making[0].stageDates.map((s: Row) => s.stage)).toEqual(['待分配', '制作中']);
    expect(making[0].stageDates[1].userName).toBe('演示用户');

    // 跟进: the note is required, stored on the order and in its timeline; the stage does not move.
    expect(await stage('propProgress', late.id, 'followUp', { followDate: '2026-11-20' })).toMatchObject({
      status: 400,
      message: expect.stringContaining('跟进记录'),
    });
    const followed = await stageOk('propProgress', late.id, 'followUp', {
      followDate: '2026-11-20',
      followNote: '客户确认下周一进场，催车间优先排产',
    });
    expect(followed).toMatchObject({
      orderStage: '待分配',
      followNote: '客户确认下周一进场，催车间优先排产',
      followCount: 1,
    });
    await stageOk('propProgress', late.id, 'followUp', {
      followDate: '2026-11-21',
      followNote: '已与车间主任确认排产',
    });
    expect(await getRecord(t, 'allocatePropOrders', late.id, boss)).toMatchObject({
      orderStage: '待分配',
      followNote: '已与车间主任确认排产',
      followCount: 2,
    });
    // 催办: who and when, in the order's timeline, counted on the order.
    await stageOk('propProgress', late.id, 'urge', { urgeNote: '交期已过，请尽快分配' });
    const evs = await eventsOf(late.id);
    expect(evs.filter((e) => e.name === '跟进').map((e) => e.detail.note)).toEqual([
      '跟进日期：2026-11-20，跟进记录：客户确认下周一进场，催车间优先排产',
      '跟进日期：2026-11-21，跟进记录：已与车间主任确认排产',
    ]);
    expect(evs.filter((e) => e.name === '催办')).toEqual([
      expect.objectContaining({
        user_id: bossId,
        detail: expect.objectContaining({ note: '催办说明：交期已过，请尽快分配' }),
      }),
    ]);
    expect(await getRecord(t, 'propProgress', late.id, boss)).toMatchObject({
      urgeCount: 1,
      orderStage: '待分配',
      stageDates: [expect.objectContaining({ stage: '待分配' })],
    });
    // Notes and urges are no stage: the history still shows 待分配 only.

    // The board writes nothing else: no add, no edit, no delete, no order action through it.
    expect((await t.call('POST', api('propProgress', 'add'), { quantity: 1 }, boss)).status).toBe(403);
    expect((await t.call('POST', api('propProgress', 'update'), { id: late.id, quantity: 9 }, boss)).status).toBe(403);
    expect((await t.call('POST', api('propProgress', 'delete'), { ids: [late.id] }, boss)).status).toBe(403);
    expect(await stage('propProgress', late.id, 'cancel', { cancelReason: 'x' })).toMatchObject({
      status: 400,
      message: '不支持的操作',
    });
    // …and the order page has no follow-up of its own.
    expect(await stage('allocatePropOrders', late.id, 'followUp', { followNote: 'x' })).toMatchObject({
      status: 400,
      message: '不支持的操作',
    });
    // A cancelled (final) order takes no more notes.
    const third = await approvedProject(
      customer,
      [{ propId: prop.id, quantity: 1, storeName: '临时店' }],
      '进度看板取消测试',
    );
    const [gone] = await bySource('allocatePropOrders', third.code);
    await stageOk('allocatePropOrders', gone.id, 'cancel', { cancelReason: '客户取消' });
    expect(
      await stage('propProgress', gone.id, 'followUp', { followDate: '2026-11-20', followNote: '再跟一下' }),
    ).toMatchObject({ status: 409, message: '当前订单进度为「已取消」，不能跟进' });
    expect(
      (await page('propProgress', { tab: 'cancelled', keyword: '售后测试' })).list.map((r: Row) => r.code),
    ).toEqual([gone.code]);

    // The 道具项目 tree (客户): its nodes are the customers the form's picker offers; a node narrows the projects.
    const customers = await call('POST', api('propProject', 'options'), { field: 'customerId', values: {} });
    expect((customers as unknown as Row[]).map((o) => o.label)).toEqual(
      expect.arrayContaining(['金缘珠宝集团有限公司', '臻彩化妆品（上海）有限公司']),
    );
    const zhencai = (customers as unknown as Row[]).find((o) => o.label === '臻彩化妆品（上海）有限公司')!.value;
    const ofJinyuan = (
      await page('propProject', { filters: [{ field: 'customerId', operator: 'in', value: [String(customer)] }] })
    ).list as Row[];
    expect(ofJinyuan.map((p) => p.code)).toEqual(expect.arrayContaining([project.code, third.code]));
    expect(new Set(ofJinyuan.map((p) => p.customerId))).toEqual(new Set([customer]));
    const ofZhencai = (
      await page('propProject', { filters: [{ field: 'customerId', operator: 'in', value: [String(zhencai)] }] })
    ).list as Row[];
    expect(ofZhencai.length).toBeGreaterThan(0);
    expect(ofZhencai.map((p) => p.code)).not.toContain(project.code);

    // Another team sees none of these orders and can act on none.
    const theirs = await page('propProgress', { keyword: '售后测试' }, outsider);
    expect(theirs.list).toEqual([]);
    expect((await t.call('GET', `${api('propProgress', 'get')}?id=${late.id}`, undefined, outsider)).status).toBe(404);
    expect(
      (await stage('propProgress', late.id, 'followUp', { followDate: '2026-11-20', followNote: '越权' }, outsider))
        .status,
    ).toBe(404);
    expect((await getRecord(t, 'allocatePropOrders', late.id, boss)).followCount).toBe(2);
  });

  it('aftercare: OA only when charged or cost > 1000; 受理 → 处理中 (rework order once) → 待回访 (receivable once) → 已关闭', async () => {
    const photo = await uploadPng(t, boss, '现场.png');
    const base = {
      projectId: project.id,
      storeName: '西湖银泰店',
      propId: prop.id,
      aftercareType: d('aftercareType', '维修'),
      problemDesc: '柜门铰链松动，门板下垂',
      photos: [photo],
      reportDate: '2026-11-18',
      urgency: d('urgency', '加急'),
    };
    // Free and cheap: takes effect on submit, no approval; the customer and the prop's name come from the picks.
    const free = await add('propAftercare', { ...base, costPrice: 300, submit: true });
    expect(free).toMatchObject({
      status: '已通过',
      aftercareStage: '待受理',
      customerId: customer,
      customerName: '金缘珠宝集团有限公司',
      propName: '售后测试中岛柜',
    });
    expect(free.code).toMatch(/^SH\d{8}\d+/);
    // Costly (> 1000) or charged: approval first.
    const costly = await add('propAftercare', { ...base, costPrice: 1500, submit: true });
    expect(costly.status).toBe('审批中');
    // A charged one needs its amount.
    expect(
      await t.call('POST', api('propAftercare', 'add'), { ...base, chargeable: true, submit: true }, boss),
    ).toMatchObject({ status: 400, message: expect.stringContaining('收费金额') });
    const charged = await add('propAftercare', {
      ...base,
      aftercareType: d('aftercareType', '更换'),
      chargeable: true,
      chargePrice: 800,
      costPrice: 500,
      submit: true,
    });
    expect(charged.status).toBe('审批中');
    // Nothing can be done before approval.
    expect(
      (await stage('propAftercare', charged.id, 'accept', { handlerId: bossId, acceptDate: '2026-11-19' })).status,
    ).toBe(409);
    expect(await approveAll(t, 'propAftercare', charged.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      aftercareStage: '待受理',
    });

    // Illegal jumps are refused with the stage in the message.
    expect(
      await stage('propAftercare', charged.id, 'finish', { finishDate: '2026-11-20', result: '已更换' }),
    ).toMatchObject({ status: 409, message: '当前售后进度为「待受理」，不能处理完成' });
    expect(
      await stage('propAftercare', charged.id, 'visit', { visitDate: '2026-11-20', satisfaction: '满意' }),
    ).toMatchObject({ status: 409, message: '当前售后进度为「待受理」，不能回访关闭' });
    // 受理 with 返工重做 needs a quantity; then makes one new prop order 待分配 for the project and the prop.
    expect(
      await stage('propAftercare', charged.id, 'accept', { handlerId: bossId, acceptDate: '2026-11-19', rework: true }),
    ).toMatchObject({ status: 400, message: '返工重做请填写返工数量' });
    expect(await bySource('allocatePropOrders', charged.code)).toHaveLength(0);
    const accepted = await stageOk('propAftercare', charged.id, 'accept', {
      handlerId: bossId,
      acceptDate: '2026-11-19',
      solution: '返厂重做门板',
      rework: true,
      reworkQuantity: 1,
    });
    expect(accepted).toMatchObject({
      aftercareStage: '处理中',
      handlerId: bossId,
      handlerIdName: '演示用户',
      rework: true,
    });
    const rework = await bySource('allocatePropOrders', charged.code);
    expect(rework).toHaveLength(1);
    expect(rework[0]).toMatchObject({
      status: '已通过',
      data: {
        orderStage: '待分配',
        projectId: project.id,
        customerId: customer,
        propId: prop.id,
        propName: '售后测试中岛柜',
        quantity: 1,
        deliveryDate: '2026-12-04',
        sourceType: '道具售后',
        managerId: bossId,
      },
    });
    expect(rework[0].code).toMatch(/^DD/);
    // It is on the board like any order.
    expect(
      (await page('propProgress', { tab: 'pending', keyword: rework[0].code })).list.map((r: Row) => r.code),
    ).toEqual([rework[0].code]);
    // Re-sending 受理 is refused and makes no second order.
    expect(
      (
        await stage('propAftercare', charged.id, 'accept', {
          handlerId: bossId,
          acceptDate: '2026-11-19',
          rework: true,
          reworkQuantity: 1,
        })
      ).status,
    ).toBe(409);
    expect(await bySource('allocatePropOrders', charged.code)).toHaveLength(1);

    // 处理完成 → 待回访 and one 售后收费 receivable of the charge, for the project's customer.
    expect((await stage('propAftercare', charged.id, 'finish', { finishDate: '2026-11-22' })).status).toBe(400);
    await stageOk('propAftercare', charged.id, 'finish', { finishDate: '2026-11-22', result: '门板已返厂重做并更换' });
    const recv = await bySource('financialReceivable', charged.code);
    expect(recv).toHaveLength(1);
    expect(recv[0]).toMatchObject({
      status: '已通过',
      data: {
        sourceType: '售后',
        customerId: customer,
        contractPrice: 800,
        balancePrice: 800,
        incomeTypeName: '售后收费',
        collectStage: '未回款',
        dueDate: '2026-12-22',
        managerId: bossId,
      },
    });
    expect(
      (await stage('propAftercare', charged.id, 'finish', { finishDate: '2026-11-22', result: '再来一次' })).status,
    ).toBe(409);
    // 重新处理 and finishing again raises no second receivable.
    await stageOk('propAftercare', charged.id, 'redo', { redoReason: '回访时客户反馈门缝仍偏大' });
    expect(await getRecord(t, 'propAftercare', charged.id, boss)).toMatchObject({ aftercareStage: '处理中' });
    await stageOk('propAftercare', charged.id, 'finish', { finishDate: '2026-11-23', result: '重新调整门缝' });
    expect(await bySource('financialReceivable', charged.code)).toHaveLength(1);
    // 回访关闭 ends it; a closed aftercare can neither move nor be edited.
    await stageOk('propAftercare', charged.id, 'visit', {
      visitDate: '2026-11-24',
      satisfaction: '满意',
      visitNote: '客户满意',
    });
    expect(await getRecord(t, 'propAftercare', charged.id, boss)).toMatchObject({
      aftercareStage: '已关闭',
      satisfaction: '满意',
      finishCount: 2,
    });
    expect((await stage('propAftercare', charged.id, 'redo', { redoReason: 'x' })).status).toBe(409);
    expect((await t.call('POST', api('propAftercare', 'update'), { id: charged.id, ...base }, boss)).status).toBe(409);

    // A free aftercare without rework: no order, and no receivable when it is done.
    await stageOk('propAftercare', free.id, 'accept', { handlerId: bossId, acceptDate: '2026-11-19' });
    await stageOk('propAftercare', free.id, 'finish', { finishDate: '2026-11-19', result: '上门紧固铰链' });
    expect(await bySource('allocatePropOrders', free.code)).toHaveLength(0);
    expect(await bySource('financialReceivable', free.code)).toHaveLength(0);

    // The stage tabs list by stage.
    const waiting = (await page('propAftercare', { tab: 'visiting' })).list.map((r: Row) => r.code);
    expect(waiting).toContain(free.code);
    expect(waiting).not.toContain(charged.code);
    expect((await page('propAftercare', { tab: 'closed' })).list.map((r: Row) => r.code)).toContain(charged.code);
    // Another team sees none of it.
    expect((await page('propAftercare', {}, outsider)).list).toEqual([]);
  });
});
