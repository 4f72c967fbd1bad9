// Lockout after repeated wrong passwords: 5 failures lock the account for 10 minutes. Every password check
// counts — the login, and the ones inside a session (change password, deactivate) — and a locked account
// answers exactly like a wrong password, so a guesser learns nothing from the lock.
import { logLogin } from '../audit/logins';
import type { DB } from '../../db';
import { verifyPassword } from './passwords';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 10;

export function isLocked(user: { locked_until: Date | null }): boolean {
  return !!user.locked_until && new Date(user.locked_until).getTime() > Date.now();
}

/**
 * True when the password is right and the account not locked. A wrong password counts a failure (the fifth
 * locks); a locked account is checked all the same (same time spent) and answers false like a wrong password.
 */
export async function passwordAccepted(
  db: DB, user: { id: number; password_hash: string; locked_until: Date | null; failed_logins?: number }, password: string,
): Promise<boolean> {
  const right = await verifyPassword(user.password_hash, password);
  if (isLocked(user)) return false;
  if (!right) {
    await recordFailedLogin(db, user.id);
    return false;
  }
  // Failures count towards a lock only in a row: a right password starts the count again.
  if (user.failed_logins) await clearFailedLogins(db, user.id);
  return true;
}

/** Counts one failure atomically; the fifth sets locked_until and resets the counter. */
export async function recordFailedLogin(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('id', '=', userId)
    .returning('failed_logins')
    .executeTakeFirstOrThrow();
  const locks = row.failed_logins >= MAX_FAILED_LOGINS;
  if (locks) {
    await db
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: new Date(Date.now() + LOCK_MINUTES * 60_000) })
      .where('id', '=', userId)
      .execute();
  }
  await logLogin(db, userId, locks ? 'locked' : 'login_failed');
  return locks;
}

export async function clearFailedLogins(db: DB, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_logins: 0, locked_until: null }).where('id', '=', userId).execute();
}
