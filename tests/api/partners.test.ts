// Partners as data: admitting a supplier, factory or installer needs approval while a customer or
// carrier takes effect when submitted (approvalWhen); an annual evaluation's approval writes the grade to the
// partner and 淘汰 retires it from every partner picker (retired) while records holding it keep it; a contract
// in 伙伴档案 needs approval, a licence does not. No module of this area is named in src/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { oneDialect } from '../helpers/databases';
import { dictItemId, openDemoSuite, type TestApp } from '../helpers/test-app';
import { approveAll, uploadPng, dataApi as api } from '../helpers/records';
import { DEMO } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { hashPassword } from '../../src/server/modules/auth/passwords';

describe.each(oneDialect())('partners on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let dict: Record<string, any[]>;
  let file: { url: string; name: string };
  const today = todayInChina();

  beforeAll(async () => {
    ({ t, boss, lisi, staff, dict } = await openDemoSuite(dialect, [
      'partnerType',
      'evalItem',
      'payableType',
      'incomeType',
      'prepayType',
    ]));
    file = await uploadPng(t, staff, '营业执照.png');
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const ok = (r: { status: number; message: string }) => expect(r.status, r.message).toBe(200);
  const get = async (module: string, id: number, token = boss) =>
    (await t.call('GET', `${api(module, 'get')}?id=${id}`, undefined, token)).data;
  const approve = (module: string, id: number) => approveAll(t, module, id, [lisi, boss, staff]);
  const partner = async (name: string, types: string[], token = staff) => {
    const r = await t.call(
      'POST',
      api('partnerInfo', 'add'),
      {
        partnerName: name,
        partnerType: types.map((x) => d('partnerType', x)),
        contactName: '王经理',
        contactPhone: '13912345678',
        submit: true,
      },
      token,
    );
    ok(r);
    return r.data;
  };
  const payableOptions = async (keyword: string) =>
    (
      await t.call('POST', api('financialPayables', 'options'), { field: 'partnerId', values: {}, keyword }, boss)
    ).data.map((o: any) => o.value);

  it("a supplier's admission waits for approval; a customer takes effect when submitted", async () => {
    const supplier = await partner('宁波华翔板材有限公司（测试）', ['供应商']);
    expect(supplier).toMatchObject({ status: '审批中' });
    expect(supplier.stage).toBeUndefined();
    const customer = await partner('杭州银泰百货（测试）', ['客户']);
    expect(customer).toMatchObject({ status: '已通过', stage: '合作中' });
    // A customer that is also an installer is admitted like an installer.
    expect((await partner('苏州安装兼客户（测试）', ['客户', '安装队'])).status).toBe('审批中');
    expect(await approve('partnerInfo', supplier.id)).toMatchObject({ status: '已通过', stage: '合作中' });
    // 客户等级 shows (and is kept) only when the types include 客户.
    const level = (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['customerLevel'], staff))
      .data;
    const important = dictItemId(level, 'customerLevel', '重点客户');
    const withLevel = await t.call(
      'POST',
      api('partnerInfo', 'add'),
      {
        partnerName: '某供应商（测试）',
        partnerType: [d('partnerType', '供应商')],
        contactName: '李',
        contactPhone: '13912345678',
        customerLevel: important,
      },
      staff,
    );
    ok(withLevel);
    expect(withLevel.data.customerLevel).toBeUndefined();
    const both = await t.call(
      'POST',
      api('partnerInfo', 'add'),
      {
        partnerName: '某客户兼物流（测试）',
        partnerType: [d('partnerType', '物流公司'), d('partnerType', '客户')],
        contactName: '李',
        contactPhone: '0755-12345678',
        customerLevel: important,
      },
      staff,
    );
    ok(both);
    expect(both.data).toMatchObject({ customerLevel: important, customerLevelName: '重点客户' });
    // Contacts: one primary at most; the phone keeps the TEL rule.
    const contacts = (isPrimary: string[]) => ({
      partnerName: '联系人测试（测试）',
      partnerType: [d('partnerType', '客户')],
      contactName: '王',
      contactPhone: '13912345678',
      lines: isPrimary.map((p, i) => ({ name: `联系人${i}`, mobile: '13912345678', isPrimary: p })),
    });
    expect(await t.call('POST', api('partnerInfo', 'add'), contacts(['是', '是']), staff)).toMatchObject({
      status: 400,
      message: '主联系人只能有一个',
    });
    ok(await t.call('POST', api('partnerInfo', 'add'), contacts(['是', '否']), staff));
    expect(
      await t.call(
        'POST',
        api('partnerInfo', 'add'),
        { ...contacts([]), partnerName: '电话测试（测试）', contactPhone: '12345' },
        staff,
      ),
    ).toMatchObject({ status: 400, message: '请输入正确的联系电话' });
    // The partner-type tree: one type finds partners of several types too.
    const suppliers = (
      await t.call(
        'POST',
        api('partnerInfo', 'page'),
        {
          pageNum: 1,
          pageSize: 200,
          filters: [{ field: 'partnerType', operator: 'in', value: [String(d('partnerType', '外协工厂'))] }],
        },
        boss,
      )
    ).data.list;
    expect(suppliers.map((p: any) => p.partnerName)).toContain('深圳市锐达金属制品有限公司');
    expect(suppliers.every((p: any) => p.partnerTypeName.includes('外协工厂'))).toBe(true);
  });

  it('an evaluation writes the grade to the partner; 淘汰 retires it from every picker, records holding it keep it', async () => {
    const factory = await partner('东莞试用外协厂（测试）', ['外协工厂']);
    await approve('partnerInfo', factory.id);
    expect(await payableOptions('东莞试用外协厂')).toContain(factory.id);
    // A payable that picks it while it is still in cooperation.
    const payable = await t.call(
      'POST',
      api('financialPayables', 'add'),
      {
        partnerId: factory.id,
        payableType: d('payableType', '外协加工费'),
        lines: [{ itemName: '展架外协', payablePrice: 5000 }],
      },
      boss,
    );
    ok(payable);

    const items = ['产品质量', '交货及时', '价格水平', '服务配合', '资质合规'];
    const evaluation = (weights: number[], scores: number[], conclusion: string) => ({
      year: 2030,
      partnerId: factory.id,
      evaluatorIds: [1],
      conclusion,
      comment: '整改无效',
      lines: items.map((x, i) => ({ evalItem: d('evalItem', x), weight: weights[i], score: scores[i] })),
    });
    const bad = await t.call(
      'POST',
      api('annualEvaluation', 'add'),
      evaluation([30, 25, 20, 15, 5], [50, 50, 50, 50, 50], '淘汰'),
      staff,
    );
    expect(bad).toMatchObject({ status: 400, message: '评价项目的权重合计必须为 100' });
    const ev = await t.call(
      'POST',
      api('annualEvaluation', 'add'),
      { ...evaluation([30, 25, 20, 15, 10], [50, 60, 40, 70, 80], '淘汰'), totalScore: 99, grade: 'A', submit: true },
      staff,
    );
    ok(ev);
    // 50×30 + 60×25 + 40×20 + 70×15 + 80×10 = 5650 → 56.5 (what the client said is ignored).
    expect(ev.data).toMatchObject({ totalScore: 56.5, grade: 'D' });
    expect(ev.data.partnerTypeName).toBe('外协工厂');
    const twice = await t.call(
      'POST',
      api('annualEvaluation', 'add'),
      evaluation([30, 25, 20, 15, 10], [90, 90, 90, 90, 90], '继续合作'),
      staff,
    );
    expect(twice).toMatchObject({ status: 409, message: '该伙伴本年度已有评价' });
    expect((await approve('annualEvaluation', ev.data.id)).status).toBe('已通过');

    const retired = await get('partnerInfo', factory.id);
    expect(retired).toMatchObject({ rating: 'D', ratingYear: 2030, stage: '淘汰' });
    expect(retired.actions).not.toContain('edit');
    // Gone from every partner picker…
    expect(await payableOptions('东莞试用外协厂')).not.toContain(factory.id);
    expect(
      (
        await t.call(
          'POST',
          api('partnerFiles', 'options'),
          { field: 'partnerId', values: {}, keyword: '东莞试用外协厂' },
          staff,
        )
      ).data,
    ).toEqual([]);
    // …and a new pick is refused…
    const fresh = await t.call(
      'POST',
      api('financialPayables', 'add'),
      {
        partnerId: factory.id,
        payableType: d('payableType', '外协加工费'),
        lines: [{ itemName: '再下单', payablePrice: 100 }],
      },
      boss,
    );
    expect(fresh).toMatchObject({ status: 400, message: '往来单位不存在或不可选' });
    // …while the payable that already holds it can still be saved.
    const kept = await t.call(
      'POST',
      api('financialPayables', 'update'),
      {
        id: payable.data.id,
        partnerId: factory.id,
        payableType: d('payableType', '外协加工费'),
        remark: '淘汰前的应付',
        lines: [{ itemName: '展架外协', payablePrice: 5000 }],
      },
      boss,
    );
    ok(kept);
    expect(kept.data.partnerIdName).toContain('东莞试用外协厂');
  });

  it("暂停 and 恢复合作 are the status permission's; a 暂停合作 evaluation suspends the partner, who stays pickable", async () => {
    const carrier = await partner('嘉兴顺途物流（测试）', ['物流公司']);
    expect(carrier).toMatchObject({ status: '已通过', stage: '合作中' });
    const stage = (action: string, token: string, values: Record<string, unknown> = {}) =>
      t.call('POST', api('partnerInfo', 'stage'), { id: carrier.id, action, values }, token);
    expect((await stage('suspend', staff, { statusReason: '多次延误' })).status).toBe(403);
    expect((await stage('suspend', boss)).status).toBe(400);
    expect((await stage('suspend', boss, { statusReason: '多次延误' })).data).toMatchObject({
      stage: '暂停',
      statusReason: '多次延误',
    });
    expect(await payableOptions('嘉兴顺途物流')).toContain(carrier.id);
    expect((await stage('resume', boss)).data.stage).toBe('合作中');

    // Customers are not evaluated: the evaluation's picker offers only the other types.
    const evalOptions = async (keyword: string) =>
      (
        await t.call('POST', api('annualEvaluation', 'options'), { field: 'partnerId', values: {}, keyword }, staff)
      ).data.map((o: any) => o.value);
    expect(await evalOptions('嘉兴顺途物流')).toContain(carrier.id);
    expect(await evalOptions('金缘珠宝')).toEqual([]);
    // …and only admitted ones (苏州宏图's admission is still under review in the demo).
    expect(await evalOptions('苏州宏图')).toEqual([]);
    const items = ['产品质量', '交货及时', '价格水平', '服务配合', '资质合规'];
    const ev = await t.call(
      'POST',
      api('annualEvaluation', 'add'),
      {
        year: 2031,
        partnerId: carrier.id,
        evaluatorIds: [1],
        conclusion: '暂停合作',
        comment: '时效不达标',
        submit: true,
        lines: items.map((x, i) => ({
          evalItem: d('evalItem', x),
          weight: [20, 35, 20, 15, 10][i],
          score: [70, 60, 80, 75, 90][i],
        })),
      },
      staff,
    );
    ok(ev);
    // 70×20 + 60×35 + 80×20 + 75×15 + 90×10 = 7125 → 71.3 (one decimal), grade C.
    expect(ev.data).toMatchObject({ status: '审批中', totalScore: 71.3, grade: 'C', partnerTypeName: '物流公司' });
    expect((await approve('annualEvaluation', ev.data.id)).status).toBe('已通过');
    expect(await get('partnerInfo', carrier.id)).toMatchObject({ rating: 'C', ratingYear: 2031, stage: '暂停' });
    expect(await payableOptions('嘉兴顺途物流')).toContain(carrier.id);
  });

  it('a contract needs approval; a licence takes effect when submitted; a contract needs its amount', async () => {
    const senlin = (
      await t.call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: '森林板材' }, boss)
    ).data.list[0];
    const licence = await t.call(
      'POST',
      api('partnerFiles', 'add'),
      {
        partnerId: senlin.id,
        docType: '营业执照',
        docName: '营业执照（副本）',
        files: [file],
        validPeriod: ['2020-01-01', '2099-12-31'],
        contractPrice: 99,
        submit: true,
      },
      staff,
    );
    ok(licence);
    expect(licence.data).toMatchObject({ status: '已通过', validUntil: '2099-12-31' });
    expect(licence.data.contractPrice).toBeUndefined();
    expect(licence.data.partnerTypeName).toBe('供应商');
    const noAmount = await t.call(
      'POST',
      api('partnerFiles', 'add'),
      { partnerId: senlin.id, docType: '合作合同', docName: '采购合同', files: [file], submit: true },
      staff,
    );
    expect(noAmount).toMatchObject({ status: 400, message: '合同金额不能为空' });
    const contract = await t.call(
      'POST',
      api('partnerFiles', 'add'),
      {
        partnerId: senlin.id,
        docType: '合作合同',
        docName: '2027 年度板材采购合同',
        contractPrice: 500000,
        signDate: today,
        files: [file],
        validPeriod: [today, '2027-12-31'],
        submit: true,
      },
      staff,
    );
    ok(contract);
    expect(contract.data.status).toBe('审批中');
    expect((await approve('partnerFiles', contract.data.id)).status).toBe('已通过');
    // Files of another site or no file at all are refused.
    const noFile = await t.call(
      'POST',
      api('partnerFiles', 'add'),
      { partnerId: senlin.id, docType: '报价单', docName: '报价单' },
      staff,
    );
    expect(noFile).toMatchObject({ status: 400, message: '文件不能为空' });

    // The tree 伙伴类型 → 伙伴: the team's partner types, each with the partners of that type (a partner of several
    // types under each); choosing a partner narrows the list to its files.
    const tree = (await t.call('GET', api('partnerFiles', 'tree-nodes'), undefined, staff)).data as any[];
    const supplierNode = tree.find((n) => n.name === '供应商');
    expect(supplierNode.id).toBe(String(d('partnerType', '供应商')));
    const senlinNode = supplierNode.children.find((c: any) => c.id === `partnerId:${senlin.id}`);
    expect(senlinNode.name).toContain('森林板材');
    expect(tree.find((n) => n.name === '客户').children.some((c: any) => c.id === `partnerId:${senlin.id}`)).toBe(
      false,
    );
    const partners = (await t.call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 200 }, boss)).data
      .list as any[];
    const typesOf = new Map(partners.map((p) => [`partnerId:${p.id}`, (p.partnerType as number[]).map(String)]));
    for (const n of tree)
      for (const c of n.children) expect(typesOf.get(c.id), `${n.name} → ${c.name}`).toContain(n.id);
    const multi = partners.find((p) => p.partnerType.length > 1 && p.status === '已通过');
    if (multi)
      for (const type of multi.partnerType)
        expect(tree.find((n) => n.id === String(type))?.children.map((c: any) => c.id)).toContain(
          `partnerId:${multi.id}`,
        );
    const files = (
      await t.call(
        'POST',
        api('partnerFiles', 'page'),
        { pageNum: 1, pageSize: 100, filters: [{ field: 'partnerId', operator: 'in', value: [senlin.id] }] },
        staff,
      )
    ).data.list;
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.every((f: any) => f.partnerId === senlin.id)).toBe(true);
  });
  it('省市区 is the built-in region dictionary: a path from the province down, checked step by step, read as its names', async () => {
    const region = (
      await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKey', { fieldKey: 'region', status: 1 }, staff)
    ).data;
    const gd = region.find((n: any) => n.dictName === '广东省');
    expect(gd.children.find((c: any) => c.dictName === '深圳市').children.map((c: any) => c.dictName)).toContain(
      '南山区',
    );
    // A municipality repeats as its own city, as the 省/市 trees of the project pages stored it.
    expect(region.find((n: any) => n.dictName === '上海市').children.map((c: any) => c.dictName)).toEqual(['上海市']);
    const body = (r: unknown) => ({
      partnerName: '地区测试（测试）',
      partnerType: [d('partnerType', '客户')],
      contactName: '王',
      contactPhone: '13912345678',
      region: r,
    });
    const saved = await t.call('POST', api('partnerInfo', 'add'), body(['广东省', '深圳市', '南山区']), staff);
    ok(saved);
    expect(saved.data).toMatchObject({ region: ['广东省', '深圳市', '南山区'], regionName: '广东省/深圳市/南山区' });
    // A province or city alone is a path too (change on select).
    ok(await t.call('POST', api('partnerInfo', 'update'), { id: saved.data.id, ...body(['浙江省', '杭州市']) }, staff));
    expect(await get('partnerInfo', saved.data.id)).toMatchObject({ regionName: '浙江省/杭州市' });
    // Every name exists, but 南山区 is not in 杭州市; an unknown name; a step that is not a name.
    for (const bad of [['浙江省', '杭州市', '南山区'], ['广东省', '深圳市', '不存在区'], ['深圳市'], [{}]]) {
      const r = await t.call(
        'POST',
        api('partnerInfo', 'add'),
        { ...body(bad), partnerName: `地区错误${JSON.stringify(bad)}` },
        staff,
      );
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.message).toMatch(/省市区/);
    }
    // The team's profile uses the same field.
    const mine = (await t.call('POST', api('enterpriseInformation', 'page'), { pageNum: 1, pageSize: 5 }, boss)).data
      .list[0];
    expect(mine).toMatchObject({ region: ['浙江省', '杭州市', '西湖区'], regionName: '浙江省/杭州市/西湖区' });
    // The region dictionary is the system's: nobody adds to it.
    const write = await t.call(
      'POST',
      '/api/admin/sysmenuListFieldDict/add',
      { fieldKey: 'region', dictName: '新区' },
      boss,
    );
    expect(write.status).toBeGreaterThanOrEqual(400);
  });
  it("未收应收 and 未付应付 are the open balances of the partner's receivables and payables in effect, computed when read, never stored", async () => {
    const p = await partner('余额测试物流兼客户（测试）', ['客户', '物流公司']);
    expect(p).toMatchObject({ status: '已通过', openReceivable: 0, openPayable: 0 });
    const payable = async (price: number, submit: boolean) => {
      const r = await t.call(
        'POST',
        api('financialPayables', 'add'),
        {
          partnerId: p.id,
          payableType: d('payableType', '物流费'),
          lines: [{ itemName: '运费', payablePrice: price }],
          submit,
        },
        boss,
      );
      ok(r);
      return r.data;
    };
    const first = await payable(1234.56, true);
    if (first.status !== '已通过') await approve('financialPayables', first.id);
    const second = await payable(999, false);
    const receivable = async (price: number, submit: boolean) => {
      const r = await t.call(
        'POST',
        api('financialReceivable', 'add'),
        { customerId: p.id, incomeType: d('incomeType', dict.incomeType[0].dictName), contractPrice: price, submit },
        boss,
      );
      ok(r);
      return r.data;
    };
    const sk = await receivable(8000.1, true);
    if (sk.status !== '已通过') await approve('financialReceivable', sk.id);
    // Only records in effect (已通过) count: a draft owes nothing yet.
    const draft = await receivable(500, false);
    const inEffect = (r: any, price: number) => (r.status === '已通过' ? price : 0);
    const payables = Number((1234.56 + inEffect(second, 999)).toFixed(2));
    const receivables = Number((8000.1 + inEffect(draft, 500)).toFixed(2));
    expect(await get('partnerInfo', p.id)).toMatchObject({ openReceivable: receivables, openPayable: payables });
    const listed = (
      await t.call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: '余额测试物流兼客户' }, boss)
    ).data.list;
    expect(listed[0]).toMatchObject({ openReceivable: receivables, openPayable: payables });
    // The Excel export shows them as the list does (computed as each row is read), and sums them.
    const res = await t.app.inject({
      method: 'POST',
      url: api('partnerInfo', 'export'),
      headers: { Satoken: boss },
      payload: { keyword: '余额测试物流兼客户', columns: ['code', 'partnerName', 'openReceivable', 'openPayable'] },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['伙伴编号', '伙伴名称', '未收应收', '未付应付']);
    expect(rows[1]).toEqual([p.code, '余额测试物流兼客户（测试）', receivables, payables]);
    // What a client sends for them is dropped: the stored record holds neither.
    const sent = await t.call(
      'POST',
      api('partnerInfo', 'add'),
      {
        partnerName: '余额不可写（测试）',
        partnerType: [d('partnerType', '供应商')],
        contactName: '王',
        contactPhone: '13912345678',
        openPayable: 1,
        openReceivable: 2,
      },
      staff,
    );
    ok(sent);
    expect(sent.data).toMatchObject({ openReceivable: 0, openPayable: 0 });
    for (const id of [p.id, sent.data.id]) {
      const stored = (await t.db.selectFrom('records').select('data').where('id', '=', id).executeTakeFirstOrThrow())
        .data as Record<string, unknown>;
      expect(stored).not.toHaveProperty('openPayable');
      expect(stored).not.toHaveProperty('openReceivable');
    }
    // A partner with no open records reads 0.
    const other = await partner('无往来客户（测试）', ['客户']);
    expect(await get('partnerInfo', other.id)).toMatchObject({ openReceivable: 0, openPayable: 0 });
  });
  it('finance pickers offer only partners in effect (已通过), never 淘汰 ones; the server refuses any other pick', async () => {
    const receivableOptions = async (keyword: string) =>
      (
        await t.call('POST', api('financialReceivable', 'options'), { field: 'customerId', values: {}, keyword }, boss)
      ).data.map((o: any) => o.value);
    const prepayOptions = async (keyword: string) =>
      (
        await t.call('POST', api('financialPrepay', 'options'), { field: 'partnerId', values: {}, keyword }, boss)
      ).data.map((o: any) => o.value);
    // A customer saved but not submitted is no partner yet.
    const draft = await t.call(
      'POST',
      api('partnerInfo', 'add'),
      {
        partnerName: '未提交客户（测试）',
        partnerType: [d('partnerType', '客户')],
        contactName: '王',
        contactPhone: '13912345678',
      },
      staff,
    );
    ok(draft);
    expect(draft.data.status).toBe('待提交');
    expect(await receivableOptions('未提交客户')).toEqual([]);
    const receivable = {
      customerId: draft.data.id,
      incomeType: d('incomeType', dict.incomeType[0].dictName),
      contractPrice: 100,
    };
    expect(await t.call('POST', api('financialReceivable', 'add'), receivable, boss)).toMatchObject({
      status: 400,
      message: '客户不存在或不可选',
    });
    // Submitted, a customer takes effect at once and is offered.
    ok(await t.call('POST', api('partnerInfo', 'submit'), { id: draft.data.id }, staff));
    expect(await receivableOptions('未提交客户')).toEqual([draft.data.id]);
    ok(await t.call('POST', api('financialReceivable', 'add'), receivable, boss));
    // A supplier whose admission is under review is offered to neither prepayments nor payables, nor accepted.
    const supplier = await partner('审批中供应商（测试）', ['供应商']);
    expect(supplier.status).toBe('审批中');
    expect(await prepayOptions('审批中供应商')).toEqual([]);
    expect(await payableOptions('审批中供应商')).toEqual([]);
    const prepay = {
      partnerId: supplier.id,
      prepayType: d('prepayType', '采购预付'),
      contractPrice: 1000,
      advancePaidPrice: 300,
      planPayDate: today,
      reason: '备料预付',
    };
    expect(await t.call('POST', api('financialPrepay', 'add'), prepay, staff)).toMatchObject({
      status: 400,
      message: '收款单位不存在或不可选',
    });
    const payable = {
      partnerId: supplier.id,
      payableType: d('payableType', '材料款'),
      lines: [{ itemName: '板材', payablePrice: 500 }],
    };
    expect(await t.call('POST', api('financialPayables', 'add'), payable, boss)).toMatchObject({
      status: 400,
      message: '往来单位不存在或不可选',
    });
    // The demo's 苏州宏图 (admission under review) is not offered either.
    expect(await payableOptions('苏州宏图')).toEqual([]);
    await approve('partnerInfo', supplier.id);
    expect(await prepayOptions('审批中供应商')).toEqual([supplier.id]);
    expect(await payableOptions('审批中供应商')).toEqual([supplier.id]);
    ok(await t.call('POST', api('financialPrepay', 'add'), prepay, staff));
    ok(await t.call('POST', api('financialPayables', 'add'), payable, boss));
    // 淘汰 takes it out again.
    ok(
      await t.call(
        'POST',
        api('partnerInfo', 'stage'),
        { id: supplier.id, action: 'eliminate', values: { statusReason: '测试淘汰' } },
        boss,
      ),
    );
    expect(await prepayOptions('审批中供应商')).toEqual([]);
    expect(await t.call('POST', api('financialPrepay', 'add'), prepay, staff)).toMatchObject({
      status: 400,
      message: '收款单位不存在或不可选',
    });
  });

  it('关联平台团队 is a team code the server looks up: unknown codes and the own team are refused, only the name is kept', async () => {
    await t.db
      .insertInto('users')
      .values({
        username: 'partnerteam',
        mobile: '13933331234',
        nick_name: '伙伴老板',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    const owner = await t.login('partnerteam', 'secret123');
    ok(
      await t.call(
        'POST',
        '/api/admin/systenant/createTenant',
        {
          tenantName: '金缘珠宝集团',
          tenantType: 'enterprise',
          verification: { creditCode: '91350100M000100Y43', companyName: '金缘珠宝集团', legalPerson: '金六' },
        },
        owner,
      ),
    );
    const code = (
      await t.db
        .selectFrom('tenants')
        .select('tenant_code')
        .where('tenant_name', '=', '金缘珠宝集团')
        .executeTakeFirstOrThrow()
    ).tenant_code;
    const body = (linkedTenantCode: unknown) => ({
      partnerName: '关联团队客户（测试）',
      partnerType: [d('partnerType', '客户')],
      contactName: '王',
      contactPhone: '13912345678',
      linkedTenantCode,
    });
    expect(await t.call('POST', api('partnerInfo', 'add'), body('T99999999'), staff)).toMatchObject({
      status: 400,
      message: '关联平台团队「T99999999」不存在，请核对对方的团队编号',
    });
    expect(await t.call('POST', api('partnerInfo', 'add'), body(DEMO.tenantCode), staff)).toMatchObject({
      status: 400,
      message: '关联平台团队不能是本团队',
    });
    expect((await t.call('POST', api('partnerInfo', 'add'), body('T0; DROP'), staff)).status).toBe(400);
    expect((await t.call('POST', api('partnerInfo', 'add'), body({ $ne: 1 }), staff)).status).toBe(400);
    // Typed in lower case with spaces, found; the name a client sends is ignored.
    const r = await t.call(
      'POST',
      api('partnerInfo', 'add'),
      { ...body(` ${code.toLowerCase()} `), linkedTenantCodeName: '伪造名称' },
      staff,
    );
    ok(r);
    expect(r.data).toMatchObject({ linkedTenantCode: code, linkedTenantCodeName: '金缘珠宝集团' });
    // Nothing else of the other team is stored on the record.
    const stored = (
      await t.db.selectFrom('records').select('data').where('id', '=', r.data.id).executeTakeFirstOrThrow()
    ).data as Record<string, unknown>;
    expect(
      Object.keys(stored)
        .filter((k) => k.startsWith('linkedTenant'))
        .sort(),
    ).toEqual(['linkedTenantCode', 'linkedTenantCodeName']);
    const listed = (
      await t.call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 5, keyword: '关联团队客户' }, boss)
    ).data.list;
    expect(listed[0]).toMatchObject({ linkedTenantCodeName: '金缘珠宝集团' });
    // Cleared, the name goes too.
    const cleared = await t.call('POST', api('partnerInfo', 'update'), { ...r.data, linkedTenantCode: '' }, staff);
    ok(cleared);
    expect(cleared.data.linkedTenantCodeName).toBeUndefined();
  });

  it("a contact line's 手机号 and 邮箱 keep their patterns (reg on line cells), on the server too", async () => {
    const body = (line: object) => ({
      partnerName: '联系人格式（测试）',
      partnerType: [d('partnerType', '客户')],
      contactName: '王',
      contactPhone: '13912345678',
      lines: [{ name: '李四', ...line }],
    });
    expect(await t.call('POST', api('partnerInfo', 'add'), body({ mobile: '1391234567' }), staff)).toMatchObject({
      status: 400,
      message: '联系人第1行：请输入正确的联系人手机号',
    });
    expect(await t.call('POST', api('partnerInfo', 'add'), body({ email: 'li@@x' }), staff)).toMatchObject({
      status: 400,
      message: '联系人第1行：请输入正确的联系人邮箱',
    });
    ok(
      await t.call(
        'POST',
        api('partnerInfo', 'add'),
        body({ mobile: '13912345678', email: 'li.si@example.com' }),
        staff,
      ),
    );
  });
});
