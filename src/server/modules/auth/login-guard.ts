// Lockout after repeated wrong passwords: 5 failures lock the account for 10 minutes.
import type { DB } from '../../db';
import { AppError } from '../../errors';
import { Status } from '../../../common/api';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 10;

export function assertNotLocked(user: { locked_until: Date | null }): void {
  if (!user.locked_until) return;
  const left = new Date(user.locked_until).getTime() - Date.now();
  if (left > 0) {
    throw new AppError(Status.LOCKED, `账号已锁定，请${Math.ceil(left / 60_000)}分钟后再试`);
  }
}

/** Counts one failure atomically; the fifth sets locked_until and resets the counter. */
export async function recordFailedLogin(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('id', '=', userId)
    .returning('failed_logins')
    .executeTakeFirstOrThrow();
  if (row.failed_logins >= MAX_FAILED_LOGINS) {
    await db
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: new Date(Date.now() + LOCK_MINUTES * 60_000) })
      .where('id', '=', userId)
      .execute();
    return true;
  }
  return false;
}

export async function clearFailedLogins(db: DB, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_logins: 0, locked_until: null }).where('id', '=', userId).execute();
}
