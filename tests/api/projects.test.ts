// Projects as data: 项目立项, 装修立项 and 家具立项 pass their project type's 立项流程 (one per
// type, picked by a record picker filtered by the record's own projectType) through approval, then move through
// their stages (已立项 → 执行中 → 已结项 / 已终止 …) by stage actions refused from the wrong stage; budget lines may
// not exceed the budget, contract amounts are the lines' sum, 展览-only fields are dropped for other types. No
// module of this area is named in src/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { approveAll, uploadPng } from '../helpers/records';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';

const api = (module: string, op: string) => `/api/data/${module}/${op}`;
const STAGES_TEXT = '立项申请 → 方案评审 → 报价审批 → 合同签订 → 开工确认';
const DEMO_STATUSES: Record<string, Record<string, number>> = {
  projectInitiation: { 已通过: 16, 审批中: 2, 已驳回: 2, 待提交: 2, 已撤回: 1 },
  decorationProjectProposal: { 已通过: 15, 审批中: 2, 已驳回: 2, 待提交: 2, 已撤回: 1 },
  furnitureProjectProposal: { 已通过: 15, 审批中: 2, 已驳回: 2, 待提交: 2, 已撤回: 1 },
};

describe.each(oneDialect())('projects on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  let staff: string;
  let lisi: string;
  let approvers: string[];
  let dict: Record<string, any[]>;
  let customer: number;
  let supplier: number;
  let process: Record<string, string>;
  let files: Record<string, { url: string; name: string }[]>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
    // The demo 立项流程 name these people as stage approvers.
    approvers = [
      boss,
      lisi,
      staff,
      ...(await Promise.all(['zhouhao', 'zhengkai', 'wufang', 'linfeng'].map((u) => t.login(u, DEMO.password)))),
    ];
    dict = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        [
          'projectType',
          'boothType',
          'spaceType',
          'decorationType',
          'furnitureType',
          'unit',
          'boardMaterial',
          'surfaceFinish',
          'procureType',
        ],
        staff,
      )
    ).data;
    const partner = async (keyword: string) =>
      (await t.call('POST', api('partnerInfo', 'page'), { pageNum: 1, pageSize: 10, keyword }, boss)).data.list[0]
        .id as number;
    customer = await partner('金缘珠宝集团有限公司');
    supplier = await partner('东莞市森林板材有限公司');
    const processes = (
      await t.call('POST', api('projectInitiationProcess', 'page'), { pageNum: 1, pageSize: 50 }, boss)
    ).data.list;
    process = Object.fromEntries(processes.map((p: any) => [p.projectTypeName, p.code]));
    // Every 必交资料 a demo 立项流程 asks for, so that approvals can walk every stage.
    const png = await uploadPng(t, staff, '资料.png');
    files = { planFiles: [png], budgetFiles: [png], quoteFiles: [png], contractFiles: [png], drawings: [png] };
  });
  afterAll(async () => t?.close());

  const d = (key: string, name: string) => dictItemId(dict, key, name);
  const ok = (r: { status: number; message: string }) => expect(r.status, r.message).toBe(200);
  const get = async (module: string, id: number, token = boss) =>
    (await t.call('GET', `${api(module, 'get')}?id=${id}`, undefined, token)).data;
  const list = async (module: string, token = boss) =>
    (await t.call('POST', api(module, 'page'), { pageNum: 1, pageSize: 200 }, token)).data;
  const tally = (rows: any[], key: (r: any) => string) =>
    rows.reduce((a: Record<string, number>, r) => ({ ...a, [key(r)]: (a[key(r)] ?? 0) + 1 }), {});
  const stage = (module: string, id: number, action: string, values: Record<string, unknown> = {}, token = staff) =>
    t.call('POST', api(module, 'stage'), { id, action, values }, token);
  const approved = async (module: string, body: Record<string, unknown>) => {
    const r = await t.call('POST', api(module, 'add'), { ...files, ...body, submit: true }, staff);
    ok(r);
    expect(r.data.status).toBe('审批中');
    return approveAll(t, module, r.data.id, approvers);
  };

  const project = (over: Record<string, unknown> = {}) => ({
    projectName: '金缘珠宝苏州观前街店柜台道具（测试）',
    projectType: d('projectType', '道具'),
    processCode: process['道具'],
    customerId: customer,
    period: ['2031-03-01', '2031-04-15'],
    budgetPrice: 100000,
    contractPrice: 128000,
    region: ['江苏省', '苏州市'],
    address: '姑苏区观前街 88 号',
    ...files,
    lines: [
      { budgetItem: '高柜制作', quantity: 6, unit: d('unit', '个'), unitPrice: 9800 },
      { budgetItem: '运输安装', quantity: 1, unit: d('unit', '套'), unitPrice: 12000 },
    ],
    ...over,
  });

  it('the demo story is there: one process per project type and twenty-odd projects per page in every status', async () => {
    const processes = (await list('projectInitiationProcess')).list;
    expect(processes.map((p: any) => p.projectTypeName).sort()).toEqual(
      ['其他', '家具', '展览', '装修', '道具'].sort(),
    );
    for (const p of processes) expect(p).toMatchObject({ enabled: true, stageCount: 5, stagesText: STAGES_TEXT });
    for (const module of ['projectInitiation', 'decorationProjectProposal', 'furnitureProjectProposal']) {
      const page = await list(module);
      expect(
        tally(page.list, (r) => r.status),
        module,
      ).toEqual(DEMO_STATUSES[module]);
      expect(page.total, module).toBe(Object.values(DEMO_STATUSES[module]).reduce((a, b) => a + b, 0));
      // Every approved project is in a stage; the others are in none.
      for (const r of page.list) expect(!!r.stage, `${module} ${r.code}`).toBe(r.status === '已通过');
    }
    const xm = (await list('projectInitiation')).list;
    expect(
      tally(
        xm.filter((r: any) => r.stage),
        (r) => r.stage,
      ),
    ).toEqual({ 已立项: 2, 执行中: 3, 已结项: 9, 已终止: 2 });
    const hz = xm.find((r: any) => r.projectName === '金缘珠宝杭州湖滨银泰店柜台道具');
    expect(hz).toMatchObject({
      customerIdName: '金缘珠宝集团有限公司',
      projectTypeName: '道具',
      regionText: '浙江省杭州市',
      stage: '已结项',
      processCodeName: '道具项目立项流程（5 个阶段）',
    });
    expect(hz.code).toMatch(/^XM\d{12}$/);
    // 展览 projects carry their fair; the others none.
    for (const r of xm) expect(!!r.exhibitionName, r.projectName).toBe(r.projectTypeName === '展览');
    const zx = (await list('decorationProjectProposal')).list;
    expect(
      tally(
        zx.filter((r: any) => r.stage),
        (r) => r.stage,
      ),
    ).toEqual({ 已立项: 1, 施工中: 3, 已验收: 3, 已结算: 7, 已终止: 1 });
    for (const r of zx) expect(r.code).toMatch(/^ZX\d{12}$/);
    const jj = (await list('furnitureProjectProposal')).list;
    expect(
      tally(
        jj.filter((r: any) => r.stage),
        (r) => r.stage,
      ),
    ).toEqual({ 已立项: 1, 生产中: 3, 已交付: 3, 已结算: 7, 已终止: 1 });
    for (const r of jj) expect(r.code).toMatch(/^JJ\d{12}$/);
  });

  it('立项流程: one per project type, stages 1–90 days, a stage summary; a disabled process is no longer offered', async () => {
    const body = {
      projectType: d('projectType', '道具'),
      processName: '道具第二流程（测试）',
      enabled: true,
      lines: [{ stageName: '立项申请', approverType: '部门负责人', timeLimitDays: 2 }],
    };
    expect(await t.call('POST', api('projectInitiationProcess', 'add'), body, boss)).toMatchObject({
      status: 409,
      message: '该项目类型已有立项流程，请编辑原流程',
    });
    // 指定人员 needs its approvers.
    expect(
      await t.call(
        'POST',
        api('projectInitiationProcess', 'add'),
        { ...body, lines: [{ stageName: '立项申请', approverType: '指定人员', approverIds: [], timeLimitDays: 2 }] },
        boss,
      ),
    ).toMatchObject({ status: 400, message: '阶段第1行审批人不能为空' });
    // The 道具 process is the only one offered for a 道具 project; a 展览 project is offered the 展览 one.
    const offered = async (type: string) =>
      (
        await t.call(
          'POST',
          api('projectInitiation', 'options'),
          { field: 'processCode', values: { projectType: d('projectType', type) } },
          staff,
        )
      ).data.map((o: any) => o.value);
    expect(await offered('道具')).toEqual([process['道具']]);
    expect(await offered('展览')).toEqual([process['展览']]);
    // Time limits are 1–90 days; stage names are unique.
    const other = (await list('projectInitiationProcess')).list.find((p: any) => p.projectTypeName === '其他');
    const lines = (await get('projectInitiationProcess', other.id)).lines;
    const update = (over: Record<string, unknown>) =>
      t.call(
        'POST',
        api('projectInitiationProcess', 'update'),
        {
          id: other.id,
          projectType: d('projectType', '其他'),
          processName: '通用项目立项流程',
          enabled: true,
          lines,
          ...over,
        },
        boss,
      );
    expect((await update({ lines: [{ ...lines[0], timeLimitDays: 91 }] })).status).toBe(400);
    expect(await update({ lines: [lines[0], lines[0]] })).toMatchObject({
      status: 400,
      message: '同一流程的阶段名称不能重复',
    });
    // Disabled: no longer offered, and a new pick of it is refused.
    ok(await update({ enabled: false }));
    expect(await offered('其他')).toEqual([]);
    const r = await t.call(
      'POST',
      api('projectInitiation', 'add'),
      project({ projectType: d('projectType', '其他'), processCode: process['其他'] }),
      staff,
    );
    expect(r).toMatchObject({ status: 400, message: '立项流程不存在或不可选' });
    ok(await update({ enabled: true }));
    ok(
      await t.call(
        'POST',
        api('projectInitiation', 'add'),
        project({ projectType: d('projectType', '其他'), processCode: process['其他'] }),
        staff,
      ),
    );
  });

  it("项目立项: required fields, budget lines within the budget, a process of the project's own type, 客户 only", async () => {
    const add = (body: Record<string, unknown>) => t.call('POST', api('projectInitiation', 'add'), body, staff);
    const noName = await add(project({ projectName: '' }));
    expect(noName.status).toBe(400);
    expect(noName.message).toContain('项目名称');
    const noBudget = await add(project({ budgetPrice: undefined }));
    expect(noBudget.status).toBe(400);
    expect(noBudget.message).toContain('预算');
    expect((await add(project({ period: undefined }))).status).toBe(400);
    // Lines over the budget: 6 × 9800 + 12000 = 70800 fits 100000, not 70000.
    expect(await add(project({ budgetPrice: 70000 }))).toMatchObject({
      status: 400,
      message: '预算明细合计不能超过项目预算',
    });
    const saved = await add(project());
    ok(saved);
    expect(saved.data).toMatchObject({
      budgetTotal: 70800,
      startDate: '2031-03-01',
      endDate: '2031-04-15',
      regionText: '江苏省苏州市',
      processStages: STAGES_TEXT,
    });
    expect(saved.data.lines.map((l: any) => l.totalPrice)).toEqual([58800, 12000]);
    // The process must be the project type's; the customer must be a 客户.
    expect(await add(project({ processCode: process['展览'] }))).toMatchObject({
      status: 400,
      message: '立项流程不存在或不可选',
    });
    expect(await add(project({ customerId: supplier }))).toMatchObject({ status: 400, message: '客户不存在或不可选' });
    // Submitting needs a process and at least one budget line.
    expect(await add(project({ processCode: undefined, submit: true }))).toMatchObject({
      status: 400,
      message: '请选择立项流程（在“立项流程”页为该项目类型配置并启用）',
    });
    expect(await add(project({ lines: [], submit: true }))).toMatchObject({
      status: 400,
      message: '请至少填写1条预算明细',
    });
  });

  it('展览-only fields: required and kept for 展览, dropped for any other type', async () => {
    const fair = { exhibitionName: '2031 深圳礼品展（测试）', boothType: d('boothType', '特装展位'), boothArea: 72 };
    const prop = await t.call('POST', api('projectInitiation', 'add'), project(fair), staff);
    ok(prop);
    for (const k of ['exhibitionName', 'boothType', 'boothArea']) expect(prop.data[k], k).toBeUndefined();
    const expo = project({ projectType: d('projectType', '展览'), processCode: process['展览'] });
    const missing = await t.call('POST', api('projectInitiation', 'add'), expo, staff);
    expect(missing.status).toBe(400);
    expect(missing.message).toContain('展会名称');
    const kept = await t.call('POST', api('projectInitiation', 'add'), { ...expo, ...fair }, staff);
    ok(kept);
    expect(kept.data).toMatchObject({
      exhibitionName: '2031 深圳礼品展（测试）',
      boothTypeName: '特装展位',
      boothArea: 72,
    });
  });

  it('项目立项: approval gives 已通过 and 已立项; 开始执行 → 结项 in order, 终止 only while open', async () => {
    const rec = await approved('projectInitiation', project({ projectName: '审批流转测试项目（测试）' }));
    expect(rec).toMatchObject({ status: '已通过', stage: '已立项' });
    const id = rec.id;
    expect(await stage('projectInitiation', id, 'close', { closeDate: '2031-05-01' })).toMatchObject({
      status: 409,
      message: '当前项目状态为「已立项」，不能结项',
    });
    const started = await stage('projectInitiation', id, 'start', { actualStartDate: '2031-03-02' });
    ok(started);
    expect(started.data.stage).toBe('执行中');
    expect(await stage('projectInitiation', id, 'start', { actualStartDate: '2031-03-02' })).toMatchObject({
      status: 409,
    });
    expect(await stage('projectInitiation', id, 'close', { closeDate: '2031-03-01' })).toMatchObject({
      status: 400,
      message: '结项日期不能早于实际开始日期',
    });
    const closed = await stage('projectInitiation', id, 'close', {
      closeDate: '2031-04-20',
      actualCost: 68000,
      closeNote: '按期完成',
    });
    ok(closed);
    expect(await get('projectInitiation', id)).toMatchObject({
      stage: '已结项',
      actualStartDate: '2031-03-02',
      closeDate: '2031-04-20',
      actualCost: 68000,
    });
    expect(
      await stage('projectInitiation', id, 'terminate', { terminateDate: '2031-04-21', terminateReason: '测试' }),
    ).toMatchObject({ status: 409, message: '当前项目状态为「已结项」，不能终止' });
    // A second project is terminated while open; the reason is required.
    const other = (await approved('projectInitiation', project({ projectName: '终止测试项目（测试）' }))).id;
    expect((await stage('projectInitiation', other, 'terminate', { terminateDate: '2031-03-05' })).status).toBe(400);
    ok(
      await stage('projectInitiation', other, 'terminate', {
        terminateDate: '2031-03-05',
        terminateReason: '客户取消',
      }),
    );
    expect((await get('projectInitiation', other)).stage).toBe('已终止');
    expect(await stage('projectInitiation', other, 'start', { actualStartDate: '2031-03-06' })).toMatchObject({
      status: 409,
    });
  });

  it("the approval IS the 立项流程 walk: one step per stage; a stage's approver agrees only with its 必交资料; then 已立项 and pickable as 所属项目", async () => {
    const userId = async (username: string) =>
      (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const [lisiId, demoId, zhouhaoId] = await Promise.all(['lisi', 'demo', 'zhouhao'].map(userId));
    const zhouhao = approvers[3];
    // 其他 becomes three stages, each with its approver, its time limit and its required files.
    const other = (await list('projectInitiationProcess')).list.find((p: any) => p.projectTypeName === '其他');
    ok(
      await t.call(
        'POST',
        api('projectInitiationProcess', 'update'),
        {
          id: other.id,
          projectType: d('projectType', '其他'),
          processName: '通用项目立项流程',
          enabled: true,
          lines: [
            {
              stageName: '立项申请',
              approverType: '指定人员',
              approverIds: [lisiId],
              timeLimitDays: 2,
              requiredFiles: ['方案'],
            },
            {
              stageName: '报价审批',
              approverType: '指定人员',
              approverIds: [demoId],
              timeLimitDays: 3,
              requiredFiles: ['预算', '报价'],
            },
            {
              stageName: '合同签订',
              approverType: '指定人员',
              approverIds: [zhouhaoId],
              timeLimitDays: 5,
              requiredFiles: ['合同'],
            },
          ],
        },
        boss,
      ),
    );
    // Submitted with its 方案 and 预算 only.
    const r = await t.call(
      'POST',
      api('projectInitiation', 'add'),
      project({
        projectName: '三阶段立项测试（测试）',
        projectType: d('projectType', '其他'),
        processCode: process['其他'],
        quoteFiles: undefined,
        contractFiles: undefined,
        drawings: undefined,
        submit: true,
      }),
      staff,
    );
    ok(r);
    const id = r.data.id as number;
    expect(r.data).toMatchObject({ status: '审批中' });
    expect(r.data.stage ?? null).toBeNull();
    const task = async (token: string) =>
      (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
    const agree = async (token: string, files?: Record<string, unknown>) => {
      const k = await task(token);
      expect(k.taskId, 'an open task').toBeTruthy();
      return t.call(
        'POST',
        '/api/oa/process/agree',
        { taskId: k.taskId, processInstanceId: k.processInstanceId, comments: '同意', ...(files ? { files } : {}) },
        token,
      );
    };
    const pending = async () =>
      (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${id}`, undefined, staff)).data.find(
        (x: any) => x.operationName === 'pending',
      );
    const offered = async () =>
      (await t.call('POST', api('procureProcess', 'options'), { field: 'projectId', values: {} }, boss)).data.map(
        (o: any) => o.value,
      );
    // Under approval it is no project yet.
    expect(await offered()).not.toContain(r.data.code);
    // Step 1 立项申请 (李四): 方案 is attached.
    expect(await task(lisi)).toMatchObject({
      stepName: '立项申请',
      requiredFiles: [{ label: '方案', field: 'planFiles', attached: true }],
    });
    expect(await pending()).toMatchObject({
      name: '立项申请',
      approvalOpinion: '或签：一人同意即可，时限2天；必交资料：方案（已上传）',
    });
    ok(await agree(lisi));
    // Step 2 报价审批 (demo): 报价 is missing; agreeing without it is refused, and the task stays open.
    expect(await task(boss)).toMatchObject({
      stepName: '报价审批',
      requiredFiles: [
        { label: '预算', attached: true },
        { label: '报价', field: 'quoteFiles', attached: false },
      ],
    });
    expect(await pending()).toMatchObject({
      name: '报价审批',
      approvalOpinion: '或签：一人同意即可，时限3天；必交资料：预算（已上传）、报价（未上传）',
    });
    expect(await agree(boss)).toMatchObject({ status: 400, message: '「报价审批」须先上传必交资料：报价' });
    expect(await agree(boss)).toMatchObject({ status: 400, message: '「报价审批」须先上传必交资料：报价' });
    // A file that is not this team's, or a file this step does not ask for, is refused too.
    expect((await agree(boss, { quoteFiles: [{ url: '/api/files/forged/x.png', name: 'x.png' }] })).status).toBe(400);
    expect(await agree(boss, { contractFiles: files.contractFiles })).toMatchObject({
      status: 400,
      message: '审批步骤「报价审批」不需要上传该资料',
    });
    expect((await get('projectInitiation', id)).quoteFiles ?? null).toBeNull();
    // The approver attaches it while agreeing: it is kept on the project.
    ok(await agree(boss, { quoteFiles: files.quoteFiles }));
    expect((await get('projectInitiation', id)).quoteFiles).toEqual(files.quoteFiles);
    // Step 3 合同签订 (周浩): 合同 is required.
    expect(await agree(zhouhao)).toMatchObject({ status: 400, message: '「合同签订」须先上传必交资料：合同' });
    expect((await get('projectInitiation', id)).status).toBe('审批中');
    ok(await agree(zhouhao, { contractFiles: files.contractFiles }));
    // Three steps, one per stage, and then it is 已立项: no second walk (no 推进阶段, no phase fields).
    const rec = await get('projectInitiation', id);
    expect(rec).toMatchObject({ status: '已通过', stage: '已立项', contractFiles: files.contractFiles });
    expect(rec.actions).not.toContain('advancePhase');
    expect(rec.phase ?? null).toBeNull();
    const steps = (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${id}`, undefined, staff)).data;
    expect(steps.filter((x: any) => x.operationName === 'agree').map((x: any) => x.name)).toEqual([
      '立项申请',
      '报价审批',
      '合同签订',
    ]);
    // 审批动态 names the 流程 at the submission, not a made-up version.
    expect(steps.find((x: any) => x.operationName === 'submit').approvalOpinion).toBe('通用项目立项流程');
    expect(await offered()).toContain(r.data.code);
    // A client cannot set the old phase fields.
    const draft = await t.call(
      'POST',
      api('projectInitiation', 'add'),
      project({ projectName: '阶段伪造测试（测试）', phase: '已完成', phaseDue: '2099-01-01' }),
      staff,
    );
    ok(draft);
    expect(draft.data.phase ?? null).toBeNull();
    expect(draft.data.phaseDue ?? null).toBeNull();
    // 装修 and 家具 keep the project's 部门 (data scope 本部门 sees them).
    const deco = await approved('decorationProjectProposal', {
      projectName: '部门测试装修（测试）',
      customerId: customer,
      spaceType: d('spaceType', '门店'),
      decorationType: d('decorationType', '新装'),
      area: 50,
      processCode: process['装修'],
      region: ['浙江省', '杭州市'],
      address: '上城区 1 号',
      period: ['2031-03-01', '2031-04-30'],
      lines: [{ trade: '水电', description: '强弱电', quantity: 1, unit: d('unit', '套'), unitPrice: 1000 }],
    });
    expect(deco).toMatchObject({ status: '已通过', stage: '已立项' });
    expect(deco.deptId).toBeTruthy();
    expect(deco.deptIdName).toBeTruthy();
  });

  it('道具项目 walk the 道具 立项流程 the same way: one step per stage, each with its 必交资料, then 执行中 with its orders', async () => {
    // A project offers its customer's props only.
    const prop = (await list('myProp')).list.find(
      (r: any) => r.standardPrice > 0 && r.enabled && Number(r.customerId) === Number(customer),
    );
    const body = {
      projectName: '道具立项流程测试（测试）',
      customerId: customer,
      deliveryDate: '2031-06-30',
      address: '杭州市上城区东坡路7号',
      lines: [{ propId: prop.id, quantity: 2, storeName: '湖滨店' }],
      ...files,
      drawings: undefined,
    };
    // No process picked, or one of another project type: refused.
    const bare = await t.call(
      'POST',
      api('propProject', 'add'),
      { ...body, projectName: '无流程道具项目（测试）' },
      staff,
    );
    ok(bare);
    expect(await t.call('POST', api('propProject', 'submit'), { id: bare.data.id }, staff)).toMatchObject({
      status: 400,
      message: '请选择立项流程（在“立项流程”页为道具项目配置并启用）',
    });
    expect(
      await t.call('POST', api('propProject', 'add'), { ...body, processCode: process['装修'] }, staff),
    ).toMatchObject({ status: 400, message: '立项流程不存在或不可选' });
    // The route preview is the 道具 process's five stages.
    const route = await t.call('POST', api('propProject', 'route'), { ...body, processCode: process['道具'] }, staff);
    ok(route);
    expect(route.data.process.name).toBe('道具项目立项流程');
    expect(route.data.steps.map((x: any) => x.stepName)).toEqual(STAGES_TEXT.split(' → '));
    const r = await t.call(
      'POST',
      api('propProject', 'add'),
      { ...body, processCode: process['道具'], submit: true },
      staff,
    );
    ok(r);
    const id = r.data.id as number;
    expect(r.data).toMatchObject({ status: '审批中', processStages: STAGES_TEXT });
    // 方案评审 needs 图纸, which the project lacks: its approver is refused until the file is attached.
    const stuck = await approveAll(t, 'propProject', id, approvers);
    expect(stuck).toMatchObject({ status: '审批中', refusedWith: '「方案评审」须先上传必交资料：图纸' });
    for (const token of approvers) {
      const task = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
      if (!task?.taskId) continue;
      expect(task).toMatchObject({
        stepName: '方案评审',
        requiredFiles: [
          { label: '方案', attached: true },
          { label: '图纸', attached: false },
        ],
      });
      ok(
        await t.call(
          'POST',
          '/api/oa/process/agree',
          {
            taskId: task.taskId,
            processInstanceId: task.processInstanceId,
            comments: '图纸已补',
            files: { drawings: files.drawings },
          },
          token,
        ),
      );
      break;
    }
    const done = await approveAll(t, 'propProject', id, approvers);
    expect(done, done.refusedWith).toMatchObject({
      status: '已通过',
      projectStage: '执行中',
      drawings: files.drawings,
    });
    const steps = (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${id}`, undefined, staff)).data;
    expect([
      ...new Set(steps.filter((x: any) => ['agree', 'auto'].includes(x.operationName)).map((x: any) => x.name)),
    ]).toEqual(STAGES_TEXT.split(' → '));
    expect(steps.find((x: any) => x.operationName === 'submit').approvalOpinion).toBe('道具项目立项流程');
    // Approved, it makes its order like before.
    const orders = await t.db
      .selectFrom('records')
      .select('id')
      .where('module', '=', 'allocatePropOrders')
      .where(sql`data->>'sourceCode'`, '=', r.data.code)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it("装修立项: 合同金额 is the lines' sum whatever the client sends; 开工 → 验收 → 结算", async () => {
    const body = {
      projectName: '金缘珠宝杭州西湖银泰店装修（测试）',
      customerId: customer,
      spaceType: d('spaceType', '门店'),
      decorationType: d('decorationType', '新装'),
      area: 120,
      processCode: process['装修'],
      region: ['浙江省', '杭州市'],
      address: '上城区延安路 98 号西湖银泰 1F',
      managerId: undefined,
      period: ['2031-03-01', '2031-04-30'],
      contractPrice: 1,
      lines: [
        { trade: '水电', description: '强弱电', quantity: 1, unit: d('unit', '套'), unitPrice: 38000 },
        { trade: '木作', description: '墙柜与吊顶', quantity: 120, unit: d('unit', '平方米'), unitPrice: 680.5 },
      ],
    };
    const add = (over: Record<string, unknown>) =>
      t.call('POST', api('decorationProjectProposal', 'add'), { ...body, ...over }, staff);
    expect((await add({ area: undefined })).status).toBe(400);
    expect((await add({ area: 0 })).status).toBe(400);
    expect((await add({ customerId: undefined })).status).toBe(400);
    expect((await add({ address: '' })).status).toBe(400);
    expect((await add({ lines: [{ trade: '贴砖', quantity: 1, unitPrice: 1 }] })).status).toBe(400);
    expect(await add({ processCode: process['家具'] })).toMatchObject({
      status: 400,
      message: '立项流程不存在或不可选',
    });
    const saved = await add({});
    ok(saved);
    expect(saved.data.contractPrice).toBe(119660);
    expect(saved.data.managerId).toBeTruthy();
    const rec = await approved('decorationProjectProposal', { ...body, projectName: '装修流转测试（测试）' });
    expect(rec).toMatchObject({ status: '已通过', stage: '已立项', contractPrice: 119660 });
    expect(
      await stage('decorationProjectProposal', rec.id, 'settle', { settleDate: '2031-05-10', settlePrice: 119660 }),
    ).toMatchObject({ status: 409 });
    ok(await stage('decorationProjectProposal', rec.id, 'startWork', { actualStartDate: '2031-03-02' }));
    expect(await stage('decorationProjectProposal', rec.id, 'accept', { acceptDate: '2031-03-01' })).toMatchObject({
      status: 400,
      message: '验收日期不能早于开工日期',
    });
    ok(await stage('decorationProjectProposal', rec.id, 'accept', { acceptDate: '2031-04-28', acceptNote: '合格' }));
    ok(await stage('decorationProjectProposal', rec.id, 'settle', { settleDate: '2031-05-10', settlePrice: 119660 }));
    expect(await get('decorationProjectProposal', rec.id)).toMatchObject({ stage: '已结算', settlePrice: 119660 });
    expect(
      await stage('decorationProjectProposal', rec.id, 'terminate', {
        terminateDate: '2031-05-11',
        terminateReason: '测试',
      }),
    ).toMatchObject({ status: 409 });
  });

  it("家具立项: sizes 1–20000 mm, 合同金额 the lines' sum; 投产 → 交付 → 结算", async () => {
    const line = {
      itemName: '珠宝高柜',
      material: d('boardMaterial', '多层板'),
      surfaceFinish: d('surfaceFinish', '钢琴烤漆'),
      length: 1200,
      width: 550,
      height: 1900,
      quantity: 6,
      unitPrice: 8600,
    };
    const body = {
      projectName: '金缘珠宝苏州店珠宝展柜（测试）',
      customerId: customer,
      furnitureType: d('furnitureType', '商业展柜'),
      processCode: process['家具'],
      deliveryDate: '2031-04-30',
      installRequired: true,
      region: ['江苏省', '苏州市'],
      address: '姑苏区观前街 88 号',
      lines: [
        line,
        { ...line, itemName: '收银台', length: 1800, width: 600, height: 1050, quantity: 1, unitPrice: 11800 },
      ],
    };
    const add = (over: Record<string, unknown>) =>
      t.call('POST', api('furnitureProjectProposal', 'add'), { ...body, ...over }, staff);
    expect((await add({ deliveryDate: undefined })).status).toBe(400);
    expect((await add({ furnitureType: undefined })).status).toBe(400);
    expect((await add({ lines: [{ ...line, height: 20001 }] })).status).toBe(400);
    expect((await add({ lines: [{ ...line, length: undefined }] })).status).toBe(400);
    expect(await add({ processCode: process['装修'] })).toMatchObject({
      status: 400,
      message: '立项流程不存在或不可选',
    });
    const saved = await add({ contractPrice: 5 });
    ok(saved);
    expect(saved.data).toMatchObject({ contractPrice: 63400, installRequiredText: '需要' });
    expect(saved.data.lines[0].sizeText).toBe('1200×550×1900');
    const rec = await approved('furnitureProjectProposal', body);
    expect(rec).toMatchObject({ status: '已通过', stage: '已立项' });
    expect(
      await stage('furnitureProjectProposal', rec.id, 'deliver', { actualDeliveryDate: '2031-04-30' }),
    ).toMatchObject({ status: 409, message: '当前项目状态为「已立项」，不能交付' });
    ok(await stage('furnitureProjectProposal', rec.id, 'produce', { produceDate: '2031-03-05' }));
    ok(
      await stage('furnitureProjectProposal', rec.id, 'deliver', {
        actualDeliveryDate: '2031-04-28',
        deliveryNote: '已安装',
      }),
    );
    ok(await stage('furnitureProjectProposal', rec.id, 'settle', { settleDate: '2031-05-10', settlePrice: 63400 }));
    expect((await get('furnitureProjectProposal', rec.id)).stage).toBe('已结算');
  });

  it('所属项目 everywhere: one picker over the three initiation pages offers approved open projects only, and saves check the pick', async () => {
    const OPEN = ['已立项', '执行中', '施工中', '已验收', '生产中', '已交付', '已完成'];
    const pages = ['projectInitiation', 'decorationProjectProposal', 'furnitureProjectProposal', 'propProject'];
    const all = (
      await Promise.all(pages.map(async (m) => (await list(m)).list.map((r: any) => ({ ...r, module: m }))))
    ).flat();
    // 道具项目 keeps its progress in projectStage (its picker conditions say so through filterOf).
    const stageOf = (r: any) => r.stage ?? r.projectStage;
    const open = all.filter((r: any) => r.status === '已通过' && OPEN.includes(stageOf(r)));
    expect(new Set(open.map((r: any) => r.module)).size).toBe(4);
    const offered = async (module: string) =>
      (await t.call('POST', api(module, 'options'), { field: 'projectId', values: {} }, boss)).data;
    for (const module of [
      'procureProcess',
      'salesProcess',
      'storeprocess',
      'vehicleManagement',
      'advanceManage',
      'reimburseManage',
      'financialPrepay',
      'financialPayables',
      'financialReceivable',
    ]) {
      const opts = await offered(module);
      expect(opts.map((o: any) => o.value).sort(), module).toEqual(open.map((r: any) => r.code).sort());
      const zx = opts.find((o: any) => o.value.startsWith('ZX'));
      expect(zx.record.module, module).toBe('decorationProjectProposal');
      expect(zx.label).toBe(`${zx.value} ${open.find((r: any) => r.code === zx.value).projectName}`);
      // An approved 道具项目 under way is a project like the others, offered by its name.
      const dx = opts.find((o: any) => o.value.startsWith('DX'));
      expect(dx.record.module, module).toBe('propProject');
      expect(dx.label).toBe(`${dx.value} ${open.find((r: any) => r.code === dx.value).projectName}`);
    }
    // A settled 道具项目 is not offered.
    const settled = all.find((r: any) => r.module === 'propProject' && r.projectStage === '已结算');
    expect(settled).toBeTruthy();
    expect((await offered('procureProcess')).map((o: any) => o.value)).not.toContain(settled.code);
    // A purchase request keeps the pick's name and module; a closed, unapproved or made-up project is refused.
    const body = (projectId: unknown) => ({
      procureType: d('procureType', '项目采购'),
      expectedDate: '2031-04-10',
      reason: '项目备料（测试）',
      projectId,
      lines: [],
    });
    const req = (projectId: unknown) => t.call('POST', api('procureProcess', 'add'), body(projectId), staff);
    const jj = open.find((r: any) => r.module === 'furnitureProjectProposal');
    const saved = await req(jj.code);
    ok(saved);
    expect(saved.data).toMatchObject({
      projectId: jj.code,
      projectIdName: `${jj.code} ${jj.projectName}`,
      projectIdModule: 'furnitureProjectProposal',
    });
    // A purchase for a 道具项目 keeps its name and module; the server checks the pick like any other.
    const dx = open.find((r: any) => r.module === 'propProject');
    const forProp = await req(dx.code);
    ok(forProp);
    expect(forProp.data).toMatchObject({
      projectId: dx.code,
      projectIdName: `${dx.code} ${dx.projectName}`,
      projectIdModule: 'propProject',
    });
    const closed = all.find((r: any) => r.stage === '已结项');
    const draft = all.find((r: any) => r.status === '待提交');
    for (const bad of [closed.code, draft.code, settled.code, 'XM209901010001', 'DX209901010001'])
      expect(await req(bad), bad).toMatchObject({ status: 400, message: '所属项目不存在或不可选' });
    // The demo's project purchases and sales name their projects.
    for (const module of ['procureProcess', 'salesProcess']) {
      const named = (await list(module)).list.filter((r: any) => r.projectId);
      expect(named.length, module).toBeGreaterThanOrEqual(2);
      for (const r of named) {
        expect(r.projectIdName.startsWith(r.projectId), r.code).toBe(true);
        expect(pages, r.code).toContain(r.projectIdModule);
      }
    }
    // Cleared, the project leaves no name or module behind.
    const cleared = await t.call(
      'POST',
      api('procureProcess', 'update'),
      { id: saved.data.id, ...body(null), applicantId: saved.data.applicantId },
      staff,
    );
    ok(cleared);
    expect(cleared.data.projectIdName).toBeUndefined();
    expect(cleared.data.projectIdModule).toBeUndefined();
  });

  it('OA through the 立项流程: each stage is a step with its own approvers and time limit; two types, two routes; no approvers, no submission', async () => {
    const userId = async (username: string) =>
      (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const [demoId, lisiId, zhouhao, zhengkai] = await Promise.all(['demo', 'lisi', 'zhouhao', 'zhengkai'].map(userId));
    const open = async (id: number) =>
      (
        await t.db
          .selectFrom('tasks')
          .innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id')
          .select(['tasks.assignee_id', 'tasks.step_name'])
          .where('pi.record_id', '=', id)
          .where('tasks.status', '=', 'open')
          .orderBy('tasks.assignee_id')
          .execute()
      ).map((x) => `${x.step_name}:${x.assignee_id}`);
    const agreeAs = async (token: string, id: number) => {
      const task = (await t.call('GET', `/api/oa/task/findTaskIdByFormId?formId=${id}`, undefined, token)).data;
      ok(
        await t.call(
          'POST',
          '/api/oa/process/agree',
          { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '同意' },
          token,
        ),
      );
    };
    const procs = (await list('projectInitiationProcess')).list;
    const expo = procs.find((p: any) => p.projectTypeName === '展览');
    // 展览 now asks 李四 first, then the project's 负责人.
    ok(
      await t.call(
        'POST',
        api('projectInitiationProcess', 'update'),
        {
          id: expo.id,
          projectType: d('projectType', '展览'),
          processName: '展览项目立项流程',
          enabled: true,
          lines: [
            {
              stageName: '报价审批',
              approverType: '指定人员',
              approverIds: [lisiId],
              timeLimitDays: 2,
              requiredFiles: ['报价'],
            },
            { stageName: '合同签订', approverType: '项目负责人', timeLimitDays: 4, requiredFiles: [] },
          ],
        },
        boss,
      ),
    );
    const submit = async (over: Record<string, unknown>) => {
      const r = await t.call('POST', api('projectInitiation', 'add'), project({ ...over, submit: true }), staff);
      ok(r);
      expect(r.data.status).toBe('审批中');
      return r.data.id as number;
    };
    // 道具 (demo process): 立项申请 by 张三's 部门负责人 (demo), then 方案评审 by 周浩 or 郑凯.
    const prop = await submit({ projectName: '道具流程审批测试（测试）' });
    expect(await open(prop)).toEqual([`立项申请:${demoId}`]);
    // 审批动态 shows whom the stage waits for and its time limit.
    const steps = (await t.call('GET', `/api/oa/task/findApprovalByFormId?formId=${prop}`, undefined, staff)).data;
    expect(steps.find((x: any) => x.operationName === 'pending')).toMatchObject({
      name: '立项申请',
      assigneeName: '演示用户',
      approvalOpinion: '或签：一人同意即可，时限2天；必交资料：方案（已上传）',
    });
    await agreeAs(boss, prop);
    expect(await open(prop)).toEqual(
      [`方案评审:${zhouhao}`, `方案评审:${zhengkai}`].sort((a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1])),
    );
    // 展览 (changed above): 李四 first, then the 负责人 the form names (demo), and then it is in effect.
    const fair = await submit({
      projectName: '展览流程审批测试（测试）',
      projectType: d('projectType', '展览'),
      processCode: expo.code,
      managerId: demoId,
      exhibitionName: '2031 上海礼品展（测试）',
      boothType: d('boothType', '特装展位'),
      boothArea: 36,
    });
    expect(await open(fair)).toEqual([`报价审批:${lisiId}`]);
    await agreeAs(lisi, fair);
    expect(await open(fair)).toEqual([`合同签订:${demoId}`]);
    await agreeAs(boss, fair);
    expect(await get('projectInitiation', fair)).toMatchObject({ status: '已通过', stage: '已立项' });
    // The route preview shows the same steps before a submission.
    const route = await t.call(
      'POST',
      api('projectInitiation', 'route'),
      project({ projectType: d('projectType', '展览'), processCode: expo.code, managerId: demoId }),
      staff,
    );
    ok(route);
    expect(route.data.process.name).toBe('展览项目立项流程');
    expect(route.data.steps.map((x: any) => x.stepName)).toEqual(['报价审批', '合同签订']);
    // A process without any stage names no approver: the submission is refused and the draft stays a draft.
    ok(
      await t.call(
        'POST',
        api('projectInitiationProcess', 'update'),
        {
          id: expo.id,
          projectType: d('projectType', '展览'),
          processName: '展览项目立项流程',
          enabled: true,
          lines: [],
        },
        boss,
      ),
    );
    const draft = await t.call(
      'POST',
      api('projectInitiation', 'add'),
      project({
        projectName: '无审批人测试（测试）',
        projectType: d('projectType', '展览'),
        processCode: expo.code,
        exhibitionName: '2031 上海礼品展（测试）',
        boothType: d('boothType', '特装展位'),
      }),
      staff,
    );
    ok(draft);
    expect(await t.call('POST', api('projectInitiation', 'submit'), { id: draft.data.id }, staff)).toMatchObject({
      status: 400,
      message: '立项流程「展览项目立项流程」没有设置审批人，请先在「立项流程」中为各阶段指定审批人',
    });
    expect((await get('projectInitiation', draft.data.id)).status).toBe('待提交');
  });
});
