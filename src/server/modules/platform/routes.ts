// The platform catalogue calls (/api/platform/*), for platform administrators only (users.is_platform_admin;
// everyone else 403): the module catalogue with its edits (模块设置), modes (模式), tenant grants (租户开通) and
// industries (行业). One shape for every table, so one generic page (page kind `platformTable`) edits them all:
//   GET  /api/platform/:table/list     → { list: rows }
//   POST /api/platform/:table/save     → the row saved (body: the row; its id absent = a new row)
//   POST /api/platform/:table/delete   → body { id } (modules: drops the edits, back to catalogue/modules.json)
//   GET  /api/platform/options         → the option lists the pages pick from (modules tree, modes, industries, teams…)
// Every write is audit-logged by the tables' triggers and drops every session's cached ACL, so menus, packages and
// module calls of every team follow at their next call.
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import { sql, type Transaction } from 'kysely';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Database } from '../../db/types';
import type { DB } from '../../db';
import { currentActor } from '../../db/actor';
import { GROUPS, MODULES, permissionCodesOf } from '../menu/catalogue';
import { allPermissionsOf } from '../menu/default-roles';
import { effectiveModules, grantOf, invalidateAllAcls, stageOf, type ModuleView } from './catalogue';
import { SEED_SETS } from './seed-dicts';

const tags = ['平台目录'];
type Row = Record<string, unknown>;
type Tx = Transaction<Database>;

export const MODE_TYPES: Record<string, string> = { enterprise: '企业', individual: '个人' };
export const GRANT_STAGES = ['试用', '正式', '停用'] as const;
const PATH_REG = /^\/[A-Za-z/]+$/;
const CODE_REG = /^[a-z][a-z0-9_-]{1,29}$/;
const DAY_REG = /^\d{4}-\d{2}-\d{2}$/;

// ---- value checks: each refusal names the field in Chinese -------------------------------------------------
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v).trim());
function required(row: Row, key: string, label: string, max?: number): string {
  const v = text(row[key]);
  if (!v) throw badRequest(`${label}不能为空`);
  if (max && [...v].length > max) throw badRequest(`${label}不能超过 ${max} 个字`);
  return v;
}
function optional(row: Row, key: string, label: string, max: number): string | null {
  const v = text(row[key]);
  if ([...v].length > max) throw badRequest(`${label}不能超过 ${max} 个字`);
  return v || null;
}
function int(row: Row, key: string, label: string, min: number, max: number, need = false): number | null {
  const v = row[key];
  if (v === undefined || v === null || v === '') {
    if (need) throw badRequest(`${label}不能为空`);
    return null;
  }
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest(`${label}须为 ${min}–${max} 的整数`);
  return n;
}
function list(row: Row, key: string): unknown[] {
  const v = row[key];
  if (v === undefined || v === null || v === '') return [];
  if (!Array.isArray(v)) throw badRequest(`参数格式不正确：${key}`);
  return v;
}
const bool = (v: unknown, dflt = true) =>
  v === undefined || v === null ? dflt : v === true || v === 'true' || v === 1;
const day = (v: unknown, label: string, need: boolean): string | null => {
  const s = text(v).slice(0, 10);
  if (!s) {
    if (need) throw badRequest(`${label}不能为空`);
    return null;
  }
  if (!DAY_REG.test(s) || Number.isNaN(Date.parse(s))) throw badRequest(`${label}不是有效日期：${s}`);
  return s;
};

/** The platform tables' writes run as the caller, so the audit log's triggers name him. */
async function platformTx<T>(db: DB, fn: (trx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    const actor = currentActor();
    await sql`SELECT set_config('app.user', ${actor?.userId == null ? '' : String(actor.userId)}, true), set_config('app.ip', ${actor?.ip ?? ''}, true)`.execute(
      trx,
    );
    return fn(trx);
  });
  await invalidateAllAcls(db);
  return result;
}

/**
 * A team's 管理员 role (role_key admin) holds every module of its package: when a grant or a mode gives teams
 * modules their admin role lacks (an upgrade), the role gains them with all their codes. Other roles are the
 * team's own to extend (/userManage); nothing is taken away here (the package already hides what the mode lacks).
 */
async function extendAdminRoles(trx: Tx, tenantCodes: string[], modules: string[]): Promise<void> {
  if (!tenantCodes.length || !modules.length) return;
  const roles = await trx
    .selectFrom('roles')
    .select(['id', 'menus', 'permissions'])
    .where('role_key', '=', 'admin')
    .where('tenant_code', 'in', tenantCodes)
    .execute();
  for (const r of roles) {
    const missing = modules.filter((m) => !r.menus.includes(m));
    if (!missing.length) continue;
    const permissions = [...new Set([...r.permissions, ...allPermissionsOf(missing)])];
    await trx
      .updateTable('roles')
      .set({ menus: [...r.menus, ...missing], permissions })
      .where('id', '=', r.id)
      .execute();
  }
}

const uniqueViolation = (err: unknown) => String((err as { code?: unknown })?.code ?? '') === '23505';

// ---- the tables ---------------------------------------------------------------------------------------------
interface Table {
  title: string;
  list(db: DB): Promise<Row[]>;
  save(db: DB, row: Row, userId: number): Promise<Row>;
  remove(db: DB, id: string, userId: number): Promise<void>;
}

function moduleRow(v: ModuleView): Row {
  return {
    id: v.key,
    key: v.key,
    menuName: v.name,
    menuPath: v.path,
    parentId: v.parent,
    group: v.group,
    groupTitle: GROUPS.find((g) => g.group === v.group)?.groupTitle ?? v.group,
    menuIcon: v.icon,
    moduleAbbreviation: v.abbr,
    mobileClientName: v.mobileName,
    menuSequence: v.sequence,
    enabled: v.enabled,
    platform: v.platform,
    edited: v.edited,
    permissionCodes: permissionCodesOf(v.key).join('\n'),
  };
}

const modulesTable: Table = {
  title: '模块',
  async list(db) {
    return (await effectiveModules(db)).map(moduleRow);
  },
  async save(db, row, userId) {
    const key = text(row.id ?? row.key);
    const views = await effectiveModules(db);
    const me = views.find((v) => v.key === key);
    if (!me) throw notFound(`模块不存在：${key || '（空）'}`);
    const menuName = required(row, 'menuName', '模块名称', 20);
    const menuPath = required(row, 'menuPath', '路由');
    if (!PATH_REG.test(menuPath)) throw badRequest('路由格式不正确：须以 / 开头，只含英文字母和 /');
    const clash = views.find((v) => v.key !== key && v.path.toLowerCase() === menuPath.toLowerCase());
    if (clash) throw badRequest(`路由已被「${clash.name}」使用：${menuPath}`);
    const group = required(row, 'group', '分组');
    if (!GROUPS.some((g) => g.group === group)) throw badRequest(`分组不存在：${group}`);
    const abbr = required(row, 'moduleAbbreviation', '简称', 4);
    const mobile = optional(row, 'mobileClientName', '移动端名称', 10);
    const icon = optional(row, 'menuIcon', '图标', 500);
    const sequence = int(row, 'menuSequence', '排序', 0, 999) ?? me.sequence;
    const parent = text(row.parentId) || null;
    if (parent) {
      if (parent === key) throw badRequest('上级不能是模块自己');
      const byKey = new Map(views.map((v) => [v.key, v]));
      if (!byKey.has(parent)) throw badRequest(`上级模块不存在：${parent}`);
      // No circle: walking up from the parent must not reach this module.
      for (let p: string | null = parent, n = 0; p && n < 100; p = byKey.get(p)?.parent ?? null, n++) {
        if (p === key) throw badRequest('上级不能是模块自己的下级');
      }
    }
    const enabled = bool(row.enabled, me.enabled);
    if (me.platform && !enabled) throw badRequest('平台管理模块不能停用');
    const file = MODULES.find((m) => m.key === key)!;
    // Only what differs from the file is stored, so a later edit of the file still reaches untouched columns.
    const same = <T>(v: T, d: T) => (v === d ? null : v);
    const values = {
      menu_name: same(menuName, file.name),
      menu_path: same(menuPath, file.path),
      parent_key: parent,
      group_key: same(group, file.group),
      menu_icon: icon,
      abbr: same(abbr, file.abbr),
      mobile_name: mobile,
      sequence: same(sequence, MODULES.indexOf(file) * 10 + 10),
      enabled,
      updated_by: userId,
    };
    try {
      await platformTx(db, (trx) =>
        trx
          .insertInto('platform_modules')
          .values({ module_key: key, ...values })
          .onConflict((oc) => oc.column('module_key').doUpdateSet({ ...values, updated_at: sql`now()` }))
          .execute(),
      );
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(`路由已被使用：${menuPath}`);
      throw err;
    }
    return moduleRow((await effectiveModules(db)).find((v) => v.key === key)!);
  },
  async remove(db, id) {
    if (!MODULES.some((m) => m.key === id)) throw notFound(`模块不存在：${id}`);
    const children = (await effectiveModules(db)).filter((v) => v.parent === id);
    if (children.length) throw badRequest(`还有下级模块：${children.map((c) => c.name).join('、')}`);
    await platformTx(db, (trx) => trx.deleteFrom('platform_modules').where('module_key', '=', id).execute());
  },
};

/** Module keys a mode or an industry may list: catalogue modules that are not platform pages. */
function checkModules(ids: unknown[], views: ModuleView[], label: string): string[] {
  const known = new Set(views.filter((v) => !v.platform).map((v) => v.key));
  const keys = [...new Set(ids.map((x) => text(x)))];
  const unknown = keys.filter((k) => !known.has(k));
  if (unknown.length) throw badRequest(`${label}含不存在的模块：${unknown.join('、')}`);
  return keys;
}

async function checkIds(
  db: DB,
  table: 'platform_modes' | 'platform_industries',
  ids: unknown[],
  label: string,
): Promise<number[]> {
  const nums = [...new Set(ids.map(Number))];
  if (nums.some((n) => !Number.isInteger(n) || n <= 0)) throw badRequest(`${label}不正确`);
  if (!nums.length) return [];
  const found = new Set(
    (await db.selectFrom(table).select('id').where('id', 'in', nums).execute()).map((r) => Number(r.id)),
  );
  const missing = nums.filter((n) => !found.has(n));
  if (missing.length) throw badRequest(`${label}不存在：${missing.join('、')}`);
  return nums;
}

const idOf = (row: Row): number | null => {
  if (row.id === undefined || row.id === null || row.id === '') return null;
  const n = Number(row.id);
  if (!Number.isInteger(n) || n <= 0) throw badRequest('参数格式不正确：id');
  return n;
};

async function modeRows(db: DB, id?: number): Promise<Row[]> {
  let q = db
    .selectFrom('platform_modes')
    .selectAll()
    .select(sql<number[]>`array_to_json(industry_ids)`.as('industries'))
    .orderBy('sort')
    .orderBy('id');
  if (id) q = q.where('id', '=', id);
  const rows = await q.execute();
  const counts = await db
    .selectFrom('platform_grants')
    .select(['mode_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('mode_id')
    .execute();
  const held = new Map(counts.map((c) => [Number(c.mode_id), Number(c.n)]));
  return rows.map((m) => ({
    id: Number(m.id),
    modeName: m.mode_name,
    modeType: m.mode_type,
    modeTypeName: MODE_TYPES[m.mode_type],
    industryIds: (m.industries ?? []).map(Number),
    moduleIds: m.module_ids,
    moduleCount: m.module_ids.length,
    userLimit: m.user_limit,
    validDays: m.valid_days,
    price: m.price === null ? null : Number(m.price),
    enabled: m.enabled,
    sort: m.sort,
    tenantCount: held.get(Number(m.id)) ?? 0,
  }));
}

const modesTable: Table = {
  title: '模式',
  list: (db) => modeRows(db),
  async save(db, row, userId) {
    const id = idOf(row);
    const modeName = required(row, 'modeName', '模式名称', 30);
    const modeType = required(row, 'modeType', '适用团队');
    const type = Object.keys(MODE_TYPES).find((k) => k === modeType || MODE_TYPES[k] === modeType);
    if (!type) throw badRequest(`适用团队只能是个人或企业：${modeType}`);
    const views = await effectiveModules(db);
    const moduleIds = checkModules(list(row, 'moduleIds'), views, '包含模块');
    if (!moduleIds.length) throw badRequest('包含模块不能为空');
    const industryIds = await checkIds(db, 'platform_industries', list(row, 'industryIds'), '适用行业');
    const userLimit = int(row, 'userLimit', '人数上限', 1, 10000);
    const validDays = int(row, 'validDays', '有效天数', 1, 3650);
    const priceRaw = row.price;
    let price: number | null = null;
    if (priceRaw !== undefined && priceRaw !== null && priceRaw !== '') {
      price = Number(priceRaw);
      if (!Number.isFinite(price) || price < 0 || price > 1e10) throw badRequest('价格须为不小于 0 的金额');
      price = Math.round(price * 100) / 100;
    }
    const sort = int(row, 'sort', '排序', 0, 999) ?? 0;
    const enabled = bool(row.enabled);
    if (id) {
      const old = await db.selectFrom('platform_modes').select('mode_type').where('id', '=', id).executeTakeFirst();
      if (!old) throw notFound('模式不存在');
      if (old.mode_type !== type) {
        const held = await db
          .selectFrom('platform_grants')
          .select('tenant_code')
          .where('mode_id', '=', id)
          .executeTakeFirst();
        if (held) throw badRequest('已有团队开通该模式，不能修改适用团队');
      }
    }
    const values = {
      mode_name: modeName,
      mode_type: type as 'enterprise' | 'individual',
      module_ids: moduleIds,
      industry_ids: industryIds,
      user_limit: userLimit,
      valid_days: validDays,
      price,
      sort,
      enabled,
      updated_by: userId,
    };
    const saved = await platformTx(db, async (trx) => {
      if (id) {
        await trx
          .updateTable('platform_modes')
          .set({ ...values, updated_at: sql`now()` })
          .where('id', '=', id)
          .execute();
        const holders = await trx
          .selectFrom('platform_grants')
          .select('tenant_code')
          .where('mode_id', '=', id)
          .execute();
        await extendAdminRoles(
          trx,
          holders.map((h) => h.tenant_code),
          moduleIds,
        );
        return id;
      }
      return Number(
        (await trx.insertInto('platform_modes').values(values).returning('id').executeTakeFirstOrThrow()).id,
      );
    });
    return (await modeRows(db, saved))[0];
  },
  async remove(db, id) {
    const n = Number(id);
    if (!(await db.selectFrom('platform_modes').select('id').where('id', '=', n).executeTakeFirst()))
      throw notFound('模式不存在');
    if (await db.selectFrom('platform_grants').select('tenant_code').where('mode_id', '=', n).executeTakeFirst())
      throw badRequest('已有团队开通该模式，不能删除（可停用）');
    const used = await db
      .selectFrom('platform_industries')
      .select('industry_name')
      .where('default_mode_id', '=', n)
      .execute();
    if (used.length) throw badRequest(`该模式是行业的默认模式：${used.map((u) => u.industry_name).join('、')}`);
    await platformTx(db, (trx) => trx.deleteFrom('platform_modes').where('id', '=', n).execute());
  },
};

async function grantRows(db: DB, tenantCode?: string): Promise<Row[]> {
  let q = db
    .selectFrom('platform_grants')
    .innerJoin('tenants', 'tenants.tenant_code', 'platform_grants.tenant_code')
    .innerJoin('platform_modes', 'platform_modes.id', 'platform_grants.mode_id')
    .select([
      'platform_grants.tenant_code',
      'tenants.tenant_name',
      'tenants.tenant_type',
      'tenants.industry_code',
      'platform_grants.mode_id',
      'platform_modes.mode_name',
      'platform_grants.stage',
      sql<string>`to_char(platform_grants.period_start, 'YYYY-MM-DD')`.as('start'),
      sql<string | null>`to_char(platform_grants.period_end, 'YYYY-MM-DD')`.as('end'),
    ])
    .orderBy('platform_grants.tenant_code');
  if (tenantCode) q = q.where('platform_grants.tenant_code', '=', tenantCode);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.tenant_code,
    tenantCode: r.tenant_code,
    tenantName: r.tenant_name,
    tenantType: r.tenant_type,
    tenantTypeName: MODE_TYPES[r.tenant_type],
    industryCode: r.industry_code,
    modeId: Number(r.mode_id),
    modeName: r.mode_name,
    period: [r.start, r.end],
    periodStart: r.start,
    periodEnd: r.end,
    storedStage: r.stage,
    stage: stageOf(r.stage, r.end),
  }));
}

const grantsTable: Table = {
  title: '租户开通',
  list: (db) => grantRows(db),
  async save(db, row, userId) {
    const tenantCode = required(row, 'tenantCode', '团队');
    const team = await db
      .selectFrom('tenants')
      .select(['tenant_type'])
      .where('tenant_code', '=', tenantCode)
      .executeTakeFirst();
    if (!team) throw badRequest(`团队不存在：${tenantCode}`);
    const modeId = Number(row.modeId);
    if (!Number.isInteger(modeId) || modeId <= 0) throw badRequest('模式不能为空');
    const mode = await db
      .selectFrom('platform_modes')
      .select(['mode_type', 'valid_days', 'module_ids'])
      .where('id', '=', modeId)
      .executeTakeFirst();
    if (!mode) throw badRequest(`模式不存在：${modeId}`);
    if (mode.mode_type !== team.tenant_type)
      throw badRequest(`该模式适用于${MODE_TYPES[mode.mode_type]}团队，团队是${MODE_TYPES[team.tenant_type]}团队`);
    const period = Array.isArray(row.period) ? row.period : [row.periodStart, row.periodEnd];
    const start = day(period[0], '开通日期', true)!;
    const end = day(period[1], '到期日期', false);
    if (end && end < start) throw badRequest('到期日期不能早于开通日期');
    const stage = required(row, 'stage', '状态');
    if (stage === '已到期') throw badRequest('已到期由开通期限决定，不能直接设置');
    if (!(GRANT_STAGES as readonly string[]).includes(stage)) throw badRequest(`状态只能是试用、正式或停用：${stage}`);
    const values = {
      mode_id: modeId,
      period_start: start,
      period_end: end,
      stage: stage as (typeof GRANT_STAGES)[number],
      updated_by: userId,
    };
    await platformTx(db, async (trx) => {
      await trx
        .insertInto('platform_grants')
        .values({ tenant_code: tenantCode, ...values })
        .onConflict((oc) => oc.column('tenant_code').doUpdateSet({ ...values, updated_at: sql`now()` }))
        .execute();
      await extendAdminRoles(trx, [tenantCode], mode.module_ids);
    });
    return (await grantRows(db, tenantCode))[0];
  },
  async remove() {
    throw badRequest('开通记录不能删除，请改为停用');
  },
};

async function industryRows(db: DB, id?: number): Promise<Row[]> {
  let q = db
    .selectFrom('platform_industries')
    .leftJoin('platform_modes', 'platform_modes.id', 'platform_industries.default_mode_id')
    .selectAll('platform_industries')
    .select('platform_modes.mode_name')
    .orderBy('platform_industries.sort')
    .orderBy('platform_industries.id');
  if (id) q = q.where('platform_industries.id', '=', id);
  return (await q.execute()).map((r) => ({
    id: Number(r.id),
    industryName: r.industry_name,
    industryCode: r.industry_code,
    defaultModeId: r.default_mode_id === null ? null : Number(r.default_mode_id),
    defaultModeName: r.mode_name,
    moduleIds: r.module_ids,
    seedDicts: r.seed_dicts,
    sort: r.sort,
    enabled: r.enabled,
  }));
}

const industriesTable: Table = {
  title: '行业',
  list: (db) => industryRows(db),
  async save(db, row, userId) {
    const id = idOf(row);
    const industryName = required(row, 'industryName', '行业名称', 30);
    const industryCode = required(row, 'industryCode', '行业编码');
    if (!CODE_REG.test(industryCode))
      throw badRequest('行业编码格式不正确：小写字母开头，2–30 位小写字母、数字、- 或 _');
    const [defaultModeId] = await checkIds(
      db,
      'platform_modes',
      [row.defaultModeId ?? ''].filter((x) => x !== ''),
      '默认模式',
    );
    if (!defaultModeId) throw badRequest('默认模式不能为空');
    const moduleIds = checkModules(list(row, 'moduleIds'), await effectiveModules(db), '推荐模块');
    const seedDicts = [...new Set(list(row, 'seedDicts').map(text))];
    const bad = seedDicts.filter((d) => !SEED_SETS.includes(d));
    if (bad.length) throw badRequest(`初始化字典不存在：${bad.join('、')}（可选：${SEED_SETS.join('、')}）`);
    const sort = int(row, 'sort', '排序', 0, 999) ?? 0;
    const values = {
      industry_name: industryName,
      industry_code: industryCode,
      default_mode_id: defaultModeId,
      module_ids: moduleIds,
      seed_dicts: seedDicts,
      sort,
      enabled: bool(row.enabled),
      updated_by: userId,
    };
    let saved: number;
    try {
      saved = await platformTx(db, async (trx) => {
        if (id) {
          const r = await trx
            .updateTable('platform_industries')
            .set({ ...values, updated_at: sql`now()` })
            .where('id', '=', id)
            .executeTakeFirst();
          if (!Number(r.numUpdatedRows)) throw notFound('行业不存在');
          return id;
        }
        return Number(
          (await trx.insertInto('platform_industries').values(values).returning('id').executeTakeFirstOrThrow()).id,
        );
      });
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(`行业名称或编码已存在：${industryName} / ${industryCode}`);
      throw err;
    }
    return (await industryRows(db, saved))[0];
  },
  async remove(db, id) {
    const n = Number(id);
    const row = await db
      .selectFrom('platform_industries')
      .select('industry_code')
      .where('id', '=', n)
      .executeTakeFirst();
    if (!row) throw notFound('行业不存在');
    const used = await db
      .selectFrom('tenants')
      .select('tenant_code')
      .where('industry_code', '=', row.industry_code)
      .executeTakeFirst();
    if (used) throw badRequest('已有团队属于该行业，不能删除（可停用）');
    await platformTx(db, (trx) => trx.deleteFrom('platform_industries').where('id', '=', n).execute());
  },
};

export const PLATFORM_TABLES: Record<string, Table> = {
  modules: modulesTable,
  modes: modesTable,
  grants: grantsTable,
  industries: industriesTable,
};

export async function platformRoutes(app: Api, s: { db: DB }) {
  const { db } = s;

  async function platformAdmin(req: FastifyRequest) {
    const a = requireAuth(req);
    const user = await db.selectFrom('users').select('is_platform_admin').where('id', '=', a.userId).executeTakeFirst();
    if (!user?.is_platform_admin) throw forbidden('只有平台管理员可以维护平台目录');
    return a;
  }
  const tableOf = (name: string) => {
    // Own keys only: a name such as "constructor" is no table.
    const t = Object.hasOwn(PLATFORM_TABLES, name) ? PLATFORM_TABLES[name] : undefined;
    if (!t) throw notFound(`平台目录不存在：${name}`);
    return t;
  };
  const tableParam = {
    type: 'object',
    required: ['table'],
    properties: { table: { type: 'string', enum: Object.keys(PLATFORM_TABLES) } },
  } as const;

  app.get(
    '/api/platform/:table/list',
    {
      schema: {
        tags,
        summary: '平台目录的一张表：modules 模块 | modes 模式 | grants 租户开通 | industries 行业',
        params: tableParam,
      },
    },
    async (req) => {
      await platformAdmin(req);
      return ok({ list: await tableOf(req.params.table).list(db) });
    },
  );

  app.post(
    '/api/platform/:table/save',
    {
      schema: {
        tags,
        summary: '保存一行（无 id 为新增；模块按 id=模块键保存修改）',
        params: tableParam,
        body: { type: 'object', additionalProperties: true },
      },
    },
    async (req) => {
      const a = await platformAdmin(req);
      const t = tableOf(req.params.table);
      const row = await t.save(db, req.body, a.userId);
      return ok(row, `${t.title}已保存`);
    },
  );

  app.post(
    '/api/platform/:table/delete',
    {
      schema: {
        tags,
        summary: '删除一行（模块：撤销修改，回到目录默认值）',
        params: tableParam,
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
        },
      },
    },
    async (req) => {
      const a = await platformAdmin(req);
      const t = tableOf(req.params.table);
      await t.remove(db, String(req.body.id), a.userId);
      return ok(null, `${t.title}已删除`);
    },
  );

  app.get(
    '/api/platform/options',
    {
      schema: {
        tags,
        summary:
          '平台页面的选项：modules（按分组的模块树）、groups、modes、industries、tenants、seedSets、modeTypes、stages',
      },
    },
    async (req) => {
      await platformAdmin(req);
      const views = await effectiveModules(db);
      const modules = GROUPS.map((g) => ({
        value: `group-${g.group}`,
        label: g.groupTitle,
        selectable: false,
        children: views.filter((v) => v.group === g.group && !v.platform).map((v) => ({ value: v.key, label: v.name })),
      })).filter((g) => g.children.length);
      const allModules = GROUPS.map((g) => ({
        value: `group-${g.group}`,
        label: g.groupTitle,
        selectable: false,
        children: views.filter((v) => v.group === g.group).map((v) => ({ value: v.key, label: v.name })),
      })).filter((g) => g.children.length);
      const modes = (await modeRows(db)).map((m) => ({ value: m.id, label: `${m.modeName}（${m.modeTypeName}）` }));
      const industries = (await industryRows(db)).map((i) => ({ value: i.id, label: i.industryName }));
      const tenants = (
        await db
          .selectFrom('tenants')
          .select(['tenant_code', 'tenant_name', 'tenant_type'])
          .orderBy('tenant_code')
          .execute()
      ).map((t) => ({ value: t.tenant_code, label: `${t.tenant_name}（${t.tenant_code}）` }));
      return ok({
        modules,
        allModules,
        modes,
        industries,
        tenants,
        groups: GROUPS.map((g) => ({ value: g.group, label: g.groupTitle })),
        seedSets: SEED_SETS.map((x) => ({ value: x, label: x })),
        modeTypes: Object.entries(MODE_TYPES).map(([value, label]) => ({ value, label })),
        stages: [...GRANT_STAGES, '已到期'].map((x) => ({ value: x, label: x })),
      });
    },
  );

  /** The industries a new team may name (any signed-in user: the create-team forms offer them). */
  app.get(
    '/api/platform/industryOptions',
    { schema: { tags, summary: '可选行业（创建团队时选择）：[{value: 行业编码, label: 行业名称}]' } },
    async (req) => {
      requireAuth(req);
      const rows = await db
        .selectFrom('platform_industries')
        .select(['industry_code', 'industry_name'])
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(rows.map((r) => ({ value: r.industry_code, label: r.industry_name })));
    },
  );

  /** The grant the caller's team holds (any member): for the portal's "套餐" line and tests. */
  app.get(
    '/api/platform/myGrant',
    { schema: { tags, summary: '当前团队的开通记录（模式、期限、状态）' } },
    async (req) => {
      const a = requireAuth(req);
      if (!a.tenantCode) throw forbidden('请先加入或创建团队');
      const g = await grantOf(db, a.tenantCode);
      return ok(g);
    },
  );
}
