// The stock ledger's leftovers: a document's lines may each name their own 仓库 (and a 库位 of that
// 仓库), posted there, falling back to the header's; a document an effect makes (采购入库, 销售出库) for a warehouse
// that requires approval waits for it and posts only when approved — refused then if the stock is gone; and an
// approved sales order holding a 发货仓库 reserves its lines' quantities, released as they ship or when it is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api, getRecord, flowCalls, userId } from '../helpers/records';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;

describe.each(testDialects())('stock leftovers on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let dict: Record<string, any[]>;
  let whA: number;
  let whB: number;
  let whC: number;
  let customer: Row;
  const today = todayInChina();

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'warehouseType',
      'unit',
      'stockInType',
      'stockOutType',
      'materialCategory',
      'procureType',
      'partnerType',
      'settlementMethod',
    ]));
    const keeperId = await uid('demo');
    whA = (
      await add('storeSetting', {
        warehouseName: '分仓测试甲',
        warehouseType: d('warehouseType', '原材料仓'),
        keeperId,
        lines: [{ locationCode: 'A-01' }],
      })
    ).id;
    whB = (
      await add('storeSetting', {
        warehouseName: '分仓测试乙',
        warehouseType: d('warehouseType', '配件仓'),
        keeperId,
        lines: [{ locationCode: 'B-01', locationName: '乙一号架' }],
      })
    ).id;
    whC = (
      await add('storeSetting', {
        warehouseName: '审批测试仓',
        warehouseType: d('warehouseType', '成品仓'),
        keeperId,
        needApproval: true,
      })
    ).id;
    customer = await add('partnerInfo', {
      partnerName: '宁波某商场（锁定测试）',
      partnerType: [d('partnerType', '客户')],
      contactName: '周',
      contactPhone: '13912345670',
      submit: true,
    });
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
  let seq = 0;
  const material = (name: string, refPrice = 10) =>
    add('materialDictionary', {
      materialCategory: d('materialCategory', '五金'),
      dictCode: `LO-${String(++seq).padStart(4, '0')}`,
      dictName: name,
      spec: '标准',
      unit: d('unit', '个'),
      refPrice,
    });
  const post = (billType: string, warehouseId: number, lines: Row[], extra: Row = {}) =>
    t.call(
      'POST',
      api('storeprocess', 'add'),
      {
        billType,
        warehouseId,
        billDate: today,
        lines,
        submit: true,
        ...(billType === '入库'
          ? { stockInType: d('stockInType', '采购入库') }
          : billType === '出库'
            ? { stockOutType: d('stockOutType', '生产领料') }
            : {}),
        ...extra,
      },
      boss,
    );
  async function balance(materialId: number, warehouseId: number) {
    const r = await sql<{ data: Row }>`SELECT data FROM records WHERE module = 'materialStorage' AND deleted_at IS NULL
      AND data->>'materialId' = ${String(materialId)} AND data->>'warehouseId' = ${String(warehouseId)}`.execute(t.db);
    expect(r.rows.length).toBeLessThanOrEqual(1);
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
      AND deleted_at IS NULL AND data->>'sourceCode' = ${code} ORDER BY id`.execute(t.db)
    ).rows;
  const held = async (sourceId: number) =>
    Number(
      (
        await sql<{
          n: string | null;
        }>`SELECT sum(quantity) AS n FROM stock_reservations WHERE source_id = ${sourceId}`.execute(t.db)
      ).rows[0].n ?? 0,
    );

  it("a line may name its own 仓库 and 库位: posted there, the header's otherwise; foreign or mismatched picks are refused", async () => {
    const hinge = await material('铰链（分仓测试）', 4);
    const r = await post('入库', whA, [
      { materialId: hinge.id, quantity: 5, unitPrice: 4, location: 'A-01' },
      { materialId: hinge.id, quantity: 3, unitPrice: 4, warehouseId: whB, location: 'B-01' },
    ]);
    expect(r.status, r.message).toBe(200);
    expect(r.data.lines[1]).toMatchObject({ warehouseIdName: '分仓测试乙', locationName: 'B-01 乙一号架' });
    expect(await balance(hinge.id, whA)).toMatchObject({ quantity: 5, location: 'A-01' });
    expect(await balance(hinge.id, whB)).toMatchObject({ quantity: 3, location: 'B-01', stockPrice: 12 });
    // The 库位 belongs to the line's own 仓库; a made-up 仓库 is refused; nothing moved.
    expect(
      await post('入库', whA, [
        { materialId: hinge.id, quantity: 1, unitPrice: 4, warehouseId: whB, location: 'A-01' },
      ]),
    ).toMatchObject({ status: 400, message: '第1行库位「A-01」不在该行仓库中' });
    expect(
      await post('入库', whA, [{ materialId: hinge.id, quantity: 1, unitPrice: 4, warehouseId: 987654321 }]),
    ).toMatchObject({ status: 400, message: '第1行仓库不存在或不可选' });
    // An issue from the line's 仓库, checked against that 仓库's stock.
    expect(
      (await post('出库', whA, [{ materialId: hinge.id, quantity: 4, warehouseId: whB, location: 'B-01' }])).message,
    ).toMatch(/^库存不足：分仓测试乙 · .* 现有 3，本次出库 4$/);
    const out = await post('出库', whA, [{ materialId: hinge.id, quantity: 2, warehouseId: whB, location: 'B-01' }]);
    expect(out.status, out.message).toBe(200);
    expect(await balance(hinge.id, whB)).toMatchObject({ quantity: 1, stockPrice: 4 });
    expect(await balance(hinge.id, whA)).toMatchObject({ quantity: 5 });
  });

  it("a line's own 仓库 decides its negative stock and approval: a line from a strict 仓库 under a lenient header is refused, one into a 仓库 requiring approval makes the document wait", async () => {
    const keeperId = await uid('demo');
    const lenient = (
      await add('storeSetting', {
        warehouseName: '负库存测试仓',
        warehouseType: d('warehouseType', '原材料仓'),
        keeperId,
        allowNegative: true,
      })
    ).id;
    const screw = await material('螺丝（分仓规则测试）', 1);
    // The header's 仓库 allows negative stock, the line's does not: the line's rule holds.
    expect((await post('出库', lenient, [{ materialId: screw.id, quantity: 2, warehouseId: whA }])).message).toMatch(
      /^库存不足：分仓测试甲 · .* 现有 0，本次出库 2$/,
    );
    // The header's own line may go negative there.
    const neg = await post('出库', lenient, [{ materialId: screw.id, quantity: 2 }]);
    expect(neg.status, neg.message).toBe(200);
    expect(await balance(screw.id, lenient)).toMatchObject({ quantity: -2 });
    // A forged line flag is replaced by the picked 仓库's own.
    expect(
      (await post('出库', lenient, [{ materialId: screw.id, quantity: 1, warehouseId: whA, lineAllowNegative: true }]))
        .message,
    ).toMatch(/^库存不足/);
    // A line into a 仓库 requiring approval: the document waits and posts nothing until approved.
    const waits = await post('入库', whA, [{ materialId: screw.id, quantity: 6, unitPrice: 1, warehouseId: whC }]);
    expect(waits.status, waits.message).toBe(200);
    expect(waits.data).toMatchObject({ status: '审批中', needApproval: true });
    expect(await balance(screw.id, whC)).toBeNull();
    expect(await approveAll(t, 'storeprocess', waits.data.id, [boss, lisi])).toMatchObject({ status: '已通过' });
    expect(await balance(screw.id, whC)).toMatchObject({ quantity: 6 });
  });

  it('采购入库 into a warehouse that requires approval waits for it, posting each line to its own 入库仓库 once approved', async () => {
    const senlin = (
      await t.call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: '东莞市森林板材' }, boss)
    ).data.list[0].id;
    const rail = await material('导轨（审批测试）', 20);
    const knob = await material('拉手（审批测试）', 5);
    const req = await add(
      'procureProcess',
      {
        procureType: d('procureType', '生产采购'),
        expectedDate: '2031-04-10',
        reason: '分仓备料（测试）',
        lines: [
          { materialId: rail.id, quantity: 5, unitPrice: 20 },
          { materialId: knob.id, quantity: 10, unitPrice: 5, warehouseId: whA },
        ],
      },
      staff,
    );
    expect(req.lines[1]).toMatchObject({ warehouseId: whA, warehouseIdName: '分仓测试甲' });
    expect((await t.call('POST', api('procureProcess', 'submit'), { id: req.id }, staff)).status).toBe(200);
    expect(await approveAll(t, 'procureProcess', req.id, [boss, lisi])).toMatchObject({
      status: '已通过',
      procureStage: '待下单',
    });
    expect(
      (await stage('procureProcess', req.id, 'order', { supplierId: senlin, orderDate: '2031-04-01' })).status,
    ).toBe(200);
    const received = await stage('procureProcess', req.id, 'receive', {
      warehouseId: whC,
      arrivalDate: '2031-04-08',
      lines: [{ arriveQuantity: 5 }, { arriveQuantity: 10 }],
    });
    expect(received.status, received.message).toBe(200);
    const [doc] = await bySource('storeprocess', req.code);
    expect(doc).toMatchObject({ status: '审批中', data: { warehouseId: whC, needApproval: true } });
    expect(doc.data.postStage).toBeUndefined();
    expect(doc.lines.map((l) => l.warehouseId ?? null)).toEqual([null, whA]);
    // Nothing posted while it waits.
    expect(await balance(rail.id, whC)).toBeNull();
    expect(await balance(knob.id, whA)).toBeNull();
    expect(await approveAll(t, 'storeprocess', doc.id, [boss, lisi])).toMatchObject({
      status: '已通过',
      postStage: '已过账',
    });
    expect(await balance(rail.id, whC)).toMatchObject({ quantity: 5, stockPrice: 100 });
    expect(await balance(knob.id, whA)).toMatchObject({ quantity: 10, stockPrice: 50 });
    // The same arrival into a warehouse without approval posts at once (the other tests' path).
  });

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
    return { s, done: (await approveAll(t, 'salesProcess', s.id, [lisi, boss])) as Row };
  }

  it('an approved sales order reserves its lines in its 发货仓库: beyond what is available refused; shipping and 未成交 release', async () => {
    const shelf = await material('陈列架（锁定测试）', 100);
    expect((await post('入库', whB, [{ materialId: shelf.id, quantity: 10, unitPrice: 100 }])).status).toBe(200);
    const a = await approvedSale([{ materialId: shelf.id, quantity: 6, unitPrice: 200 }], { warehouseId: whB });
    expect(a.done).toMatchObject({ status: '已通过', salesStage: '报价中', warehouseIdName: '分仓测试乙' });
    expect(await balance(shelf.id, whB)).toMatchObject({ quantity: 10, lockedQuantity: 6, availableQuantity: 4 });
    expect(await held(a.s.id)).toBe(6);
    // A second order for more than is available cannot be approved; it stays under approval and holds nothing.
    const b = await approvedSale([{ materialId: shelf.id, quantity: 5, unitPrice: 200 }], { warehouseId: whB });
    expect(b.done.status).toBe('审批中');
    expect(b.done.refusedWith).toMatch(
      /^可用库存不足：分仓测试乙 · .*陈列架（锁定测试）.* 现有 10，已锁定 6，可用 4，本次出库 5$/,
    );
    expect(await held(b.s.id)).toBe(0);
    // Nor may a plain issue take what the order holds.
    expect((await post('出库', whB, [{ materialId: shelf.id, quantity: 5 }])).message).toMatch(
      /^可用库存不足：.*可用 4，本次出库 5$/,
    );

    // 签约, then ship 2 of 6: the stock leaves, the order still holds 4.
    expect((await stage('salesProcess', a.s.id, 'sign', { contractNo: 'HT-LOCK-1', signDate: today })).status).toBe(
      200,
    );
    const ship = async (n: number) =>
      stage('salesProcess', a.s.id, 'ship', {
        warehouseId: whB,
        shipDate: today,
        shipHandlerId: await uid('demo'),
        lines: [{ shipQuantity: n }],
      });
    const first = await ship(2);
    expect(first.status, first.message).toBe(200);
    expect(await balance(shelf.id, whB)).toMatchObject({ quantity: 8, lockedQuantity: 4, availableQuantity: 4 });
    expect(await held(a.s.id)).toBe(4);
    // The rest ships: nothing held any more.
    expect((await ship(4)).status).toBe(200);
    expect(await balance(shelf.id, whB)).toMatchObject({ quantity: 4, lockedQuantity: 0, availableQuantity: 4 });
    expect(await held(a.s.id)).toBe(0);
    expect((await getRecord(t, 'salesProcess', a.s.id, boss)).salesStage).toBe('已发货');
    expect((await bySource('storeprocess', a.s.code)).map((x) => [x.status, x.lines[0].quantity])).toEqual([
      ['已通过', 2],
      ['已通过', 4],
    ]);

    // 未成交 releases all of it.
    const c = await approvedSale([{ materialId: shelf.id, quantity: 3, unitPrice: 200 }], { warehouseId: whB });
    expect(c.done.status).toBe('已通过');
    expect(await balance(shelf.id, whB)).toMatchObject({ lockedQuantity: 3, availableQuantity: 1 });
    expect((await stage('salesProcess', c.s.id, 'lose', { lostReason: '客户改选其他供应商' })).status).toBe(200);
    expect(await balance(shelf.id, whB)).toMatchObject({ quantity: 4, lockedQuantity: 0, availableQuantity: 4 });
    expect(await held(c.s.id)).toBe(0);
    // An order without a 发货仓库 reserves nothing.
    const free = await approvedSale([{ materialId: shelf.id, quantity: 9, unitPrice: 200 }]);
    expect(free.done.status).toBe('已通过');
    expect(await held(free.s.id)).toBe(0);
  });

  it('发货 from another warehouse than the order holds in: the stock leaves that one, the hold is given back where it is, the order keeps its 发货仓库', async () => {
    const rack = await material('展架（换仓发货测试）', 80);
    expect((await post('入库', whA, [{ materialId: rack.id, quantity: 10, unitPrice: 80 }])).status).toBe(200);
    expect(
      (await post('入库', whB, [{ materialId: rack.id, quantity: 10, unitPrice: 80, location: 'B-01' }])).status,
    ).toBe(200);
    const { s, done } = await approvedSale([{ materialId: rack.id, quantity: 6, unitPrice: 150, location: 'B-01' }], {
      warehouseId: whB,
    });
    expect(done.status).toBe('已通过');
    expect(await balance(rack.id, whB)).toMatchObject({ quantity: 10, lockedQuantity: 6 });
    expect((await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-SWAP-1', signDate: today })).status).toBe(200);
    // 2 leave 分仓测试甲 this time: its stock goes down, the order's hold in 乙 shrinks by the same 2.
    const shipped = await stage('salesProcess', s.id, 'ship', {
      warehouseId: whA,
      shipDate: today,
      shipHandlerId: await uid('demo'),
      lines: [{ shipQuantity: 2 }],
    });
    expect(shipped.status, shipped.message).toBe(200);
    expect(await balance(rack.id, whA)).toMatchObject({ quantity: 8, lockedQuantity: 0 });
    expect(await balance(rack.id, whB)).toMatchObject({ quantity: 10, lockedQuantity: 4, availableQuantity: 6 });
    expect(await held(s.id)).toBe(4);
    // The order still names 乙 (the dialog's 发货仓库 was this shipment's), and the 出库单 does not carry 乙's 库位.
    expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
      warehouseId: whB,
      warehouseIdName: '分仓测试乙',
      salesStage: '部分发货',
    });
    const [doc] = await bySource('storeprocess', s.code);
    expect(doc).toMatchObject({ status: '已通过', data: { warehouseId: whA } });
    expect(doc.lines[0]).toMatchObject({ quantity: 2 });
    expect(doc.lines[0].location || '').toBe('');
    // The rest from 乙 itself: its 库位 is carried, and nothing is held any more.
    expect(
      (
        await stage('salesProcess', s.id, 'ship', {
          warehouseId: whB,
          shipDate: today,
          shipHandlerId: await uid('demo'),
          lines: [{ shipQuantity: 4 }],
        })
      ).status,
    ).toBe(200);
    expect(await balance(rack.id, whB)).toMatchObject({ quantity: 6, lockedQuantity: 0 });
    expect(await held(s.id)).toBe(0);
    expect(
      (await bySource('storeprocess', s.code)).map((x) => [x.data.warehouseId, x.lines[0].location || '']),
    ).toEqual([
      [whA, ''],
      [whB, 'B-01'],
    ]);
  });

  it('销售出库 from a warehouse that requires approval waits, holding its quantity, and is refused at approval if the stock is gone', async () => {
    const lamp = await material('灯箱（审批出库测试）', 300);
    const receipt = await post('入库', whC, [{ materialId: lamp.id, quantity: 5, unitPrice: 300 }]);
    expect(receipt.data?.status, receipt.message).toBe('审批中');
    expect(await approveAll(t, 'storeprocess', receipt.data.id, [boss, lisi])).toMatchObject({ status: '已通过' });
    const { s } = await approvedSale([{ materialId: lamp.id, quantity: 4, unitPrice: 600 }], { warehouseId: whC });
    expect(await balance(lamp.id, whC)).toMatchObject({ quantity: 5, lockedQuantity: 4 });
    expect((await stage('salesProcess', s.id, 'sign', { contractNo: 'HT-LOCK-2', signDate: today })).status).toBe(200);
    const shipped = await stage('salesProcess', s.id, 'ship', {
      warehouseId: whC,
      shipDate: today,
      shipHandlerId: await uid('demo'),
      lines: [{ shipQuantity: 4 }],
    });
    expect(shipped.status, shipped.message).toBe(200);
    const [doc] = await bySource('storeprocess', s.code);
    // The order's hold became the document's: still 4 locked, nothing issued yet.
    expect(doc.status).toBe('审批中');
    expect(await held(s.id)).toBe(0);
    expect(await held(doc.id)).toBe(4);
    expect(await balance(lamp.id, whC)).toMatchObject({ quantity: 5, lockedQuantity: 4, availableQuantity: 1 });
    // A count finds only 2 (approved); approving the shipment is then refused and nothing moves.
    const count = await post('盘点', whC, [{ materialId: lamp.id, quantity: 2 }]);
    expect(await approveAll(t, 'storeprocess', count.data.id, [boss, lisi])).toMatchObject({ status: '已通过' });
    expect(await balance(lamp.id, whC)).toMatchObject({ quantity: 2, lockedQuantity: 4 });
    const refused = await approveAll(t, 'storeprocess', doc.id, [boss, lisi]);
    expect(refused.status).toBe('审批中');
    expect(refused.refusedWith).toMatch(/^库存不足：审批测试仓 · .*灯箱（审批出库测试）.* 现有 2，本次出库 4$/);
    expect(await balance(lamp.id, whC)).toMatchObject({ quantity: 2, lockedQuantity: 4 });
  });
});
