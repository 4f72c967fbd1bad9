// Creating teams and seeding their roles (menu/default-roles.ts): the owner gets the admin role, approved members
// the member role.
import { sql } from 'kysely';
import type { DB } from '../../db';
import { DEFAULT_PACKAGES } from '../menu/catalogue';
import { defaultRoles } from '../menu/default-roles';
import { withTenant } from '../../db/tenant-scope';
import { seedDictionaries } from '../dict/seed';
import { seedCategories } from '../categories/seed';
import type { SchemaRegistry } from '../records/schema-registry';
import { seedDefaultApprovals } from '../workflow/defaults';
import { modeForNewTeam } from '../platform/grants';
import { seedIndustryDictionaries } from '../platform/seed-dicts';
import { adoptOnboardingFiles, seedStarterSet } from './starter';

export type TenantType = 'individual' | 'enterprise';

export interface NewTeam {
  tenantName: string;
  tenantType: TenantType;
  logoUrl?: string | null;
  verification?: Record<string, unknown>;
  tenantCode?: string;
  /** The industry (platform_industries.industry_code) the team works in: its default mode and seed dictionaries. */
  industryCode?: string | null;
  /** false: no starter set (catalogue/starter.json) — the demo team, whose story sets itself up. */
  starter?: boolean;
}

export async function nextTenantCode(db: DB): Promise<string> {
  const { rows } = await sql<{ n: number }>`SELECT nextval('tenant_code_seq')::int AS n`.execute(db);
  return `T${String(rows[0].n).padStart(8, '0')}`;
}

/**
 * Creates the team, its default roles (管理员, 普通成员, 人事行政, 财务), its default dictionaries (and its industry's seed sets) and
 * categories, the default 管理员审批 process bound to its approval modules, and makes the owner an admin member.
 * The team is granted its industry's default mode (platform/grants.ts modeForNewTeam). Then the starter set
 * (starter.ts): the files uploaded during onboarding become the team's, and what onboarding collected, a default
 * warehouse, the 立项流程 and the owner's department are in place, so every module of the menu works at once.
 */
export async function createTeam(db: DB, ownerId: number, t: NewTeam, schemas?: SchemaRegistry): Promise<string> {
  const mode = await modeForNewTeam(db, t.tenantType, t.industryCode ?? null);
  const { code, modules } = await insertTeam(db, ownerId, t, mode);
  const onboarding = { ...t, industryCode: mode?.industryCode ?? null };
  await adoptOnboardingFiles(db, code, ownerId, onboarding);
  await withTenant(db, code, async (trx) => {
    await seedDictionaries(trx, code);
    await seedIndustryDictionaries(trx, code, mode?.seedDicts ?? []);
    await seedCategories(trx, code);
    if (schemas) {
      await seedDefaultApprovals(trx, code, schemas, ownerId, modules);
      if (t.starter !== false) await seedStarterSet(trx, code, schemas, ownerId, onboarding, modules);
    }
  });
  return code;
}

async function insertTeam(
  db: DB,
  ownerId: number,
  t: NewTeam,
  mode: Awaited<ReturnType<typeof modeForNewTeam>>,
): Promise<{ code: string; modules: string[] }> {
  return db.transaction().execute(async (trx) => {
    const code = t.tenantCode ?? (await nextTenantCode(trx));
    const modules = mode?.modules ?? DEFAULT_PACKAGES[t.tenantType];
    await trx
      .insertInto('tenants')
      .values({
        tenant_code: code,
        tenant_name: t.tenantName,
        tenant_type: t.tenantType,
        logo_url: t.logoUrl ?? null,
        owner_id: ownerId,
        status: 'active',
        verification: JSON.stringify(t.verification ?? {}),
        modules,
        industry_code: mode?.industryCode ?? null,
      })
      .execute();
    if (mode)
      await trx
        .insertInto('platform_grants')
        .values({
          tenant_code: code,
          mode_id: mode.modeId,
          period_start: mode.periodStart,
          period_end: mode.periodEnd,
          stage: '试用',
        })
        .execute();
    const roles = await trx
      .insertInto('roles')
      .values(
        defaultRoles(modules).map((r) => ({
          tenant_code: code,
          role_key: r.key,
          role_name: r.name,
          menus: r.menus,
          permissions: r.permissions,
          data_scope: r.dataScope,
        })),
      )
      .returning(['id', 'role_key'])
      .execute();
    await trx
      .insertInto('memberships')
      .values({ tenant_code: code, user_id: ownerId, status: 'normal', is_admin: true })
      .execute();
    await trx
      .insertInto('user_roles')
      .values({ tenant_code: code, user_id: ownerId, role_id: roles.find((r) => r.role_key === 'admin')!.id })
      .execute();
    return { code, modules };
  });
}

/** Gives a newly admitted member the team's member role (idempotent). */
export async function grantMemberRole(db: DB, tenantCode: string, userId: number): Promise<void> {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('tenant_code', '=', tenantCode)
    .where('role_key', '=', 'member')
    .executeTakeFirst();
  if (!role) return;
  await db
    .insertInto('user_roles')
    .values({ tenant_code: tenantCode, user_id: userId, role_id: role.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The caller's teams (normal memberships of active teams), the active one flagged. */
export async function teamsOfUser(db: DB, userId: number, current: string | null) {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('tenants', 'tenants.tenant_code', 'memberships.tenant_code')
    .select([
      'tenants.tenant_code',
      'tenants.tenant_name',
      'tenants.logo_url',
      'tenants.tenant_type',
      'memberships.is_admin',
      'tenants.owner_id',
    ])
    .where('memberships.user_id', '=', userId)
    .where('memberships.status', '=', 'normal')
    .where('memberships.disabled', '=', false)
    .where('tenants.status', '=', 'active')
    .orderBy('memberships.created_at')
    .execute();
  return rows.map((r) => ({
    tenantCode: r.tenant_code,
    tenantName: r.tenant_name,
    logoUrl: r.logo_url,
    tenantType: r.tenant_type,
    current: r.tenant_code === current,
    isOwner: r.owner_id === userId,
    isAdmin: r.is_admin,
  }));
}
