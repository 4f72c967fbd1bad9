// Props catalogue: 配件项目, 我的道具, 道具登记 → 道具核价 → 我的道具, 车间管理, 道具字典 — all data.
// A registration is approved (technical review) → 待核价 and creates (or versions) the /myProp record; its
// pricing is approved → the prop's standardPrice is written and the registration reads 已核价; 入库 → 已入库.
// Refused cases: bad input, illegal stage jumps, a price below cost + 10 % without a manager; re-sending changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api, getRecord, uploadPng } from '../helpers/records';
import { DEMO } from '../../src/server/seed';

type Row = Record<string, any>;

describe.each(oneDialect())('props catalogue on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let leader: string;
  let dict: Record<string, any[]>;
  let img: { url: string; name: string };

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'unit',
      'materialCategory',
      'propCategory',
      'boardMaterial',
      'surfaceFinish',
      'accessoryCategory',
      'costItem',
      'workshopType',
      'process',
    ]));
    // The demo binds 道具登记 to 道具技术评审 (生产部负责人 郑凯) and low quotes to 低价核价审批 (总经理).
    leader = await t.login('zhengkai', DEMO.password);
    img = await uploadPng(t, boss, '效果图.png');
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  async function call(method: 'POST' | 'GET', url: string, body: unknown, token = boss) {
    const r = await t.call(method, url, body, token);
    expect(r.status, r.message).toBe(200);
    return r.data as Row;
  }
  const add = (module: string, body: Row, token = boss) => call('POST', api(module, 'add'), body, token);
  const partnerId = async (name: string) =>
    (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: name })).list[0].id as number;

  it('我的道具: a prop entered directly is in the library; bad input is refused in Chinese', async () => {
    const hinge = await add('accessoryProject', {
      accessoryName: '阻尼铰链（测试）',
      accessoryCategory: d('accessoryCategory', '五金件'),
      spec: '35mm 全盖',
      unit: d('unit', '个'),
      unitPrice: 6.5,
    });
    expect(hinge.code).toMatch(/^PJ\d{12}$/);
    const p = await add('myProp', {
      propName: '收银台（测试）',
      propNo: 'T-0001',
      propCategory: d('propCategory', '收银台'),
      size: { length: 1800, width: 600, height: 1050 },
      boardMaterial: d('boardMaterial', '多层板'),
      surfaceFinish: [d('surfaceFinish', '钢琴烤漆')],
      images: [img],
      lines: [
        {
          itemType: '部件',
          partName: '台面',
          material: d('boardMaterial', '多层板'),
          size: '1800×600×18',
          quantity: 1,
          unit: '块',
        },
        { itemType: '配件', accessoryId: hinge.id, quantity: 4 },
      ],
    });
    expect(p).toMatchObject({
      code: expect.stringMatching(/^DJ\d{12}$/),
      libraryStatus: '已入库',
      enabled: true,
      status: '已通过',
    });
    expect(p.lines[1]).toMatchObject({ accessoryIdName: expect.stringContaining('阻尼铰链'), unit: '个' });
    for (const [body, message] of [
      [
        {
          propNo: 'T-0002',
          propCategory: d('propCategory', '中岛'),
          size: { length: 1200, width: 1200, height: 900 },
          images: [img],
        },
        '道具名称',
      ],
      [
        {
          propName: '无图',
          propNo: 'T-0003',
          propCategory: d('propCategory', '中岛'),
          size: { length: 1200, width: 1200, height: 900 },
        },
        '效果图',
      ],
      [
        {
          propName: '超大',
          propNo: 'T-0004',
          propCategory: d('propCategory', '中岛'),
          size: { length: 30000, width: 1200, height: 900 },
          images: [img],
        },
        '20000',
      ],
      [
        {
          propName: '重号',
          propNo: 'T-0001',
          propCategory: d('propCategory', '中岛'),
          size: { length: 1200, width: 1200, height: 900 },
          images: [img],
        },
        '该道具编号已存在',
      ],
      [
        {
          propName: '自定价',
          propNo: 'T-0005',
          standardPrice: 1,
          propCategory: d('propCategory', '中岛'),
          size: { length: 1200, width: 1200, height: 900 },
          images: [img],
        },
        null,
      ],
    ] as [Row, string | null][]) {
      const r = await t.call('POST', api('myProp', 'add'), body, boss);
      if (message === null) {
        // standardPrice is the server's (written by an approved pricing): what a client sends is ignored.
        expect(r.status, r.message).toBe(200);
        expect(r.data.standardPrice ?? null).toBeNull();
      } else {
        expect(r.status).toBe(message === '该道具编号已存在' ? 409 : 400);
        expect(r.message).toContain(message);
      }
    }
  });

  const submit = (module: string, id: number, token = staff) => t.call('POST', api(module, 'submit'), { id }, token);
  const stage = (module: string, id: number, action: string, values: Row = {}, token = boss) =>
    t.call('POST', api(module, 'stage'), { id, action, values }, token);
  const rowOf = async (module: string, id: number) =>
    (
      await sql<{
        id: number;
        code: string;
        status: string;
        data: Row;
        lines: Row[];
        updated_at: unknown;
      }>`SELECT id, code, status, data, lines, updated_at FROM records
      WHERE module = ${module} AND id = ${id}`.execute(t.db)
    ).rows[0];
  const madeBy = async (registrationCode: string) =>
    (
      await sql<{
        id: number;
        data: Row;
        lines: Row[];
      }>`SELECT id, data, lines FROM records WHERE module = 'myProp' AND deleted_at IS NULL
      AND data->>'registrationCode' = ${registrationCode}`.execute(t.db)
    ).rows;
  async function task(id: number, token: string) {
    return (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
  }

  let customer: number;
  let otherCustomer: number;
  let hinge: Row;
  let board: Row;
  const registration = (extra: Row = {}) => ({
    propName: '金缘珠宝 高柜（测试）',
    customerId: customer,
    propCategory: d('propCategory', '高柜'),
    size: { length: 1200, width: 500, height: 2200 },
    boardMaterial: d('boardMaterial', '多层板'),
    surfaceFinish: [d('surfaceFinish', '钢琴烤漆'), d('surfaceFinish', '拉丝不锈钢')],
    requirement: '柜体内置灯带，玻璃层板 8mm 钢化',
    expectedDate: '2031-05-20',
    drawings: [img],
    images: [img],
    lines: [
      {
        itemType: '木作部件',
        partName: '柜体侧板',
        material: d('boardMaterial', '多层板'),
        thickness: 18,
        size: '2200×500',
        quantity: 2,
        unit: '块',
      },
      {
        itemType: '木作部件',
        partName: '顶板',
        material: d('boardMaterial', '多层板'),
        thickness: 18,
        size: '1200×500',
        quantity: 1,
        unit: '块',
      },
      { itemType: '配件', partName: '门铰链', accessoryId: hinge.id, quantity: 4 },
    ],
    ...extra,
  });
  const pricing = (propId: number, quotePrice: number, extra: Row = {}) => ({
    propId,
    quantity: 2,
    profitRate: 25,
    quotePrice,
    lines: [
      { costItem: '材料', materialId: board.id, quantity: 3, unitPrice: 100 },
      { costItem: '配件', accessoryId: hinge.id, quantity: 8 },
      { costItem: '人工', spec: '木工 2 人 × 1 天', quantity: 2, unit: '工日', unitPrice: 350 },
      { costItem: '包装', quantity: 2, unit: '套', unitPrice: 60 },
      { costItem: '物流', quantity: 1, unit: '车', unitPrice: 280 },
      { costItem: '安装', quantity: 2, unit: '台', unitPrice: 150 },
    ],
    ...extra,
  });

  it('道具登记 → 技术评审通过 → 我的道具 (待核价) → 核价 → 标准单价, 已核价 → 入库 → 已入库; refused jumps and re-sends change nothing', async () => {
    customer = await partnerId('金缘珠宝');
    otherCustomer = (await call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 50 })).list.find(
      (p: Row) => String(p.partnerTypeName).includes('客户') && p.id !== customer,
    ).id;
    hinge = await add('accessoryProject', {
      accessoryName: '液压铰链（登记测试）',
      accessoryCategory: d('accessoryCategory', '五金件'),
      spec: '110° 全盖',
      unit: d('unit', '个'),
      unitPrice: 7.5,
    });
    board = await add('materialDictionary', {
      materialCategory: d('materialCategory', '多层板'),
      dictCode: 'HJ-0001',
      dictName: '18mm 多层板（核价测试）',
      spec: '2440×1220×18mm',
      unit: d('unit', '张'),
      refPrice: 100,
    });

    // Only a registration with at least one 木作部件 may be submitted.
    const noParts = await add(
      'propRegistration',
      registration({ lines: [{ itemType: '配件', partName: '门铰链', accessoryId: hinge.id, quantity: 4 }] }),
      staff,
    );
    expect(await submit('propRegistration', noParts.id)).toMatchObject({
      status: 400,
      message: '请至少登记一个木作部件',
    });
    // Required fields and ranges answer in Chinese.
    for (const [extra, message] of [
      [{ drawings: [] }, '图纸'],
      [{ customerId: undefined }, '客户'],
      [{ lines: [{ itemType: '木作部件', partName: '背板', thickness: 200, quantity: 1 }] }, '1-100'],
    ] as [Row, string][]) {
      const r = await t.call('POST', api('propRegistration', 'add'), registration(extra), staff);
      expect(r.status).toBe(400);
      expect(r.message).toContain(message);
    }

    const reg = await add('propRegistration', registration(), staff);
    expect(reg.code).toMatch(/^DL\d{12}$/);
    expect(reg.lines[2]).toMatchObject({ accessoryIdName: expect.stringContaining('液压铰链'), unit: '个' });
    expect((await stage('propRegistration', reg.id, 'stockIn', { stockInDate: '2031-05-01' })).status).toBe(409);
    expect((await submit('propRegistration', reg.id)).status).toBe(200);
    expect((await submit('propRegistration', reg.id)).status).not.toBe(200);
    expect(await madeBy(reg.code)).toHaveLength(0);
    const approved = await approveAll(t, 'propRegistration', reg.id, [leader, boss, lisi]);
    expect(approved).toMatchObject({ status: '已通过', regStage: '待核价' });

    // The approval made the prop: numbered after the registration, version 1, its parts as the BOM, waiting for a price.
    const made = await madeBy(reg.code);
    expect(made).toHaveLength(1);
    const propId = made[0].id;
    const prop = await getRecord(t, 'myProp', propId, boss);
    expect(prop).toMatchObject({
      propNo: `DJ${reg.code.slice(2)}`,
      propName: '金缘珠宝 高柜（测试）',
      customerId: customer,
      version: 1,
      libraryStatus: '待核价',
      enabled: true,
      size: { length: 1200, width: 500, height: 2200 },
      registrationCode: reg.code,
    });
    expect(prop.standardPrice ?? null).toBeNull();
    expect(prop.lines.map((l: Row) => [l.itemType, l.partName, l.thickness ?? null, l.quantity])).toEqual([
      ['部件', '柜体侧板', 18, 2],
      ['部件', '顶板', 18, 1],
      ['配件', '门铰链', null, 4],
    ]);
    expect(prop.lines[2].accessoryId).toBe(hinge.id);
    // Nothing is left to agree, and a withdrawal of the approved registration is refused: still one prop.
    expect((await task(reg.id, boss))?.taskId ?? null).toBeNull();
    expect((await t.call('POST', '/api/oa/process/withdraw', { formId: reg.id }, staff)).status).not.toBe(200);
    expect(await madeBy(reg.code)).toHaveLength(1);

    // The pricing picker offers the prop as "{propNo} {propName}"; 客户 and 登记单号 come with it.
    const options = await call('POST', api('propPricing', 'options'), { field: 'propId', values: {} }, staff);
    expect(options.find((o: Row) => o.value === propId)?.label).toBe(`DJ${reg.code.slice(2)} 金缘珠宝 高柜（测试）`);

    // Costs come from the lines by cost item: 材料 300 + 配件 60 + 人工 700 + 包装 120 + 物流 280 + 安装 300 = 1760 for 2 → 880 each.
    const ok = await add(
      'propPricing',
      pricing(propId, 990, { quotePrice: 990, materialPrice: 1, costPrice: 1 }),
      staff,
    );
    expect(ok).toMatchObject({
      code: expect.stringMatching(/^HJ\d{12}$/),
      materialPrice: 300,
      accessoryPrice: 60,
      labourPrice: 700,
      outsourcePrice: 0,
      packPrice: 120,
      logisticsPrice: 280,
      installPrice: 300,
      costPrice: 1760,
      unitCost: 880,
      suggestPrice: 1100,
      registrationCode: reg.code,
      customerId: customer,
      lowMargin: false,
      actualRate: 11.11,
    });
    expect(ok.lines[1]).toMatchObject({ unitPrice: 7.5, totalPrice: 60, unit: '个' });
    expect(ok.lines[0]).toMatchObject({ unitPrice: 100, totalPrice: 300, unit: '张' });
    // 990 ≥ 880 × 1.1 = 968: no approval needed — it takes effect on submit.
    expect((await submit('propPricing', ok.id)).status).toBe(200);
    expect(await getRecord(t, 'propPricing', ok.id, staff)).toMatchObject({ status: '已通过' });
    expect(await getRecord(t, 'myProp', propId, boss)).toMatchObject({
      standardPrice: 990,
      libraryStatus: '已核价',
      version: 1,
    });
    expect(await getRecord(t, 'propRegistration', reg.id, boss)).toMatchObject({
      regStage: '已核价',
      pricingCode: ok.code,
      standardPrice: 990,
    });
    expect((await submit('propPricing', ok.id)).status).not.toBe(200);
    // 报价单 and 登记单 print as PDFs (the pages are printable).
    for (const [module, id] of [
      ['propPricing', ok.id],
      ['propRegistration', reg.id],
    ] as const) {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `${api(module, 'print')}?id=${id}`,
        headers: { Satoken: staff },
      });
      expect(pdf.headers['content-type'], module).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // 入库: 已核价 → 已入库, and the prop is in the library; a second 入库 is refused and changes nothing.
    expect((await stage('propRegistration', reg.id, 'stockIn', { stockInDate: '2031-05-02' }, staff)).status).toBe(200);
    expect(await getRecord(t, 'propRegistration', reg.id, boss)).toMatchObject({
      regStage: '已入库',
      stockInDate: '2031-05-02',
    });
    expect(await getRecord(t, 'myProp', propId, boss)).toMatchObject({ libraryStatus: '已入库', standardPrice: 990 });
    const before = await rowOf('myProp', propId);
    expect((await stage('propRegistration', reg.id, 'stockIn', { stockInDate: '2031-05-03' }, staff)).status).toBe(409);
    expect((await rowOf('myProp', propId)).data).toEqual(before.data);
    expect(await getRecord(t, 'propRegistration', reg.id, boss)).toMatchObject({ stockInDate: '2031-05-02' });

    // A quote below cost + 10 % needs the approval: nothing is written until it is agreed; a refusal writes nothing.
    const low = await add('propPricing', pricing(propId, 900), staff);
    expect(low).toMatchObject({ lowMargin: true, actualRate: 2.22 });
    expect((await submit('propPricing', low.id)).status).toBe(200);
    expect(await getRecord(t, 'propPricing', low.id, staff)).toMatchObject({ status: '审批中' });
    expect((await getRecord(t, 'myProp', propId, boss)).standardPrice).toBe(990);
    const tk = await task(low.id, boss);
    expect(
      (
        await t.call(
          'POST',
          '/api/oa/process/refuse',
          { taskId: tk.taskId, processInstanceId: tk.processInstanceId, comments: '低于成本加一成，请重新核价' },
          boss,
        )
      ).status,
    ).toBe(200);
    expect(await getRecord(t, 'propPricing', low.id, staff)).toMatchObject({ status: '已驳回' });
    expect((await getRecord(t, 'myProp', propId, boss)).standardPrice).toBe(990);
    // Resubmitted and agreed by the manager: the price is written; the registration (already 已入库) stays.
    expect((await submit('propPricing', low.id)).status).toBe(200);
    expect(await approveAll(t, 'propPricing', low.id, [boss, lisi])).toMatchObject({ status: '已通过' });
    expect(await getRecord(t, 'myProp', propId, boss)).toMatchObject({ standardPrice: 900, libraryStatus: '已入库' });
    expect(await getRecord(t, 'propRegistration', reg.id, boss)).toMatchObject({
      regStage: '已入库',
      pricingCode: ok.code,
    });

    // A zero quote and a pricing without cost lines are refused.
    expect(await t.call('POST', api('propPricing', 'add'), pricing(propId, 0), staff)).toMatchObject({
      status: 400,
      message: '报价单价必须大于 0',
    });
    const empty = await add('propPricing', { propId, quantity: 1, quotePrice: 100 }, staff);
    expect((await submit('propPricing', empty.id)).status).toBe(400);
  });

  it('a registration based on a prop versions it: same record, version + 1, the new BOM, 待核价 again', async () => {
    const made = (
      await sql<{ id: number; data: Row }>`SELECT id, data FROM records WHERE module = 'myProp' AND deleted_at IS NULL
      AND data->>'propName' = '金缘珠宝 高柜（测试）'`.execute(t.db)
    ).rows;
    expect(made).toHaveLength(1);
    const base = made[0];
    // A base prop of another customer is not offered and refused.
    const foreign = await t.call(
      'POST',
      api('propRegistration', 'add'),
      registration({ customerId: otherCustomer, basePropId: base.id }),
      staff,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.message).toContain('基于道具');

    const v2 = await add(
      'propRegistration',
      registration({
        propName: '金缘珠宝 高柜 二代（测试）',
        basePropId: base.id,
        size: { length: 1200, width: 550, height: 2200 },
        lines: [
          {
            itemType: '木作部件',
            partName: '柜体侧板',
            material: d('boardMaterial', 'E0密度板'),
            thickness: 15,
            size: '2200×550',
            quantity: 2,
            unit: '块',
          },
        ],
      }),
      staff,
    );
    expect((await submit('propRegistration', v2.id)).status).toBe(200);
    expect(await approveAll(t, 'propRegistration', v2.id, [leader, boss, lisi])).toMatchObject({
      status: '已通过',
      regStage: '待核价',
    });
    const prop = await getRecord(t, 'myProp', base.id, boss);
    expect(prop).toMatchObject({
      propNo: base.data.propNo,
      propName: '金缘珠宝 高柜 二代（测试）',
      version: 2,
      libraryStatus: '待核价',
      registrationCode: v2.code,
      size: { length: 1200, width: 550, height: 2200 },
      standardPrice: 900,
    });
    expect(prop.lines.map((l: Row) => [l.itemType, l.partName, l.materialName, l.thickness])).toEqual([
      ['部件', '柜体侧板', 'E0密度板', 15],
    ]);
    expect(await madeBy(v2.code)).toHaveLength(1);
  });

  it('车间管理: workshops with leader and members; names are unique, phones checked, a disabled workshop leaves the pickers', async () => {
    const users = (await t.db.selectFrom('users').select(['id', 'username']).execute()) as Row[];
    const uid = (name: string) => users.find((u) => u.username === name)!.id;
    const ws = await add('workshopManage', {
      workshopName: '木工一车间（测试）',
      workshopType: d('workshopType', '木工'),
      leaderId: uid('zhangsan'),
      memberIds: [uid('lisi')],
      processes: [d('process', '开料'), d('process', '封边')],
      dailyCapacity: 12,
      phone: '0769-22881234',
    });
    expect(ws).toMatchObject({
      code: expect.stringMatching(/^CJ\d{12}$/),
      memberCount: 2,
      enabled: true,
      processesName: '开料、封边',
    });
    expect(
      await t.call(
        'POST',
        api('workshopManage', 'add'),
        { workshopName: '木工一车间（测试）', workshopType: d('workshopType', '木工'), leaderId: uid('demo') },
        boss,
      ),
    ).toMatchObject({ status: 409, message: '该车间名称已存在' });
    expect(
      await t.call(
        'POST',
        api('workshopManage', 'add'),
        {
          workshopName: '喷涂车间（测试）',
          workshopType: d('workshopType', '喷涂'),
          leaderId: uid('demo'),
          phone: '12345',
        },
        boss,
      ),
    ).toMatchObject({ status: 400, message: '请输入正确的联系电话' });
    expect(
      (
        await t.call(
          'POST',
          api('workshopManage', 'add'),
          {
            workshopName: '超长的车间名称超长的车间名称超长的车间名称',
            workshopType: d('workshopType', '木工'),
            leaderId: uid('demo'),
          },
          boss,
        )
      ).status,
    ).toBe(400);
  });
});
