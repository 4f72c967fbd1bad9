// User rows and the profile shape returned to the browser.
import type { DB } from '../../db';

export interface SysUser {
  id: number;
  username: string;
  nickName: string;
  avatar: string | null;
  mobile: string;
  tenantCode: string | null;
  tenantName: string | null;
  tenantLogo: string | null;
  tenantType: string | null;
  /** The member's department in the active team (a dept dictionary id), for the currentDept default. */
  deptId: number | null;
  permissions: string[];
}

export function findUserByLogin(db: DB, login: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username', '=', login), eb('mobile', '=', login)]))
    .executeTakeFirst();
}

export function findUserByMobile(db: DB, mobile: string) {
  return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first team the user is a normal member of: where a fresh session starts. */
export async function defaultTenantOf(db: DB, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('memberships')
    .select('tenant_code')
    .where('user_id', '=', userId)
    .where('status', '=', 'normal')
    .where('disabled', '=', false)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.tenant_code ?? null;
}

/** The profile getSysUser answers, for the session's active team. */
export async function loadSysUser(
  db: DB,
  userId: number,
  tenantCode: string | null,
  permissions: string[] = [],
): Promise<SysUser | null> {
  const u = await findUserById(db, userId);
  if (!u) return null;
  const t = tenantCode
    ? await db
        .selectFrom('tenants')
        .select(['tenant_name', 'logo_url', 'tenant_type'])
        .where('tenant_code', '=', tenantCode)
        .executeTakeFirst()
    : undefined;
  const member =
    t && tenantCode
      ? await db
          .selectFrom('memberships')
          .select('dept_id')
          .where('tenant_code', '=', tenantCode)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
  return {
    id: u.id,
    username: u.username,
    nickName: u.nick_name,
    avatar: u.avatar,
    mobile: u.mobile,
    tenantCode: t ? tenantCode : null,
    tenantName: t?.tenant_name ?? null,
    tenantLogo: t?.logo_url ?? null,
    tenantType: t?.tenant_type ?? null,
    deptId: member?.dept_id ?? null,
    permissions,
  };
}
