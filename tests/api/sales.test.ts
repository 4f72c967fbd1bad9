// Sales to receivable as data: a quote under approval, 签约, 发货 of the quantities typed per
// line that creates one 销售出库 stock document per shipment and posts it through the stock ledger (all or nothing:
// one short line refuses the whole shipment), 开票 that raises the receivable (sourceType 销售流程, sourceCode = the sale), and 回款 —
// registered on the receivable or on the sale — that carries both to balance 0. No module is named in src/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api, getRecord, flowCalls, userId } from '../helpers/records';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;

describe.each(oneDialect())('sales to receivable on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let dict: Record<string, any[]>;
  let customer: Row;
  let supplier: Row;
  let warehouse: number;
  let counter: Row;
  let lamp: Row;
  const today = todayInChina();

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'warehouseType',
      'unit',
      'stockInType',
      'materialCategory',
      'partnerType',
      'customerLevel',
      'settlementMethod',
      'paymentMethod',
      'incomeType',
      'companyAccount',
    ]));
    customer = await add('partnerInfo', {
      partnerName: '杭州银泰百货（销售测试）',
      partnerType: [d('partnerType', '客户')],
      customerLevel: d('customerLevel', '重点客户'),
      contactName: '王经理',
      contactPhone: '13912345678',
      submit: true,
    });
    supplier = await add('partnerInfo', {
      partnerName: '东莞某板材（销售测试）',
      partnerType: [d('partnerType', '供应商')],
      contactName: '李',
      contactPhone: '13912345679',
      submit: true,
    });
    warehouse = (
      await add('storeSetting', {
        warehouseName: '销售测试成品仓',
        warehouseType: d('warehouseType', '成品仓'),
        keeperId: await uid('demo'),
      })
    ).id;
    counter = await add('materialDictionary', {
      materialCategory: d('materialCategory', '亚克力/有机板'),
      dictCode: 'XT-0001',
      dictName: '亚克力陈列架（测试）',
      spec: '400×300×350mm',
      unit: d('unit', '个'),
      refPrice: 280,
    });
    lamp = await add('materialDictionary', {
      materialCategory: d('materialCategory', '灯具电器'),
      dictCode: 'XT-0002',
      dictName: '超薄灯箱（测试）',
      spec: '600×900mm',
      unit: d('unit', '套'),
      refPrice: 680,
    });
    const receipt = await t.call(
      'POST',
      api('storeprocess', 'add'),
      {
        billType: '入库',
        stockInType: d('stockInType', '生产入库'),
        warehouseId: warehouse,
        billDate: today,
        submit: true,
        lines: [
          { materialId: counter.id, quantity: 10, unitPrice: 100 },
          { materialId: lamp.id, quantity: 5, unitPrice: 300 },
        ],
      },
      boss,
    );
    expect(receipt.status, receipt.message).toBe(200);
    expect(receipt.data).toMatchObject({ status: '已通过', postStage: '已过账' });
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const uid = (u: string) => userId(t, u);
  const { add } = flowCalls(
    () => t,
    () => boss,
  );
  const stage = (module: string, id: number, action: string, values: Row, token = boss) =>
    t.call('POST', api(module, 'stage'), { id, action, values }, token);
  const sale = (lines: Row[], extra: Row = {}) => ({
    customerId: customer.id,
    orderDate: today,
    deliveryDate: today,
    settlementMethod: d('settlementMethod', '月结'),
    lines,
    ...extra,
  });
  async function approvedSale(lines: Row[], extra: Row = {}) {
    const s = await add('salesProcess', { ...sale(lines, extra), submit: true }, staff);
    expect(s.status).toBe('审批中');
    const done = await approveAll(t, 'salesProcess', s.id, [lisi, boss]);
    expect(done).toMatchObject({ status: '已通过', salesStage: '报价中', phase: '报价' });
    return done as Row;
  }
  async function balance(materialId: number) {
    const r = await sql<{ data: Row }>`SELECT data FROM records WHERE module = 'materialStorage' AND deleted_at IS NULL
      AND data->>'materialId' = ${String(materialId)} AND data->>'warehouseId' = ${String(warehouse)}`.execute(t.db);
    return r.rows[0]?.data ?? null;
  }
  async function docsOf(code: string, module: string) {
    const r = await sql<{
      id: number;
      code: string;
      status: string;
      data: Row;
      lines: Row[];
    }>`SELECT id, code, status, data, lines FROM records
      WHERE module = ${module} AND deleted_at IS NULL AND data->>'sourceCode' = ${code} ORDER BY id`.execute(t.db);
    return r.rows;
  }
  const movesOf = async (code: string) =>
    (
      await sql<{ source_code: string; quantity: string; amount: string }>`SELECT m.source_code, m.quantity, m.amount
    FROM stock_moves m JOIN records r ON r.id = m.source_id WHERE r.data->>'sourceCode' = ${code} ORDER BY m.id`.execute(
        t.db,
      )
    ).rows;
  const tab = async (value: string) =>
    (await t.call('POST', api('salesProcess', 'page'), { pageNum: 1, pageSize: 500, tab: value }, boss)).data.list.map(
      (r: Row) => r.code,
    );

  it('the demo story (demo/110-sales.json) holds sales in every stage, each with the documents its steps made', async () => {
    const sales = (
      await sql<{ code: string; status: string; data: Row; lines: Row[] }>`SELECT code, status, data, lines FROM records
      WHERE module = 'salesProcess' AND deleted_at IS NULL ORDER BY id`.execute(t.db)
    ).rows;
    expect(sales.length).toBeGreaterThanOrEqual(20);
    expect(new Set(sales.map((x) => x.status))).toEqual(new Set(['待提交', '审批中', '已驳回', '已撤回', '已通过']));
    expect(new Set(sales.map((x) => x.data.salesStage).filter(Boolean))).toEqual(
      new Set(['报价中', '未成交', '已签约', '部分发货', '已发货', '已开票', '已回款']),
    );
    for (const x of sales) {
      const shipped = x.lines.filter((l) => l.shippedQuantity > 0);
      expect(shipped.length === x.lines.length, x.code).toBe(
        ['已发货', '已开票', '已回款'].includes(x.data.salesStage),
      );
      expect(shipped.length > 0, x.code).toBe(['部分发货', '已发货', '已开票', '已回款'].includes(x.data.salesStage));
      // One 出库单 per shipment, holding what that shipment sent.
      const docs = await docsOf(x.code, 'storeprocess');
      expect(docs.length, x.code).toBe(x.data.shipCount ?? 0);
      const sent = docs
        .flatMap((doc) => doc.lines)
        .reduce((a: Record<string, number>, l) => ({ ...a, [l.materialId]: (a[l.materialId] ?? 0) + l.quantity }), {});
      const sold = x.lines.reduce(
        (a: Record<string, number>, l) => ({ ...a, [l.materialId]: (a[l.materialId] ?? 0) + (l.shippedQuantity ?? 0) }),
        {},
      );
      expect(Object.fromEntries(Object.entries(sent).filter(([, q]) => q)), x.code).toEqual(
        Object.fromEntries(Object.entries(sold).filter(([, q]) => q)),
      );
      for (const doc of docs)
        expect(doc.data, x.code).toMatchObject({
          billType: '出库',
          typeName: '销售出库',
          postStage: '已过账',
          warehouseIdName: '成品仓（销售）',
        });
      const recs = await docsOf(x.code, 'financialReceivable');
      expect(recs.length, x.code).toBe(['已开票', '已回款'].includes(x.data.salesStage) ? 1 : 0);
      if (recs[0]) {
        expect(recs[0].data.balancePrice, x.code).toBe(x.data.balancePrice);
        expect(recs[0].data.collectStage === '已回款', x.code).toBe(x.data.salesStage === '已回款');
      }
    }
    // Shipments never exceeded the stock: every sales balance is still ≥ 0.
    const left = (
      await sql<{
        q: string;
      }>`SELECT data->>'quantity' AS q FROM records WHERE module = 'materialStorage' AND data->>'warehouseIdName' = '成品仓（销售）'`.execute(
        t.db,
      )
    ).rows;
    expect(left.length).toBe(6);
    for (const b of left) expect(Number(b.q)).toBeGreaterThanOrEqual(0);
  });

  it('walks a sale from quote to 已回款: the stock documents and their moves, the receivable, collection to balance 0', async () => {
    const s = await add(
      'salesProcess',
      {
        ...sale(
          [
            { materialId: counter.id, quantity: 4, unitPrice: 300 },
            { materialId: lamp.id, quantity: 5, unitPrice: 120.5 },
          ],
          { advancePaidPrice: 1000, contractPrice: 1, returnPrice: 99999 },
        ),
        submit: true,
      },
      staff,
    );
    // The client's sums are ignored; lines are filled from the picked material.
    expect(s).toMatchObject({
      status: '审批中',
      contractPrice: 1802.5,
      balancePrice: 802.5,
      phase: '报价',
      customerIdName: customer.partnerName,
      customerLevel: d('customerLevel', '重点客户'),
      customerLevelName: '重点客户',
    });
    expect(s.returnPrice).toBeUndefined();
    expect(s.code).toMatch(/^XS\d{12}$/);
    expect(s.lines[0]).toMatchObject({
      materialIdName: 'XT-0001 亚克力陈列架（测试） 400×300×350mm',
      spec: '400×300×350mm',
      unit: '个',
      contractPrice: 1200,
      shippedQuantity: 0,
    });
    expect(s.lines[1]).toMatchObject({ unit: '套', contractPrice: 602.5 });
    expect(await tab('quote')).toContain(s.code);

    // Nothing moves before approval; after it the quote is 报价中.
    expect((await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-1', signDate: today })).status).toBe(409);
    await approveAll(t, 'salesProcess', s.id, [lisi, boss]);
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
      status: '已通过',
      salesStage: '报价中',
      phase: '报价',
    });

    // Illegal jumps: no shipping, invoicing or collecting a quote.
    for (const [action, values] of [
      ['ship', { warehouseId: warehouse, shipDate: today, shipHandlerId: await uid('demo') }],
      ['invoice', { invoiceDate: today, dueDate: today }],
      ['collect', { receiveDate: today, receivePrice: 1, receiveMethod: d('paymentMethod', '银行转账') }],
    ] as const) {
      const r = await stage('salesProcess', s.id, action, values, action === 'collect' ? lisi : boss);
      expect(r.status, action).toBe(409);
      expect(r.message).toContain('当前销售阶段为「报价中」');
    }
    // 签约 asks for the contract number.
    expect((await stage('salesProcess', s.id, 'sign', { signDate: today })).status).toBe(400);
    const signed = await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-2026-001', signDate: today }, staff);
    expect(signed.status, signed.message).toBe(200);
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
      salesStage: '已签约',
      contractNo: 'HT-2026-001',
      signDate: today,
      phase: '订单',
    });
    expect(
      (await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-2026-001', signDate: today }, staff)).status,
    ).toBe(409);
    expect(await tab('order')).toContain(s.code);
    expect(await tab('quote')).not.toContain(s.code);

    // 发货: one 销售出库 document for the shipment, posted at once, the stock issued at its cost.
    expect(
      (
        await stage('salesProcess', s.id, 'ship', {
          shipDate: today,
          shipHandlerId: await uid('demo'),
          lines: [{ shipQuantity: 4 }, { shipQuantity: 5 }],
        })
      ).status,
    ).toBe(400);
    const shipped = await stage(
      'salesProcess',
      s.id,
      'ship',
      {
        warehouseId: warehouse,
        shipDate: today,
        shipHandlerId: await uid('zhangsan'),
        lines: [{ shipQuantity: 4 }, { shipQuantity: 5 }],
      },
      staff,
    );
    expect(shipped.status, shipped.message).toBe(200);
    const afterShip = await getRecord(t, 'salesProcess', s.id, boss);
    expect(afterShip).toMatchObject({
      salesStage: '已发货',
      phase: '发货',
      shipDate: today,
      shipCount: 1,
      pendingQuantity: 0,
    });
    // The shipment's 仓库 is the 出库单's (and the history's): the order's own 发货仓库, which holds stock, is not moved.
    expect(afterShip.warehouseId ?? null).toBeNull();
    expect(afterShip.lines.map((l: Row) => l.shippedQuantity)).toEqual([4, 5]);
    const docs = await docsOf(s.code, 'storeprocess');
    expect(docs).toHaveLength(1);
    for (const doc of docs) {
      expect(doc.code).toMatch(/^CK\d{12}$/);
      expect(doc.status).toBe('已通过');
      expect(doc.data).toMatchObject({
        billType: '出库',
        stockOutTypeName: '销售出库',
        typeName: '销售出库',
        postStage: '已过账',
        sourceType: '销售流程',
        warehouseId: warehouse,
        billDate: today,
        handlerIdName: '张三',
      });
      // partnerId (set to the customer) is dropped by storeprocess.json's own dependOn, which lists its values under `value`.
      expect(doc.lines).toHaveLength(2);
      for (const i of [0, 1])
        expect(doc.lines[i]).toMatchObject({
          materialId: [counter.id, lamp.id][i],
          quantity: [4, 5][i],
          unitPrice: [100, 300][i],
          totalPrice: [400, 1500][i],
        });
      expect(doc.data.projectId).toBeUndefined();
    }
    expect(await balance(counter.id)).toMatchObject({ quantity: 6, stockPrice: 600 });
    expect(await balance(lamp.id)).toMatchObject({ quantity: 0, stockPrice: 0 });
    expect((await movesOf(s.code)).map((m) => [Number(m.quantity), Number(m.amount)])).toEqual([
      [-4, -400],
      [-5, -1500],
    ]);
    // Shipping again changes nothing.
    const again = await stage(
      'salesProcess',
      s.id,
      'ship',
      {
        warehouseId: warehouse,
        shipDate: today,
        shipHandlerId: await uid('demo'),
        lines: [{ shipQuantity: 1 }, { shipQuantity: 0 }],
      },
      staff,
    );
    expect(again.status).toBe(409);
    expect(await docsOf(s.code, 'storeprocess')).toHaveLength(1);
    expect(await balance(counter.id)).toMatchObject({ quantity: 6 });
    expect(await tab('shipped')).toContain(s.code);

    // 开票 raises the receivable: the sale's amount less its deposit.
    expect((await stage('salesProcess', s.id, 'invoice', { invoiceDate: today, dueDate: '2000-01-01' })).status).toBe(
      400,
    );
    const invoiced = await stage('salesProcess', s.id, 'invoice', {
      invoiceDate: today,
      invoiceNo: '04410001',
      dueDate: '2099-12-31',
    });
    expect(invoiced.status, invoiced.message).toBe(200);
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
      salesStage: '已开票',
      phase: '回款',
      invoiceNo: '04410001',
      dueDate: '2099-12-31',
    });
    const [rec] = await docsOf(s.code, 'financialReceivable');
    expect(rec.code).toMatch(/^SK\d{12}$/);
    expect(rec.status).toBe('已通过');
    expect(rec.data).toMatchObject({
      sourceType: '销售流程',
      sourceCode: s.code,
      customerId: customer.id,
      incomeTypeName: '尾款',
      contractPrice: 1802.5,
      advancePaidPrice: 1000,
      balancePrice: 802.5,
      collectStage: '未回款',
      invoiceStage: '已开票',
      dueDate: '2099-12-31',
      managerIdName: '张三',
    });
    expect((await stage('salesProcess', s.id, 'invoice', { invoiceDate: today, dueDate: '2099-12-31' })).status).toBe(
      409,
    );
    expect(await docsOf(s.code, 'financialReceivable')).toHaveLength(1);

    // 回款 registered on the receivable follows to the sale.
    const pay = {
      receiveDate: today,
      receiveMethod: d('paymentMethod', '银行转账'),
      receiveAccount: d('companyAccount', '基本户'),
    };
    const c1 = await stage('financialReceivable', rec.id, 'collect', { ...pay, receivePrice: 300 }, lisi);
    expect(c1.status, c1.message).toBe(200);
    expect(await getRecord(t, 'financialReceivable', rec.id, boss)).toMatchObject({
      returnPrice: 300,
      balancePrice: 502.5,
      collectStage: '部分回款',
    });
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
      returnPrice: 300,
      balancePrice: 502.5,
      salesStage: '已开票',
    });
    // Registered on the sale (finance's permission), it lands on the receivable; more than is open is refused on both.
    expect((await stage('salesProcess', s.id, 'collect', { ...pay, receivePrice: 502.5 }, staff)).status).toBe(403);
    const over = await stage('salesProcess', s.id, 'collect', { ...pay, receivePrice: 502.51 }, lisi);
    expect(over).toMatchObject({ status: 400, message: '回款金额不能超过未结余额' });
    const c2 = await stage('salesProcess', s.id, 'collect', { ...pay, receivePrice: 502.5 }, lisi);
    expect(c2.status, c2.message).toBe(200);
    const paidRec = await getRecord(t, 'financialReceivable', rec.id, boss);
    expect(paidRec).toMatchObject({ returnPrice: 802.5, balancePrice: 0, collectStage: '已回款' });
    expect(paidRec.lines.map((l: Row) => [l.returnPrice, l.paymentMethodName])).toEqual([
      [300, '银行转账'],
      [502.5, '银行转账'],
    ]);
    expect(paidRec.lines[1].sourceCode).toBe(s.code);
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
      returnPrice: 802.5,
      balancePrice: 0,
      salesStage: '已回款',
      phase: '回款',
    });
    expect(await tab('collect')).toContain(s.code);
    // Done: nothing more to collect on either page.
    expect((await stage('salesProcess', s.id, 'collect', { ...pay, receivePrice: 1 }, lisi)).status).toBe(409);
    expect((await stage('financialReceivable', rec.id, 'collect', { ...pay, receivePrice: 1 }, lisi)).status).toBe(409);
    expect((await getRecord(t, 'salesProcess', s.id, boss)).returnPrice).toBe(802.5);
  });

  it('a shipment short of stock is refused with 库存不足 and changes nothing', async () => {
    const before = await balance(counter.id);
    const s = await approvedSale([
      { materialId: counter.id, quantity: 2, unitPrice: 300 },
      { materialId: lamp.id, quantity: 1, unitPrice: 800 },
    ]);
    expect(
      (await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-2026-002', signDate: today }, staff)).status,
    ).toBe(200);
    const all = [{ shipQuantity: 2 }, { shipQuantity: 1 }];
    const r = await stage(
      'salesProcess',
      s.id,
      'ship',
      { warehouseId: warehouse, shipDate: today, shipHandlerId: await uid('demo'), lines: all },
      staff,
    );
    expect(r.status).toBe(409);
    expect(r.message).toContain('库存不足');
    // The document and the first line's move rolled back with the second line's refusal.
    expect(await docsOf(s.code, 'storeprocess')).toHaveLength(0);
    expect(await movesOf(s.code)).toHaveLength(0);
    expect(await balance(counter.id)).toMatchObject({ quantity: before!.quantity, stockPrice: before!.stockPrice });
    const still = await getRecord(t, 'salesProcess', s.id, boss);
    expect(still).toMatchObject({ salesStage: '已签约' });
    expect(still.warehouseIdName).toBeUndefined();
    expect(still.lines.map((l: Row) => l.shippedQuantity)).toEqual([0, 0]);
    expect(still.shipCount).toBeUndefined();
    // Restocked, the same shipment goes through.
    expect(
      (
        await t.call(
          'POST',
          api('storeprocess', 'add'),
          {
            billType: '入库',
            stockInType: d('stockInType', '生产入库'),
            warehouseId: warehouse,
            billDate: today,
            submit: true,
            lines: [{ materialId: lamp.id, quantity: 1, unitPrice: 310 }],
          },
          boss,
        )
      ).status,
    ).toBe(200);
    const ok = await stage(
      'salesProcess',
      s.id,
      'ship',
      { warehouseId: warehouse, shipDate: today, shipHandlerId: await uid('demo'), lines: all },
      staff,
    );
    expect(ok.status, ok.message).toBe(200);
    expect(await docsOf(s.code, 'storeprocess')).toHaveLength(1);
    expect(await balance(lamp.id)).toMatchObject({ quantity: 0 });
  });

  it('refuses what a sale must not be: missing fields, a supplier as customer, dates out of order, a lost quote moving on', async () => {
    const line = { materialId: counter.id, quantity: 1, unitPrice: 300 };
    const bad = async (body: Row) => t.call('POST', api('salesProcess', 'add'), body, staff);
    for (const missing of ['customerId', 'deliveryDate', 'settlementMethod']) {
      const body: Row = sale([line]);
      delete body[missing];
      const r = await bad(body);
      expect(r.status, missing).toBe(400);
    }
    // A blank 单价 takes the product's reference price (a typed one stays).
    const priced = await bad(sale([{ materialId: counter.id, quantity: 1 }]));
    expect(priced.status, priced.message).toBe(200);
    expect(priced.data.lines[0]).toMatchObject({ unitPrice: 280, contractPrice: 280 });
    expect((await bad(sale([{ quantity: 1, unitPrice: 5 }]))).status).toBe(400);
    expect((await bad(sale([{ materialId: 99999999, quantity: 1, unitPrice: 5 }]))).message).toContain(
      '产品不存在或不可选',
    );
    expect((await bad(sale([line], { customerId: supplier.id }))).status).toBe(400);
    expect((await bad(sale([line], { deliveryDate: '2000-01-01' }))).message).toBe('交付日期不能早于下单日期');
    expect((await bad(sale([line], { advancePaidPrice: 301 }))).message).toBe('客户定金不能超过合同金额');
    expect((await bad({ ...sale([]), submit: true })).message).toContain('销售明细');

    // A lost quote is locked: no signing, no shipping.
    const s = await approvedSale([line]);
    expect((await stage('salesProcess', s.id, 'lose', {}, staff)).status).toBe(400);
    expect((await stage('salesProcess', s.id, 'lose', { lostReason: '客户选择了其他供应商' }, staff)).status).toBe(200);
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({ salesStage: '未成交', phase: '报价' });
    expect((await stage('salesProcess', s.id, 'sign', { contractNo: 'X', signDate: today }, staff)).status).toBe(409);
    expect(
      (
        await stage(
          'salesProcess',
          s.id,
          'ship',
          { warehouseId: warehouse, shipDate: today, shipHandlerId: await uid('demo') },
          staff,
        )
      ).status,
    ).toBe(409);
    expect(await tab('quote')).toContain(s.code);
  });

  it('a fully prepaid sale is 已回款 when invoiced; receivables from elsewhere still collect', async () => {
    const s = await approvedSale([{ materialId: counter.id, quantity: 1, unitPrice: 300 }], { advancePaidPrice: 300 });
    expect(
      (await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-2026-003', signDate: today }, staff)).status,
    ).toBe(200);
    expect(
      (
        await stage(
          'salesProcess',
          s.id,
          'ship',
          { warehouseId: warehouse, shipDate: today, shipHandlerId: await uid('demo'), lines: [{ shipQuantity: 1 }] },
          staff,
        )
      ).status,
    ).toBe(200);
    expect((await stage('salesProcess', s.id, 'invoice', { invoiceDate: today, dueDate: today }, staff)).status).toBe(
      200,
    );
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({ salesStage: '已回款', balancePrice: 0 });
    expect((await docsOf(s.code, 'financialReceivable'))[0].data).toMatchObject({
      collectStage: '已回款',
      balancePrice: 0,
    });

    // A receivable from a prop settlement, and one naming a sale that does not exist, collect as before.
    for (const source of [
      { sourceType: '道具结算', sourceCode: 'JS202601010001' },
      { sourceType: '销售流程', sourceCode: 'XS209901010001' },
    ]) {
      const r = await add(
        'financialReceivable',
        { customerId: customer.id, incomeType: d('incomeType', '尾款'), contractPrice: 500, ...source, submit: true },
        lisi,
      );
      const rec = r.status === '已通过' ? r : await approveAll(t, 'financialReceivable', r.id, [boss, lisi]);
      expect(rec.status).toBe('已通过');
      const c = await stage(
        'financialReceivable',
        rec.id,
        'collect',
        { receiveDate: today, receivePrice: 500, receiveMethod: d('paymentMethod', '现金') },
        lisi,
      );
      expect(c.status, c.message).toBe(200);
      expect(await getRecord(t, 'financialReceivable', rec.id, boss)).toMatchObject({
        collectStage: '已回款',
        returnPrice: 500,
      });
    }
  });

  it('ships in parts: the quantities typed per line, one 出库单 per shipment, 部分发货 until all left, each shipment all or nothing', async () => {
    expect(
      (
        await t.call(
          'POST',
          api('storeprocess', 'add'),
          {
            billType: '入库',
            stockInType: d('stockInType', '生产入库'),
            warehouseId: warehouse,
            billDate: today,
            submit: true,
            lines: [{ materialId: counter.id, quantity: 10, unitPrice: 100 }],
          },
          boss,
        )
      ).status,
    ).toBe(200);
    const lampsBefore = (await balance(lamp.id))!.quantity;
    const s = await approvedSale([
      { materialId: counter.id, quantity: 3, unitPrice: 300 },
      { materialId: counter.id, quantity: 2, unitPrice: 300 },
      { materialId: lamp.id, quantity: lampsBefore + 1, unitPrice: 800 },
    ]);
    expect(
      (await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-2026-005', signDate: today }, staff)).status,
    ).toBe(200);
    const counters = (await balance(counter.id))!.quantity;
    const handler = await uid('demo');
    const ship = (qs: unknown[]) =>
      stage(
        'salesProcess',
        s.id,
        'ship',
        {
          warehouseId: warehouse,
          shipDate: today,
          shipHandlerId: handler,
          lines: qs.map((q) => ({ shipQuantity: q })),
        },
        staff,
      );
    // Nothing to send, more than is ordered, a negative quantity: refused.
    expect(await ship([0, 0, 0])).toMatchObject({ status: 400, message: '请填写本次发货数量' });
    expect(await ship([3, 2, lampsBefore + 2])).toMatchObject({
      status: 400,
      message: '第3行：本次发货不能超过待发货数量',
    });
    expect((await ship([-1, 2, 0])).message).toMatch(/^第1行本次发货：/);
    expect(await docsOf(s.code, 'storeprocess')).toHaveLength(0);

    const first = await ship([3, 1, 0]);
    expect(first.status, first.message).toBe(200);
    let now = await getRecord(t, 'salesProcess', s.id, boss);
    expect(now).toMatchObject({
      salesStage: '部分发货',
      phase: '发货',
      shipCount: 1,
      pendingQuantity: 1 + lampsBefore + 1,
    });
    expect(now.lines.map((l: Row) => l.shippedQuantity)).toEqual([3, 1, 0]);
    expect(now.lines.every((l: Row) => l.shipQuantity === undefined)).toBe(true);
    expect((await docsOf(s.code, 'storeprocess')).map((x) => x.lines.map((l: Row) => l.quantity))).toEqual([[3, 1]]);
    expect((await balance(counter.id))!.quantity).toBe(counters - 4);
    expect(await tab('shipped')).toContain(s.code);
    expect((await stage('salesProcess', s.id, 'invoice', { invoiceDate: today, dueDate: today })).status).toBe(409);
    // What was sent is no longer outstanding.
    expect(await ship([1, 0, 0])).toMatchObject({ status: 400, message: '第1行：本次发货不能超过待发货数量' });

    // The rest is one lamp short: none of it ships, the first shipment stands.
    const short = await ship([0, 1, lampsBefore + 1]);
    expect(short.status).toBe(409);
    expect(short.message).toContain('库存不足');
    now = await getRecord(t, 'salesProcess', s.id, boss);
    expect(now).toMatchObject({ salesStage: '部分发货', shipCount: 1 });
    expect(now.lines.map((l: Row) => l.shippedQuantity)).toEqual([3, 1, 0]);
    expect(await docsOf(s.code, 'storeprocess')).toHaveLength(1);
    expect((await balance(counter.id))!.quantity).toBe(counters - 4);

    expect(
      (
        await t.call(
          'POST',
          api('storeprocess', 'add'),
          {
            billType: '入库',
            stockInType: d('stockInType', '生产入库'),
            warehouseId: warehouse,
            billDate: today,
            submit: true,
            lines: [{ materialId: lamp.id, quantity: 1, unitPrice: 320 }],
          },
          boss,
        )
      ).status,
    ).toBe(200);
    const second = await ship([0, 1, lampsBefore + 1]);
    expect(second.status, second.message).toBe(200);
    now = await getRecord(t, 'salesProcess', s.id, boss);
    expect(now).toMatchObject({ salesStage: '已发货', phase: '发货', shipCount: 2, pendingQuantity: 0 });
    expect(now.lines.map((l: Row) => l.shippedQuantity)).toEqual([3, 2, lampsBefore + 1]);
    expect((await docsOf(s.code, 'storeprocess')).map((x) => x.lines.map((l: Row) => l.quantity))).toEqual([
      [3, 1],
      [1, lampsBefore + 1],
    ]);
    expect((await balance(counter.id))!.quantity).toBe(counters - 5);
    expect((await balance(lamp.id))!.quantity).toBe(0);
    // A third shipment has nothing to send.
    expect((await ship([0, 0, 1])).status).toBe(409);
    expect(await docsOf(s.code, 'storeprocess')).toHaveLength(2);
    expect((await stage('salesProcess', s.id, 'invoice', { invoiceDate: today, dueDate: today })).status).toBe(200);
  });
});
