// Logins and failed logins in the audit log. They happen before any team is chosen, so they
// are written by the owner's connection (the application role only reads the log), under the user's default
// team: that team's admins see who signed in, and who kept trying.
import type { DB } from '../../db';
import { currentActor } from '../../db/actor';
import { defaultTenantOf } from './users';

export type LoginEvent = 'login' | 'login_failed' | 'locked';

/** `tenant`: the user's default team when the caller has already read it (a login starts its session there). */
export async function logLogin(db: DB, userId: number, action: LoginEvent, tenant?: string | null): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      tenant_code: tenant !== undefined ? tenant : await defaultTenantOf(db, userId),
      user_id: userId,
      action,
      entity: 'session',
      ip: currentActor()?.ip ?? null,
    })
    .execute();
}
