// Demo data for an empty database: the demo account owning the enterprise team 演示企业.
import type { DB } from './db';
import { hashPassword } from './modules/auth/passwords';
import { createTeam } from './modules/tenant/teams';

export const DEMO = { username: 'demo', password: 'demo12345', mobile: '13800000000', nickName: '演示用户', tenantName: '演示企业', tenantCode: 'T00000001' };

/** Returns true when it seeded (the database had no users). */
export async function seedDemo(db: DB): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const user = await db
    .insertInto('users')
    .values({ username: DEMO.username, mobile: DEMO.mobile, nick_name: DEMO.nickName, password_hash: await hashPassword(DEMO.password), status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createTeam(db, user.id, { tenantCode: DEMO.tenantCode, tenantName: DEMO.tenantName, tenantType: 'enterprise' });
  return true;
}
