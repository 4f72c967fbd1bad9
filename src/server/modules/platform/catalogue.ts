// The platform catalogue as the menus read it: the module catalogue of catalogue/modules.json with the
// platform's edits (platform_modules), and the package a team holds through its grant (platform_grants →
// platform_modes). Read at every ACL computation (cached per session in sessions.acl, dropped on every edit).
//
// Fallback rule: a team whose grant is 停用, or whose period ended (已到期), keeps its data but holds no module:
// its menu is the portal (首页) alone and every module call answers 403 until a platform administrator renews the
// grant (a new period end, or the stage back to 试用/正式). A team with no grant row (none after migration 014)
// keeps the package stored on the team (tenants.modules). Disabled modules leave every package.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { todayInChina } from '../../../common/china-time';
import { GROUPS, MODULES, type ModuleEntry, type ModuleView } from '../menu/catalogue';

export type { ModuleView };

export type GrantStage = '试用' | '正式' | '已到期' | '停用';

export function defaultView(m: ModuleEntry, i: number): ModuleView {
  return {
    key: m.key,
    path: m.path,
    name: m.name,
    abbr: m.abbr,
    group: m.group,
    parent: null,
    icon: null,
    mobileName: null,
    sequence: (i + 1) * 10,
    enabled: true,
    platform: !!m.platform,
    edited: false,
  };
}

export const DEFAULT_VIEWS: ModuleView[] = MODULES.map(defaultView);

/** Every catalogue module with the platform's edits, in menu order (group, then sequence). */
export async function effectiveModules(db: DB): Promise<ModuleView[]> {
  const rows = await db.selectFrom('platform_modules').selectAll().execute();
  const byKey = new Map(rows.map((r) => [r.module_key, r]));
  const views = MODULES.map((m, i) => {
    const v = defaultView(m, i);
    const r = byKey.get(m.key);
    if (!r) return v;
    return {
      ...v,
      edited: true,
      enabled: r.enabled,
      name: r.menu_name ?? v.name,
      path: r.menu_path ?? v.path,
      abbr: r.abbr ?? v.abbr,
      group: r.group_key ?? v.group,
      parent: r.parent_key ?? null,
      icon: r.menu_icon ?? null,
      mobileName: r.mobile_name ?? null,
      sequence: r.sequence ?? v.sequence,
    };
  });
  const groupOrder = new Map(GROUPS.map((g, i) => [g.group, i]));
  return views.sort(
    (a, b) => (groupOrder.get(a.group) ?? 99) - (groupOrder.get(b.group) ?? 99) || a.sequence - b.sequence,
  );
}

export interface GrantView {
  tenantCode: string;
  modeId: number;
  periodStart: string;
  periodEnd: string | null;
  /** The stored stage, or 已到期 once the period has ended. */
  stage: GrantStage;
}

/** The stage a grant is read at: 已到期 once its period ended (unless 停用). */
export function stageOf(
  stored: '试用' | '正式' | '停用',
  periodEnd: string | null,
  today = todayInChina(),
): GrantStage {
  if (stored === '停用') return stored;
  return periodEnd && periodEnd < today ? '已到期' : stored;
}

export async function grantOf(db: DB, tenantCode: string): Promise<GrantView | null> {
  const r = await db
    .selectFrom('platform_grants')
    .select([
      'tenant_code',
      'mode_id',
      'stage',
      sql<string>`to_char(period_start, 'YYYY-MM-DD')`.as('start'),
      sql<string | null>`to_char(period_end, 'YYYY-MM-DD')`.as('end'),
    ])
    .where('tenant_code', '=', tenantCode)
    .executeTakeFirst();
  if (!r) return null;
  return {
    tenantCode: r.tenant_code,
    modeId: Number(r.mode_id),
    periodStart: r.start,
    periodEnd: r.end,
    stage: stageOf(r.stage, r.end),
  };
}

/** A grant in effect gives its mode's modules; 停用 and 已到期 give none (the fallback above). */
export const grantInEffect = (g: GrantView | null) => !g || g.stage === '试用' || g.stage === '正式';

/**
 * The modules a team may open: its grant's mode (or its stored package without a grant), enabled modules only,
 * never a platform-level module.
 */
export async function teamPackage(db: DB, tenantCode: string, views?: ModuleView[]): Promise<Set<string>> {
  const all = views ?? (await effectiveModules(db));
  const open = new Set(all.filter((v) => v.enabled && !v.platform).map((v) => v.key));
  const grant = await grantOf(db, tenantCode);
  let modules: string[];
  if (!grant) {
    const team = await db
      .selectFrom('tenants')
      .select('modules')
      .where('tenant_code', '=', tenantCode)
      .executeTakeFirst();
    modules = team?.modules ?? [];
  } else if (!grantInEffect(grant)) {
    modules = [];
  } else {
    const mode = await db
      .selectFrom('platform_modes')
      .select('module_ids')
      .where('id', '=', grant.modeId)
      .executeTakeFirst();
    modules = mode?.module_ids ?? [];
  }
  return new Set(modules.filter((k) => open.has(k)));
}

/** The platform-level modules a platform administrator is offered (enabled ones). */
export function platformModules(views: ModuleView[]): string[] {
  return views.filter((v) => v.platform && v.enabled).map((v) => v.key);
}

/** Drops every session's cached ACL: a platform edit changes menus of every team at the next call. */
export async function invalidateAllAcls(db: DB): Promise<void> {
  await db.updateTable('sessions').set({ acl: null }).where('acl', 'is not', null).execute();
}
