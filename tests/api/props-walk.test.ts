// One prop project walked whole: two props are registered (技术评审) and priced (one
// takes effect on submit, one below cost + 10 % needs the manager's approval: both write /myProp's price), a
// project of two lines is approved (two orders DD…). Order 1 is made in a workshop (开工, 领料, 完工), fails QC
// (返工), is remade and passes, packed, stocked, shipped (物流费 payable) and installed (安装费 payable through an
// approved 结算申请). Order 2 goes to a factory (外发单 approved, 回厂), passes QC, is packed, shipped, installed,
// and the 外发单 settles (外协加工费 payable). The project settles with the customer (a receivable, orders and
// project 已结算) and is cleared once collected. After EVERY call: each order's stage and the payables and
// receivables the walk made (source, type, amount) are asserted; then the very same call is sent again and must
// be refused with a message (or succeed idempotently) and change nothing: no stage, no record of any module.
// New records and stage actions carry a request key as the pages send them (one per drawer or dialog): the same
// key again answers what the first call did — without it a re-sent 新增 or 领料 made a second document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { openDemoSuite, dictItemId, type TestApp } from '../helpers/test-app';
import { dataApi as api, getRecord, recordsWhere, uploadPng, propProcessCode } from '../helpers/records';
import { DEMO } from '../../src/server/seed';

type Row = Record<string, any>;
type Envelope = { status: number; message: string; data: any };

describe.each(oneDialect())('one prop project walked from registration to settlement on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let lisi: string;
  let staff: string;
  let leader: string;
  let dict: Record<string, any[]>;
  /** Records made before the walk; the walk's own records are above it. */
  let before = 0;

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'propCategory',
      'boardMaterial',
      'surfaceFinish',
      'workshopType',
      'outsourceScope',
      'invoiceType',
      'packType',
      'logisticsMode',
      'paymentMethod',
    ]));
    leader = await t.login('zhengkai', DEMO.password);
    before = Number((await sql<{ m: number }>`SELECT max(id) AS m FROM records`.execute(t.db)).rows[0].m);
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const send = (method: 'POST' | 'GET', url: string, body?: unknown, token = boss): Promise<Envelope> =>
    t.call(method, url, body, token);
  const idOf = async (module: string, keyword: string) =>
    (await send('POST', api(module, 'page'), { pageNum: 1, pageSize: 5, keyword })).data.list[0].id as number;

  /** Everything the walk made: records per module, and the payables and receivables (source, type, amount, balance). */
  async function state() {
    const counts = (
      await sql<{ module: string; n: number }>`SELECT module, count(*) AS n FROM records
      WHERE id > ${before} AND deleted_at IS NULL GROUP BY module ORDER BY module`.execute(t.db)
    ).rows.map((r) => `${r.module}:${Number(r.n)}`);
    const money = (
      await sql<{
        module: string;
        data: Row;
      }>`SELECT module, data FROM records WHERE id > ${before} AND deleted_at IS NULL
      AND module IN ('financialPayables', 'financialReceivable') ORDER BY id`.execute(t.db)
    ).rows.map(({ module, data }) =>
      module === 'financialPayables'
        ? ['应付', data.sourceCode, data.payableTypeName, data.payablePrice, data.balancePrice]
        : ['应收', data.sourceCode, data.incomeTypeName, data.contractPrice, data.balancePrice],
    );
    return { counts, money };
  }
  let orders: StoredOrder[] = [];
  type StoredOrder = { id: number; code: string };
  const stages = async () =>
    Promise.all(orders.map(async (o) => (await getRecord(t, 'allocatePropOrders', o.id, boss)).orderStage as string));

  /**
   * One step of the walk: the call succeeds; afterwards each order is at `expectStages` and the walk's payables and
   * receivables are `expectMoney`. The very same call sent again is refused with a Chinese message (or is an
   * idempotent success) and changes nothing: same stages, same records of every module, same money.
   */
  async function step(label: string, call: () => Promise<Envelope>, expectStages: string[], expectMoney: unknown[][]) {
    const r = await call();
    expect(r.status, `${label}: ${r.message}`).toBe(200);
    const after = { stages: await stages(), ...(await state()) };
    expect(after.stages, label).toEqual(expectStages);
    expect(after.money, label).toEqual(expectMoney);
    const again = await call();
    if (again.status === 200 && r.data?.id !== undefined)
      expect(again.data?.id, `${label} re-sent answers the same record`).toBe(r.data.id);
    if (again.status !== 200) {
      expect([400, 409], `${label} re-sent: ${again.status} ${again.message}`).toContain(again.status);
      expect(again.message, `${label} re-sent`).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      { stages: await stages(), ...(await state()) },
      `${label} re-sent (${again.status} ${again.message})`,
    ).toEqual(after);
    return r.data;
  }
  // A new record's call carries its request key, as the drawer's 提交 does: the same call again makes nothing new.
  let keys = 0;
  const add = (module: string, body: Row, token = boss) => {
    const requestKey = `walk-${++keys}-${module}`;
    return () => send('POST', api(module, 'add'), { ...body, requestKey }, token);
  };
  const update =
    (module: string, body: Row, token = boss) =>
    () =>
      send('POST', api(module, 'update'), body, token);
  const submit =
    (module: string, id: number, token = boss) =>
    () =>
      send('POST', api(module, 'submit'), { id }, token);
  // So does a stage action's (one key per dialog): the same action sent again does not act twice.
  const stage = (module: string, id: number, action: string, values: Row = {}, token = boss) => {
    const requestKey = `walk-${++keys}-${action}`;
    return () => send('POST', api(module, 'stage'), { id, action, values, requestKey }, token);
  };
  /** Agrees the record's open tasks one by one (each agree a step), whoever of `tokens` holds them. */
  async function approve(
    label: string,
    module: string,
    id: number,
    tokens: string[],
    expectStages: string[],
    expectMoney: unknown[][],
  ) {
    for (let i = 0; i < 6; i++) {
      let task: Row | null = null;
      let holder = '';
      for (const token of tokens) {
        task = (await send('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
        if (task?.taskId) {
          holder = token;
          break;
        }
      }
      if (!task?.taskId) break;
      const body = { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '同意' };
      await step(
        `${label} (agree ${i + 1})`,
        () => send('POST', '/api/oa/process/agree', body, holder),
        expectStages,
        expectMoney,
      );
    }
    const rec = await getRecord(t, module, id, boss);
    expect(rec.status, label).toBe('已通过');
    return rec;
  }

  it('registration → pricing → project → two orders (自制 with one rework, 外发) → delivery → installation → settlement → 结清', async () => {
    const customer = await idOf('partnerInfo', '金缘珠宝');
    const carrier = await idOf('partnerInfo', '广州德运物流');
    const installer = await idOf('partnerInfo', '杭州之江展示安装');
    const factory = await idOf('partnerInfo', '东莞市精工展示');
    const warehouse = await idOf('storeSetting', '成品仓');
    const rawStore = await idOf('storeSetting', '原材料仓');
    const img = await uploadPng(t, staff, '效果图.png');
    const none: unknown[][] = [];

    // ---- 道具登记 (技术评审) → 我的道具 待核价 → 道具核价 → 标准单价.
    const registration = (propName: string) => ({
      propName,
      customerId: customer,
      propCategory: d('propCategory', '高柜'),
      size: { length: 1200, width: 500, height: 2200 },
      boardMaterial: d('boardMaterial', '多层板'),
      surfaceFinish: [d('surfaceFinish', '钢琴烤漆')],
      requirement: '柜体内置灯带',
      expectedDate: '2031-04-20',
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
      ],
    });
    const props: number[] = [];
    for (const name of ['走查中岛柜', '走查背柜灯箱']) {
      const reg = await step(`登记 ${name}`, add('propRegistration', registration(name), staff), [], none);
      // A re-sent 新增 is a second draft registration only if the product allows it: the step above proves it does not.
      await step(`提交登记 ${name}`, submit('propRegistration', reg.id, staff), [], none);
      expect(
        await approve(`技术评审 ${name}`, 'propRegistration', reg.id, [leader, boss, lisi], [], none),
      ).toMatchObject({ regStage: '待核价' });
      const [prop] = await recordsWhere(t, 'myProp', 'registrationCode', reg.code);
      expect(prop.data).toMatchObject({ propName: name, libraryStatus: '待核价' });
      props.push(prop.id);
    }
    // Prop 1 at 6000 against a unit cost of 4000 (≥ cost + 10 %): in effect on submit.
    const labour = (unitPrice: number) => [{ costItem: '人工', spec: '木工', quantity: 10, unit: '工日', unitPrice }];
    const p1 = await step(
      '核价 1',
      add(
        'propPricing',
        { propId: props[0], quantity: 1, profitRate: 30, quotePrice: 6000, lines: labour(400) },
        staff,
      ),
      [],
      none,
    );
    expect(p1).toMatchObject({ costPrice: 4000, lowMargin: false });
    await step('提交核价 1', submit('propPricing', p1.id, staff), [], none);
    expect(await getRecord(t, 'myProp', props[0], boss)).toMatchObject({
      standardPrice: 6000,
      libraryStatus: '已核价',
    });
    // Prop 2 at 5200 against 5000: below cost + 10 %, the manager's approval writes the price.
    const p2 = await step(
      '核价 2',
      add(
        'propPricing',
        { propId: props[1], quantity: 1, profitRate: 30, quotePrice: 5200, lines: labour(500) },
        staff,
      ),
      [],
      none,
    );
    expect(p2).toMatchObject({ lowMargin: true });
    await step('提交核价 2', submit('propPricing', p2.id, staff), [], none);
    expect((await getRecord(t, 'myProp', props[1], boss)).standardPrice ?? null).toBeNull();
    await approve('低价核价审批', 'propPricing', p2.id, [boss, lisi], [], none);
    expect(await getRecord(t, 'myProp', props[1], boss)).toMatchObject({
      standardPrice: 5200,
      libraryStatus: '已核价',
    });

    // ---- 道具项目: two lines priced from the library; approval makes two orders 待分配.
    const project = await step(
      '道具项目',
      add('propProject', {
        projectName: '金缘珠宝走查项目',
        customerId: customer,
        processCode: await propProcessCode(t),
        contractNo: 'HT-WALK-001',
        deliveryDate: '2031-06-30',
        installRequired: true,
        address: '杭州市上城区东坡路7号',
        lines: [
          { propId: props[0], quantity: 3, storeName: '湖滨店' },
          { propId: props[1], quantity: 2, storeName: '湖滨店' },
        ],
      }),
      [],
      none,
    );
    expect(project).toMatchObject({ contractPrice: 3 * 6000 + 2 * 5200 });
    await step('提交项目', submit('propProject', project.id), [], none);
    await approve('项目审批', 'propProject', project.id, [lisi, boss], [], none);
    orders = await recordsWhere(t, 'allocatePropOrders', 'sourceCode', project.code);
    expect(orders.map((o) => o.code)).toEqual([expect.stringMatching(/^DD/), expect.stringMatching(/^DD/)]);
    const [o1, o2] = orders;
    expect(await stages()).toEqual(['待分配', '待分配']);
    expect(await getRecord(t, 'allocatePropOrders', o1.id, boss)).toMatchObject({
      unitPrice: 6000,
      quantity: 3,
      contractPrice: 18000,
    });

    // An illegal jump is refused with a message and moves nothing: no QC of an order that was not made.
    const early = await send('POST', api('propQualityTesting', 'add'), {
      orderCode: o1.code,
      inspectQuantity: 3,
      qualifiedQuantity: 3,
      result: '合格',
      inspectDate: '2031-05-01',
      submit: true,
    });
    expect(early.status).toBe(400);
    expect(early.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await stages()).toEqual(['待分配', '待分配']);

    // ---- Order 1: 自制.
    const bossId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    const workshop = await step(
      '车间',
      add('workshopManage', {
        workshopName: '走查木工车间',
        workshopType: d('workshopType', '木工'),
        leaderId: bossId,
        enabled: true,
      }),
      ['待分配', '待分配'],
      none,
    );
    // The same new-record call twice at once makes one record: the second answers it, or is refused while the first saves.
    const twice = add('workshopManage', {
      workshopName: '走查喷涂车间',
      workshopType: d('workshopType', '喷涂'),
      leaderId: bossId,
      enabled: true,
    });
    const both = await Promise.all([twice(), twice()]);
    expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of both)
      if (r.status !== 200) expect(r).toMatchObject({ status: 409, message: '该单据正在保存，请勿重复提交' });
    expect(await recordsWhere(t, 'workshopManage', 'workshopName', '走查喷涂车间')).toHaveLength(1);
    await step(
      '分配自制',
      stage('allocatePropOrders', o1.id, 'make', { workshopId: workshop.id, planPeriod: ['2031-05-01', '2031-05-20'] }),
      ['制作中', '待分配'],
      none,
    );
    const [task] = await recordsWhere(t, 'propMake', 'orderCode', o1.code);
    await step(
      '开工',
      stage('propMake', task.id, 'start', { actualStartDate: '2031-05-02' }),
      ['制作中', '待分配'],
      none,
    );
    await step('领料', stage('propMake', task.id, 'pick', { pickWarehouseId: rawStore }), ['制作中', '待分配'], none);
    expect(await recordsWhere(t, 'storeprocess', 'sourceCode', task.code)).toHaveLength(1);
    await step(
      '完工',
      stage('propMake', task.id, 'complete', { completedQuantity: 3, finishDate: '2031-05-10' }),
      ['待质检', '待分配'],
      none,
    );
    const qc = (orderCode: string, body: Row) =>
      add('propQualityTesting', { orderCode, inspectDate: '2031-05-11', submit: true, ...body });
    await step(
      '质检不合格',
      qc(o1.code, {
        inspectQuantity: 3,
        qualifiedQuantity: 1,
        result: '不合格',
        defectDesc: '漆面流挂',
        handling: '返工',
      }),
      ['返工中', '待分配'],
      none,
    );
    expect(await getRecord(t, 'propMake', task.id, boss)).toMatchObject({ makeStage: '返工', reworkCount: 1 });
    await step(
      '返工完工',
      stage('propMake', task.id, 'complete', { completedQuantity: 3, finishDate: '2031-05-14' }),
      ['待质检', '待分配'],
      none,
    );
    await step(
      '质检合格',
      qc(o1.code, { inspectQuantity: 3, qualifiedQuantity: 3, result: '合格' }),
      ['待打包', '待分配'],
      none,
    );

    // ---- Order 2: 外发 → 外发单 approved → 回厂 → QC 合格.
    await step(
      '分配外发',
      stage('allocatePropOrders', o2.id, 'outsource', {
        factoryId: factory,
        outsourceScope: d('outsourceScope', '整件外发'),
        outsourcePrice: 3000,
        planPeriod: ['2031-05-01', '2031-05-25'],
      }),
      ['待打包', '外发中'],
      none,
    );
    const [wf] = await recordsWhere(t, 'propOutsourcing', 'sourceCode', o2.code);
    await step('提交外发单', submit('propOutsourcing', wf.id), ['待打包', '外发中'], none);
    expect(await approve('外发审批', 'propOutsourcing', wf.id, [lisi, boss], ['待打包', '外发中'], none)).toMatchObject(
      { outsourceStage: '外发中' },
    );
    await step(
      '回厂',
      stage('propOutsourcing', wf.id, 'return', { returnDate: '2031-05-24' }),
      ['待打包', '待质检'],
      none,
    );
    await step(
      '外发质检合格',
      qc(o2.code, { inspectQuantity: 2, qualifiedQuantity: 2, result: '合格' }),
      ['待打包', '待打包'],
      none,
    );
    const outsourcing: unknown[] = ['应付', wf.code, '外协加工费', 6000, 6000];
    await step(
      '外发结算',
      stage('propOutsourcing', wf.id, 'settle', {
        settleDate: '2031-05-30',
        invoiceType: d('invoiceType', '增值税专用发票'),
      }),
      ['待打包', '待打包'],
      [outsourcing],
    );

    // ---- 打包 → 入库 → 发货 (a 物流费 payable per shipment) for each order.
    let money: unknown[][] = [outsourcing];
    for (const [i, o, freight] of [
      [0, o1, 500],
      [1, o2, 300],
    ] as const) {
      // Order 1 goes first while order 2 waits at 待打包; then order 2 while order 1 is shipped.
      const at = (s: string) => (i === 0 ? [s, '待打包'] : ['已发货', s]);
      const pack = await step(
        `打包单 ${i + 1}`,
        add('propBacking', {
          orderCode: o.code,
          packType: d('packType', '木架'),
          packDate: '2031-06-01',
          lines: [{ contents: '柜体', quantity: 1, length: 1200, width: 600, height: 500, weight: 35 }],
        }),
        at('待打包'),
        money,
      );
      await step(
        `完成打包 ${i + 1}`,
        stage('propBacking', pack.id, 'pack', { packDate: '2031-06-01' }),
        at('待入库'),
        money,
      );
      const fh = await step(
        `发货单 ${i + 1}`,
        add('propWarehousingAndShipping', {
          projectId: project.id,
          warehouseId: warehouse,
          receiver: '王店长',
          receiverPhone: '13900001111',
          region: ['浙江省', '杭州市'],
          address: '上城区东坡路7号',
          logisticsMode: d('logisticsMode', '物流专线'),
          carrierId: carrier,
          trackingNo: `DY-WALK-${i + 1}`,
          shipDate: '2031-06-02',
          submit: true,
          lines: [{ backingCode: pack.code, logisticsPrice: freight }],
        }),
        at('待入库'),
        money,
      );
      // 发货 before 入库 is an illegal jump: refused with the stage in the message.
      expect(await stage('propWarehousingAndShipping', fh.id, 'ship', { shipDate: '2031-06-02' })()).toMatchObject({
        status: 409,
        message: '当前发货进度为「待入库」，不能发货',
      });
      await step(
        `入库 ${i + 1}`,
        stage('propWarehousingAndShipping', fh.id, 'stockIn', { stockInDate: '2031-06-01' }),
        at('已入库'),
        money,
      );
      money = [...money, ['应付', fh.code, '物流费', freight, freight]];
      await step(
        `发货 ${i + 1}`,
        stage('propWarehousingAndShipping', fh.id, 'ship', { shipDate: '2031-06-02' }),
        at('已发货'),
        money,
      );
    }

    // ---- 安装: 开始安装 → 验收 (photos, form) → 申请结算 → 结算申请 approved: a 安装费 payable, the order 已安装.
    for (const [i, o, fee] of [
      [0, o1, 900],
      [1, o2, 600],
    ] as const) {
      const at = (s: string) => (i === 0 ? [s, '已发货'] : ['已安装', s]);
      const az = await step(
        `安装单 ${i + 1}`,
        add('propInstallationSettlement', {
          projectId: project.id,
          storeName: '湖滨店',
          region: ['浙江省', '杭州市'],
          address: '上城区东坡路7号',
          installerId: installer,
          planDate: '2031-06-05',
          lines: [{ orderCode: o.code, item: '安装调试', contractPrice: fee, payablePrice: fee }],
        }),
        at('已发货'),
        money,
      );
      await step(
        `开始安装 ${i + 1}`,
        stage('propInstallationSettlement', az.id, 'start', { startDate: '2031-06-05' }),
        at('安装中'),
        money,
      );
      const rec = await getRecord(t, 'propInstallationSettlement', az.id, boss);
      await step(
        `上传照片和验收单 ${i + 1}`,
        update('propInstallationSettlement', {
          ...rec,
          photos: [await uploadPng(t, boss, '完工.png')],
          acceptanceForm: [await uploadPng(t, boss, '验收单.png')],
        }),
        at('安装中'),
        money,
      );
      await step(
        `验收 ${i + 1}`,
        stage('propInstallationSettlement', az.id, 'accept', { installDate: '2031-06-06', acceptanceResult: '合格' }),
        at('安装中'),
        money,
      );
      await step(`申请结算 ${i + 1}`, stage('propInstallationSettlement', az.id, 'applySettle'), at('安装中'), money);
      const [apply] = await recordsWhere(t, 'propInstallationSettlementApply', 'installCode', az.code);
      await step(`提交结算申请 ${i + 1}`, submit('propInstallationSettlementApply', apply.id), at('安装中'), money);
      money = [...money, ['应付', az.code, '安装费', fee, fee]];
      await approve(
        `结算申请审批 ${i + 1}`,
        'propInstallationSettlementApply',
        apply.id,
        [lisi, boss],
        at('已安装'),
        money,
      );
      expect(await getRecord(t, 'propInstallationSettlement', az.id, boss)).toMatchObject({ installStage: '已结算' });
    }

    // ---- 道具结算: 合同 18000 + 10400, freight 800 → 29200; OA → 客户确认: the receivable; orders and project 已结算.
    const js = await step(
      '结算单',
      add('propSettlement', {
        projectId: project.id,
        settleDate: '2031-06-10',
        lines: [{ orderCode: o1.code }, { orderCode: o2.code }],
      }),
      ['已安装', '已安装'],
      money,
    );
    expect(js).toMatchObject({ contractPrice: 28400, logisticsPrice: 800, settlePrice: 29200 });
    await step('提交结算单', submit('propSettlement', js.id), ['已安装', '已安装'], money);
    expect(await approve('结算审批', 'propSettlement', js.id, [lisi, boss], ['已安装', '已安装'], money)).toMatchObject(
      { settleStage: '待客户确认' },
    );
    money = [...money, ['应收', js.code, '尾款', 29200, 29200]];
    await step(
      '客户确认',
      stage('propSettlement', js.id, 'confirm', {
        confirmDate: '2031-06-12',
        confirmBy: '王总',
        dueDate: '2031-07-12',
      }),
      ['已结算', '已结算'],
      money,
    );
    expect(await getRecord(t, 'propProject', project.id, boss)).toMatchObject({ projectStage: '已结算' });
    // 结清 is refused until the receivable is collected.
    expect(await stage('propSettlement', js.id, 'clear')()).toMatchObject({
      status: 400,
      message: '应收单尚未全部回款，不能结清',
    });
    const [receivable] = await recordsWhere(t, 'financialReceivable', 'sourceCode', js.code);
    money = [...money.slice(0, -1), ['应收', js.code, '尾款', 29200, 0]];
    await step(
      '回款',
      stage('financialReceivable', receivable.id, 'collect', {
        receiveDate: '2031-06-20',
        receivePrice: 29200,
        receiveMethod: d('paymentMethod', '银行转账'),
      }),
      ['已结算', '已结算'],
      money,
    );
    // Collected in full: the settlement clears itself.
    expect(await getRecord(t, 'propSettlement', js.id, boss)).toMatchObject({
      settleStage: '已结清',
      returnPrice: 29200,
      balancePrice: 0,
    });
    expect(await getRecord(t, 'propProject', project.id, boss)).toMatchObject({ projectStage: '已结算' });
  }, 480_000); // some 250 calls, each step's state read twice: minutes on a loaded machine
});
