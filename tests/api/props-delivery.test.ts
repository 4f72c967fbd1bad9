// The prop order chain from packing to settlement: two orders of an approved project (made
// and inspected by the chain part B tests, here put at 待打包) are packed into numbered packages (order 待入库),
// stocked (已入库) and shipped (已发货, a 物流费 payable of the carrier naming the 发货单), installed (安装中 →
// 已验收 with photos and acceptance form → an approved 结算申请: 已结算, a 安装费 payable of the installer,
// orders 已安装) and settled with the customer (OA → 客户确认: a receivable of 道具结算, orders and project
// 已结算; collected in full → 结清). Each step's stages are checked, illegal jumps are refused with a message,
// and re-sending a step changes nothing.
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

describe.each(oneDialect())('prop delivery on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let dict: Record<string, any[]>;

  beforeAll(async () => {
    ({ t, boss, lisi, dict } = await openDemoSuite(dialect, [
      'propCategory',
      'boardMaterial',
      'packType',
      'logisticsMode',
      'paymentMethod',
    ]));
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const { call, add, stage, stageOk, idOf } = flowCalls(
    () => t,
    () => boss,
  );
  const byField = (module: string, field: string, value: string) => recordsWhere(t, module, field, value);
  const bySource = (module: string, code: string) => byField(module, 'sourceCode', code);
  const stagesOf = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await getRecord(t, 'allocatePropOrders', id, boss)).orderStage));

  async function makeProp(name: string, price: number, customerId: number) {
    const image = await uploadPng(t, boss, `${name}.png`);
    const prop = await add('myProp', {
      propName: name,
      propNo: `DJ-D${String(price)}`,
      customerId,
      propCategory: d('propCategory', '中岛'),
      size: { length: 1200, width: 600, height: 900 },
      boardMaterial: d('boardMaterial', '多层板'),
      images: [image],
      enabled: true,
    });
    await sql`UPDATE records SET data = data || ${JSON.stringify({ standardPrice: price })}::jsonb WHERE id = ${prop.id}`.execute(
      t.db,
    );
    return prop;
  }

  /** The finished-goods balance of a prop in a warehouse (one row of 物料库存, 类别 成品), and the ledger's moves of a document. */
  const goods = async (warehouseId: number, propId: number) =>
    (
      await sql<Row>`SELECT id, data, lines FROM records WHERE module = 'materialStorage'
    AND deleted_at IS NULL AND data->>'warehouseId' = ${String(warehouseId)} AND data->>'propId' = ${String(propId)}`.execute(
        t.db,
      )
    ).rows;
  const movesOf = async (sourceId: number) =>
    (
      await sql<Row>`SELECT quantity::float8 AS q, keys FROM stock_moves WHERE source_id = ${sourceId} ORDER BY id`.execute(
        t.db,
      )
    ).rows;

  it('pack → stock in → ship (logistics payable) → install (安装费 payable) → settle (receivable; orders and project 已结算)', async () => {
    const jinyuan = await idOf('partnerInfo', '金缘珠宝');
    const carrier = await idOf('partnerInfo', '广州德运物流');
    const installer = await idOf('partnerInfo', '杭州之江展示安装');
    const warehouse = await idOf('storeSetting', '成品仓');
    const island = await makeProp('珠宝中岛柜（发货测试）', 8600, jinyuan);
    const wall = await makeProp('品牌背柜灯箱（发货测试）', 12000, jinyuan);
    const p = await add('propProject', {
      projectName: '金缘珠宝西湖店道具（发货测试）',
      customerId: jinyuan,
      processCode: await propProcessCode(t),
      deliveryDate: '2031-06-30',
      installRequired: true,
      address: '杭州市西湖区文三路1号',
      lines: [
        { propId: island.id, quantity: 2, storeName: '西湖店' },
        { propId: wall.id, quantity: 1, storeName: '西湖店' },
      ],
    });
    expect((await t.call('POST', api('propProject', 'submit'), { id: p.id }, boss)).status).toBe(200);
    expect(await approveAll(t, 'propProject', p.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      projectStage: '执行中',
    });
    const [a, b] = await bySource('allocatePropOrders', p.code);
    // Made and inspected as the order-chain suite walks it; here both orders start at 待打包.
    await sql`UPDATE records SET data = data || '{"orderStage":"待打包"}'::jsonb WHERE id IN (${a.id}, ${b.id})`.execute(
      t.db,
    );
    const orders = [a.id, b.id];

    // ---- 打包: a packing list per order; package numbers follow the order code, volume and count are computed.
    const packBody = (orderCode: string, n: number) => ({
      orderCode,
      packType: d('packType', '木架'),
      packDate: '2031-06-01',
      lines: Array.from({ length: n }, (_, i) => ({
        packageNo: 'forged',
        contents: `部件${i + 1}`,
        quantity: 1,
        length: 1200,
        width: 600,
        height: 500,
        weight: 35,
      })),
    });
    // Only an order waiting for packing can be packed.
    expect((await t.call('POST', api('propBacking', 'add'), packBody('DD-NOT-AN-ORDER', 1), boss)).status).toBe(400);
    expect(await t.call('POST', api('propBacking', 'add'), { ...packBody(a.code, 1), lines: [] }, boss)).toMatchObject({
      status: 400,
    });
    const packA = await add('propBacking', packBody(a.code, 3));
    expect(packA).toMatchObject({
      status: '已通过',
      packStage: '待打包',
      projectId: p.id,
      propName: '珠宝中岛柜（发货测试）',
      quantity: 2,
      packageCount: 3,
      totalVolume: 1.08,
      totalWeight: 105,
      packageRange: `${a.code}-01～03`,
    });
    expect(packA.lines.map((l: Row) => [l.packageNo, l.volume])).toEqual([
      [`${a.code}-01`, 0.36],
      [`${a.code}-02`, 0.36],
      [`${a.code}-03`, 0.36],
    ]);
    expect(packA.code).toMatch(/^DB\d{8}/);
    expect(await stagesOf(orders)).toEqual(['待打包', '待打包']);
    await stageOk('propBacking', packA.id, 'pack', { packDate: '2031-06-01' });
    expect(await getRecord(t, 'propBacking', packA.id, boss)).toMatchObject({ packStage: '已打包' });
    expect(await stagesOf(orders)).toEqual(['待入库', '待打包']);
    // Re-sending 完成打包 is refused and changes nothing.
    expect(await stage('propBacking', packA.id, 'pack', { packDate: '2031-06-02' })).toMatchObject({
      status: 409,
      message: '当前打包进度为「已打包」，不能完成打包',
    });
    expect(await getRecord(t, 'propBacking', packA.id, boss)).toMatchObject({ packDate: '2031-06-01' });
    // A packed order cannot be packed again (the picker offers only 待打包 orders).
    expect((await t.call('POST', api('propBacking', 'add'), packBody(a.code, 1), boss)).status).toBe(400);
    const packB = await add('propBacking', packBody(b.code, 2));
    await stageOk('propBacking', packB.id, 'pack', { packDate: '2031-06-01' });
    expect(await stagesOf(orders)).toEqual(['待入库', '待入库']);

    // ---- 入库发货: a 发货单 of both packing lists (no arrears: in effect when submitted, 待入库).
    const shipBody = {
      projectId: p.id,
      warehouseId: warehouse,
      receiver: '王店长',
      receiverPhone: '13900001111',
      region: ['浙江省', '杭州市'],
      address: '西湖区文三路1号',
      logisticsMode: d('logisticsMode', '物流专线'),
      carrierId: carrier,
      trackingNo: 'DY20310602001',
      shipDate: '2031-06-02',
      lines: [
        { backingCode: packA.code, logisticsPrice: 600 },
        { backingCode: packB.code, logisticsPrice: 400.5 },
      ],
    };
    expect(
      await t.call('POST', api('propWarehousingAndShipping', 'add'), { ...shipBody, receiverPhone: '123' }, boss),
    ).toMatchObject({ status: 400, message: '收货电话：请输入正确的手机号' });
    expect(
      await t.call(
        'POST',
        api('propWarehousingAndShipping', 'add'),
        { ...shipBody, lines: [shipBody.lines[0], shipBody.lines[0]] },
        boss,
      ),
    ).toMatchObject({ status: 400, message: '同一打包单请勿重复添加' });
    // 欠款发货 needs an approval (审批中 on submit); other shipments take effect when submitted.
    const arrears = await add('propWarehousingAndShipping', {
      ...shipBody,
      lines: [shipBody.lines[0]],
      arrearsShip: true,
      submit: true,
    });
    expect(arrears).toMatchObject({ status: '审批中' });
    const fh = await add('propWarehousingAndShipping', { ...shipBody, submit: true });
    expect(fh).toMatchObject({
      status: '已通过',
      shipStage: '待入库',
      customerId: jinyuan,
      logisticsPrice: 1000.5,
      packageCount: 5,
    });
    expect(fh.lines).toMatchObject([
      {
        backingCode: packA.code,
        orderCode: a.code,
        propName: '珠宝中岛柜（发货测试）',
        quantity: 2,
        packageCount: 3,
        packageNos: `${a.code}-01～03`,
      },
      { backingCode: packB.code, orderCode: b.code, packageCount: 2 },
    ]);
    // No shipping before stock-in.
    expect(await stage('propWarehousingAndShipping', fh.id, 'ship', { shipDate: '2031-06-02' })).toMatchObject({
      status: 409,
      message: '当前发货进度为「待入库」，不能发货',
    });
    await stageOk('propWarehousingAndShipping', fh.id, 'stockIn', { stockInDate: '2031-06-01' });
    expect(await getRecord(t, 'propWarehousingAndShipping', fh.id, boss)).toMatchObject({
      shipStage: '在库',
      stockInDate: '2031-06-01',
    });
    // 入库 posts a 生产入库 of each order's prop into the chosen 成品仓 (at the order's unit price): 物料库存 shows them as 成品.
    expect(fh.lines[0]).toMatchObject({ propId: island.id, unitPrice: a.data.unitPrice });
    const islandIn = await goods(warehouse, island.id);
    expect(islandIn).toHaveLength(1);
    expect(islandIn[0].data).toMatchObject({
      itemKind: '成品',
      materialName: '珠宝中岛柜（发货测试）',
      dictCode: 'DJ-D8600',
      unit: '件',
      quantity: 2,
      stockPrice: 2 * a.data.unitPrice,
    });
    expect(islandIn[0].lines[0]).toMatchObject({
      sourceType: '生产入库',
      sourceCode: fh.code,
      quantity: 2,
      balanceQuantity: 2,
    });
    expect((await goods(warehouse, wall.id))[0].data).toMatchObject({ quantity: 1 });
    expect((await movesOf(fh.id)).map((x) => x.q)).toEqual([2, 1]);
    const listed = await t.call(
      'POST',
      api('materialStorage', 'page'),
      { pageNum: 1, pageSize: 50, tab: 'goods' },
      boss,
    );
    expect(listed.status).toBe(200);
    expect(listed.data.list.map((r: Row) => r.id)).toContain(islandIn[0].id);
    expect(listed.data.list.every((r: Row) => r.itemKind === '成品')).toBe(true);
    expect(await stagesOf(orders)).toEqual(['已入库', '已入库']);
    expect(await getRecord(t, 'propBacking', packA.id, boss)).toMatchObject({ packStage: '已入库', shipCode: fh.code });
    expect((await stage('propWarehousingAndShipping', fh.id, 'stockIn', { stockInDate: '2031-06-01' })).status).toBe(
      409,
    );
    expect((await movesOf(fh.id)).map((x) => x.q)).toEqual([2, 1]);
    // The approved 欠款发货 of the same packing list cannot stock it in a second time: the jump is refused, nothing moves.
    expect(await approveAll(t, 'propWarehousingAndShipping', arrears.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      shipStage: '待入库',
    });
    expect(
      await stage('propWarehousingAndShipping', arrears.id, 'stockIn', { stockInDate: '2031-06-01' }),
    ).toMatchObject({ status: 409, message: `道具订单${a.code}当前为「已入库」，不能变为「已入库」` });
    expect(await getRecord(t, 'propWarehousingAndShipping', arrears.id, boss)).toMatchObject({ shipStage: '待入库' });
    // A second 发货单 of a packing list already in stock is refused (the picker offers only 已打包 lists).
    expect(
      (
        await t.call(
          'POST',
          api('propWarehousingAndShipping', 'add'),
          { ...shipBody, lines: [shipBody.lines[0]], submit: true },
          boss,
        )
      ).status,
    ).toBe(400);

    await stageOk('propWarehousingAndShipping', fh.id, 'ship', { shipDate: '2031-06-02' });
    expect(await getRecord(t, 'propWarehousingAndShipping', fh.id, boss)).toMatchObject({ shipStage: '已发货' });
    expect(await stagesOf(orders)).toEqual(['已发货', '已发货']);
    // 发货 posts the 发货出库 of what came in: the finished goods leave the warehouse, nothing is left.
    const islandOut = await goods(warehouse, island.id);
    expect(islandOut[0].data).toMatchObject({ quantity: 0, stockPrice: 0 });
    expect(islandOut[0].lines[0]).toMatchObject({
      sourceType: '发货出库',
      sourceCode: fh.code,
      quantity: -2,
      balanceQuantity: 0,
    });
    expect((await goods(warehouse, wall.id))[0].data).toMatchObject({ quantity: 0 });
    expect((await movesOf(fh.id)).map((x) => x.q)).toEqual([2, 1, -2, -1]);
    expect(await getRecord(t, 'allocatePropOrders', a.id, boss)).toMatchObject({
      logisticsPrice: 600,
      shipDate: '2031-06-02',
    });
    const freight = await bySource('financialPayables', fh.code);
    expect(freight).toHaveLength(1);
    expect(freight[0]).toMatchObject({
      status: '已通过',
      data: {
        partnerId: carrier,
        payableTypeName: '物流费',
        sourceType: '发货单',
        sourceCode: fh.code,
        payablePrice: 1000.5,
        balancePrice: 1000.5,
        payStage: '未付款',
        dueDate: '2031-07-02',
      },
    });
    expect(freight[0].lines).toMatchObject([
      { itemName: `${a.code} 珠宝中岛柜（发货测试）`, quantity: 3, payablePrice: 600 },
      { itemName: `${b.code} 品牌背柜灯箱（发货测试）`, quantity: 2, payablePrice: 400.5 },
    ]);
    // Re-sending 发货 is refused: no second payable, the order's freight is not added twice.
    expect((await stage('propWarehousingAndShipping', fh.id, 'ship', { shipDate: '2031-06-02' })).status).toBe(409);
    expect(await bySource('financialPayables', fh.code)).toHaveLength(1);
    expect(await getRecord(t, 'allocatePropOrders', a.id, boss)).toMatchObject({ logisticsPrice: 600 });
    expect((await movesOf(fh.id)).map((x) => x.q)).toEqual([2, 1, -2, -1]);
    expect((await goods(warehouse, island.id))[0].data).toMatchObject({ quantity: 0 });
    // 签收 needs the signed delivery note.
    expect(await stage('propWarehousingAndShipping', fh.id, 'sign', { signDate: '2031-06-04' })).toMatchObject({
      status: 400,
    });
    const signed = await uploadPng(t, boss, '签收单.png');
    await stageOk('propWarehousingAndShipping', fh.id, 'sign', { signDate: '2031-06-04', signPhotos: [signed] });
    expect(await getRecord(t, 'propWarehousingAndShipping', fh.id, boss)).toMatchObject({
      shipStage: '已签收',
      signDate: '2031-06-04',
    });

    // ---- 安装结算: 待安装 → 安装中 (orders 安装中) → 已验收 (photos and form first) → 结算申请 (OA) → 已结算.
    const az = await add('propInstallationSettlement', {
      projectId: p.id,
      storeName: '西湖店',
      region: ['浙江省', '杭州市'],
      address: '西湖区文三路1号',
      installerId: installer,
      planDate: '2031-06-05',
      lines: [
        { orderCode: a.code, item: '中岛柜安装', contractPrice: 1200, advancePaidPrice: 200, payablePrice: 1200 },
        { orderCode: b.code, item: '背柜灯箱安装及通电调试', contractPrice: 800, payablePrice: 800 },
      ],
    });
    expect(az).toMatchObject({
      status: '已通过',
      installStage: '待安装',
      payablePrice: 2000,
      advancePaidPrice: 200,
      balancePrice: 1800,
      customerId: jinyuan,
    });
    // 客户 is computed from the picked project and stored with its name, like a picked value.
    expect(az.customerIdName).toMatch(/^金缘珠宝/);
    expect(az.lines[0]).toMatchObject({ item: '中岛柜安装', quantity: 2, balancePrice: 1000 });
    expect(
      await stage('propInstallationSettlement', az.id, 'accept', {
        installDate: '2031-06-06',
        acceptanceResult: '合格',
      }),
    ).toMatchObject({ status: 409 });
    await stageOk('propInstallationSettlement', az.id, 'start', { startDate: '2031-06-05' });
    expect(await stagesOf(orders)).toEqual(['安装中', '安装中']);
    expect((await stage('propInstallationSettlement', az.id, 'start', { startDate: '2031-06-05' })).status).toBe(409);
    // Photos and the acceptance form are required; a 整改 result does not complete.
    expect(
      await stage('propInstallationSettlement', az.id, 'accept', {
        installDate: '2031-06-06',
        acceptanceResult: '合格',
      }),
    ).toMatchObject({ status: 400, message: '请先上传完工照片' });
    const azRec = await getRecord(t, 'propInstallationSettlement', az.id, boss);
    await call('POST', api('propInstallationSettlement', 'update'), {
      ...azRec,
      photos: [await uploadPng(t, boss, '完工.png')],
    });
    expect(
      await stage('propInstallationSettlement', az.id, 'accept', {
        installDate: '2031-06-06',
        acceptanceResult: '合格',
      }),
    ).toMatchObject({ status: 400, message: '请先上传验收单' });
    // The 验收 dialog asks for the acceptance form itself: handed in there, it is checked and stored with the action.
    const form = [await uploadPng(t, boss, '验收单.png')];
    expect(
      await stage('propInstallationSettlement', az.id, 'accept', {
        installDate: '2031-06-06',
        acceptanceResult: '整改',
        acceptanceForm: form,
      }),
    ).toMatchObject({ status: 400, message: '验收结果为整改，整改完成后再验收' });
    expect((await getRecord(t, 'propInstallationSettlement', az.id, boss)).acceptanceForm ?? []).toEqual([]);
    await stageOk('propInstallationSettlement', az.id, 'accept', {
      installDate: '2031-06-06',
      acceptanceResult: '合格',
      acceptanceForm: form,
    });
    expect(await getRecord(t, 'propInstallationSettlement', az.id, boss)).toMatchObject({
      installStage: '已验收',
      installDate: '2031-06-06',
      acceptanceResult: '合格',
      acceptanceForm: form,
    });
    expect(await stagesOf(orders)).toEqual(['安装中', '安装中']);
    await stageOk('propInstallationSettlement', az.id, 'applySettle');
    expect(await getRecord(t, 'propInstallationSettlement', az.id, boss)).toMatchObject({ installStage: '结算中' });
    expect((await stage('propInstallationSettlement', az.id, 'applySettle')).status).toBe(409);
    const applies = await byField('propInstallationSettlementApply', 'installCode', az.code);
    expect(applies).toHaveLength(1);
    expect(applies[0]).toMatchObject({
      status: '待提交',
      data: {
        installerId: installer,
        storeName: '西湖店',
        payablePrice: 2000,
        advancePaidPrice: 200,
        balancePrice: 1800,
      },
    });
    expect(await bySource('financialPayables', az.code)).toHaveLength(0);
    expect(
      (await t.call('POST', api('propInstallationSettlementApply', 'submit'), { id: applies[0].id }, boss)).status,
    ).toBe(200);
    expect(await approveAll(t, 'propInstallationSettlementApply', applies[0].id, [lisi, boss])).toMatchObject({
      status: '已通过',
    });
    expect(await getRecord(t, 'propInstallationSettlement', az.id, boss)).toMatchObject({
      installStage: '已结算',
      settleCode: applies[0].code,
    });
    expect(await stagesOf(orders)).toEqual(['已安装', '已安装']);
    const fee = await bySource('financialPayables', az.code);
    expect(fee).toHaveLength(1);
    expect(fee[0]).toMatchObject({
      status: '已通过',
      data: {
        partnerId: installer,
        payableTypeName: '安装费',
        sourceType: '安装结算',
        sourceCode: az.code,
        payablePrice: 1800,
        balancePrice: 1800,
      },
    });
    expect(
      (await t.call('POST', api('propInstallationSettlementApply', 'submit'), { id: applies[0].id }, boss)).status,
    ).toBe(409);
    expect(await bySource('financialPayables', az.code)).toHaveLength(1);
    // A settled installation is locked.
    expect(
      (
        await t.call(
          'POST',
          api('propInstallationSettlement', 'update'),
          { ...(await getRecord(t, 'propInstallationSettlement', az.id, boss)), storeName: '改名' },
          boss,
        )
      ).status,
    ).toBe(409);

    // ---- 道具结算: every shipped/installed order of the project; OA → 待客户确认 → 客户确认 → 已确认 → 结清.
    const settleBody = {
      projectId: p.id,
      settleDate: '2031-06-10',
      addPrice: 500,
      deductPrice: 300,
      advancePaidPrice: 10000,
      lines: [{ orderCode: a.code }, { orderCode: b.code }],
    };
    expect(
      await t.call(
        'POST',
        api('propSettlement', 'add'),
        { ...settleBody, lines: [{ orderCode: a.code }], submit: true },
        boss,
      ),
    ).toMatchObject({ status: 400, message: '请把该项目全部已发货、已安装的道具订单列入结算明细' });
    const js = await add('propSettlement', settleBody);
    // 合同金额 2×8600 + 12000 = 29200; 结算金额 = 29200 + 500 − 300 + 1000.5 (freight, from the orders) = 30400.5.
    expect(js).toMatchObject({
      status: '待提交',
      contractPrice: 29200,
      logisticsPrice: 1000.5,
      settlePrice: 30400.5,
      returnPrice: 0,
      balancePrice: 20400.5,
      customerId: jinyuan,
    });
    expect(js.lines).toMatchObject([
      {
        orderCode: a.code,
        quantity: 2,
        unitPrice: 8600,
        contractPrice: 17200,
        logisticsPrice: 600,
        balancePrice: 17800,
      },
      { orderCode: b.code, contractPrice: 12000, logisticsPrice: 400.5 },
    ]);
    expect(
      (
        await stage('propSettlement', js.id, 'confirm', {
          confirmDate: '2031-06-12',
          confirmBy: '王总',
          dueDate: '2031-07-12',
        })
      ).status,
    ).toBe(409);
    expect((await t.call('POST', api('propSettlement', 'submit'), { id: js.id }, boss)).status).toBe(200);
    expect(await approveAll(t, 'propSettlement', js.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      settleStage: '待客户确认',
      settleCode: js.code,
    });
    expect(await bySource('financialReceivable', js.code)).toHaveLength(0);
    expect(await stagesOf(orders)).toEqual(['已安装', '已安装']);
    await stageOk('propSettlement', js.id, 'confirm', {
      confirmDate: '2031-06-12',
      confirmBy: '王总',
      dueDate: '2031-07-12',
    });
    expect(await getRecord(t, 'propSettlement', js.id, boss)).toMatchObject({
      settleStage: '已确认',
      confirmBy: '王总',
    });
    const [sk, ...more] = await bySource('financialReceivable', js.code);
    expect(more).toHaveLength(0);
    expect(sk).toMatchObject({
      status: '已通过',
      data: {
        customerId: jinyuan,
        incomeTypeName: '尾款',
        sourceType: '道具结算',
        contractPrice: 30400.5,
        advancePaidPrice: 10000,
        balancePrice: 20400.5,
        collectStage: '未回款',
        dueDate: '2031-07-12',
      },
    });
    expect(await stagesOf(orders)).toEqual(['已结算', '已结算']);
    expect(await getRecord(t, 'propProject', p.id, boss)).toMatchObject({ projectStage: '已结算' });
    // Re-sending the confirmation is refused: one receivable.
    expect(
      (
        await stage('propSettlement', js.id, 'confirm', {
          confirmDate: '2031-06-12',
          confirmBy: '王总',
          dueDate: '2031-07-12',
        })
      ).status,
    ).toBe(409);
    expect(await bySource('financialReceivable', js.code)).toHaveLength(1);
    // 结清 only once the receivable is collected in full.
    expect(await stage('propSettlement', js.id, 'clear')).toMatchObject({
      status: 400,
      message: '应收单尚未全部回款，不能结清',
    });
    await stageOk('financialReceivable', sk.id, 'collect', {
      receiveDate: '2031-06-20',
      receivePrice: 400.5,
      receiveMethod: d('paymentMethod', '银行转账'),
    });
    // Each collection shows on the settlement at once (已回款, 未结余额), not only when it is next saved.
    expect(await getRecord(t, 'propSettlement', js.id, boss)).toMatchObject({
      settleStage: '已确认',
      returnPrice: 400.5,
      balancePrice: 20000,
    });
    expect(await stage('propSettlement', js.id, 'clear')).toMatchObject({
      status: 400,
      message: '应收单尚未全部回款，不能结清',
    });
    await stageOk('financialReceivable', sk.id, 'collect', {
      receiveDate: '2031-07-01',
      receivePrice: 20000,
      receiveMethod: d('paymentMethod', '银行转账'),
    });
    expect(await getRecord(t, 'financialReceivable', sk.id, boss)).toMatchObject({
      collectStage: '已回款',
      balancePrice: 0,
    });
    // Collected in full, the settlement clears itself (its auto stage); 结清 by hand is then refused as done.
    expect(await getRecord(t, 'propSettlement', js.id, boss)).toMatchObject({
      settleStage: '已结清',
      returnPrice: 20400.5,
      balancePrice: 0,
    });
    expect((await stage('propSettlement', js.id, 'clear')).status).toBe(409);
  });

  it('refuses jumps: packing an order not yet inspected, completing a packing list whose order moved on, settling a project with nothing shipped', async () => {
    const jinyuan = await idOf('partnerInfo', '金缘珠宝');
    const prop = await makeProp('收银台（跳步测试）', 3000, jinyuan);
    const p = await add('propProject', {
      projectName: '跳步测试项目',
      customerId: jinyuan,
      processCode: await propProcessCode(t),
      deliveryDate: '2031-06-30',
      lines: [{ propId: prop.id, quantity: 1 }],
    });
    expect((await t.call('POST', api('propProject', 'submit'), { id: p.id }, boss)).status).toBe(200);
    await approveAll(t, 'propProject', p.id, [lisi, boss]);
    const [o] = await bySource('allocatePropOrders', p.code);
    expect(o.data.orderStage).toBe('待分配');
    // Not inspected: no packing list.
    expect(
      (
        await t.call(
          'POST',
          api('propBacking', 'add'),
          {
            orderCode: o.code,
            packType: d('packType', '纸箱'),
            packDate: '2031-06-01',
            lines: [{ contents: '柜体', quantity: 1 }],
          },
          boss,
        )
      ).status,
    ).toBe(400);
    await sql`UPDATE records SET data = data || '{"orderStage":"待打包"}'::jsonb WHERE id = ${o.id}`.execute(t.db);
    const pack = await add('propBacking', {
      orderCode: o.code,
      packType: d('packType', '纸箱'),
      packDate: '2031-06-01',
      lines: [{ contents: '柜体', quantity: 1 }],
    });
    // The order moved on meanwhile (e.g. cancelled): 完成打包 refuses the jump and rolls back.
    await sql`UPDATE records SET data = data || '{"orderStage":"已取消"}'::jsonb WHERE id = ${o.id}`.execute(t.db);
    expect(await stage('propBacking', pack.id, 'pack', { packDate: '2031-06-01' })).toMatchObject({
      status: 409,
      message: `道具订单${o.code}当前为「已取消」，不能变为「待入库」`,
    });
    expect(await getRecord(t, 'propBacking', pack.id, boss)).toMatchObject({ packStage: '待打包' });
    // A project with no shipped order has nothing to settle.
    expect(
      (
        await t.call(
          'POST',
          api('propSettlement', 'add'),
          { projectId: p.id, settleDate: '2031-06-10', lines: [{ orderCode: o.code }] },
          boss,
        )
      ).status,
    ).toBe(400);
  });
});
