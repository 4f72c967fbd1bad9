// A new team can start working at once: a user registers, creates a team of each kind (individual, and enterprise
// in each industry whose mode gives another menu), and then, as the web app does, opens every module of the menu and
// saves a first record in it (submitting it into approval where the module has approval), with no trip to the set-up
// pages. A form whose picker has nothing to offer yet is filled once its picker's page has its first record (a
// purchase once a material and a supplier exist), and that page must be in the same menu — the form says where to go.
// A form whose picker offers records in a later stage of a chain (质检 an order 待质检, 结算 orders 已发货) is filled once
// the team has moved its own first records on with the stage actions the schemas declare (分配自制, 完工, 完成打包, …).
// What onboarding collected is the team's 企业信息, and its logo is the team's file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { uploadPng } from '../helpers/records';
import { fillForm, NeedsFirst, type FormContext } from '../helpers/first-record';
import { chinaInstant, todayInChina } from '../../src/common/china-time';
import { withPageDefaults } from '../../src/common/schema/page-defaults';

type Row = Record<string, any>;
const SCHEMAS = fileURLToPath(new URL('../../schemas', import.meta.url));

/**
 * Every page schema of the product by its module key (the route's last segment), with its defaults filled in as the
 * web app and the server read it (a named picker of a stage action's dialog written out).
 */
const PAGES = new Map<string, Row>(
  fs
    .readdirSync(SCHEMAS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'examples')
    .flatMap((d) =>
      fs
        .readdirSync(path.join(SCHEMAS, d.name))
        .filter((f) => f.endsWith('.json'))
        .map(
          (f) =>
            [f.slice(0, -5), withPageDefaults(JSON.parse(fs.readFileSync(path.join(SCHEMAS, d.name, f), 'utf8')))] as [
              string,
              Row,
            ],
        ),
    ),
);
const USCC = '91350100M000100Y43';
/** The modules of a menu tree (its leaves), with their routes. */
const leaves = (tree: Row[]): Row[] => tree.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

describe.each(oneDialect())('a new team saves a first record in every module of its menu on $name', (dialect) => {
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
    /** Each record list's view as served, by module: what a further record of a page (a second 道具项目) is filled from. */
    const views = new Map<string, Row>();
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
        views.set(view.module, view);
      }
    }
    const saved: Row = {};
    const waiting = new Map<string, string>();
    /** The page whose records a waiting form's picker offers. */
    const needs = new Map<string, string>();
    /** The field of a waiting form whose picker had nothing to offer. */
    const needsField = new Map<string, string>();
    const add = (module: string, values: Row, submit: boolean) =>
      t.call('POST', `/api/data/${module}/add`, { ...values, submit }, token);
    /** Tries every form still to fill, in passes; the last passes leave empty what an optional picker cannot offer. */
    async function fillTodo(passes: number, lenientFrom: number) {
      for (let pass = 0; pass < passes && todo.length; pass++) {
        // 冲抵借支单 with no advance paid yet: an optional picker with nothing to offer.
        c.lenient = pass >= lenientFrom;
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
            needsField.set(module, e.field);
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
    }
    await fillTodo(8, 4);
    // A form whose picker offers records in a later stage of a chain (a prop order 待质检, 待打包, a packing list
    // 已打包) waits for that step, not for set-up: the team moves its own first records on with the stage actions
    // its pages offer, one at a time, and fills what then has something to offer.
    const steps: string[] = [];
    for (let round = 0; round < 40 && todo.length; round++) {
      if (!(await stepOn(steps))) break;
      await fillTodo(2, 1);
    }

    /**
     * One step a person of the team takes to move a chain on, as its pages offer it: a stage action that brings a
     * record nearer to what a waiting picker offers (an order 分配自制, its task 开工 and 完工, a packing list 完成打包),
     * one not taken yet first (so a second order goes 外发 where the first went 自制). With nothing left to move, a
     * further record of a page whose approval makes the records a waiting picker offers (a second 道具项目, which
     * makes a second order). Answers whether anything moved.
     */
    async function stepOn(done: string[]): Promise<boolean> {
      const { needed, useful } = chainNeeds();
      const moves: { module: string; record: Row; action: Row }[] = [];
      for (const module of new Set([...useful].map((u) => u.split('.')[0]))) {
        const stages = PAGES.get(module)!.stages;
        const list: Row[] =
          (await t.call('POST', `/api/data/${module}/page`, { pageNum: 1, pageSize: 50 }, token)).data?.list ?? [];
        for (const record of list)
          for (const action of stages.actions as Row[])
            if (useful.has(`${module}.${action.key}`) && action.from.includes(record[stages.field ?? 'stage']))
              moves.push({ module, record, action });
      }
      const key = (m: { module: string; action: Row }) => `${m.module}.${m.action.key}`;
      moves.sort((a, b) => Number(done.includes(key(a))) - Number(done.includes(key(b))));
      for (const move of moves) {
        const { module, record, action } = move;
        let values: Row;
        try {
          // The action's dialog as a person fills it: its dates today (their default), a picker's first option, and
          // the record's own quantity (完工数量 is the task's).
          const fields = (action.fields ?? []).map((f: Row) => ({ ...f, default: undefined }));
          c.number = record.quantity ?? 1;
          values = await fillForm(c, { module, addDialog: { fields } }, true);
        } catch (e) {
          if (e instanceof NeedsFirst) continue;
          throw e;
        }
        const r = await t.call(
          'POST',
          `/api/data/${module}/stage`,
          { id: record.id, action: action.key, values },
          token,
        );
        if (r.status === 200) {
          done.push(key(move));
          return true;
        }
      }
      // Nothing to move: a further record of a page whose approval creates the records a waiting picker offers.
      for (const [module, view] of views) {
        const makes = (PAGES.get(module)?.effects ?? []).some(
          (e: Row) => e.kind === 'create' && e.on === 'approved' && needed.has(e.module),
        );
        if (!makes || done.includes(`${module}.add`)) continue;
        c.number = 1;
        const r = await add(module, await fillForm(c, view, true), view.drawer?.approval === true);
        if (r.status === 200) {
          done.push(`${module}.add`);
          return true;
        }
      }
      return false;
    }

    /**
     * What the waiting forms wait on, read from the schemas: `needed`, the stages each module's records must reach
     * for a waiting picker to offer them (its filter on the module's stage field), and the stages they pass on the
     * way; `useful`, the stage actions (module.key) that reach a needed stage — by the action's own stage, by an
     * effect setting a stage elsewhere (完工 sets the order 待质检), or by creating a record that starts in one (分配自制
     * creates the task 待开工) — whose own starting stages are then needed in turn.
     */
    function chainNeeds() {
      const needed = new Map<string, Set<string>>();
      const need = (module: string, values: string[]) => {
        const have = needed.get(module) ?? new Set<string>();
        const before = have.size;
        for (const v of values) have.add(v);
        needed.set(module, have);
        return have.size > before;
      };
      const isNeeded = (module: string, stage: string | undefined) => !!stage && !!needed.get(module)?.has(stage);
      for (const [waiter, source] of needs) {
        const view = views.get(waiter);
        const field = needsField.get(waiter);
        const picker = [
          ...(view?.drawer?.fields ?? []),
          ...(view?.addDialog?.fields ?? []),
          ...(view?.drawer?.lines?.columns ?? []),
        ].find((f: Row) => (f.fieldName ?? f.prop) === field);
        for (const module of source.split('|')) {
          const stageField = PAGES.get(module)?.stages?.field ?? 'stage';
          for (const cond of picker?.data?.filter ?? [])
            if (cond.field === stageField && ['eq', 'in'].includes(cond.operator)) need(module, [cond.value].flat());
        }
      }
      const useful = new Set<string>();
      for (let grew = true; grew; ) {
        grew = false;
        for (const module of menuModules) {
          const file = PAGES.get(module);
          for (const action of (file?.stages?.actions ?? []) as Row[]) {
            // Only actions that move a record on: not the dangerous ones (取消, 终止) nor those that stay (领料).
            if (!action.to || action.danger || !action.from) continue;
            // An effect that holds only sometimes (售后受理 makes an order only for a rework) is not counted on.
            const effects = ((file!.effects ?? []) as Row[]).filter((e) => e.on === `stage:${action.key}` && !e.when);
            const reaches = effects.filter((e) =>
              e.kind === 'create'
                ? isNeeded(e.module, PAGES.get(e.module)?.stages?.initial)
                : isNeeded(e.target?.module ?? module, e.stage),
            );
            if (!isNeeded(module, action.to) && !reaches.length) continue;
            if (!useful.has(`${module}.${action.key}`)) grew = true;
            useful.add(`${module}.${action.key}`);
            if (need(module, action.from)) grew = true;
            for (const e of reaches) if (e.from && e.target?.module && need(e.target.module, e.from)) grew = true;
          }
        }
      }
      return { needed, useful };
    }

    return { saved, waiting: Object.fromEntries(waiting), steps, pages, menuModules };
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
      const { saved, waiting, steps, pages, menuModules } = await firstRecords(token, userId, team.menuTree);
      expect(pages).toEqual([]);
      expect(waiting).toEqual({});
      // The prop chain's later pages (外发, 质检, 打包, 入库发货, 结算) got theirs once the team's own first order was
      // moved on by 订单分配, 道具制作 and the later pages' stage actions; the other industry's menu has no such chain.
      if (industryCode === 'props')
        expect(steps).toEqual(
          expect.arrayContaining([
            'allocatePropOrders.make',
            'propMake.complete',
            'propBacking.pack',
            'allocatePropOrders.outsource',
          ]),
        );
      else expect(steps).toEqual([]);
      expect(saved.enterpriseInformation).toMatchObject({
        enterpriseName: '启程道具有限公司',
        creditCode: USCC,
        legalPerson: '周启程',
        verifyStage: '已认证',
      });
      expect(saved.enterpriseInformation.logo?.[0]?.url).toBe(logo.url);
      expect(menuModules.has('propMake')).toBe(industryCode === 'props');
      // Submitted into approval where the module has approval: the owner's own approval passes (nobody else is in the team).
      const chainPages = ['propOutsourcing', 'propQualityTesting', 'propWarehousingAndShipping', 'propSettlement'];
      for (const m of [
        'reimburseManage',
        'procureProcess',
        'projectInitiation',
        ...(industryCode === 'props' ? chainPages : []),
      ])
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
        `[first-records] ${industryCode}: ${Object.keys(saved).length} lists saved a first record, ${Object.keys(waiting).length} waiting, ${menuModules.size} menu entries; chain steps: ${steps.join(' ') || 'none'}`,
      );
    });
  }
});
