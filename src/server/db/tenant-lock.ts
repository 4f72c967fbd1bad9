// A team whose data is being written over several transactions (the demo's year on a fresh PGlite folder, played
// while the server already answers) is closed to every tenant-scoped call until it is whole: withTenant and
// withTenantRead refuse it with a message, so nobody sees a record of it before the last transaction commits.
// The writer itself runs inside asTenantWriter. In-process state: PGlite is one process, and on PostgreSQL the
// demo is written in one transaction, which no other process sees before it commits anyway.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Status } from '../../common/api';
import { AppError } from '../errors';

const closed = new Map<string, string>();
const writer = new AsyncLocalStorage<string>();

/** Closes the team to everyone but asTenantWriter, answering `message` meanwhile. */
export function closeTenant(tenantCode: string, message: string) {
  closed.set(tenantCode, message);
}

export function openTenant(tenantCode: string) {
  closed.delete(tenantCode);
}

/** Runs `fn` as the writer of the closed team: its tenant-scoped transactions pass. */
export function asTenantWriter<T>(tenantCode: string, fn: () => Promise<T>): Promise<T> {
  return writer.run(tenantCode, fn);
}

/** Throws the team's message when it is closed to the caller (423 in the envelope, marked teamFilling: a locked account is 423 too). */
export function checkTenantOpen(tenantCode: string) {
  if (closed.size === 0) return;
  const message = closed.get(tenantCode);
  if (message !== undefined && writer.getStore() !== tenantCode)
    throw new AppError(Status.LOCKED, message, { teamFilling: true });
}
