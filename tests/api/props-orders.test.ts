// The prop order chain: an approved 道具项目 turns each of its lines into a prop order (DD);
// an order is allocated to a workshop (a 生产任务 in 道具制作) or to a factory (a draft 外发单); the task is
// started, draws material (a draft 生产领料 in 出入库单) and completed (order → 待质检); 道具质检 fails it
// (返工: order 返工中, task 返工) and passes it (order → 待打包); the 外发单 returns (order → 待质检) and
// settles (a 外协加工费 payable with its sourceCode); 让步接收 needs an approval. Every step's stage is checked,
// illegal jumps are refused with a message, and re-sending a step changes nothing.
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

type Row = Record<string, any>;

describe.each(oneDialect())('prop orders on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let dict: Record<string, any[]>;

  beforeAll(async () => {
    ({ t, boss, lisi, dict } = await openDemoSuite(dialect, [
      'outsourceScope',
      'urgency',
      'invoiceType',
      'propCategory',
      'workshopType',
      'boardMaterial',
      'unit',
      'qcItem',
    ]));
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const { call, add, stage, stageOk } = flowCalls(
    () => t,
    () => boss,
  );
  const partnerId = async (name: string) =>
    (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;
  const warehouseId = async (name: string) =>
    (await call('POST', api('storeSetting', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;
  const bySource = (module: string, code: string) => recordsWhere(t, module, 'sourceCode', code);
  const byField = (module: string, field: string, value: string) => recordsWhere(t, module, field, value);
  const orderStages = async (projectCode: string) =>
    (await bySource('allocatePropOrders', projectCode)).map((o) => o.data.orderStage);
  const orderOf = async (id: number) => getRecord(t, 'allocatePropOrders', id, boss);

  let propSeq = 0;
  async function makeProp(name: string, price: number, customerId: number) {
    const image = await uploadPng(t, boss, `${name}.png`);
    const drawing = await uploadPng(t, boss, `${name}-图纸.png`);
    const prop = await add('myProp', {
      propName: name,
      propNo: `DJ-T${String(++propSeq).padStart(3, '0')}`,
      customerId,
      propCategory: d('propCategory', '中岛'),
      size: { length: 1200, width: 600, height: 900 },
      boardMaterial: d('boardMaterial', '多层板'),
      images: [image],
      drawings: [drawing],
      enabled: true,
    });
    // The standard price is written by an approved 核价单 (the catalogue's own suite walks that); here it is set directly.
    await sql`UPDATE records SET data = data || ${JSON.stringify({ standardPrice: price })}::jsonb WHERE id = ${prop.id}`.execute(
      t.db,
    );
    return prop;
  }

  async function approvedProject(customerId: number, lines: Row[], name: string) {
    const p = await add('propProject', {
      projectName: name,
      customerId,
      processCode: await propProcessCode(t),
      contractNo: 'HT-TEST-001',
      deliveryDate: '2031-06-30',
      installRequired: true,
      address: '杭州市上城区东坡路7号',
      lines,
    });
    expect((await t.call('POST', api('propProject', 'submit'), { id: p.id }, boss)).status).toBe(200);
    const done = await approveAll(t, 'propProject', p.id, [lisi, boss]);
    expect(done, done.refusedWith).toMatchObject({ status: '已通过', projectStage: '执行中' });
    return p;
  }

  it('project → two orders → 自制 (make, QC fail, rework, QC pass → 待打包) and 外发 (return, QC pass, settle → payable)', async () => {
    const jinyuan = await partnerId('金缘珠宝');
    const jinggong = await partnerId('东莞市精工展示');
    const island = await makeProp('珠宝中岛柜（测试）', 8600, jinyuan);
    const wall = await makeProp('品牌背柜灯箱（测试）', 12800, jinyuan);
    const workshop = await add('workshopManage', {
      workshopName: '木工一车间（测试）',
      workshopType: d('workshopType', '木工'),
      leaderId: (await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow())
        .id,
      enabled: true,
    });

    // A project offers only its customer's props: another customer's is refused on its line.
    const other = await makeProp('眼镜展柜（测试）', 3000, await partnerId('臻彩化妆品'));
    const refused = await t.call(
      'POST',
      api('propProject', 'add'),
      {
        projectName: '串客户道具（测试）',
        customerId: jinyuan,
        processCode: await propProcessCode(t),
        deliveryDate: '2031-06-30',
        lines: [{ propId: other.id, quantity: 1 }],
      },
      boss,
    );
    expect(refused.status, refused.message).toBe(400);
    expect(refused.message).toMatch(/^第1行道具/);

    // The project: the first line's price comes from the prop's standard price; 合同金额 = Σ lines.
    const project = await approvedProject(
      jinyuan,
      [
        { propId: island.id, quantity: 4, storeName: '湖滨银泰店', requireDate: '2031-06-20' },
        { propId: wall.id, quantity: 2, unitPrice: 12000, storeName: '湖滨银泰店' },
      ],
      '金缘珠宝湖滨银泰店道具（测试）',
    );
    expect(project.lines.map((l: Row) => [l.unitPrice, l.contractPrice])).toEqual([
      [8600, 34400],
      [12000, 24000],
    ]);
    expect(project.contractPrice).toBe(58400);

    // Approval made one order per line, 待分配, each naming its project, prop, quantity and price.
    const orders = await bySource('allocatePropOrders', project.code);
    expect(orders).toHaveLength(2);
    const [a, b] = orders;
    expect(a).toMatchObject({
      status: '已通过',
      data: {
        orderStage: '待分配',
        projectId: project.id,
        customerId: jinyuan,
        propId: island.id,
        propName: '珠宝中岛柜（测试）',
        quantity: 4,
        unitPrice: 8600,
        contractPrice: 34400,
        deliveryDate: '2031-06-20',
        sourceType: '道具项目',
      },
    });
    expect(b).toMatchObject({
      data: { orderStage: '待分配', propId: wall.id, quantity: 2, contractPrice: 24000, deliveryDate: '2031-06-30' },
    });
    expect(a.code).toMatch(/^DD\d{8}\d+/);
    const listed = await call('POST', api('allocatePropOrders', 'page'), { pageNum: 1, pageSize: 50, tab: 'pending' });
    expect(listed.list.map((o: Row) => o.code)).toEqual(expect.arrayContaining([a.code, b.code]));

    // Re-submitting the approved project is refused and makes no further orders.
    expect((await t.call('POST', api('propProject', 'submit'), { id: project.id }, boss)).status).toBe(409);
    expect(await bySource('allocatePropOrders', project.code)).toHaveLength(2);
    // Orders are made by projects only; a hand-made order is refused.
    expect(await t.call('POST', api('allocatePropOrders', 'add'), { quantity: 1 }, boss)).toMatchObject({
      status: 403,
      message: '该列表的记录由其他单据生成，不能手工新增',
    });
    // No quality check of an order that was not made.
    const early = await t.call(
      'POST',
      api('propQualityTesting', 'add'),
      {
        orderCode: a.code,
        inspectQuantity: 4,
        qualifiedQuantity: 4,
        result: '合格',
        inspectDate: '2031-06-01',
        submit: true,
      },
      boss,
    );
    expect(early.status).toBe(400);

    // Order A → 自制: 制作中 and one 生产任务 待开工. Re-sending, or 外发 after it, is refused and changes nothing.
    await stageOk('allocatePropOrders', a.id, 'make', {
      workshopId: workshop.id,
      planPeriod: ['2031-05-01', '2031-05-20'],
      urgency: d('urgency', '加急'),
    });
    expect(await orderOf(a.id)).toMatchObject({ orderStage: '制作中', allocateType: '自制', workshopId: workshop.id });
    expect(
      await stage('allocatePropOrders', a.id, 'make', {
        workshopId: workshop.id,
        planPeriod: ['2031-05-01', '2031-05-20'],
      }),
    ).toMatchObject({ status: 409, message: '当前订单进度为「制作中」，不能分配自制' });
    expect(
      (
        await stage('allocatePropOrders', a.id, 'outsource', {
          factoryId: jinggong,
          outsourceScope: d('outsourceScope', '整件外发'),
          outsourcePrice: 1,
          planPeriod: ['2031-05-01', '2031-05-20'],
        })
      ).status,
    ).toBe(409);
    const tasks = await byField('propMake', 'orderCode', a.code);
    expect(tasks).toHaveLength(1);
    const task = tasks[0];
    expect(task).toMatchObject({
      status: '已通过',
      data: {
        makeStage: '待开工',
        workshopId: workshop.id,
        quantity: 4,
        propName: '珠宝中岛柜（测试）',
        planEndDate: '2031-05-20',
        sourceCode: a.code,
      },
    });

    // Order B → 外发: 外发中 and a draft 外发单 of that order at the agreed price.
    const scope = d('outsourceScope', '整件外发');
    await stageOk('allocatePropOrders', b.id, 'outsource', {
      factoryId: jinggong,
      outsourceScope: scope,
      outsourcePrice: 5200,
      planPeriod: ['2031-05-01', '2031-05-25'],
    });
    expect(await orderOf(b.id)).toMatchObject({ orderStage: '外发中', allocateType: '外发', factoryId: jinggong });
    const [wf] = await bySource('propOutsourcing', b.code);
    expect(wf).toMatchObject({
      status: '待提交',
      data: {
        factoryId: jinggong,
        outsourceScope: scope,
        planReturnDate: '2031-05-25',
        contractPrice: 10400,
        payablePrice: 10400,
        balancePrice: 10400,
      },
    });
    expect(wf.lines).toMatchObject([
      { orderCode: b.code, propName: '品牌背柜灯箱（测试）', quantity: 2, unitPrice: 5200, contractPrice: 10400 },
    ]);
    expect(wf.data.drawings).toHaveLength(1);

    // The task: no 完工 before 开工; 领料 opens a draft 生产领料; 完工 needs the whole quantity.
    expect(
      (await stage('propMake', task.id, 'complete', { completedQuantity: 4, finishDate: '2031-05-10' })).status,
    ).toBe(409);
    await stageOk('propMake', task.id, 'start', { actualStartDate: '2031-05-02' });
    expect(await getRecord(t, 'propMake', task.id, boss)).toMatchObject({
      makeStage: '制作中',
      actualStartDate: '2031-05-02',
    });
    await stageOk('propMake', task.id, 'pick', { pickWarehouseId: await warehouseId('原材料仓') });
    const [pick] = await bySource('storeprocess', task.code);
    expect(pick).toMatchObject({
      status: '待提交',
      data: { billType: '出库', stockOutTypeName: '生产领料', sourceType: '道具制作' },
    });
    expect(
      await stage('propMake', task.id, 'complete', { completedQuantity: 3, finishDate: '2031-05-10' }),
    ).toMatchObject({ status: 400, message: '完工数量须等于任务数量才能送检' });
    expect(await orderOf(a.id)).toMatchObject({ orderStage: '制作中' });
    await stageOk('propMake', task.id, 'complete', { completedQuantity: 4, finishDate: '2031-05-10' });
    expect(await getRecord(t, 'propMake', task.id, boss)).toMatchObject({ makeStage: '已完工', completedQuantity: 4 });
    expect(await orderOf(a.id)).toMatchObject({ orderStage: '待质检' });
    expect(
      (await stage('propMake', task.id, 'complete', { completedQuantity: 4, finishDate: '2031-05-10' })).status,
    ).toBe(409);

    // QC fails: 自制 goes back to the workshop (返工), not to a factory; the order 返工中, the task 返工.
    const qc = (body: Row) =>
      t.call('POST', api('propQualityTesting', 'add'), { inspectDate: '2031-05-11', submit: true, ...body }, boss);
    expect(
      await qc({
        orderCode: a.code,
        inspectQuantity: 4,
        qualifiedQuantity: 2,
        result: '不合格',
        defectDesc: '漆面有流挂',
        handling: '返修外协',
      }),
    ).toMatchObject({ status: 400, message: '车间自制的道具请选择「返工」' });
    expect(
      await qc({ orderCode: a.code, inspectQuantity: 4, qualifiedQuantity: 2, result: '不合格', handling: '返工' }),
    ).toMatchObject({ status: 400, message: '请填写问题描述' });
    expect(await qc({ orderCode: a.code, inspectQuantity: 4, qualifiedQuantity: 5, result: '合格' })).toMatchObject({
      status: 400,
      message: '合格数量不能超过送检数量',
    });
    const failed = await qc({
      orderCode: a.code,
      inspectQuantity: 4,
      qualifiedQuantity: 2,
      result: '不合格',
      defectDesc: '两台漆面有流挂',
      handling: '返工',
      lines: [{ qcItem: d('qcItem', '漆面外观'), standard: '无流挂', measured: '流挂 2 处', pass: '否' }],
    });
    expect(failed.status, failed.message).toBe(200);
    expect(failed.data).toMatchObject({
      status: '已通过',
      sourceType: '自制',
      propName: '珠宝中岛柜（测试）',
      passRate: 50,
    });
    expect(await orderOf(a.id)).toMatchObject({ orderStage: '返工中' });
    expect(await getRecord(t, 'propMake', task.id, boss)).toMatchObject({
      makeStage: '返工',
      reworkCount: 1,
      lastQcCode: failed.data.code,
    });
    // The order is no longer waiting for QC: a second check of it is refused.
    expect((await qc({ orderCode: a.code, inspectQuantity: 4, qualifiedQuantity: 4, result: '合格' })).status).toBe(
      400,
    );

    // Rework done → 待质检 again → QC passes → 待打包.
    await stageOk('propMake', task.id, 'complete', { completedQuantity: 4, finishDate: '2031-05-14' });
    expect(await orderOf(a.id)).toMatchObject({ orderStage: '待质检' });
    const passed = await qc({ orderCode: a.code, inspectQuantity: 4, qualifiedQuantity: 4, result: '合格' });
    expect(passed.status, passed.message).toBe(200);
    expect(passed.data).toMatchObject({ status: '已通过', passRate: 100 });
    expect(await orderOf(a.id)).toMatchObject({ orderStage: '待打包' });

    // The 外发单: drawings are needed to submit (the draft has the prop's); approval → 外发中; 回厂 → order 待质检.
    const wfRec = await getRecord(t, 'propOutsourcing', wf.id, boss);
    const bare = await t.call('POST', api('propOutsourcing', 'update'), { ...wfRec, drawings: [], submit: true }, boss);
    expect(bare).toMatchObject({ status: 400, message: '请上传外发图纸' });
    expect((await t.call('POST', api('propOutsourcing', 'submit'), { id: wf.id }, boss)).status).toBe(200);
    expect(await approveAll(t, 'propOutsourcing', wf.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      outsourceStage: '外发中',
    });
    expect((await stage('propOutsourcing', wf.id, 'settle', { settleDate: '2031-05-30' })).status).toBe(409);
    await stageOk('propOutsourcing', wf.id, 'return', { returnDate: '2031-05-24' });
    expect(await getRecord(t, 'propOutsourcing', wf.id, boss)).toMatchObject({
      outsourceStage: '已回厂',
      returnDate: '2031-05-24',
    });
    expect(await orderOf(b.id)).toMatchObject({ orderStage: '待质检' });
    expect((await stage('propOutsourcing', wf.id, 'return', { returnDate: '2031-05-24' })).status).toBe(409);

    // The returned props pass → 待打包.
    expect(await qc({ orderCode: b.code, inspectQuantity: 2, qualifiedQuantity: 2, result: '合格' })).toMatchObject({
      status: 200,
    });
    expect(await orderOf(b.id)).toMatchObject({ orderStage: '待打包' });

    // 结算: a 外协加工费 payable of the factory naming the 外发单; re-sending changes nothing.
    await stageOk('propOutsourcing', wf.id, 'settle', {
      settleDate: '2031-05-30',
      invoiceType: d('invoiceType', '增值税专用发票'),
    });
    expect(await getRecord(t, 'propOutsourcing', wf.id, boss)).toMatchObject({ outsourceStage: '已结算' });
    const payables = await bySource('financialPayables', wf.code);
    expect(payables).toHaveLength(1);
    expect(payables[0]).toMatchObject({
      status: '已通过',
      data: {
        partnerId: jinggong,
        payableTypeName: '外协加工费',
        sourceType: '外发单',
        sourceCode: wf.code,
        payablePrice: 10400,
        balancePrice: 10400,
        payStage: '未付款',
        dueDate: '2031-06-29',
      },
    });
    expect(payables[0].lines).toMatchObject([
      { itemName: `${b.code} 品牌背柜灯箱（测试）`, quantity: 2, unitPrice: 5200, payablePrice: 10400 },
    ]);
    expect((await stage('propOutsourcing', wf.id, 'settle', { settleDate: '2031-05-30' })).status).toBe(409);
    expect(await bySource('financialPayables', wf.code)).toHaveLength(1);

    expect(await orderStages(project.code)).toEqual(['待打包', '待打包']);
    // A project whose orders are under way cannot be cancelled: the effect refuses the jump, nothing changes.
    expect(await stage('propProject', project.id, 'cancel', { cancelReason: '客户取消' })).toMatchObject({
      status: 409,
      message: `道具订单${a.code}当前为「待打包」，不能变为「已取消」`,
    });
    expect(await getRecord(t, 'propProject', project.id, boss)).toMatchObject({ projectStage: '执行中' });
    expect(await orderStages(project.code)).toEqual(['待打包', '待打包']);
  });

  it('让步接收 needs an approval; 返修外协 sends the 外发单 back; 报废 re-opens allocation; cancelling a project cancels its waiting orders', async () => {
    const zhencai = await partnerId('臻彩化妆品');
    const huayi = await partnerId('惠州市华艺喷涂');
    const counter = await makeProp('彩妆高柜（测试）', 6800, zhencai);
    const shelf = await makeProp('彩妆陈列架（测试）', 2300, zhencai);
    const project = await approvedProject(
      zhencai,
      [
        { propId: counter.id, quantity: 3 },
        { propId: shelf.id, quantity: 5 },
      ],
      '臻彩专柜道具（测试）',
    );
    const [o1, o2] = await bySource('allocatePropOrders', project.code);

    await stageOk('allocatePropOrders', o1.id, 'outsource', {
      factoryId: huayi,
      outsourceScope: d('outsourceScope', '喷漆'),
      outsourcePrice: 900,
      planPeriod: ['2031-07-01', '2031-07-15'],
    });
    const [wf] = await bySource('propOutsourcing', o1.code);
    expect((await t.call('POST', api('propOutsourcing', 'submit'), { id: wf.id }, boss)).status).toBe(200);
    await approveAll(t, 'propOutsourcing', wf.id, [lisi, boss]);
    await stageOk('propOutsourcing', wf.id, 'return', { returnDate: '2031-07-14' });
    expect(await orderOf(o1.id)).toMatchObject({ orderStage: '待质检' });

    // An outsourced prop cannot be reworked in the workshop; 返修外协 sends it and its 外发单 back to the factory.
    const qc = (body: Row) =>
      t.call('POST', api('propQualityTesting', 'add'), { inspectDate: '2031-07-15', submit: true, ...body }, boss);
    expect(
      await qc({
        orderCode: o1.code,
        inspectQuantity: 3,
        qualifiedQuantity: 1,
        result: '不合格',
        defectDesc: '色差',
        handling: '返工',
      }),
    ).toMatchObject({ status: 400, message: '外发的道具请选择「返修外协」' });
    expect(
      (
        await qc({
          orderCode: o1.code,
          inspectQuantity: 3,
          qualifiedQuantity: 1,
          result: '不合格',
          defectDesc: '色差明显',
          handling: '返修外协',
        })
      ).status,
    ).toBe(200);
    expect(await orderOf(o1.id)).toMatchObject({ orderStage: '返工中' });
    expect(await getRecord(t, 'propOutsourcing', wf.id, boss)).toMatchObject({ outsourceStage: '外发中' });
    await stageOk('propOutsourcing', wf.id, 'return', { returnDate: '2031-07-20' });
    expect(await orderOf(o1.id)).toMatchObject({ orderStage: '待质检' });

    // 让步接收: under review the order still waits for QC; once approved it is 待打包.
    const concession = await qc({
      orderCode: o1.code,
      inspectQuantity: 3,
      qualifiedQuantity: 2,
      result: '让步接收',
      defectDesc: '轻微色差，客户同意接收',
    });
    expect(concession.status, concession.message).toBe(200);
    expect(concession.data.status).toBe('审批中');
    expect(await orderOf(o1.id)).toMatchObject({ orderStage: '待质检' });
    expect(await approveAll(t, 'propQualityTesting', concession.data.id, [lisi, boss])).toMatchObject({
      status: '已通过',
    });
    expect(await orderOf(o1.id)).toMatchObject({ orderStage: '待打包' });

    // 报废: a made order goes back to 待分配 to be allocated again.
    const workshop = await add('workshopManage', {
      workshopName: '喷涂车间（测试）',
      workshopType: d('workshopType', '喷涂'),
      leaderId: (await t.db.selectFrom('users').select('id').where('username', '=', 'lisi').executeTakeFirstOrThrow())
        .id,
      enabled: true,
    });
    await stageOk('allocatePropOrders', o2.id, 'make', {
      workshopId: workshop.id,
      planPeriod: ['2031-07-01', '2031-07-10'],
    });
    const [task] = await byField('propMake', 'orderCode', o2.code);
    await stageOk('propMake', task.id, 'start', { actualStartDate: '2031-07-01' });
    await stageOk('propMake', task.id, 'complete', { completedQuantity: 5, finishDate: '2031-07-09' });
    expect(
      (
        await qc({
          orderCode: o2.code,
          inspectQuantity: 5,
          qualifiedQuantity: 0,
          result: '不合格',
          defectDesc: '开料尺寸错误',
          handling: '报废',
        })
      ).status,
    ).toBe(200);
    expect(await orderOf(o2.id)).toMatchObject({ orderStage: '待分配' });

    // 批量分配: several orders to one workshop in one go, all or none.
    const fourth = await approvedProject(
      zhencai,
      [
        { propId: counter.id, quantity: 2 },
        { propId: shelf.id, quantity: 2 },
      ],
      '臻彩快闪店道具（测试）',
    );
    const [f1, f2] = await bySource('allocatePropOrders', fourth.code);
    const batch = (ids: number[]) =>
      t.call(
        'POST',
        api('allocatePropOrders', 'stage-batch'),
        { ids, action: 'make', values: { workshopId: workshop.id, planPeriod: ['2031-08-01', '2031-08-10'] } },
        boss,
      );
    expect(await batch([f1.id, f2.id])).toMatchObject({ status: 200, data: { count: 2 } });
    expect(await orderStages(fourth.code)).toEqual(['制作中', '制作中']);
    expect(
      (await byField('propMake', 'orderCode', f1.code)).length +
        (await byField('propMake', 'orderCode', f2.code)).length,
    ).toBe(2);
    expect((await batch([f1.id, f2.id])).status).toBe(409);
    expect(
      (await byField('propMake', 'orderCode', f1.code)).length +
        (await byField('propMake', 'orderCode', f2.code)).length,
    ).toBe(2);

    // Cancelling is refused while an order is past allocation…
    expect(await stage('propProject', project.id, 'cancel', { cancelReason: '测试' })).toMatchObject({
      status: 409,
      message: `道具订单${o1.code}当前为「待打包」，不能变为「已取消」`,
    });
    // …and a third project whose orders all wait is cancelled with them.
    const third = await approvedProject(zhencai, [{ propId: shelf.id, quantity: 1 }], '臻彩补单（测试）');
    await stageOk('propProject', third.id, 'cancel', { cancelReason: '客户取消补单' });
    expect(await getRecord(t, 'propProject', third.id, boss)).toMatchObject({ projectStage: '已取消' });
    expect(await orderStages(third.code)).toEqual(['已取消']);
    const [cancelled] = await bySource('allocatePropOrders', third.code);
    expect(
      (
        await stage('allocatePropOrders', cancelled.id, 'make', {
          workshopId: workshop.id,
          planPeriod: ['2031-07-01', '2031-07-10'],
        })
      ).status,
    ).toBe(409);
  });
});
