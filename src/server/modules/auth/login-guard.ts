// Lockout after repeated wrong passwords: 5 failures lock the account for 10 minutes. Every password check
// counts — the login, and the ones inside a session (change password, deactivate) — and a locked account
// answers exactly like a wrong password, so a guesser learns nothing from the lock.
//
// A try is taken in the database before the password is hashed: a check takes ~50 ms of argon2, and a lock read
// before it and counted after it would let every request already in flight be checked (twenty parallel guesses
// got twenty checks). The conditional increment hands out at most five tries however many requests race for them.
import { logLogin } from './login-log';
import type { DB } from '../../db';
import { dummyHash, verifyPassword } from './passwords';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 10;

export function isLocked(user: { locked_until: Date | null }): boolean {
  return !!user.locked_until && new Date(user.locked_until).getTime() > Date.now();
}

/**
 * True when the password is right and the account not locked. Only a caller that got one of the account's tries has
 * the password checked; a wrong one keeps its try as a failure (the fifth locks). A caller without a try (locked, or
 * the tries all taken by checks still running) hashes against a stand-in instead, so that it takes the same time,
 * and answers false like a wrong password.
 */
export async function passwordAccepted(
  db: DB,
  user: { id: number; password_hash: string },
  password: string,
): Promise<boolean> {
  if (!(await takeTry(db, user.id))) {
    await verifyPassword(await dummyHash(), password);
    return false;
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordFailedLogin(db, user.id);
    return false;
  }
  // Failures count towards a lock only in a row: a right password starts the count again, its own try included.
  // Failures of checks still running beside it are forgotten with them: only the password's holder can cause that.
  await clearFailedLogins(db, user.id);
  return true;
}

/**
 * Counts one try towards the lock, unless the account is locked or its count has reached the limit (the tries
 * taken by checks still running count too). False when no try was left.
 */
async function takeTry(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', new Date())]))
    .where('failed_logins', '<', MAX_FAILED_LOGINS)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

/**
 * A checked password was wrong; its try already counts. Once the count stands at the limit the account locks and
 * the count starts again under the lock: exactly one of the racing failures sets it (the others find the count
 * reset), and the log says which. Returns whether this failure locked.
 */
export async function recordFailedLogin(db: DB, userId: number): Promise<boolean> {
  const locked = await db
    .updateTable('users')
    .set({ failed_logins: 0, locked_until: new Date(Date.now() + LOCK_MINUTES * 60_000) })
    .where('id', '=', userId)
    .where('failed_logins', '>=', MAX_FAILED_LOGINS)
    .returning('id')
    .executeTakeFirst();
  await logLogin(db, userId, locked ? 'locked' : 'login_failed');
  return !!locked;
}

export async function clearFailedLogins(db: DB, userId: number): Promise<void> {
  await db.updateTable('users').set({ failed_logins: 0, locked_until: null }).where('id', '=', userId).execute();
}
