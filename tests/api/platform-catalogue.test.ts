// The platform catalogue (/moduleSettings, /modeManage, /industryModule): platform administrators edit
// the module catalogue (names, paths, sequence, enabled), modes (packages of modules), tenant grants (mode, period,
// stage) and industries. Every other user gets 403 on every call. A team's menus and module calls follow the
// edits at the next call: a renamed module shows its new name, a disabled one vanishes from every team's menu and
// its calls answer 403; getAppBagTenant lists the enabled modes of the team type; a 停用 or expired grant leaves
// the team the portal alone (documented fallback) until renewed; a team created in an industry gets the
// industry's default mode and seed dictionaries. Bad input is refused with Chinese messages; edits are audit-logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { todayInChina } from '../../src/common/china-time';
import type { MenuNode } from '../../src/common/menu';
import { Status } from '../../src/common/api';

type Row = Record<string, any>;

const flat = (tree: MenuNode[]): MenuNode[] => tree.flatMap((n) => [n, ...flat(n.children ?? [])]);
const shiftDay = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(oneDialect())('platform catalogue on $name', (dialect) => {
  let t: TestApp;
  let boss: string; // demo: platform administrator and the team's owner
  let staff: string; // 张三: member
  let finance: string; // 李四: team admin, not platform admin
  const today = todayInChina();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
    staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
    finance = await t.login('lisi', 'demo12345');
  });
  afterAll(async () => t?.close());

  const list = async (table: string, tok = boss) => {
    const r = await t.call('GET', `/api/platform/${table}/list`, undefined, tok);
    expect(r.status, r.message).toBe(200);
    return r.data.list as Row[];
  };
  const save = (table: string, row: Row, tok = boss) => t.call('POST', `/api/platform/${table}/save`, row, tok);
  const menu = async (tok: string) => {
    const r = await t.call('GET', '/api/admin/sysmenu/getMenuTreeByUserId', undefined, tok);
    expect(r.status, r.message).toBe(200);
    return flat(r.data.menuTree as MenuNode[]);
  };
  const modules = async (tok: string) =>
    (await menu(tok)).filter((n) => n.menuPath && n.menuPath !== '/').map((n) => n.name);
  const appBag = async (tok: string) => {
    const r = await t.call('GET', '/api/admin/appBag/getAppBagTenant', undefined, tok);
    expect(r.status, r.message).toBe(200);
    return r.data as Row[];
  };
  const moduleRow = async (key: string) => (await list('modules')).find((m) => m.key === key)!;

  it('refuses every call to anyone but a platform administrator, and offers them no platform menu entry', async () => {
    for (const tok of [staff, finance]) {
      for (const table of ['modules', 'modes', 'grants', 'industries']) {
        expect((await t.call('GET', `/api/platform/${table}/list`, undefined, tok)).status).toBe(403);
        const saved = await save(table, { id: 1, key: 'reimburseManage', menuName: 'x' }, tok);
        expect(saved).toMatchObject({ status: 403, message: '只有平台管理员可以维护平台目录' });
        expect((await t.call('POST', `/api/platform/${table}/delete`, { id: 1 }, tok)).status).toBe(403);
      }
      expect((await t.call('GET', '/api/platform/options', undefined, tok)).status).toBe(403);
      expect(await modules(tok)).not.toContain('moduleSettings');
    }
    expect((await t.call('GET', '/api/platform/modules/list')).status).toBe(Status.NO_TOKEN);
    // The platform administrator is offered the three platform pages; the team's menus never hold them.
    const mine = await modules(boss);
    for (const k of ['moduleSettings', 'modeManage', 'industryModule']) expect(mine).toContain(k);
    expect((await t.call('GET', '/api/platform/nope/list', undefined, boss)).status).toBe(400);
  });

  it("lists the catalogue with defaults, modes, every team's grant and the five default industries", async () => {
    const mods = await list('modules');
    expect(mods.find((m) => m.key === 'reimburseManage')).toMatchObject({
      menuName: '报销管理',
      menuPath: '/reimburseManage',
      group: 'finance',
      enabled: true,
      edited: false,
    });
    const modes = await list('modes');
    expect(modes.map((m) => m.modeName)).toEqual(expect.arrayContaining(['企业标准版', '个人标准版', '工程通用版']));
    const grants = await list('grants');
    expect(grants.find((g) => g.tenantCode === DEMO.tenantCode)).toMatchObject({
      modeName: '企业标准版',
      stage: '试用',
      periodStart: today,
    });
    const industries = await list('industries');
    expect(industries.map((i) => i.industryName)).toEqual(['道具制作', '装修工程', '家具定制', '展览展示', '通用企业']);
    const options = (await t.call('GET', '/api/platform/options', undefined, boss)).data;
    expect(options.modules.flatMap((g: Row) => g.children.map((c: Row) => c.value))).toContain('reimburseManage');
    expect(options.modules.flatMap((g: Row) => g.children.map((c: Row) => c.value))).not.toContain('moduleSettings');
  });

  it('refuses bad module edits with Chinese messages', async () => {
    const base = await moduleRow('reimburseManage');
    const bad: [Row, RegExp][] = [
      [{ menuPath: 'reimburse' }, /路由格式不正确/],
      [{ menuPath: '/reimburse-2' }, /路由格式不正确/],
      [{ menuPath: '/advanceManage' }, /路由已被「借支管理」使用/],
      [{ menuName: '' }, /模块名称不能为空/],
      [{ menuName: '一二三四五六七八九十一二三四五六七八九十一' }, /模块名称不能超过 20 个字/],
      [{ moduleAbbreviation: '五个字简称' }, /简称不能超过 4 个字/],
      [{ menuSequence: 1000 }, /排序须为 0–999 的整数/],
      [{ group: 'space' }, /分组不存在/],
      [{ parentId: 'reimburseManage' }, /上级不能是模块自己/],
      [{ parentId: 'nope' }, /上级模块不存在/],
    ];
    for (const [over, msg] of bad) {
      const r = await save('modules', { ...base, ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.message).toMatch(msg);
    }
    expect(await save('modules', { ...base, id: 'nope', key: 'nope' })).toMatchObject({ status: 404 });
    const ms = await moduleRow('moduleSettings');
    expect(await save('modules', { ...ms, enabled: false })).toMatchObject({
      status: 400,
      message: '平台管理模块不能停用',
    });
    // Nothing of the refused edits was stored.
    expect(await moduleRow('reimburseManage')).toMatchObject({ menuName: '报销管理', edited: false });
  });

  it('a renamed and re-ordered module shows its new name at the next call; a disabled one vanishes and its API refuses', async () => {
    expect(await modules(staff)).toContain('advanceManage');
    expect((await t.call('POST', api('advanceManage', 'page'), { pageNum: 1, pageSize: 5 }, staff)).status).toBe(200);
    const reimb = await moduleRow('reimburseManage');
    const r = await save('modules', {
      ...reimb,
      menuName: '费用报销',
      menuSequence: 0,
      moduleAbbreviation: '报销',
      mobileClientName: '报销',
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ menuName: '费用报销', menuSequence: 0, edited: true });
    const adv = await moduleRow('advanceManage');
    expect((await save('modules', { ...adv, enabled: false })).status).toBe(200);

    const nodes = await menu(staff);
    const fin = nodes.find((n) => n.id === 'group-finance')!;
    expect(fin.children![0]).toMatchObject({ name: 'reimburseManage', menuName: '费用报销' });
    expect(nodes.map((n) => n.name)).not.toContain('advanceManage');
    // Every team: the disabled module's calls answer 403, even for the team's owner.
    for (const tok of [staff, boss]) {
      expect((await t.call('POST', api('advanceManage', 'page'), { pageNum: 1, pageSize: 5 }, tok)).status).toBe(403);
    }
    expect((await appBag(staff))[0].modules.map((m: Row) => m.key)).not.toContain('advanceManage');
    // Re-enabled, and the rename undone (back to the file's values): the menu follows again.
    expect((await save('modules', { ...adv, enabled: true })).status).toBe(200);
    expect((await t.call('POST', '/api/platform/modules/delete', { id: 'reimburseManage' }, boss)).status).toBe(200);
    expect(await moduleRow('reimburseManage')).toMatchObject({ menuName: '报销管理', edited: false });
    expect(await modules(staff)).toContain('advanceManage');
    expect((await t.call('POST', api('advanceManage', 'page'), { pageNum: 1, pageSize: 5 }, staff)).status).toBe(200);
    // The edits are in the audit log, by the administrator who made them.
    const demoId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    const logged = await t.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'after'])
      .where('entity', '=', 'platform_modules')
      .orderBy('id')
      .execute();
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
    expect(logged.every((l) => Number(l.user_id) === Number(demoId))).toBe(true);
  });

  it('a mode edited changes getAppBagTenant and the menus of the teams holding it; bad modes are refused', async () => {
    const modes = await list('modes');
    const std = modes.find((m) => m.modeName === '企业标准版')!;
    const bag = await appBag(staff);
    expect(bag.map((m) => m.modeName)).toEqual(['企业标准版', '工程通用版']);
    expect(bag.find((m) => m.current)?.modeName).toBe('企业标准版');

    const refusals: [Row, RegExp][] = [
      [{ moduleIds: ['reimburseManage', 'warpDrive'] }, /包含模块含不存在的模块：warpDrive/],
      [{ moduleIds: ['moduleSettings'] }, /包含模块含不存在的模块：moduleSettings/],
      [{ moduleIds: [] }, /包含模块不能为空/],
      [{ modeName: '' }, /模式名称不能为空/],
      [{ modeType: '俱乐部' }, /适用团队只能是个人或企业/],
      [{ modeType: 'individual' }, /已有团队开通该模式，不能修改适用团队/],
      [{ userLimit: 0 }, /人数上限须为 1–10000 的整数/],
      [{ validDays: 4000 }, /有效天数须为 1–3650 的整数/],
      [{ price: -1 }, /价格须为不小于 0 的金额/],
      [{ industryIds: [99999] }, /适用行业不存在：99999/],
    ];
    for (const [over, msg] of refusals) {
      const r = await save('modes', { ...std, ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.message).toMatch(msg);
    }

    const without = std.moduleIds.filter((k: string) => k !== 'fileManagement');
    const r = await save('modes', { ...std, modeName: '企业专业版', moduleIds: without, price: 5800 });
    expect(r.status, r.message).toBe(200);
    const after = await appBag(staff);
    expect(after.find((m) => m.current)).toMatchObject({
      modeName: '企业专业版',
      price: 5800,
      moduleCount: std.moduleCount - 1,
    });
    expect(await modules(staff)).not.toContain('fileManagement');
    expect((await t.call('POST', api('fileManagement', 'page'), { pageNum: 1, pageSize: 5 }, staff)).status).toBe(403);

    // The rest of the team follows the grant's mode too: an approval module left out is no longer offered to bind a
    // process to, nor as a role's menu (both read the package the menu reads, not the team row's stored list).
    const approvalModules = async () =>
      (
        (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['approvalModules'], boss)).data
          .approvalModules as Row[]
      ).map((n) => n.id);
    expect(await approvalModules()).toContain('advanceManage');
    const roleOptions = async () =>
      JSON.stringify((await t.call('GET', '/api/team-admin/options', undefined, boss)).data);
    expect(await roleOptions()).toContain('advanceManage');
    expect(
      (
        await save('modes', {
          ...std,
          modeName: '企业专业版',
          moduleIds: without.filter((k: string) => k !== 'advanceManage'),
          price: 5800,
        })
      ).status,
    ).toBe(200);
    expect(await approvalModules()).not.toContain('advanceManage');
    expect(await roleOptions()).not.toContain('advanceManage');
    const role = await t.call(
      'POST',
      '/api/team-admin/roles/save',
      {
        roleName: '借支专员',
        roleCode: 'advance_only',
        menuIds: ['advanceManage'],
        dataScope: 'all',
        permissionCodes: [],
      },
      boss,
    );
    expect(role).toMatchObject({ status: 400, message: '菜单不在团队的模式中：advanceManage' });

    // A new enterprise mode is offered; disabled, it is not.
    const made = await save('modes', {
      modeName: '企业旗舰版',
      modeType: '企业',
      moduleIds: ['reimburseManage', 'partnerInfo'],
      userLimit: 500,
      validDays: 365,
      price: 9800,
      enabled: true,
      sort: 9,
    });
    expect(made.status, made.message).toBe(200);
    expect((await appBag(staff)).map((m) => m.modeName)).toContain('企业旗舰版');
    expect((await appBag(boss)).find((m) => m.modeName === '企业旗舰版')).toMatchObject({
      moduleCount: 2,
      current: false,
    });
    expect((await save('modes', { ...made.data, enabled: false })).status).toBe(200);
    expect((await appBag(staff)).map((m) => m.modeName)).not.toContain('企业旗舰版');
    expect((await t.call('POST', '/api/platform/modes/delete', { id: made.data.id }, boss)).status).toBe(200);
    expect(await t.call('POST', '/api/platform/modes/delete', { id: std.id }, boss)).toMatchObject({
      status: 400,
      message: '已有团队开通该模式，不能删除（可停用）',
    });

    // Restored: the module is back in the menu.
    expect((await save('modes', std)).status).toBe(200);
    expect(await modules(staff)).toContain('fileManagement');
  });

  it('a grant 停用 or past its period leaves the team the portal alone; renewed, everything is back', async () => {
    const grant = (await list('grants')).find((g) => g.tenantCode === DEMO.tenantCode)!;
    const refusals: [Row, RegExp][] = [
      [{ stage: '已到期' }, /已到期由开通期限决定/],
      [{ stage: '冻结' }, /状态只能是试用、正式或停用/],
      [{ period: [today, shiftDay(today, -1)] }, /到期日期不能早于开通日期/],
      [{ period: ['2025-13-45', null] }, /开通日期不是有效日期/],
      [
        { modeId: (await list('modes')).find((m) => m.modeType === 'individual')!.id },
        /该模式适用于个人团队，团队是企业团队/,
      ],
      [{ tenantCode: 'T99999999' }, /团队不存在/],
    ];
    for (const [over, msg] of refusals) {
      const r = await save('grants', { ...grant, ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.message).toMatch(msg);
    }

    expect((await save('grants', { ...grant, stage: '停用' })).status).toBe(200);
    expect(await modules(staff)).toEqual([]);
    expect((await menu(staff)).map((n) => n.name)).toEqual(['home']);
    expect((await t.call('POST', api('reimburseManage', 'page'), { pageNum: 1, pageSize: 5 }, staff)).status).toBe(403);
    // The platform administrator still reaches the platform pages (his team's modules are gone too).
    expect(await modules(boss)).toEqual(['moduleSettings', 'modeManage', 'industryModule']);

    // 正式 but the period ended yesterday: read as 已到期, same fallback.
    const expired = await save('grants', {
      ...grant,
      stage: '正式',
      period: [shiftDay(today, -30), shiftDay(today, -1)],
    });
    expect(expired.status, expired.message).toBe(200);
    expect(expired.data).toMatchObject({ storedStage: '正式', stage: '已到期' });
    expect(await modules(staff)).toEqual([]);
    expect((await t.call('GET', '/api/platform/myGrant', undefined, staff)).data).toMatchObject({ stage: '已到期' });

    // Renewed: the menus and calls are back.
    expect((await save('grants', { ...grant, stage: '正式', period: [today, shiftDay(today, 365)] })).status).toBe(200);
    expect(await modules(staff)).toContain('reimburseManage');
    expect((await t.call('POST', api('reimburseManage', 'page'), { pageNum: 1, pageSize: 5 }, staff)).status).toBe(200);
  });

  it("a new team in 装修工程 gets the industry's default mode and seed dictionaries; industries refuse bad input", async () => {
    await t.db
      .insertInto('users')
      .values({
        username: 'zhuangxiu',
        mobile: '13933330021',
        nick_name: '装修老板',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    let owner = await t.login('zhuangxiu', 'secret123');
    const verification = { creditCode: '91350100M000100Y43', companyName: '好家装饰', legalPerson: '王五' };
    expect(
      await t.call(
        'POST',
        '/api/admin/systenant/createTenant',
        { tenantName: '好家装饰', tenantType: 'enterprise', verification, industryCode: 'spaceships' },
        owner,
      ),
    ).toMatchObject({ status: 400, message: '行业不存在或已停用：spaceships' });
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '好家装饰', tenantType: 'enterprise', verification, industryCode: 'renovation' },
      owner,
    );
    expect(made.status, made.message).toBe(200);
    owner = await t.login('zhuangxiu', 'secret123');
    const bag = await appBag(owner);
    expect(bag.find((m) => m.current)?.modeName).toBe('工程通用版');
    const mine = await modules(owner);
    expect(mine).toContain('reimburseManage');
    expect(mine).not.toContain('propProject');
    expect(mine).not.toContain('moduleSettings');
    const dicts = (
      await t.call(
        'POST',
        '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
        ['decorationType', 'materialCategory', 'propCategory'],
        owner,
      )
    ).data;
    const names = (k: string) => dicts[k].map((d: Row) => d.dictName ?? d.label);
    expect(names('decorationType')).toEqual(expect.arrayContaining(['新装', '全包', '半包', '清包']));
    expect(names('materialCategory')).toContain('瓷砖石材');
    expect(names('propCategory')).not.toContain('模特道具');
    // The demo team (no industry) has none of the renovation set.
    const demoDicts = (
      await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['decorationType'], staff)
    ).data;
    expect(demoDicts.decorationType.map((d: Row) => d.dictName ?? d.label)).not.toContain('全包');
    const grant = (await list('grants')).find((g) => g.tenantCode === made.data.tenantCode)!;
    expect(grant).toMatchObject({
      modeName: '工程通用版',
      stage: '试用',
      industryCode: 'renovation',
      periodStart: today,
      periodEnd: shiftDay(today, 365),
    });

    // Upgraded to 企业标准版 (with the props group): the team's 管理员 role gains the new modules at once.
    const full = (await list('modes')).find((m) => m.modeName === '企业标准版')!;
    expect((await save('grants', { ...grant, modeId: full.id, stage: '正式' })).status).toBe(200);
    expect(await modules(owner)).toContain('propProject');
    expect((await t.call('POST', api('propProject', 'page'), { pageNum: 1, pageSize: 5 }, owner)).status).toBe(200);

    const industries = await list('industries');
    const reno = industries.find((i) => i.industryCode === 'renovation')!;
    const refusals: [Row, RegExp][] = [
      [{ industryName: '' }, /行业名称不能为空/],
      [{ industryCode: 'Renovation!' }, /行业编码格式不正确/],
      [{ industryCode: 'props' }, /行业名称或编码已存在/],
      [{ defaultModeId: null }, /默认模式不能为空/],
      [{ defaultModeId: 99999 }, /默认模式不存在：99999/],
      [{ moduleIds: ['warpDrive'] }, /推荐模块含不存在的模块：warpDrive/],
      [{ seedDicts: ['太空'] }, /初始化字典不存在：太空/],
    ];
    for (const [over, msg] of refusals) {
      const r = await save('industries', { ...reno, ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.message).toMatch(msg);
    }
    expect(await t.call('POST', '/api/platform/industries/delete', { id: reno.id }, boss)).toMatchObject({
      status: 400,
      message: '已有团队属于该行业，不能删除（可停用）',
    });
    // A new industry, then a team in it: its default mode (a new individual mode) and its seed set.
    const mode = await save('modes', {
      modeName: '个人家具版',
      modeType: 'individual',
      moduleIds: ['reimburseManage', 'myPersonnel'],
      validDays: 30,
      enabled: true,
    });
    expect(mode.status, mode.message).toBe(200);
    const ind = await save('industries', {
      industryName: '软装设计',
      industryCode: 'soft-deco',
      defaultModeId: mode.data.id,
      seedDicts: ['家具'],
      moduleIds: ['reimburseManage'],
      sort: 6,
      enabled: true,
    });
    expect(ind.status, ind.message).toBe(200);
    await t.db
      .insertInto('users')
      .values({
        username: 'ruanzhuang',
        mobile: '13933330022',
        nick_name: '软装设计师',
        password_hash: await hashPassword('secret123'),
        status: 'active',
      })
      .execute();
    let solo = await t.login('ruanzhuang', 'secret123');
    const soloTeam = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '软装工作室', tenantType: 'individual', industryCode: 'soft-deco', verification: {} },
      solo,
    );
    expect(soloTeam.status, soloTeam.message).toBe(200);
    solo = await t.login('ruanzhuang', 'secret123');
    expect((await appBag(solo)).find((m) => m.current)).toMatchObject({ modeName: '个人家具版', moduleCount: 2 });
    const soloMenus = await modules(solo);
    expect(soloMenus).toContain('reimburseManage');
    expect(soloMenus).not.toContain('partnerInfo');
    const soloDicts = (
      await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['furnitureType'], solo)
    ).data;
    expect(soloDicts.furnitureType.map((d: Row) => d.dictName ?? d.label)).toContain('全屋定制');
  });
});
