// Purchase to storage: a request is approved, ordered from a supplier (with a paid prepayment),
// received into a warehouse — which creates the 入库单 that posts the stock and the payable of the price less
// the prepayment — and paid until it is 已结清. Every posting and document is checked; re-sending a step
// changes nothing; a forged supplier on 下单 is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api, flowCalls, getRecord } from '../helpers/records';

type Row = Record<string, any>;

describe.each(oneDialect())('procurement on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let dict: Record<string, any[]>;

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'warehouseType',
      'unit',
      'materialCategory',
      'procureType',
      'prepayType',
      'paymentMethod',
      'invoiceType',
      'companyAccount',
    ]));
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const { call, add, stage } = flowCalls(
    () => t,
    () => boss,
  );
  const partnerId = async (name: string) =>
    (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;
  async function stockOf(materialId: number, warehouseId: number) {
    const r = await sql<{ data: Row }>`SELECT data FROM records WHERE module = 'materialStorage' AND deleted_at IS NULL
      AND data->>'materialId' = ${String(materialId)} AND data->>'warehouseId' = ${String(warehouseId)}`.execute(t.db);
    return r.rows[0]?.data ?? null;
  }
  const bySource = async (module: string, code: string) =>
    (
      await sql<{
        id: number;
        code: string;
        status: string;
        data: Row;
        lines: Row[];
      }>`SELECT id, code, status, data, lines FROM records WHERE module = ${module}
      AND deleted_at IS NULL AND data->>'sourceCode' = ${code}`.execute(t.db)
    ).rows;

  it('request → approval → 下单 with a prepayment → 到货入库 posts stock and raises the payable → paid: 已结清', async () => {
    const senlin = await partnerId('东莞市森林板材');
    const wh = await add('storeSetting', {
      warehouseName: '采购测试仓',
      warehouseType: d('warehouseType', '原材料仓'),
      keeperId: (await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow())
        .id,
    });
    const m = (code: string, name: string, price: number) =>
      add('materialDictionary', {
        materialCategory: d('materialCategory', '多层板'),
        dictCode: code,
        dictName: name,
        spec: '2440×1220×18mm',
        unit: d('unit', '张'),
        refPrice: price,
        supplierId: senlin,
      });
    const board = await m('CG-0001', '18mm 多层板（采购测试）', 88);
    const mdf = await m('CG-0002', '15mm 密度板（采购测试）', 48);

    // The request: lines priced from the material's reference price unless typed.
    const req = await add(
      'procureProcess',
      {
        procureType: d('procureType', '生产采购'),
        expectedDate: '2031-04-10',
        reason: '金缘珠宝柜台备料（测试）',
        invoiceType: d('invoiceType', '增值税专用发票'),
        lines: [
          { materialId: board.id, quantity: 30 },
          { materialId: mdf.id, quantity: 20, unitPrice: 46.5 },
        ],
      },
      staff,
    );
    expect(req.lines.map((l: Row) => [l.unitPrice, l.contractPrice, l.unit])).toEqual([
      [88, 2640, '张'],
      [46.5, 930, '张'],
    ]);
    expect(req.contractPrice).toBe(3570);
    // No 下单 before the approval.
    expect(
      (await stage('procureProcess', req.id, 'order', { supplierId: senlin, orderDate: '2031-04-01' })).status,
    ).toBe(409);
    expect((await t.call('POST', api('procureProcess', 'submit'), { id: req.id }, staff)).status).toBe(200);
    expect(await approveAll(t, 'procureProcess', req.id, [boss, lisi])).toMatchObject({
      status: '已通过',
      procureStage: '待下单',
    });

    // A paid prepayment of 30 % to the supplier.
    const pre = await add(
      'financialPrepay',
      {
        partnerId: senlin,
        prepayType: d('prepayType', '采购预付'),
        contractPrice: 3570,
        advancePaidPrice: 1071,
        planPayDate: '2031-04-01',
        paymentMethod: d('paymentMethod', '银行转账'),
        bankAccount: '160010190010012345',
        reason: '采购预付 30%（测试）',
      },
      staff,
    );
    expect((await t.call('POST', api('financialPrepay', 'submit'), { id: pre.id }, staff)).status).toBe(200);
    await approveAll(t, 'financialPrepay', pre.id, [boss, lisi]);
    expect(
      (
        await stage(
          'financialPrepay',
          pre.id,
          'pay',
          { payDate: '2031-04-01', payAccount: d('companyAccount', '基本户') },
          lisi,
        )
      ).status,
    ).toBe(200);

    // 下单: the supplier must be an admitted supplier; a customer or a made-up id is refused.
    expect(
      await stage('procureProcess', req.id, 'order', {
        supplierId: await partnerId('金缘珠宝'),
        orderDate: '2031-04-01',
      }),
    ).toMatchObject({ status: 400, message: '供应商不存在或不可选' });
    expect(
      await stage('procureProcess', req.id, 'order', { supplierId: 99999999, orderDate: '2031-04-01' }),
    ).toMatchObject({ status: 400 });
    const ordered = await stage('procureProcess', req.id, 'order', {
      supplierId: senlin,
      orderDate: '2031-04-01',
      prepayCode: pre.code,
    });
    expect(ordered.status, ordered.message).toBe(200);
    expect(await getRecord(t, 'procureProcess', req.id, boss)).toMatchObject({
      procureStage: '已下单',
      supplierIdName: '东莞市森林板材有限公司',
      advancePaidPrice: 1071,
    });

    // 到货入库: one 入库单 with both lines posts the stock; the lines are received; a payable of 3570 − 1071.
    const received = await stage('procureProcess', req.id, 'receive', {
      warehouseId: wh.id,
      arrivalDate: '2031-04-08',
      lines: [{ arriveQuantity: 30 }, { arriveQuantity: 20 }],
    });
    expect(received.status, received.message).toBe(200);
    const after = await getRecord(t, 'procureProcess', req.id, boss);
    expect(after.procureStage).toBe('已入库');
    expect(after.lines.map((l: Row) => l.receivedQuantity)).toEqual([30, 20]);
    const [receipt] = await bySource('storeprocess', req.code);
    expect(receipt).toMatchObject({
      status: '已通过',
      data: {
        billType: '入库',
        stockInTypeName: '采购入库',
        warehouseId: wh.id,
        postStage: '已过账',
        sourceType: '采购流程',
        totalPrice: 3570,
      },
    });
    expect(receipt.lines.map((l: Row) => [l.materialId, l.quantity, l.unitPrice])).toEqual([
      [board.id, 30, 88],
      [mdf.id, 20, 46.5],
    ]);
    expect(await stockOf(board.id, wh.id)).toMatchObject({ quantity: 30, stockPrice: 2640 });
    expect(await stockOf(mdf.id, wh.id)).toMatchObject({ quantity: 20, stockPrice: 930 });
    const [payable] = await bySource('financialPayables', req.code);
    expect(payable).toMatchObject({
      status: '已通过',
      data: {
        partnerId: senlin,
        payableTypeName: '材料款',
        payablePrice: 3570,
        advancePaidPrice: 1071,
        balancePrice: 2499,
        payStage: '未付款',
        prepayCode: pre.code,
      },
    });
    expect(await getRecord(t, 'financialPrepay', pre.id, boss)).toMatchObject({ stage: '已核销' });
    // The payable follows its purchase: even the owner may not edit or delete it by hand, and no row offers it.
    expect(payable.data.payeeName).toBe('东莞市森林板材有限公司');
    const refused = `应付单${payable.code}由采购单生成，不能修改`;
    expect(
      await t.call(
        'POST',
        api('financialPayables', 'update'),
        { ...(await getRecord(t, 'financialPayables', payable.id, boss)), dueDate: '2031-06-30' },
        boss,
      ),
    ).toMatchObject({ status: 409, message: refused });
    expect(await t.call('POST', api('financialPayables', 'delete'), { ids: [payable.id] }, boss)).toMatchObject({
      status: 409,
    });
    const listed = (
      await t.call('POST', api('financialPayables', 'page'), { pageNum: 1, pageSize: 5, keyword: payable.code }, boss)
    ).data.list;
    expect(listed.find((r: Row) => r.id === payable.id).actions).not.toEqual(expect.arrayContaining(['edit']));
    expect(listed.find((r: Row) => r.id === payable.id).actions).not.toContain('delete');

    // Re-sending 到货入库 changes nothing.
    expect(
      (
        await stage('procureProcess', req.id, 'receive', {
          warehouseId: wh.id,
          arrivalDate: '2031-04-08',
          lines: [{ arriveQuantity: 30 }, { arriveQuantity: 20 }],
        })
      ).status,
    ).toBe(409);
    expect(await bySource('storeprocess', req.code)).toHaveLength(1);
    expect(await stockOf(board.id, wh.id)).toMatchObject({ quantity: 30 });

    // Paying the balance settles the payable and the purchase.
    const pay = await add(
      'financialPayablesRequest',
      {
        payableCode: payable.code,
        amount: 2499,
        payDate: '2031-05-08',
        paymentMethod: d('paymentMethod', '银行转账'),
        reason: '付清货款（测试）',
      },
      lisi,
    );
    expect((await t.call('POST', api('financialPayablesRequest', 'submit'), { id: pay.id }, lisi)).status).toBe(200);
    await approveAll(t, 'financialPayablesRequest', pay.id, [boss, lisi]);
    expect(await getRecord(t, 'financialPayables', payable.id, boss)).toMatchObject({
      paidPrice: 2499,
      balancePrice: 0,
      payStage: '已付清',
    });
    expect(await getRecord(t, 'procureProcess', req.id, boss)).toMatchObject({
      paidPrice: 2499,
      procureStage: '已结清',
    });
  });

  it('a request needs its lines and reason; one material per line; only the order permission orders', async () => {
    expect(
      (
        await t.call(
          'POST',
          api('procureProcess', 'add'),
          { procureType: d('procureType', '办公采购'), expectedDate: '2031-04-10', submit: true, lines: [] },
          staff,
        )
      ).status,
    ).toBe(400);
    const pen = await add('materialDictionary', {
      materialCategory: d('materialCategory', '办公用品'),
      dictCode: 'BG-0901',
      dictName: '中性笔（测试）',
      spec: '0.5mm 黑',
      unit: d('unit', '支'),
      refPrice: 1.5,
    });
    expect(
      await t.call(
        'POST',
        api('procureProcess', 'add'),
        {
          procureType: d('procureType', '办公采购'),
          expectedDate: '2031-04-10',
          reason: '办公用品',
          lines: [
            { materialId: pen.id, quantity: 10 },
            { materialId: pen.id, quantity: 5 },
          ],
        },
        staff,
      ),
    ).toMatchObject({ status: 400, message: '同一物料请合并为一行' });
    const req = await add(
      'procureProcess',
      {
        procureType: d('procureType', '办公采购'),
        expectedDate: '2031-04-10',
        reason: '办公用品',
        lines: [{ materialId: pen.id, quantity: 100 }],
      },
      staff,
    );
    expect((await t.call('POST', api('procureProcess', 'submit'), { id: req.id }, staff)).status).toBe(200);
    await approveAll(t, 'procureProcess', req.id, [boss, lisi]);
    // 张三 is a member: everyday actions only, no 下单.
    expect(
      (
        await stage(
          'procureProcess',
          req.id,
          'order',
          { supplierId: await partnerId('东莞市利丰包装'), orderDate: '2031-04-01' },
          staff,
        )
      ).status,
    ).toBe(403);
  });

  it('a line quantity must be above 0 (exclusiveMinimum 0): 0 is refused naming its line and column, 0.005 kg is a quantity', async () => {
    const wire = await add('materialDictionary', {
      materialCategory: d('materialCategory', '办公用品'),
      dictCode: 'BG-0902',
      dictName: '铜丝（测试）',
      spec: '0.2mm',
      unit: d('unit', '千克'),
      refPrice: 80,
    });
    const request = (quantity: number) =>
      t.call(
        'POST',
        api('procureProcess', 'add'),
        {
          procureType: d('procureType', '办公采购'),
          expectedDate: '2031-04-10',
          reason: '零星采购',
          lines: [{ materialId: wire.id, quantity }],
        },
        staff,
      );
    expect(await request(0)).toMatchObject({ status: 400, message: '采购明细第1行数量必须大于0' });
    expect(await request(-1)).toMatchObject({ status: 400, message: '采购明细第1行数量：请输入正确的数字' });
    const small = await request(0.005);
    expect(small.status, small.message).toBe(200);
    expect(small.data.lines[0].quantity).toBe(0.005);
  });

  it('部分到货: each 到货入库 receives the quantities typed per line (one 入库单 each); 已入库 and the payable once all arrived', async () => {
    const senlin = await partnerId('东莞市森林板材');
    const keeper = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    const wh = await add('storeSetting', {
      warehouseName: '分批到货测试仓',
      warehouseType: d('warehouseType', '原材料仓'),
      keeperId: keeper,
    });
    const m = (code: string, name: string, price: number) =>
      add('materialDictionary', {
        materialCategory: d('materialCategory', '多层板'),
        dictCode: code,
        dictName: name,
        spec: '2440×1220×9mm',
        unit: d('unit', '张'),
        refPrice: price,
        supplierId: senlin,
      });
    const board = await m('CG-0101', '9mm 多层板（分批测试）', 60);
    const mdf = await m('CG-0102', '9mm 密度板（分批测试）', 30);
    const req = await add(
      'procureProcess',
      {
        procureType: d('procureType', '生产采购'),
        expectedDate: '2031-05-10',
        reason: '分批到货（测试）',
        lines: [
          { materialId: board.id, quantity: 50 },
          { materialId: mdf.id, quantity: 40 },
        ],
      },
      staff,
    );
    expect((await t.call('POST', api('procureProcess', 'submit'), { id: req.id }, staff)).status).toBe(200);
    await approveAll(t, 'procureProcess', req.id, [boss, lisi]);
    expect(
      (await stage('procureProcess', req.id, 'order', { supplierId: senlin, orderDate: '2031-05-01' })).status,
    ).toBe(200);
    const receive = (lines: unknown, day = '2031-05-05') =>
      stage('procureProcess', req.id, 'receive', { warehouseId: wh.id, arrivalDate: day, lines });

    // Refused: nothing arrived, more than is outstanding, a negative or malformed quantity, more lines than the order has.
    expect(await receive([{ arriveQuantity: 0 }, {}])).toMatchObject({ status: 400, message: '请填写本次到货数量' });
    expect(await receive(undefined)).toMatchObject({ status: 400, message: '请填写本次到货数量' });
    expect(await receive([{ arriveQuantity: 51 }, { arriveQuantity: 0 }])).toMatchObject({
      status: 400,
      message: '第1行：本次到货不能超过未到货数量',
    });
    const negative = await receive([{ arriveQuantity: 10 }, { arriveQuantity: -1 }]);
    expect(negative.status).toBe(400);
    expect(negative.message).toMatch(/^第2行本次到货：/);
    expect((await receive([{ arriveQuantity: 'x' }, {}])).status).toBe(400);
    expect(await receive([{ arriveQuantity: 1 }, { arriveQuantity: 1 }, { arriveQuantity: 1 }])).toMatchObject({
      status: 400,
      message: '明细行数与单据不符',
    });
    expect(await bySource('storeprocess', req.code)).toHaveLength(0);

    // The first delivery: 20 boards. 部分到货, one 入库单 of one line, stock posted, no payable yet.
    expect((await receive([{ arriveQuantity: 20 }, { arriveQuantity: 0 }])).status).toBe(200);
    let rec = await getRecord(t, 'procureProcess', req.id, boss);
    expect(rec.procureStage).toBe('部分到货');
    expect(rec.lines.map((l: Row) => l.receivedQuantity)).toEqual([20, 0]);
    expect(rec.lines.every((l: Row) => l.arriveQuantity === undefined)).toBe(true);
    let receipts = await bySource('storeprocess', req.code);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].lines.map((l: Row) => [l.materialId, l.quantity, l.unitPrice])).toEqual([[board.id, 20, 60]]);
    expect(await stockOf(board.id, wh.id)).toMatchObject({ quantity: 20, stockPrice: 1200 });
    expect(await stockOf(mdf.id, wh.id)).toBeNull();
    expect(await bySource('financialPayables', req.code)).toHaveLength(0);
    // What is left is what may still arrive: 31 boards are too many now.
    expect(await receive([{ arriveQuantity: 31 }, { arriveQuantity: 40 }], '2031-05-08')).toMatchObject({
      status: 400,
      message: '第1行：本次到货不能超过未到货数量',
    });

    // The rest: 已入库, a second 入库单 with both lines, the payable of the whole order.
    expect((await receive([{ arriveQuantity: 30 }, { arriveQuantity: 40 }], '2031-05-08')).status).toBe(200);
    rec = await getRecord(t, 'procureProcess', req.id, boss);
    expect(rec).toMatchObject({ procureStage: '已入库', arrivalDate: '2031-05-08' });
    expect(rec.lines.map((l: Row) => l.receivedQuantity)).toEqual([50, 40]);
    receipts = await bySource('storeprocess', req.code);
    expect(receipts).toHaveLength(2);
    expect(receipts.sort((a, b) => a.id - b.id).map((r) => r.lines.map((l: Row) => l.quantity))).toEqual([
      [20],
      [30, 40],
    ]);
    expect(await stockOf(board.id, wh.id)).toMatchObject({ quantity: 50, stockPrice: 3000 });
    expect(await stockOf(mdf.id, wh.id)).toMatchObject({ quantity: 40, stockPrice: 1200 });
    const payables = await bySource('financialPayables', req.code);
    expect(payables).toHaveLength(1);
    expect(payables[0].data).toMatchObject({ payablePrice: 4200, balancePrice: 4200 });
    // Nothing more can arrive.
    expect((await receive([{ arriveQuantity: 1 }, { arriveQuantity: 0 }])).status).toBe(409);
  });
});
