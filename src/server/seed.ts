// Demo data for an empty database: the demo account owning the enterprise team 演示企业.
import type { DB } from './db';
import { hashPassword } from './modules/auth/passwords';

export const DEMO = { username: 'demo', password: 'demo12345', mobile: '13800000000', nickName: '演示用户', tenantName: '演示企业', tenantCode: 'T00000001' };

/** Returns true when it seeded (the database had no users). */
export async function seedDemo(db: DB): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ username: DEMO.username, mobile: DEMO.mobile, nick_name: DEMO.nickName, password_hash: await hashPassword(DEMO.password), status: 'active' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('tenants')
      .values({ tenant_code: DEMO.tenantCode, tenant_name: DEMO.tenantName, tenant_type: 'enterprise', owner_id: user.id, status: 'active', verification: JSON.stringify({}) })
      .execute();
    await trx.insertInto('memberships').values({ tenant_code: DEMO.tenantCode, user_id: user.id, status: 'normal', is_admin: true }).execute();
  });
  return true;
}
