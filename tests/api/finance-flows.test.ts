// The finance area as data: record pickers, computed fields, checks, dependOn, auto stages and
// effects between modules, proven through the API on both databases. No module of this area is named in
// src/: every rule here comes from schemas/finance/*.json and schemas/partners/partnerInfo.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { dictItemId, openDemoSuite, type TestApp } from '../helpers/test-app';
import { approveAll, dataApi as api } from '../helpers/records';
import { DEMO } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { todayInChina } from '../../src/common/china-time';
import { SchemaRegistry } from '../../src/server/modules/records/schema-registry';
import { runEffects } from '../../src/server/modules/records/effects';
import { withTenant } from '../../src/server/db/tenant-scope';

describe.each(oneDialect())('finance flows on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let outsider: string;
  let ids: Record<string, number>;
  let dict: Record<string, any[]>;
  const today = todayInChina();
  const addDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    ({ t, boss, lisi, staff } = await openDemoSuite(dialect));
    const uid = async (u: string) =>
      (await t.db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id;
    ids = { boss: await uid('demo'), staff: await uid('zhangsan'), lisi: await uid('lisi') };
    await t.db
      .insertInto('users')
      .values({
        username: 'other',
        mobile: '13933330002',
        nick_name: '别家',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    outsider = await t.login('other', 'secret123');
    await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      {
        tenantName: '别家公司',
        tenantType: 'enterprise',
        verification: { creditCode: '91350100M000100Y43', companyName: '别家公司', legalPerson: '王五' },
      },
      outsider,
    );
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        [
          'dept',
          'expenseType',
          'advanceType',
          'partnerType',
          'incomeType',
          'paymentMethod',
          'prepayType',
          'payableType',
          'companyAccount',
        ],
        staff,
      )
    ).data;
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const ok = (r: { status: number; message: string }) => expect(r.status, r.message).toBe(200);
  const get = async (module: string, id: number, token = boss) =>
    (await t.call('GET', `${api(module, 'get')}?id=${id}`, undefined, token)).data;

  /** Agrees every open task of the record, whoever holds it, until it takes effect. */
  const approve = (module: string, id: number) => approveAll(t, module, id, [boss, lisi, staff]);

  const advance = (over: object = {}) => ({
    applicantId: ids.staff,
    advanceType: d('advanceType', '差旅借支'),
    loanPrice: 3000,
    expectedRepayDate: addDays(30),
    repayMethod: '报销冲抵',
    reason: '上海展会布展差旅',
    ...over,
  });
  /** A paid advance of 张三: created and submitted by him, approved, paid by 李四. */
  const paidAdvance = async (over: object = {}) => {
    const r = await t.call('POST', api('advanceManage', 'add'), { ...advance(over), submit: true }, staff);
    ok(r);
    const approved = await approve('advanceManage', r.data.id);
    expect(approved.status).toBe('已通过');
    const paid = await t.call(
      'POST',
      api('advanceManage', 'stage'),
      { id: r.data.id, action: 'pay', values: { payDate: today, payAccount: d('companyAccount', '基本户') } },
      lisi,
    );
    ok(paid);
    expect(paid.data).toMatchObject({ stage: '已支付', balancePrice: Number((over as any).loanPrice ?? 3000) });
    return paid.data;
  };
  const claim = (over: object = {}, price = 2000) => ({
    applicantId: ids.staff,
    deptId: d('dept', '业务部'),
    applyDate: today,
    reason: '展会差旅报销',
    lines: [{ expenseType: d('expenseType', '住宿'), occurDate: today, price }],
    ...over,
  });
  /** A partner in effect: finance pickers offer only those (a customer takes effect when submitted, a supplier once admitted). */
  const partner = async (name: string, types: string[], token = boss) => {
    const r = await t.call(
      'POST',
      api('partnerInfo', 'add'),
      {
        partnerName: name,
        partnerType: types.map((x) => d('partnerType', x)),
        contactName: '王经理',
        contactPhone: '13912345678',
        bankName: '工商银行',
        bankAccount: '1202020209000123456',
        submit: true,
      },
      token,
    );
    ok(r);
    const admitted = r.data.status === '审批中' ? await approve('partnerInfo', r.data.id) : r.data;
    expect(admitted.status).toBe('已通过');
    return admitted;
  };

  it("a record picker offers only the applicant's paid advances with a balance, and the server refuses any other pick", async () => {
    const mine = await paidAdvance();
    const unpaid = await t.call('POST', api('advanceManage', 'add'), { ...advance(), reason: '未提交的借支' }, staff);
    ok(unpaid);
    const bossAdvance = await t.call(
      'POST',
      api('advanceManage', 'add'),
      { ...advance({ applicantId: ids.boss }), submit: true },
      boss,
    );
    ok(bossAdvance);
    const options = await t.call(
      'POST',
      api('reimburseManage', 'options'),
      { field: 'advanceCode', values: { applicantId: ids.staff } },
      staff,
    );
    ok(options);
    const codes = options.data.map((o: any) => o.value);
    expect(codes).toContain(mine.code);
    expect(codes).not.toContain(unpaid.data.code);
    expect(codes).not.toContain(bossAdvance.data.code);
    const opt = options.data.find((o: any) => o.value === mine.code);
    expect(opt.label).toBe(`${mine.code} · 上海展会布展差旅 · 未还 3000 元`);
    // Only the properties the picker names travel: no reason to leak the advance's bank card.
    expect(Object.keys(opt.record).sort()).toEqual(['balancePrice', 'code', 'id', 'reason']);
    // Nothing for a form whose applicant is not filled in yet; a field that is not a picker is refused.
    expect(
      (await t.call('POST', api('reimburseManage', 'options'), { field: 'advanceCode', values: {} }, staff)).data,
    ).toEqual([]);
    expect((await t.call('POST', api('reimburseManage', 'options'), { field: 'reason' }, staff)).status).toBe(400);

    for (const code of [unpaid.data.code, bossAdvance.data.code, 'JZ209901010001']) {
      const r = await t.call(
        'POST',
        api('reimburseManage', 'add'),
        claim({ advanceCode: code, offsetPrice: 100 }),
        staff,
      );
      expect(r, code).toMatchObject({ status: 400, message: '冲抵借支单不存在或不可选' });
    }
    // Another team cannot pick our advance even knowing its code.
    const theirs = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      { ...claim({ advanceCode: mine.code, offsetPrice: 100 }), applicantId: undefined, deptId: undefined },
      outsider,
    );
    expect(theirs.status).toBe(400);
  });

  it('an approved reimbursement repays its advance in the same transaction: 还款记录, balance, 已还清', async () => {
    const adv = await paidAdvance({ loanPrice: 3000 });
    // Over the balance, and over the claim's own total, are refused with the rule's message.
    expect(
      await t.call(
        'POST',
        api('reimburseManage', 'add'),
        claim({ advanceCode: adv.code, offsetPrice: 3000.01 }, 5000),
        staff,
      ),
    ).toMatchObject({ status: 400, message: '冲借支金额不能超过借支单未还金额' });
    const first = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      { ...claim({ advanceCode: adv.code, offsetPrice: 1200.4, actualPrice: 1 }, 2000), submit: true },
      staff,
    );
    ok(first);
    // Computed on the server: what the client sent for 实付 is ignored.
    expect(first.data).toMatchObject({
      totalPrice: 2000,
      offsetPrice: 1200.4,
      actualPrice: 799.6,
      advanceCodeName: `${adv.code} · 上海展会布展差旅 · 未还 3000 元`,
    });
    // Still 已支付 with its full balance until the claim is approved.
    expect((await get('advanceManage', adv.id)).balancePrice).toBe(3000);
    const ap = await approve('reimburseManage', first.data.id);
    expect(ap.refusedWith).toBeUndefined();
    expect(ap.status).toBe('已通过');
    const after = await get('advanceManage', adv.id);
    expect(after).toMatchObject({ stage: '已支付', repaidPrice: 1200.4, balancePrice: 1799.6 });
    expect(after.lines).toEqual([
      expect.objectContaining({
        repayMethod: '报销冲抵',
        price: 1200.4,
        sourceCode: first.data.code,
        repayDate: today,
      }),
    ]);

    const second = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      { ...claim({ advanceCode: adv.code, offsetPrice: 1799.6 }, 1799.6), submit: true },
      staff,
    );
    ok(second);
    const ap2 = await approve('reimburseManage', second.data.id);
    expect(ap2.refusedWith).toBeUndefined();
    expect(ap2.status).toBe('已通过');
    const cleared = await get('advanceManage', adv.id);
    expect(cleared).toMatchObject({ stage: '已还清', repaidPrice: 3000, balancePrice: 0 });
    expect(cleared.lines).toHaveLength(2);
    // A cleared advance is no longer offered nor accepted.
    const options = await t.call(
      'POST',
      api('reimburseManage', 'options'),
      { field: 'advanceCode', values: { applicantId: ids.staff } },
      staff,
    );
    expect(options.data.map((o: any) => o.value)).not.toContain(adv.code);
    // Editing a claim keeps its (now cleared) advance: an unchanged pick only has to exist.
    const timeline = (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${adv.id}`, undefined, staff)).data;
    expect(timeline.some((s: any) => String(s.approvalOpinion ?? '').includes(second.data.code))).toBe(true);
  });

  it('an effect that would break its target rolls the whole approval back', async () => {
    const adv = await paidAdvance({ loanPrice: 1000 });
    const a = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      { ...claim({ advanceCode: adv.code, offsetPrice: 800 }, 800), submit: true },
      staff,
    );
    const b = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      { ...claim({ advanceCode: adv.code, offsetPrice: 800 }, 800), submit: true },
      staff,
    );
    ok(a);
    ok(b);
    expect((await approve('reimburseManage', a.data.id)).status).toBe('已通过');
    const refused = await approve('reimburseManage', b.data.id);
    // The last approver's agree is refused with the advance's rule; the claim stays under review, the advance unchanged.
    expect(refused.refusedWith).toMatch(/还款合计不能超过借支金额/);
    expect(refused.status).toBe('审批中');
    const adv2 = await get('advanceManage', adv.id);
    expect(adv2).toMatchObject({ balancePrice: 200, stage: '已支付' });
    expect(adv2.lines).toHaveLength(1);
    const effects = await t.db
      .selectFrom('record_effects')
      .select('source_id')
      .where('source_id', '=', b.data.id)
      .execute();
    expect(effects).toEqual([]);
  });

  it('repayments in cash go through a stage action with its own check; a computed field sent by the client is ignored', async () => {
    const adv = await paidAdvance({ loanPrice: 500 });
    expect(
      await t.call(
        'POST',
        api('advanceManage', 'stage'),
        { id: adv.id, action: 'repay', values: { repayDate: today, repayWay: '现金归还', repayPrice: 600 } },
        lisi,
      ),
    ).toMatchObject({ status: 400, message: '还款金额不能超过未还金额' });
    const r = await t.call(
      'POST',
      api('advanceManage', 'stage'),
      { id: adv.id, action: 'repay', values: { repayDate: today, repayWay: '现金归还', repayPrice: 500 } },
      lisi,
    );
    ok(r);
    expect(r.data).toMatchObject({ stage: '已还清', balancePrice: 0, repaidPrice: 500 });
    // A draft with forged computed values and forged repayment lines stores neither.
    const forged = await t.call(
      'POST',
      api('advanceManage', 'add'),
      { ...advance({ loanPrice: 800 }), balancePrice: 1, repaidPrice: 799, lines: [{ price: 799 }] },
      staff,
    );
    ok(forged);
    expect(forged.data).toMatchObject({ balancePrice: 800, repaidPrice: 0, lines: [] });
  });

  it("fills the member's department by default, and an overdue advance blocks a new one of the same person", async () => {
    await t.db
      .updateTable('memberships')
      .set({ dept_id: d('dept', '行政财务部') })
      .where('user_id', '=', ids.lisi)
      .execute();
    const mineDefault = await t.call(
      'POST',
      api('advanceManage', 'add'),
      { ...advance({ applicantId: ids.lisi }) },
      lisi,
    );
    ok(mineDefault);
    expect(mineDefault.data).toMatchObject({ deptId: d('dept', '行政财务部'), deptIdName: '行政财务部' });
    // An advance of 李四 paid long ago and due yesterday.
    const late = await t.call(
      'POST',
      api('advanceManage', 'add'),
      { ...advance({ applicantId: ids.lisi, expectedRepayDate: addDays(-1) }), submit: true },
      lisi,
    );
    ok(late);
    expect((await approve('advanceManage', late.data.id)).status).toBe('已通过');
    ok(
      await t.call(
        'POST',
        api('advanceManage', 'stage'),
        { id: late.data.id, action: 'pay', values: { payDate: addDays(-20), payAccount: d('companyAccount', '现金') } },
        lisi,
      ),
    );
    const blocked = await t.call('POST', api('advanceManage', 'add'), advance({ applicantId: ids.lisi }), lisi);
    expect(blocked).toMatchObject({ status: 400, message: '您有逾期未还的借支，请先归还后再申请' });
    // …also on submitting a draft saved before it became overdue.
    expect(await t.call('POST', api('advanceManage', 'submit'), { id: mineDefault.data.id }, lisi)).toMatchObject({
      status: 400,
      message: '您有逾期未还的借支，请先归还后再申请',
    });
    // Others are not blocked by 李四's debt.
    ok(await t.call('POST', api('advanceManage', 'add'), advance(), staff));
  });

  it('a receivable moves 未回款 → 部分回款 → 已回款 with two 回款 lines, never past its balance', async () => {
    const customer = await partner('星辰珠宝', ['客户']);
    const supplier = await partner('恒达板材', ['供应商']);
    const body = {
      customerId: customer.id,
      incomeType: d('incomeType', '进度款'),
      contractPrice: 10000,
      advancePaidPrice: 2000,
      dueDate: addDays(15),
      sourceCode: 'XS001',
    };
    // The customer picker only takes customers; 来源单号 without 来源类型 is out of the form.
    expect(
      await t.call('POST', api('financialReceivable', 'add'), { ...body, customerId: supplier.id }, boss),
    ).toMatchObject({ status: 400, message: '客户不存在或不可选' });
    const r = await t.call('POST', api('financialReceivable', 'add'), { ...body, submit: true }, boss);
    ok(r);
    expect(r.data).toMatchObject({ customerIdName: '星辰珠宝', returnPrice: 0, balancePrice: 8000, overdueDays: 0 });
    expect(r.data.sourceCode).toBeUndefined();
    const approved = await approve('financialReceivable', r.data.id);
    expect(approved).toMatchObject({ status: '已通过', collectStage: '未回款' });
    const collect = (price: number) =>
      t.call(
        'POST',
        api('financialReceivable', 'stage'),
        {
          id: r.data.id,
          action: 'collect',
          values: {
            receiveDate: today,
            receivePrice: price,
            receiveMethod: d('paymentMethod', '银行转账'),
            receiveAccount: d('companyAccount', '基本户'),
          },
        },
        lisi,
      );
    const one = await collect(3000);
    ok(one);
    expect(one.data).toMatchObject({ collectStage: '部分回款', returnPrice: 3000, balancePrice: 5000 });
    expect(await collect(5000.01)).toMatchObject({ status: 400, message: '回款金额不能超过未回款余额' });
    const two = await collect(5000);
    ok(two);
    expect(two.data).toMatchObject({ collectStage: '已回款', returnPrice: 8000, balancePrice: 0 });
    expect(two.data.lines.map((l: any) => [l.returnPrice, l.paymentMethodName])).toEqual([
      [3000, '银行转账'],
      [5000, '银行转账'],
    ]);
    expect((await collect(1)).status).toBe(409);
  });

  it('a payable deducts a paid prepayment of its partner, which becomes 已核销', async () => {
    const supplier = await partner('鑫源五金', ['供应商']);
    const other = await partner('远航物流', ['物流公司']);
    const customer = await partner('银泰百货', ['客户']);
    const pre = await t.call(
      'POST',
      api('financialPrepay', 'add'),
      {
        partnerId: supplier.id,
        prepayType: d('prepayType', '采购预付'),
        contractPrice: 8000,
        advancePaidPrice: 2000,
        planPayDate: today,
        reason: '五金件备料预付30%',
        submit: true,
      },
      staff,
    );
    ok(pre);
    expect(pre.data).toMatchObject({ partnerIdName: '鑫源五金（供应商）' });
    expect(
      await t.call(
        'POST',
        api('financialPrepay', 'add'),
        {
          partnerId: customer.id,
          prepayType: d('prepayType', '采购预付'),
          advancePaidPrice: 10,
          planPayDate: today,
          reason: 'x',
        },
        staff,
      ),
    ).toMatchObject({ status: 400, message: '收款单位不存在或不可选' });
    expect(
      await t.call(
        'POST',
        api('financialPrepay', 'add'),
        {
          partnerId: supplier.id,
          prepayType: d('prepayType', '采购预付'),
          contractPrice: 100,
          advancePaidPrice: 200,
          planPayDate: today,
          reason: 'x',
        },
        staff,
      ),
    ).toMatchObject({ status: 400, message: '本次预付不能超过合同金额' });
    expect((await approve('financialPrepay', pre.data.id)).stage).toBe('待付款');
    // Not yet paid: not offered to a payable.
    const payable = (prepayCode: string, partnerId = supplier.id) => ({
      partnerId,
      payableType: d('payableType', '材料款'),
      prepayCode,
      dueDate: addDays(10),
      lines: [
        { itemName: '铰链', quantity: 200, unitPrice: 15, payablePrice: 3000 },
        { itemName: '拉手', quantity: 100, unitPrice: 50, payablePrice: 5000 },
      ],
    });
    expect((await t.call('POST', api('financialPayables', 'add'), payable(pre.data.code), boss)).message).toBe(
      '抵扣预付单不存在或不可选',
    );
    ok(
      await t.call(
        'POST',
        api('financialPrepay', 'stage'),
        { id: pre.data.id, action: 'pay', values: { payDate: today, payAccount: d('companyAccount', '基本户') } },
        lisi,
      ),
    );
    // Another partner cannot deduct it.
    expect(
      (await t.call('POST', api('financialPayables', 'add'), payable(pre.data.code, other.id), boss)).message,
    ).toBe('抵扣预付单不存在或不可选');
    const p = await t.call(
      'POST',
      api('financialPayables', 'add'),
      { ...payable(pre.data.code), payablePrice: 1, balancePrice: 1, paidPrice: 7999 },
      boss,
    );
    ok(p);
    expect(p.data).toMatchObject({
      status: '已通过',
      payablePrice: 8000,
      advancePaidPrice: 2000,
      balancePrice: 6000,
      payStage: '未付款',
    });
    expect(p.data.paidPrice).toBeUndefined();
    expect((await get('financialPrepay', pre.data.id)).stage).toBe('已核销');
    // Saved again unchanged, the payable keeps its (now 已核销) prepayment.
    ok(await t.call('POST', api('financialPayables', 'update'), { ...p.data, dueDate: addDays(20) }, boss));
  });

  it("付款申请 (a nested entity of 应付) adds to the payable's 已付 on approval: 未付款 → 部分付款 → 已付清, never past its balance", async () => {
    const supplier = await partner('宏达亚克力', ['供应商']);
    const p = await t.call(
      'POST',
      api('financialPayables', 'add'),
      {
        partnerId: supplier.id,
        payableType: d('payableType', '材料款'),
        dueDate: addDays(-3),
        lines: [{ itemName: '亚克力灯箱面板', quantity: 10, unitPrice: 500, payablePrice: 5000 }],
      },
      boss,
    );
    ok(p);
    expect(p.data).toMatchObject({ payStage: '未付款', balancePrice: 5000 });
    // The list's tabs are the schema's filters: 逾期 (due date passed, balance open) and 未付清 find it.
    const tab = async (value: string) =>
      (
        await t.call('POST', api('financialPayables', 'page'), { pageNum: 1, pageSize: 200, tab: value }, boss)
      ).data.list.map((r: any) => r.code);
    expect(await tab('overdue')).toContain(p.data.code);
    expect(await tab('open')).toContain(p.data.code);
    expect(await tab('settled')).not.toContain(p.data.code);
    expect(
      (await t.call('POST', api('financialPayables', 'page'), { pageNum: 1, pageSize: 5, tab: 'forged' }, boss)).status,
    ).toBe(400);

    const request = (amount: number) => ({
      payableCode: p.data.code,
      amount,
      payDate: today,
      paymentMethod: d('paymentMethod', '银行转账'),
      reason: '材料款分批支付',
      partnerId: 999,
      partnerIdName: '伪造',
    });
    expect(await t.call('POST', api('financialPayablesRequest', 'add'), request(5000.01), staff)).toMatchObject({
      status: 400,
      message: '申请金额不能超过应付单未结余额',
    });
    const first = await t.call(
      'POST',
      api('financialPayablesRequest', 'add'),
      { ...request(2000), submit: true },
      staff,
    );
    ok(first);
    // Who the money goes to comes from the payable, whatever the client said.
    expect(first.data).toMatchObject({ partnerId: supplier.id, partnerIdName: '宏达亚克力（供应商）' });
    // The originator's 我的申请 names the page whose schema holds the form (a nested entity of 应付管理), so the portal opens it.
    const applied = (
      await t.call('POST', '/api/oa/process/applyList', { pageNum: 1, pageSize: 50 }, staff)
    ).data.list.find((x: any) => x.formId === first.data.id);
    expect(applied).toMatchObject({ module: 'financialPayablesRequest', page: 'financialPayables' });
    expect((await approve('financialPayablesRequest', first.data.id)).status).toBe('已通过');
    expect(await get('financialPayables', p.data.id)).toMatchObject({
      paidPrice: 2000,
      balancePrice: 3000,
      payStage: '部分付款',
    });
    // Two requests for the rest, both submitted while the balance allowed them: the second approval is refused.
    const a = await t.call('POST', api('financialPayablesRequest', 'add'), { ...request(3000), submit: true }, staff);
    const b = await t.call('POST', api('financialPayablesRequest', 'add'), { ...request(3000), submit: true }, staff);
    ok(a);
    ok(b);
    expect((await approve('financialPayablesRequest', a.data.id)).status).toBe('已通过');
    const refused = await approve('financialPayablesRequest', b.data.id);
    expect(refused.refusedWith).toMatch(/付款与预付抵扣合计不能超过应付金额/);
    const settled = await get('financialPayables', p.data.id);
    expect(settled).toMatchObject({ paidPrice: 5000, balancePrice: 0, payStage: '已付清' });
    expect(await tab('settled')).toContain(p.data.code);
    // Another team sees none of our requests.
    expect(
      (await t.call('POST', api('financialPayablesRequest', 'page'), { pageNum: 1, pageSize: 5 }, outsider)).data.total,
    ).toBe(0);
  });

  it('answers hostile input on the new calls with a 4xx envelope, never a 5xx', async () => {
    const bodies: [string, unknown][] = [
      [api('reimburseManage', 'options'), { field: 'advanceCode', values: { applicantId: { $gt: 1 } } }],
      [
        api('reimburseManage', 'options'),
        { field: 'advanceCode', values: { applicantId: 'x'.repeat(5000) }, keyword: '%_\\' },
      ],
      [api('reimburseManage', 'options'), { field: '__proto__' }],
      [api('reimburseManage', 'options'), { field: 'advanceCode', values: [] }],
      [api('reimburseManage', 'add'), claim({ advanceCode: { code: 'JZ1' }, offsetPrice: 1 })],
      [api('reimburseManage', 'add'), claim({ advanceCode: ['JZ1'], offsetPrice: 1 })],
      [api('reimburseManage', 'add'), claim({ advanceCode: "JZ1'; DROP TABLE records; --", offsetPrice: 1 })],
      [
        api('financialPayables', 'add'),
        { partnerId: 'abc', payableType: 1, lines: [{ itemName: 'x', payablePrice: 'NaN' }] },
      ],
      [api('financialPayables', 'add'), { partnerId: 1e308, prepayCode: 123, lines: 'x' }],
      [
        api('financialReceivable', 'stage'),
        { id: 1, action: 'collect', values: { receivePrice: '1e309', receiveDate: 'x' } },
      ],
      [api('financialReceivable', 'stage'), { id: 2147483647, action: 'collect', values: {} }],
      [api('advanceManage', 'stage'), { id: 1, action: 'constructor', values: {} }],
      [api('financialPayables', 'page'), { pageNum: 1, pageSize: 5, tab: 'overdue', period: '2026-13' }],
      [api('financialPayables', 'page'), { pageNum: 1, pageSize: 5, tab: '@payRequest' }],
      [api('financialPayablesRequest', 'add'), { payableCode: null, amount: -1 }],
    ];
    for (const [url, body] of bodies) {
      const r = await t.call('POST', url, body, boss); // t.call throws on a 5xx
      const what = `${url} ${JSON.stringify(body).slice(0, 80)}`;
      // A picker ignores form values it cannot use (it offers nothing for them); everything else is refused.
      if (url.endsWith('/options') && r.status === 200) expect(r.data, what).toEqual([]);
      else expect(r.status, what).not.toBe(200);
    }
  });

  it("runs each effect once per event: replaying an approval's effects appends nothing", async () => {
    const adv = await paidAdvance({ loanPrice: 900 });
    const c = await t.call(
      'POST',
      api('reimburseManage', 'add'),
      { ...claim({ advanceCode: adv.code, offsetPrice: 300 }, 300), submit: true },
      staff,
    );
    ok(c);
    expect((await approve('reimburseManage', c.data.id)).status).toBe('已通过');
    expect((await get('advanceManage', adv.id)).lines).toHaveLength(1);
    const schemas = new SchemaRegistry(t.config.schemasDir);
    await withTenant(t.db, DEMO.tenantCode, (trx) =>
      runEffects(
        trx,
        { tenant: DEMO.tenantCode, schemas },
        schemas.get('reimburseManage')!,
        c.data.id,
        'approved',
        'approved',
        ids.lisi,
      ),
    );
    const again = await get('advanceManage', adv.id);
    expect(again.lines).toHaveLength(1);
    expect(again.balancePrice).toBe(600);
    const rows = await t.db.selectFrom('record_effects').selectAll().where('source_id', '=', c.data.id).execute();
    expect(rows.map((r) => [r.effect_key, r.occurrence, r.target_ids.map(Number)])).toEqual([
      ['offsetAdvance', 'approved', [adv.id]],
    ]);
  });
});
