// Effect-made stock documents that end without posting: a purchase's 到货 makes a 入库单 and counts the
// arrival on the order; when the 入库单 waits for approval (its warehouse's 出入库需审批) and is then refused or
// withdrawn, it gives the quantities back to the order that made it (`on: "refused" | "withdrawn"`, target
// `source`), whose stage goes back and which raises no payable; submitted again it counts once more
// (`resubmitted`), and only once it is approved (posted) does the order reach 已入库 and raise its payable
// (`reached:已入库`). A sales order's 发货 → 出库单 withdrawn gives back 已发货 the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api, flowCalls, getRecord, userId } from '../helpers/records';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;

describe.each(testDialects())('effect-made stock documents giving back on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let dict: Record<string, any[]>;
  let whC: number;
  const today = todayInChina();

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'warehouseType',
      'unit',
      'materialCategory',
      'procureType',
      'partnerType',
      'settlementMethod',
      'stockInType',
    ]));
    whC = (
      await add('storeSetting', {
        warehouseName: '退回测试仓',
        warehouseType: d('warehouseType', '成品仓'),
        keeperId: await userId(t, 'demo'),
        needApproval: true,
      })
    ).id;
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const { call, add, stage } = flowCalls(
    () => t,
    () => boss,
  );
  const partnerId = async (name: string) =>
    (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;
  let seq = 0;
  const material = (name: string, refPrice = 10) =>
    add('materialDictionary', {
      materialCategory: d('materialCategory', '五金'),
      dictCode: `GB-${String(++seq).padStart(4, '0')}`,
      dictName: name,
      spec: '标准',
      unit: d('unit', '个'),
      refPrice,
    });
  async function balance(materialId: number, warehouseId: number) {
    const r = await sql<{ data: Row }>`SELECT data FROM records WHERE module = 'materialStorage' AND deleted_at IS NULL
      AND data->>'materialId' = ${String(materialId)} AND data->>'warehouseId' = ${String(warehouseId)}`.execute(t.db);
    return r.rows[0]?.data ?? null;
  }
  const moves = async (materialId: number) =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM stock_moves m JOIN records b ON b.id = m.balance_id
    WHERE b.data->>'materialId' = ${String(materialId)}`.execute(t.db)
      ).rows[0].n,
    );
  const bySource = async (module: string, code: string) =>
    (
      await sql<{
        id: number;
        code: string;
        status: string;
        data: Row;
        lines: Row[];
      }>`SELECT id, code, status, data, lines FROM records WHERE module = ${module}
      AND deleted_at IS NULL AND data->>'sourceCode' = ${code} ORDER BY id`.execute(t.db)
    ).rows;
  const withdraw = (id: number, token = boss) => t.call('POST', '/api/oa/process/withdraw', { formId: id }, token);
  async function refuse(id: number) {
    for (const token of [lisi, boss]) {
      const task = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
      if (!task?.taskId) continue;
      const x = await t.call(
        'POST',
        '/api/oa/process/refuse',
        { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '数量不符' },
        token,
      );
      return { ...x, task };
    }
    throw new Error(`nobody can refuse ${id}`);
  }
  const payablesOf = async (code: string) =>
    (
      await sql<{ id: number }>`SELECT id FROM records WHERE module = 'financialPayables' AND deleted_at IS NULL
    AND data->>'sourceCode' = ${code}`.execute(t.db)
    ).rows;

  it('a purchase received into a warehouse needing approval: refused → given back, no payable; received again → approved → counted once, posted once, payable once', async () => {
    const senlin = await partnerId('东莞市森林板材');
    const hinge = await material('铰链（退回测试）', 12);
    const rail = await material('滑轨（退回测试）', 30);
    const req = await add(
      'procureProcess',
      {
        procureType: d('procureType', '生产采购'),
        expectedDate: '2031-06-10',
        reason: '退回测试',
        lines: [
          { materialId: hinge.id, quantity: 10, unitPrice: 12 },
          { materialId: rail.id, quantity: 4, unitPrice: 30 },
        ],
      },
      staff,
    );
    expect((await t.call('POST', api('procureProcess', 'submit'), { id: req.id }, staff)).status).toBe(200);
    await approveAll(t, 'procureProcess', req.id, [boss, lisi]);
    expect(
      (await stage('procureProcess', req.id, 'order', { supplierId: senlin, orderDate: '2031-06-01' })).status,
    ).toBe(200);
    const receive = (lines: unknown) =>
      stage('procureProcess', req.id, 'receive', { warehouseId: whC, arrivalDate: '2031-06-05', lines });

    // Everything arrives, into a warehouse whose documents need approval: the 入库单 waits; the order counts it but
    // is not 已入库 and raises no payable while nothing is posted.
    const r1 = await receive([{ arriveQuantity: 10 }, { arriveQuantity: 4 }]);
    expect(r1.status, r1.message).toBe(200);
    const [doc1] = await bySource('storeprocess', req.code);
    expect(doc1).toMatchObject({ status: '审批中' });
    let order = await getRecord(t, 'procureProcess', req.id, boss);
    expect(order).toMatchObject({ procureStage: '部分到货', pendingReceipts: 1 });
    expect(order.lines.map((l: Row) => l.receivedQuantity)).toEqual([10, 4]);
    expect(await payablesOf(req.code)).toHaveLength(0);
    expect(await balance(hinge.id, whC)).toBeNull();

    // Refused: the quantities go back to the order, which is 已下单 again; nothing posted, no payable.
    const refused = await refuse(doc1.id);
    expect(refused.status, refused.message).toBe(200);
    order = await getRecord(t, 'procureProcess', req.id, boss);
    expect(order).toMatchObject({ procureStage: '已下单', pendingReceipts: 0 });
    expect(order.lines.map((l: Row) => l.receivedQuantity)).toEqual([0, 0]);
    expect(await payablesOf(req.code)).toHaveLength(0);
    expect(await balance(hinge.id, whC)).toBeNull();
    expect(await moves(hinge.id)).toBe(0);
    // The same refusal sent again changes nothing (the task is done), and the order is not given back twice.
    const again = await t.call(
      'POST',
      '/api/oa/process/refuse',
      { taskId: refused.task.taskId, processInstanceId: refused.task.processInstanceId, comments: '数量不符' },
      lisi,
    );
    expect(again.status).not.toBe(200);
    expect((await getRecord(t, 'procureProcess', req.id, boss)).lines.map((l: Row) => l.receivedQuantity)).toEqual([
      0, 0,
    ]);

    // Received again (part of it first): counted once; approved: posted once; then the rest; 已入库 and one payable.
    const r2 = await receive([{ arriveQuantity: 6 }, { arriveQuantity: 4 }]);
    expect(r2.status, r2.message).toBe(200);
    const doc2 = (await bySource('storeprocess', req.code)).find((x) => x.id !== doc1.id)!;
    expect(doc2.status).toBe('审批中');
    expect((await getRecord(t, 'procureProcess', req.id, boss)).lines.map((l: Row) => l.receivedQuantity)).toEqual([
      6, 4,
    ]);
    expect(await approveAll(t, 'storeprocess', doc2.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      postStage: '已过账',
    });
    expect(await balance(hinge.id, whC)).toMatchObject({ quantity: 6 });
    expect(await balance(rail.id, whC)).toMatchObject({ quantity: 4 });
    order = await getRecord(t, 'procureProcess', req.id, boss);
    expect(order).toMatchObject({ procureStage: '部分到货', pendingReceipts: 0 });
    expect(order.lines.map((l: Row) => l.receivedQuantity)).toEqual([6, 4]);
    expect(await payablesOf(req.code)).toHaveLength(0);

    // The refused 入库单 resubmitted now would receive more than was ordered: refused, nothing changes.
    const over = await t.call('POST', api('storeprocess', 'submit'), { id: doc1.id }, boss);
    expect(over.status).toBe(400);
    expect(over.message).toContain('到货数量不能超过采购数量');
    expect((await getRecord(t, 'storeprocess', doc1.id, boss)).status).toBe('已驳回');

    // Its lines cut to what is still due and resubmitted: counted once more; approved: 已入库, one payable.
    // (Its 来源单号 stays the order's whatever the client sends: the order counts it by that.)
    const edited = await t.call(
      'POST',
      api('storeprocess', 'update'),
      {
        ...(await getRecord(t, 'storeprocess', doc1.id, boss)),
        id: doc1.id,
        sourceCode: 'CG-OTHER',
        lines: [{ materialId: hinge.id, quantity: 4, unitPrice: 12 }],
      },
      boss,
    );
    expect(edited.status, edited.message).toBe(200);
    expect(edited.data).toMatchObject({ sourceCode: req.code, sourceType: '采购流程' });
    expect((await t.call('POST', api('storeprocess', 'submit'), { id: doc1.id }, boss)).status).toBe(200);
    order = await getRecord(t, 'procureProcess', req.id, boss);
    expect(order).toMatchObject({ procureStage: '部分到货', pendingReceipts: 1 });
    expect(order.lines.map((l: Row) => l.receivedQuantity)).toEqual([10, 4]);
    expect(await payablesOf(req.code)).toHaveLength(0);
    expect(await approveAll(t, 'storeprocess', doc1.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      postStage: '已过账',
    });
    order = await getRecord(t, 'procureProcess', req.id, boss);
    expect(order).toMatchObject({ procureStage: '已入库', pendingReceipts: 0 });
    expect(order.lines.map((l: Row) => l.receivedQuantity)).toEqual([10, 4]);
    expect(await balance(hinge.id, whC)).toMatchObject({ quantity: 10 });
    expect(await moves(hinge.id)).toBe(2);
    expect(await moves(rail.id)).toBe(1);
    const payables = await payablesOf(req.code);
    expect(payables).toHaveLength(1);
    expect(await getRecord(t, 'financialPayables', payables[0].id, boss)).toMatchObject({ payablePrice: 240 });
  });

  it('a sales 出库单 waiting for approval and withdrawn gives back 已发货; shipped again and approved counts once', async () => {
    const customer = await add('partnerInfo', {
      partnerName: '杭州某商场（退回测试）',
      partnerType: [d('partnerType', '客户')],
      contactName: '周',
      contactPhone: '13912345671',
      submit: true,
    });
    const lamp = await material('灯箱（退回测试）', 300);
    const receipt = await add('storeprocess', {
      billType: '入库',
      warehouseId: whC,
      billDate: today,
      stockInType: d('stockInType', '采购入库'),
      lines: [{ materialId: lamp.id, quantity: 8, unitPrice: 300 }],
      submit: true,
    });
    expect(await approveAll(t, 'storeprocess', receipt.id, [lisi, boss])).toMatchObject({ status: '已通过' });
    const s = await add(
      'salesProcess',
      {
        customerId: customer.id,
        orderDate: today,
        deliveryDate: today,
        settlementMethod: d('settlementMethod', '月结'),
        lines: [
          { materialId: lamp.id, quantity: 3, unitPrice: 600 },
          { materialId: lamp.id, quantity: 2, unitPrice: 580 },
        ],
        submit: true,
      },
      staff,
    );
    expect(await approveAll(t, 'salesProcess', s.id, [lisi, boss])).toMatchObject({ status: '已通过' });
    expect((await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-GB-1', signDate: today })).status).toBe(200);
    const handler = await userId(t, 'demo');
    const ship = (...q: number[]) =>
      stage('salesProcess', s.id, 'ship', {
        warehouseId: whC,
        shipDate: today,
        shipHandlerId: handler,
        lines: q.map((x) => ({ shipQuantity: x })),
      });
    // Two lines of the same material: one 出库单 with both.
    const shipped = await ship(3, 2);
    expect(shipped.status, shipped.message).toBe(200);
    const [doc] = await bySource('storeprocess', s.code);
    expect(doc.status).toBe('审批中');
    let order = await getRecord(t, 'salesProcess', s.id, boss);
    expect(order).toMatchObject({ salesStage: '部分发货', pendingQuantity: 0, pendingIssues: 1 });
    expect(await balance(lamp.id, whC)).toMatchObject({ quantity: 8, lockedQuantity: 5 });

    // Withdrawn: 已发货 given back, the stage back to 已签约; its hold released; nothing issued. Sent again: refused, once.
    expect((await withdraw(doc.id)).status).toBe(200);
    expect((await withdraw(doc.id)).status).toBe(409);
    order = await getRecord(t, 'salesProcess', s.id, boss);
    expect(order).toMatchObject({ salesStage: '已签约', pendingQuantity: 5, pendingIssues: 0 });
    expect(order.lines.map((l: Row) => l.shippedQuantity)).toEqual([0, 0]);
    expect(await balance(lamp.id, whC)).toMatchObject({ quantity: 8, lockedQuantity: 0 });

    // Resubmitted as it was: counted once more; approved: issued once, 已发货.
    expect((await t.call('POST', api('storeprocess', 'submit'), { id: doc.id }, boss)).status).toBe(200);
    order = await getRecord(t, 'salesProcess', s.id, boss);
    expect(order).toMatchObject({ salesStage: '部分发货', pendingQuantity: 0, pendingIssues: 1 });
    expect(order.lines.map((l: Row) => l.shippedQuantity)).toEqual([3, 2]);
    expect((await ship(1, 0)).status).not.toBe(200);
    expect(await approveAll(t, 'storeprocess', doc.id, [lisi, boss])).toMatchObject({
      status: '已通过',
      postStage: '已过账',
    });
    order = await getRecord(t, 'salesProcess', s.id, boss);
    expect(order).toMatchObject({ salesStage: '已发货', pendingQuantity: 0, pendingIssues: 0 });
    expect(order.lines.map((l: Row) => l.shippedQuantity)).toEqual([3, 2]);
    expect(await balance(lamp.id, whC)).toMatchObject({ quantity: 3, lockedQuantity: 0 });
    // The receipt and one issue per line of the 出库单, once.
    expect(await moves(lamp.id)).toBe(3);
  });

  it('a sales line naming a 库位 of its 发货仓库 reserves on that row and ships from it', async () => {
    const whL = (
      await add('storeSetting', {
        warehouseName: '库位锁定测试仓',
        warehouseType: d('warehouseType', '成品仓'),
        keeperId: await userId(t, 'demo'),
        lines: [{ locationCode: 'L-01', locationName: '一号架' }, { locationCode: 'L-02' }],
      })
    ).id;
    const customer = await add('partnerInfo', {
      partnerName: '温州某商场（库位测试）',
      partnerType: [d('partnerType', '客户')],
      contactName: '吴',
      contactPhone: '13912345672',
      submit: true,
    });
    const tray = await material('托盘（库位锁定测试）', 50);
    const atLocation = async (location: string) =>
      (
        await sql<{ data: Row }>`SELECT data FROM records WHERE module = 'materialStorage' AND deleted_at IS NULL
      AND data->>'materialId' = ${String(tray.id)} AND data->>'warehouseId' = ${String(whL)} AND coalesce(data->>'location', '') = ${location}`.execute(
          t.db,
        )
      ).rows[0]?.data ?? null;
    await add('storeprocess', {
      billType: '入库',
      warehouseId: whL,
      billDate: today,
      stockInType: d('stockInType', '采购入库'),
      lines: [{ materialId: tray.id, quantity: 6, unitPrice: 50, location: 'L-01' }],
      submit: true,
    });
    const sale = (lines: Row[]) => ({
      customerId: customer.id,
      orderDate: today,
      deliveryDate: today,
      settlementMethod: d('settlementMethod', '月结'),
      warehouseId: whL,
      lines,
      submit: true,
    });
    // A 库位 of another warehouse is refused with its line.
    const wrong = await t.call(
      'POST',
      api('salesProcess', 'add'),
      sale([{ materialId: tray.id, quantity: 4, unitPrice: 90, location: 'X-99' }]),
      staff,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('第1行库位「X-99」不在所选发货仓库中');
    const s = await add(
      'salesProcess',
      sale([{ materialId: tray.id, quantity: 4, unitPrice: 90, location: 'L-01' }]),
      staff,
    );
    expect(await approveAll(t, 'salesProcess', s.id, [lisi, boss])).toMatchObject({ status: '已通过' });
    expect(await atLocation('L-01')).toMatchObject({ quantity: 6, lockedQuantity: 4, availableQuantity: 2 });
    expect(await atLocation('')).toBeNull();
    expect((await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-GB-2', signDate: today })).status).toBe(200);
    const shipped = await stage('salesProcess', s.id, 'ship', {
      warehouseId: whL,
      shipDate: today,
      shipHandlerId: await userId(t, 'demo'),
      lines: [{ shipQuantity: 4 }],
    });
    expect(shipped.status, shipped.message).toBe(200);
    expect(await atLocation('L-01')).toMatchObject({ quantity: 2, lockedQuantity: 0 });
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({ salesStage: '已发货' });
  });
});
