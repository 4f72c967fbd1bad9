// Refused and withdrawn documents give back the state of the order that made them (closing notes 12 and 13):
// - a sales order's hold, released when its 发货 made a 出库单, is taken again when that 出库单 is refused or
//   withdrawn (the stock is not free while the order still owes it), and given up again, once, when it is resubmitted
//   (stock effect with `target: "source"`, reserve: the hold is the order's, on its lines);
// - a 外发单 refused or withdrawn sends its prop orders from 外发中 back to 待分配 (they may be allocated again); a
//   resubmitted one sends them to 外发中 again, refused when an order has been allocated since.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api, flowCalls, getRecord, uploadPng, userId } from '../helpers/records';
import { todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;

describe.each(oneDialect())('refused documents giving back their order on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let dict: Record<string, any[]>;
  const today = todayInChina();

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'warehouseType',
      'unit',
      'materialCategory',
      'partnerType',
      'settlementMethod',
      'stockInType',
      'outsourceScope',
      'urgency',
      'workshopType',
    ]));
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const { call, add, stage, stageOk } = flowCalls(
    () => t,
    () => boss,
  );
  const withdraw = (id: number) => t.call('POST', '/api/oa/process/withdraw', { formId: id }, boss);
  async function refuse(id: number) {
    for (const token of [lisi, boss]) {
      const task = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
      if (!task?.taskId) continue;
      const x = await t.call(
        'POST',
        '/api/oa/process/refuse',
        { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '不同意' },
        token,
      );
      return { ...x, task, token };
    }
    throw new Error(`nobody can refuse ${id}`);
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

  describe('a sales order whose 出库单 is refused or withdrawn holds its stock again', () => {
    let seq = 0;
    const material = (name: string) =>
      add('materialDictionary', {
        materialCategory: d('materialCategory', '五金'),
        dictCode: `RG-${String(++seq).padStart(4, '0')}`,
        dictName: name,
        spec: '标准',
        unit: d('unit', '个'),
        refPrice: 100,
      });
    async function balance(materialId: number, warehouseId: number) {
      const r = await sql<{
        data: Row;
      }>`SELECT data FROM records WHERE module = 'materialStorage' AND deleted_at IS NULL
        AND data->>'materialId' = ${String(materialId)} AND data->>'warehouseId' = ${String(warehouseId)}`.execute(
        t.db,
      );
      return r.rows[0]?.data ?? null;
    }
    /** What each record holds, by line: { [sourceId]: [[lineNo, quantity], …] }. */
    async function holds(...ids: number[]) {
      const r = await sql<{
        source_id: string;
        line_no: number;
        q: string;
      }>`SELECT source_id, line_no, sum(quantity)::text AS q FROM stock_reservations
        WHERE source_id IN (${sql.join(ids)}) GROUP BY source_id, line_no ORDER BY source_id, line_no`.execute(t.db);
      const out: Record<number, [number, number][]> = Object.fromEntries(ids.map((id) => [id, []]));
      for (const x of r.rows) out[Number(x.source_id)].push([Number(x.line_no), Number(x.q)]);
      return out;
    }

    it('refused → the order holds again, available stays; resubmitted → the 出库单 holds, once; withdrawn → the order again; approved → issued, nothing held', async () => {
      const wh = (
        await add('storeSetting', {
          warehouseName: '驳回锁定测试仓',
          warehouseType: d('warehouseType', '成品仓'),
          keeperId: await userId(t, 'demo'),
          needApproval: true,
        })
      ).id;
      const customer = await add('partnerInfo', {
        partnerName: '宁波某商场（驳回锁定测试）',
        partnerType: [d('partnerType', '客户')],
        contactName: '郑',
        contactPhone: '13912345681',
        submit: true,
      });
      const lamp = await material('展示灯（驳回锁定测试）');
      const receipt = await add('storeprocess', {
        billType: '入库',
        warehouseId: wh,
        billDate: today,
        stockInType: d('stockInType', '采购入库'),
        lines: [{ materialId: lamp.id, quantity: 8, unitPrice: 100 }],
        submit: true,
      });
      expect(await approveAll(t, 'storeprocess', receipt.id, [lisi, boss])).toMatchObject({ status: '已通过' });
      const sale = (lines: Row[]) => ({
        customerId: customer.id,
        orderDate: today,
        deliveryDate: today,
        settlementMethod: d('settlementMethod', '月结'),
        warehouseId: wh,
        lines,
        submit: true,
      });

      // The order holds its two lines of the same material (3 + 2) at its 发货仓库: 3 of 8 stay available.
      const s = await add(
        'salesProcess',
        sale([
          { materialId: lamp.id, quantity: 3, unitPrice: 200 },
          { materialId: lamp.id, quantity: 2, unitPrice: 190 },
        ]),
        staff,
      );
      expect(await approveAll(t, 'salesProcess', s.id, [lisi, boss])).toMatchObject({ status: '已通过' });
      expect(await balance(lamp.id, wh)).toMatchObject({ quantity: 8, lockedQuantity: 5, availableQuantity: 3 });
      await stageOk('salesProcess', s.id, 'sign', { contractNo: 'HT-RG-1', signDate: today });

      // 发货 of everything: the order gives its hold up, the 出库单 (waiting for approval) holds the same 5.
      const shipped = await stage('salesProcess', s.id, 'ship', {
        warehouseId: wh,
        shipDate: today,
        shipHandlerId: await userId(t, 'demo'),
        lines: [{ shipQuantity: 3 }, { shipQuantity: 2 }],
      });
      expect(shipped.status, shipped.message).toBe(200);
      const [doc] = await bySource('storeprocess', s.code);
      expect(doc.status).toBe('审批中');
      expect(await holds(s.id, doc.id)).toEqual({
        [s.id]: [],
        [doc.id]: [
          [0, 3],
          [1, 2],
        ],
      });
      expect(await balance(lamp.id, wh)).toMatchObject({ quantity: 8, lockedQuantity: 5, availableQuantity: 3 });

      // Refused: 已发货 given back and the order holds its lines again (3 and 2); available is still 3, so another
      // order of 4 is refused as it was before the 发货.
      const refused = await refuse(doc.id);
      expect(refused.status, refused.message).toBe(200);
      expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({ salesStage: '已签约', pendingIssues: 0 });
      expect(await holds(s.id, doc.id)).toEqual({
        [s.id]: [
          [0, 3],
          [1, 2],
        ],
        [doc.id]: [],
      });
      expect(await balance(lamp.id, wh)).toMatchObject({ quantity: 8, lockedQuantity: 5, availableQuantity: 3 });
      const other = await add('salesProcess', sale([{ materialId: lamp.id, quantity: 4, unitPrice: 200 }]), staff);
      const short = await approveAll(t, 'salesProcess', other.id, [lisi, boss]);
      expect(short.refusedWith).toContain('可用库存不足');
      // The same refusal sent again changes nothing: the order does not hold twice.
      const again = await t.call(
        'POST',
        '/api/oa/process/refuse',
        { taskId: refused.task.taskId, processInstanceId: refused.task.processInstanceId, comments: '不同意' },
        refused.token,
      );
      expect(again.status).not.toBe(200);
      expect(await balance(lamp.id, wh)).toMatchObject({ lockedQuantity: 5 });

      // Resubmitted: counted on the order again, the order's hold given up and the 出库单's taken, once.
      expect((await t.call('POST', api('storeprocess', 'submit'), { id: doc.id }, boss)).status).toBe(200);
      expect((await t.call('POST', api('storeprocess', 'submit'), { id: doc.id }, boss)).status).toBe(409);
      expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
        salesStage: '部分发货',
        pendingIssues: 1,
      });
      expect(await holds(s.id, doc.id)).toEqual({
        [s.id]: [],
        [doc.id]: [
          [0, 3],
          [1, 2],
        ],
      });
      expect(await balance(lamp.id, wh)).toMatchObject({ quantity: 8, lockedQuantity: 5, availableQuantity: 3 });

      // Withdrawn: the order holds again; withdrawn twice: refused, still held once.
      expect((await withdraw(doc.id)).status).toBe(200);
      expect((await withdraw(doc.id)).status).toBe(409);
      expect(await holds(s.id, doc.id)).toEqual({
        [s.id]: [
          [0, 3],
          [1, 2],
        ],
        [doc.id]: [],
      });
      expect(await balance(lamp.id, wh)).toMatchObject({ quantity: 8, lockedQuantity: 5, availableQuantity: 3 });

      // Edited to ship less (4 of the 5) and resubmitted: the order gives up 4 (line 1's 3, line 2's 1) and keeps 1.
      const edited = await t.call(
        'POST',
        api('storeprocess', 'update'),
        {
          ...(await getRecord(t, 'storeprocess', doc.id, boss)),
          id: doc.id,
          lines: [{ materialId: lamp.id, quantity: 4 }],
        },
        boss,
      );
      expect(edited.status, edited.message).toBe(200);
      expect((await t.call('POST', api('storeprocess', 'submit'), { id: doc.id }, boss)).status).toBe(200);
      expect((await getRecord(t, 'salesProcess', s.id, boss)).lines.map((l: Row) => l.shippedQuantity)).toEqual([3, 1]);
      expect(await holds(s.id, doc.id)).toEqual({ [s.id]: [[1, 1]], [doc.id]: [[0, 4]] });
      expect(await balance(lamp.id, wh)).toMatchObject({ quantity: 8, lockedQuantity: 5, availableQuantity: 3 });

      // Approved: 4 issued, the 出库单's hold ends; the order still holds the 1 it owes.
      expect(await approveAll(t, 'storeprocess', doc.id, [lisi, boss])).toMatchObject({
        status: '已通过',
        postStage: '已过账',
      });
      expect(await holds(s.id, doc.id)).toEqual({ [s.id]: [[1, 1]], [doc.id]: [] });
      expect(await balance(lamp.id, wh)).toMatchObject({ quantity: 4, lockedQuantity: 1, availableQuantity: 3 });
      expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
        salesStage: '部分发货',
        pendingQuantity: 1,
        pendingIssues: 0,
      });
    });

    it('an order whose 发货仓库 changed since: its refused 出库单 makes it hold again there at most what is free, and the refusal goes through', async () => {
      const whA = (
        await add('storeSetting', {
          warehouseName: '驳回锁定甲仓',
          warehouseType: d('warehouseType', '成品仓'),
          keeperId: await userId(t, 'demo'),
        })
      ).id;
      const whB = (
        await add('storeSetting', {
          warehouseName: '驳回锁定乙仓',
          warehouseType: d('warehouseType', '成品仓'),
          keeperId: await userId(t, 'demo'),
          needApproval: true,
        })
      ).id;
      const customer = await add('partnerInfo', {
        partnerName: '绍兴某商场（驳回锁定测试）',
        partnerType: [d('partnerType', '客户')],
        contactName: '陈',
        contactPhone: '13912345682',
        submit: true,
      });
      const rack = await material('展架（驳回锁定测试）');
      for (const wh of [whA, whB]) {
        const r = await add('storeprocess', {
          billType: '入库',
          warehouseId: wh,
          billDate: today,
          stockInType: d('stockInType', '采购入库'),
          lines: [{ materialId: rack.id, quantity: 5, unitPrice: 100 }],
          submit: true,
        });
        expect(await approveAll(t, 'storeprocess', r.id, [lisi, boss])).toMatchObject({ status: '已通过' });
      }
      const sale = (lines: Row[]) => ({
        customerId: customer.id,
        orderDate: today,
        deliveryDate: today,
        settlementMethod: d('settlementMethod', '月结'),
        warehouseId: whA,
        lines,
        submit: true,
      });
      const s = await add('salesProcess', sale([{ materialId: rack.id, quantity: 4, unitPrice: 200 }]), staff);
      expect(await approveAll(t, 'salesProcess', s.id, [lisi, boss])).toMatchObject({ status: '已通过' });
      await stageOk('salesProcess', s.id, 'sign', { contractNo: 'HT-RG-2', signDate: today });
      expect(await balance(rack.id, whA)).toMatchObject({ lockedQuantity: 4 });
      const ship = (wh: number, q: number) =>
        stage('salesProcess', s.id, 'ship', {
          warehouseId: wh,
          shipDate: today,
          shipHandlerId: handler,
          lines: [{ shipQuantity: q }],
        });
      const handler = await userId(t, 'demo');
      // 2 shipped from 乙仓 (its 出库单 waits there, holding 2), then 2 from 甲仓 (posted at once): the order's 发货仓库 is
      // 甲仓 again and it holds nothing; another order then takes 2 of 甲仓's 3.
      expect((await ship(whB, 2)).status).toBe(200);
      const [doc] = await bySource('storeprocess', s.code);
      expect(doc.status).toBe('审批中');
      expect(await balance(rack.id, whB)).toMatchObject({ lockedQuantity: 2 });
      expect((await ship(whA, 2)).status).toBe(200);
      expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
        warehouseId: whA,
        pendingQuantity: 0,
        pendingIssues: 1,
      });
      expect(await balance(rack.id, whA)).toMatchObject({ quantity: 3, lockedQuantity: 0 });
      const other = await add('salesProcess', sale([{ materialId: rack.id, quantity: 2, unitPrice: 200 }]), staff);
      expect(await approveAll(t, 'salesProcess', other.id, [lisi, boss])).toMatchObject({ status: '已通过' });
      expect(await balance(rack.id, whA)).toMatchObject({ quantity: 3, lockedQuantity: 2, availableQuantity: 1 });
      // Refused: 乙仓's hold ends; 甲仓 has 1 free, so the order holds 1 of the 2 there (never more than is free: the
      // refusal itself is never refused for want of stock).
      const refused = await refuse(doc.id);
      expect(refused.status, refused.message).toBe(200);
      expect(await balance(rack.id, whB)).toMatchObject({ quantity: 5, lockedQuantity: 0 });
      expect(await balance(rack.id, whA)).toMatchObject({ quantity: 3, lockedQuantity: 3, availableQuantity: 0 });
      expect(await holds(s.id, doc.id)).toEqual({ [s.id]: [[0, 1]], [doc.id]: [] });
      expect(await getRecord(t, 'salesProcess', s.id, boss)).toMatchObject({
        salesStage: '部分发货',
        pendingQuantity: 2,
        pendingIssues: 0,
      });
    });
  });

  describe('a 外发单 refused or withdrawn sends its orders back to 待分配', () => {
    const orderOf = (id: number) => getRecord(t, 'allocatePropOrders', id, boss);
    const factory = async (name: string) =>
      (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;
    /** Demo prop orders nobody has allocated yet. */
    async function freeOrders(n: number) {
      const r = await sql<{
        id: number;
        code: string;
      }>`SELECT id, code FROM records WHERE module = 'allocatePropOrders' AND deleted_at IS NULL
        AND status = '已通过' AND data->>'orderStage' = '待分配' AND data->>'allocateType' IS NULL ORDER BY id LIMIT ${n}`.execute(
        t.db,
      );
      expect(r.rows.length).toBe(n);
      return r.rows.map((x) => ({ id: Number(x.id), code: x.code }));
    }
    let drawing: Row;
    async function outsource(orderId: number, price: number) {
      await stageOk('allocatePropOrders', orderId, 'outsource', {
        factoryId: await factory('东莞市精工展示'),
        outsourceScope: d('outsourceScope', '整件外发'),
        outsourcePrice: price,
        planPeriod: [today, '2031-12-31'],
        urgency: d('urgency', '普通'),
      });
      const order = await orderOf(orderId);
      const [wf] = await bySource('propOutsourcing', order.code);
      return wf;
    }
    const save = async (id: number, patch: Row = {}, submit = false) =>
      t.call(
        'POST',
        api('propOutsourcing', 'update'),
        { ...(await getRecord(t, 'propOutsourcing', id, boss)), drawings: [drawing], ...patch, id, submit },
        boss,
      );
    const submit = (id: number) => t.call('POST', api('propOutsourcing', 'submit'), { id }, boss);

    beforeAll(async () => {
      drawing = await uploadPng(t, boss, '外发图纸.png');
    });

    it('the demo story: its refused and its withdrawn 外发单 left their orders 待分配', async () => {
      for (const status of ['已驳回', '已撤回']) {
        const r = await sql<{
          lines: Row[];
        }>`SELECT lines FROM records WHERE module = 'propOutsourcing' AND deleted_at IS NULL AND status = ${status}`.execute(
          t.db,
        );
        expect(r.rows.length).toBeGreaterThan(0);
        for (const wf of r.rows) {
          for (const l of wf.lines) {
            const o = await sql<{
              data: Row;
            }>`SELECT data FROM records WHERE module = 'allocatePropOrders' AND deleted_at IS NULL AND code = ${l.orderCode}`.execute(
              t.db,
            );
            expect(o.rows[0].data).toMatchObject({ orderStage: '待分配', allocateType: '外发' });
          }
        }
      }
    });

    it('refused → 待分配; edited and resubmitted → 外发中; withdrawn → 待分配; resubmitted and approved → 回厂 → 待质检', async () => {
      const [o] = await freeOrders(1);
      const wf = await outsource(o.id, 900);
      expect(wf.status).toBe('待提交');
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '外发中', allocateType: '外发' });
      const sent = await save(wf.id, {}, true);
      expect(sent.status, sent.message).toBe(200);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '外发中' });

      // Refused: the order may be allocated again; the same refusal sent twice changes nothing more.
      const refused = await refuse(wf.id);
      expect(refused.status, refused.message).toBe(200);
      expect(await getRecord(t, 'propOutsourcing', wf.id, boss)).toMatchObject({ status: '已驳回' });
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待分配', allocateType: '外发' });
      const pending = await call('POST', api('allocatePropOrders', 'page'), {
        pageNum: 1,
        pageSize: 100,
        tab: 'pending',
      });
      expect(pending.list.map((x: Row) => x.code)).toContain(o.code);
      const again = await t.call(
        'POST',
        '/api/oa/process/refuse',
        { taskId: refused.task.taskId, processInstanceId: refused.task.processInstanceId, comments: '不同意' },
        refused.token,
      );
      expect(again.status).not.toBe(200);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待分配' });

      // Its price corrected (the order, given back, is still its to name) and resubmitted: 外发中 again, once.
      const fixed = await save(
        wf.id,
        { lines: [{ orderCode: o.code, quantity: (await orderOf(o.id)).quantity, unitPrice: 800 }] },
        true,
      );
      expect(fixed.status, fixed.message).toBe(200);
      expect(await getRecord(t, 'propOutsourcing', wf.id, boss)).toMatchObject({ status: '审批中' });
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '外发中' });
      expect((await submit(wf.id)).status).toBe(409);

      // Withdrawn: 待分配 again; withdrawn twice: refused.
      expect((await withdraw(wf.id)).status).toBe(200);
      expect((await withdraw(wf.id)).status).toBe(409);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待分配' });

      // Resubmitted as it is and approved: 外发中, then 回厂 → 待质检 as any 外发单.
      expect((await submit(wf.id)).status).toBe(200);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '外发中' });
      expect(await approveAll(t, 'propOutsourcing', wf.id, [lisi, boss])).toMatchObject({
        status: '已通过',
        outsourceStage: '外发中',
      });
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '外发中' });
      await stageOk('propOutsourcing', wf.id, 'return', { returnDate: today });
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待质检' });
      // Approved, it gives nothing back any more: no withdrawal of an approved 外发单.
      expect((await withdraw(wf.id)).status).not.toBe(200);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待质检' });
    });

    it('an order allocated again after the refusal: the old 外发单 resubmitted is refused and changes nothing', async () => {
      const [o, fresh] = await freeOrders(2);
      const wf = await outsource(o.id, 700);
      expect((await save(wf.id, {}, true)).status).toBe(200);
      expect((await withdraw(wf.id)).status).toBe(200);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待分配' });

      // A new 外发单 names the given-back order: submitting it sends the order 外发中.
      const quantity = (await orderOf(o.id)).quantity;
      const wf2 = await add('propOutsourcing', {
        factoryId: await factory('东莞市精工展示'),
        outsourceScope: d('outsourceScope', '整件外发'),
        planReturnDate: '2031-12-31',
        drawings: [drawing],
        lines: [{ orderCode: o.code, quantity, unitPrice: 650 }],
      });
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待分配' });
      expect((await submit(wf2.id)).status).toBe(200);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '外发中' });
      // The first one resubmitted now would send the order out twice: refused, nothing changes.
      const twice = await submit(wf.id);
      expect(twice.status).toBe(409);
      expect(twice.message).toContain('当前为「外发中」');
      expect(await getRecord(t, 'propOutsourcing', wf.id, boss)).toMatchObject({ status: '已撤回' });

      // The second refused, the order allocated to a workshop: resubmitting the second is refused too.
      expect((await refuse(wf2.id)).status).toBe(200);
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '待分配' });
      const workshop = await add('workshopManage', {
        workshopName: '木工车间（驳回测试）',
        workshopType: d('workshopType', '木工'),
        leaderId: await userId(t, 'demo'),
        enabled: true,
      });
      await stageOk('allocatePropOrders', o.id, 'make', { workshopId: workshop.id, planPeriod: [today, '2031-12-31'] });
      const late = await submit(wf2.id);
      expect(late.status).toBe(409);
      expect(late.message).toContain('当前为「制作中」，不能变为「外发中」');
      expect(await orderOf(o.id)).toMatchObject({ orderStage: '制作中', allocateType: '自制' });
      expect(await getRecord(t, 'propOutsourcing', wf2.id, boss)).toMatchObject({ status: '已驳回' });

      // An order nobody allocated to a factory cannot be named on a 外发单.
      const stray = await t.call(
        'POST',
        api('propOutsourcing', 'add'),
        {
          factoryId: await factory('东莞市精工展示'),
          outsourceScope: d('outsourceScope', '整件外发'),
          planReturnDate: '2031-12-31',
          drawings: [drawing],
          lines: [{ orderCode: fresh.code, quantity: 1, unitPrice: 100 }],
        },
        boss,
      );
      expect(stray.status).toBe(400);
      expect(stray.message).toContain('第1行道具订单不存在或不可选');
      expect(await orderOf(fresh.id)).toMatchObject({ orderStage: '待分配' });
    });
  });
});
