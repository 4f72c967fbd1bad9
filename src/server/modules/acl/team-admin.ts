// A user's membership of a team, and whether he administers it: what every admin-only call asks first (the
// team's own pages, the dictionaries' leaders, the roles). It reads the memberships alone, below the modules
// that change them.
import type { DB } from '../../db';

export async function membershipOf(db: DB, tenantCode: string, userId: number) {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('tenant_code', '=', tenantCode)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** True when the user administers the team (owner or admin member). */
export async function isTeamAdmin(db: DB, tenantCode: string, userId: number): Promise<boolean> {
  const m = await membershipOf(db, tenantCode, userId);
  return m?.status === 'normal' && m.is_admin && !m.disabled;
}
