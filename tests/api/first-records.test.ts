// A new team can start working at once: a user registers, creates a team of each kind (individual, and enterprise
// in each industry whose mode gives another menu), and then, as the web app does, opens every module of the menu and
// saves a first record in it (submitting it into approval where the module has approval), with no trip to the set-up
// pages. A form whose picker has nothing to offer yet is filled once its picker's page has its first record (a
// purchase once a material and a supplier exist), and that page must be in the same menu — the form says where to go.
// What onboarding collected is the team's 企业信息, and its logo is the team's file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { uploadPng } from '../helpers/records';
import { fillForm, NeedsFirst, type FormContext } from '../helpers/first-record';
import { chinaInstant, todayInChina } from '../../src/common/china-time';

type Row = Record<string, any>;
const SCHEMAS = fileURLToPath(new URL('../../schemas', import.meta.url));

/** Every page schema of the product by its module key (the route's last segment), as the web app bundles them. */
const PAGES = new Map<string, Row>(
  fs
    .readdirSync(SCHEMAS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'examples')
    .flatMap((d) =>
      fs
        .readdirSync(path.join(SCHEMAS, d.name))
        .filter((f) => f.endsWith('.json'))
        .map(
          (f) => [f.slice(0, -5), JSON.parse(fs.readFileSync(path.join(SCHEMAS, d.name, f), 'utf8'))] as [string, Row],
        ),
    ),
);
const USCC = '91350100M000100Y43';
/** Props pages whose first record picks an order (or packing) in a stage the chain's stage actions reach. */
const LATER_STEPS = [
  'propBacking',
  'propOutsourcing',
  'propQualityTesting',
  'propSettlement',
  'propWarehousingAndShipping',
];

/** The modules of a menu tree (its leaves), with their routes. */
const leaves = (tree: Row[]): Row[] => tree.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

describe.each(testDialects())('a new team saves a first record in every module of its menu on $name', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  /** Registers a user through the SMS code, as the register page does, and answers the session and id. */
  async function register(username: string, mobile: string) {
    await sql`UPDATE sms_codes SET created_at = greatest(created_at - interval '61 seconds', ${chinaInstant(`${todayInChina()} 00:00:01`)}::timestamptz) WHERE mobile = ${mobile}`.execute(
      t.db,
    );
    expect((await t.call('GET', `/api/admin/captcha/getSmsCaptcha?mobile=${mobile}&scene=register`)).status).toBe(200);
    const r = await t.call('POST', '/api/admin/sysuser/registerAccountInitial', {
      username,
      mobile,
      code: t.lastSmsCode(mobile, 'register'),
      password: 'secret123',
      rePassword: 'secret123',
    });
    expect(r.status, r.message).toBe(200);
    const token = await t.login(username, 'secret123');
    const me = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return { token, userId: me.id };
  }

  /**
   * Opens every module of the menu and saves a first record in each record list (and each further list of the page),
   * in passes: a form waiting for another page's first record is tried again after it. Answers what was saved, and
   * what could not be, with the reason.
   */
  async function firstRecords(token: string, userId: number, menu: Row[]) {
    const c: FormContext = { t, token, userId, dicts: new Map() };
    const menuModules = new Set(leaves(menu).map((n) => n.name));
    const todo: { view: Row; page: string }[] = [];
    const pages: string[] = [];
    for (const node of leaves(menu)) {
      if (node.name === 'home') continue;
      const file = PAGES.get(node.name);
      if (!file) {
        pages.push(`${node.name}: no page schema`);
        continue;
      }
      // A dictionary page opens on its first dictionary's items, which every team starts with.
      if (file.dictionary) {
        const fieldKey = file.dictionary.groups[0].fieldKeys[0].fieldKey;
        const d = await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKey', { fieldKey }, token);
        if (!(d.data?.length > 0)) pages.push(`${node.name}: dictionary ${fieldKey} is empty`);
        continue;
      }
      if (!file.list) continue; // 用户管理, 字段配置: the team's members and pages, not records
      // A record page as the web app renders it: the team's page as the server serves it.
      const r = await t.call('GET', `/api/page-schema/${node.name}`, undefined, token);
      if (r.status !== 200) {
        pages.push(`${node.name}: ${r.message}`);
        continue;
      }
      const page = r.data as Row;
      for (const view of [page, ...(page.entities ?? [])]) {
        // Lists written only by postings, effects or other pages (物料库存, a project's prop orders, boards) take no first record of their own.
        if (view.list?.readOnly || view.readOnly || view.viewOf || view.addable === false) continue;
        if (!(view.list?.actions ?? []).some((a: Row) => a.action === 'add')) continue;
        todo.push({ view, page: node.name });
      }
    }
    const saved: Row = {};
    const waiting = new Map<string, string>();
    /** The page whose records a waiting form's picker offers. */
    const needs = new Map<string, string>();
    const add = (module: string, values: Row, submit: boolean) =>
      t.call('POST', `/api/data/${module}/add`, { ...values, submit }, token);
    for (let pass = 0; pass < 8 && todo.length; pass++) {
      // The last passes leave empty what an optional picker cannot offer (冲抵借支单 with no advance paid yet).
      c.lenient = pass >= 4;
      for (const item of [...todo]) {
        const { view } = item;
        const module: string = view.module;
        const submit = view.drawer?.approval === true;
        // As a person would: the whole form (every picker, upload and figure); when the save refuses, only what it
        // requires (an optional 发货仓库 holding stock a new team lacks), then bigger figures (weights adding up to 100).
        let r: Row | undefined;
        try {
          for (const [full, number] of [
            [true, 1],
            [false, 1],
            [true, 100],
          ] as const) {
            c.number = number;
            r = await add(module, await fillForm(c, view, full), submit);
            if (r.status === 200) break;
          }
        } catch (e) {
          if (!(e instanceof NeedsFirst)) throw e;
          waiting.set(module, e.message);
          needs.set(module, e.module);
          continue;
        }
        todo.splice(todo.indexOf(item), 1);
        waiting.delete(module);
        needs.delete(module);
        if (r!.status === 200) {
          saved[module] = r!.data;
          // Submitted where the module has approval: it waits for its approver or, the owner alone, took effect.
          if (submit) expect(['审批中', '已通过'], `${module} after submit`).toContain(r!.data.status);
          continue;
        }
        // A page the starter set filled (企业信息, one per team; a 立项流程 per project type) holds its first record already.
        const have = await t.call('POST', `/api/data/${module}/page`, { pageNum: 1, pageSize: 5 }, token);
        if (have.data?.total > 0) saved[module] = have.data.list[0];
        else waiting.set(module, `${r!.status} ${r!.message}`);
      }
    }
    for (const { view } of todo) if (!waiting.has(view.module)) waiting.set(view.module, 'not tried');
    // A form whose picker offers records in a later stage of a chain (a prop order 待质检, 待打包) waits for that step,
    // not for set-up: its picker's page is in the menu and holds records already, and its empty picker links there.
    // So is a form waiting for such a form (入库发货 for a packing list).
    const laterStep: Record<string, string> = {};
    for (let changed = true; changed; ) {
      changed = false;
      for (const [module, why] of waiting) {
        const source = needs.get(module);
        if (!source || !menuModules.has(source)) continue;
        const have = await t.call('POST', `/api/data/${source}/page`, { pageNum: 1, pageSize: 1 }, token);
        if (have.data?.total > 0 || source in laterStep) {
          laterStep[module] = why;
          waiting.delete(module);
          changed = true;
        }
      }
    }
    return { saved, waiting: Object.fromEntries(waiting), laterStep, pages, menuModules };
  }

  async function newTeam(token: string, body: Row) {
    const r = await t.call('POST', '/api/admin/systenant/createTenant', body, token);
    expect(r.status, r.message).toBe(200);
    return r.data as { tenantCode: string; menuTree: Row[] };
  }

  it('an individual team: every module of its menu saves a first record, with no department to pick', async () => {
    const { token, userId } = await register('starter_ind', '13911120001');
    const team = await newTeam(token, { tenantName: '小周工作室', tenantType: 'individual' });
    const { saved, waiting, pages } = await firstRecords(token, userId, team.menuTree);
    expect(pages).toEqual([]);
    expect(waiting).toEqual({});
    expect(Object.keys(saved).length).toBeGreaterThanOrEqual(6);
    console.log(`[first-records] individual: ${Object.keys(saved).length} lists saved a first record`);
    // A claim went into approval and, with nobody else in the team, passed on its own.
    expect(['审批中', '已通过']).toContain(saved.reimburseManage.status);
    const page = (await t.call('GET', '/api/page-schema/reimburseManage', undefined, token)).data;
    expect(page.drawer.fields.find((f: Row) => f.fieldName === 'deptId')).toMatchObject({
      hidden: true,
      requireAble: false,
    });
  });

  for (const industryCode of ['props', 'renovation']) {
    it(`an enterprise team (${industryCode}): 企业信息 from onboarding, and every module of its menu saves a first record`, async () => {
      const { token, userId } = await register(
        `starter_${industryCode}`,
        industryCode === 'props' ? '13911120002' : '13911120003',
      );
      const logo = await uploadPng(t, token, 'logo.png');
      const licence = await uploadPng(t, token, '营业执照.png');
      const team = await newTeam(token, {
        tenantName: '启程道具',
        tenantType: 'enterprise',
        logoUrl: logo.url,
        industryCode,
        verification: {
          creditCode: USCC,
          companyName: '启程道具有限公司',
          legalPerson: '周启程',
          licenseUrl: licence.url,
        },
      });
      // The onboarding files are the team's now: its members see the logo (below, once a colleague joins).
      const files = await t.db.selectFrom('files').select('tenant_code').where('uploaded_by', '=', userId).execute();
      expect(files.map((f) => f.tenant_code)).toEqual([team.tenantCode, team.tenantCode]);
      const { saved, waiting, laterStep, pages, menuModules } = await firstRecords(token, userId, team.menuTree);
      expect(pages).toEqual([]);
      expect(waiting).toEqual({});
      // The prop chain's later steps: orders reach 外发, 质检, 打包 and 结算 through 订单分配 and 道具制作's stage actions.
      expect(Object.keys(laterStep).sort(), JSON.stringify(laterStep)).toEqual(
        industryCode === 'props' ? LATER_STEPS : [],
      );
      expect(saved.enterpriseInformation).toMatchObject({
        enterpriseName: '启程道具有限公司',
        creditCode: USCC,
        legalPerson: '周启程',
        verifyStage: '已认证',
      });
      expect(saved.enterpriseInformation.logo?.[0]?.url).toBe(logo.url);
      expect(menuModules.has('propMake')).toBe(industryCode === 'props');
      // Submitted into approval where the module has approval: the owner's own approval passes (nobody else is in the team).
      for (const m of ['reimburseManage', 'procureProcess', 'projectInitiation'])
        expect(['审批中', '已通过'], m).toContain(saved[m]?.status);
      // The owner is placed in a department, which a claim takes by default.
      expect(saved.reimburseManage.deptIdName).toBe('总经办');
      // A colleague who joins sees the team's logo, which only its uploader could read before the team held it.
      const colleague = await register(
        `mate_${industryCode}`,
        industryCode === 'props' ? '13911120012' : '13911120013',
      );
      const bytes = async () =>
        (await t.app.inject({ method: 'GET', url: logo.url, headers: { Satoken: colleague.token } })).headers[
          'content-type'
        ];
      expect(await bytes()).not.toBe('image/png'); // not yet a member: 文件不存在
      await t.call(
        'POST',
        '/api/admin/applyjointenant/actionUserJoinTenant',
        { tenantCode: team.tenantCode },
        colleague.token,
      );
      await t.call('POST', '/api/admin/applyjointenant/decide', { userId: colleague.userId, approve: true }, token);
      expect(await bytes()).toBe('image/png');
      console.log(
        `[first-records] ${industryCode}: ${Object.keys(saved).length} lists saved a first record, ${Object.keys(laterStep).length} wait for a later step of the chain, ${menuModules.size} menu entries`,
      );
    });
  }
});
