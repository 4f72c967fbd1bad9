// An annual evaluation's 准时率 and 质检合格率: stored aggregates over the records the partner took part
// in during the evaluation year — 外发单 returned by 约定回厂日 (a condition comparing two fields of the source
// record), 质检 of its orders (the 质检单 copies the factory from its picked order) — recomputed on every save, the
// client's figures ignored, and written out as the 评价依据 sentence. Figures checked by hand below.
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

describe.each(oneDialect())('evaluation figures on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let dict: Record<string, any[]>;

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'outsourceScope',
      'propCategory',
      'boardMaterial',
      'partnerType',
      'evalItem',
    ]));
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const { call, add, stageOk } = flowCalls(
    () => t,
    () => boss,
  );
  const partnerId = async (name: string) =>
    (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;

  async function makeProp(name: string, no: string, customerId: number) {
    const prop = await add('myProp', {
      propName: name,
      propNo: no,
      customerId,
      propCategory: d('propCategory', '中岛'),
      size: { length: 1200, width: 600, height: 900 },
      boardMaterial: d('boardMaterial', '多层板'),
      images: [await uploadPng(t, boss, `${name}.png`)],
      drawings: [await uploadPng(t, boss, `${name}-图纸.png`)],
      enabled: true,
    });
    await sql`UPDATE records SET data = data || ${JSON.stringify({ standardPrice: 1000 })}::jsonb WHERE id = ${prop.id}`.execute(
      t.db,
    );
    return prop;
  }

  it('准时率 = 外发单 returned by 约定回厂日 of the year; 质检合格率 = Σ合格 / Σ送检 of its orders; client figures ignored', async () => {
    const customer = await partnerId('金缘珠宝');
    const factory = await add(
      'partnerInfo',
      {
        partnerName: '佛山评价测试外协厂（测试）',
        partnerType: [d('partnerType', '外协工厂')],
        contactName: '陈厂长',
        contactPhone: '13912345678',
        submit: true,
      },
      staff,
    );
    expect(await approveAll(t, 'partnerInfo', factory.id, [lisi, boss, staff])).toMatchObject({ status: '已通过' });

    // Three props, one project line each → three orders, all outsourced to the factory, due 2020-05-10, -20, -30.
    const props = [
      await makeProp('评价测试展柜A', 'DJ-EV01', customer),
      await makeProp('评价测试展柜B', 'DJ-EV02', customer),
      await makeProp('评价测试展柜C', 'DJ-EV03', customer),
    ];
    const project = await add('propProject', {
      projectName: '评价测试项目（测试）',
      customerId: customer,
      processCode: await propProcessCode(t),
      contractNo: 'HT-EV-001',
      deliveryDate: '2020-06-30',
      installRequired: false,
      address: '佛山市禅城区',
      lines: props.map((p, i) => ({ propId: p.id, quantity: [4, 2, 5][i], storeName: '祖庙店' })),
    });
    expect((await t.call('POST', api('propProject', 'submit'), { id: project.id }, boss)).status).toBe(200);
    expect(await approveAll(t, 'propProject', project.id, [lisi, boss])).toMatchObject({ status: '已通过' });
    const orders = (await recordsWhere(t, 'allocatePropOrders', 'sourceCode', project.code)).sort(
      (a, b) => a.data.quantity - b.data.quantity,
    );
    const [o2, o4, o5] = orders; // quantities 2, 4, 5
    const plan = new Map([
      [o4.id, '2020-05-10'],
      [o2.id, '2020-05-20'],
      [o5.id, '2020-05-30'],
    ]);
    const returned = new Map([
      [o4.id, '2020-05-09'],
      [o2.id, '2020-05-20'],
      [o5.id, '2020-06-02'],
    ]); // early, on the day, 3 days late
    for (const o of [o4, o2, o5]) {
      await stageOk('allocatePropOrders', o.id, 'outsource', {
        factoryId: factory.id,
        outsourceScope: d('outsourceScope', '整件外发'),
        outsourcePrice: 500,
        planPeriod: ['2020-05-01', plan.get(o.id)],
      });
      const [wf] = await recordsWhere(t, 'propOutsourcing', 'sourceCode', o.code);
      expect(wf.data.planReturnDate).toBe(plan.get(o.id));
      expect((await t.call('POST', api('propOutsourcing', 'submit'), { id: wf.id }, boss)).status).toBe(200);
      expect(await approveAll(t, 'propOutsourcing', wf.id, [lisi, boss])).toMatchObject({ status: '已通过' });
      await stageOk('propOutsourcing', wf.id, 'return', { returnDate: returned.get(o.id) });
    }
    // QC: 4/4 合格, 2/2 合格, 3 of 5 不合格 (back to the factory) — the 质检单 reads the factory from its order.
    const qc = (o: Row, body: Row) =>
      add('propQualityTesting', { orderCode: o.code, inspectDate: '2020-06-05', submit: true, ...body });
    const q1 = await qc(o4, { inspectQuantity: 4, qualifiedQuantity: 4, result: '合格' });
    expect(q1).toMatchObject({
      factoryId: factory.id,
      factoryIdName: '佛山评价测试外协厂（测试）',
      sourceType: '外发',
    });
    await qc(o2, { inspectQuantity: 2, qualifiedQuantity: 2, result: '合格', factoryId: 1 });
    await qc(o5, {
      inspectQuantity: 5,
      qualifiedQuantity: 3,
      result: '不合格',
      defectDesc: '两件封边开裂',
      handling: '返修外协',
    });
    expect((await getRecord(t, 'propQualityTesting', q1.id, boss)).factoryId).toBe(factory.id);

    const items = ['产品质量', '交货及时', '价格水平', '服务配合', '资质合规'];
    const body = (year: number) => ({
      year,
      partnerId: factory.id,
      evaluatorIds: [1],
      conclusion: '继续合作',
      lines: items.map((x, i) => ({ evalItem: d('evalItem', x), weight: [30, 25, 20, 15, 10][i], score: 80 })),
      // What a client says of the figures is ignored.
      dueOrders: 1,
      onTimeOrders: 1,
      onTimeRate: 100,
      inspectQuantity: 1,
      qualifiedQuantity: 1,
      qcPassRate: 100,
      autoBasis: '全部准时',
    });
    const ev = await add('annualEvaluation', body(2020));
    // By hand: due 3 (all planned in 2020, before today), on time 2 (05-09 ≤ 05-10, 05-20 ≤ 05-20; 06-02 > 05-30) → 66.7;
    // inspected 4 + 2 + 5 = 11, qualified 4 + 2 + 3 = 9 → 81.8.
    expect(ev).toMatchObject({
      dueOrders: 3,
      onTimeOrders: 2,
      onTimeRate: 66.7,
      inspectQuantity: 11,
      qualifiedQuantity: 9,
      qcPassRate: 81.8,
    });
    expect(ev.autoBasis).toBe('准时率 66.7%（2/3）；质检合格率 81.8%（9/11）');
    // Another year of the same partner: nothing due, nothing inspected.
    const other = await add('annualEvaluation', body(2021));
    expect(other).toMatchObject({ dueOrders: 0, onTimeOrders: 0, inspectQuantity: 0, qualifiedQuantity: 0 });
    expect([other.onTimeRate ?? null, other.qcPassRate ?? null]).toEqual([null, null]);
    expect(other.autoBasis).toBe('准时率 —（本年无到期单据）；质检合格率 —（本年无质检）');

    // The list shows the figures; a re-save recomputes them (a client's figures are dropped again).
    const listed = await call('POST', api('annualEvaluation', 'page'), {
      pageNum: 1,
      pageSize: 50,
      keyword: '佛山评价测试外协厂',
    });
    expect(listed.list.find((r: Row) => r.id === ev.id)).toMatchObject({ onTimeRate: 66.7, qcPassRate: 81.8 });
    const again = await call('POST', api('annualEvaluation', 'update'), {
      ...(await getRecord(t, 'annualEvaluation', ev.id, boss)),
      onTimeRate: 0,
      dueOrders: 50,
    });
    expect(again).toMatchObject({ dueOrders: 3, onTimeOrders: 2, onTimeRate: 66.7, qcPassRate: 81.8 });
  });
});
