// Who is acting, for the whole of one request (or one seed step): withTenant hands the user and address to the
// transaction, where the audit log's triggers read them (013_audit_log), so no route passes them to every write.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Actor {
  userId: number | null;
  ip: string | null;
  /** The request's session once known: its writes are marked on it for the read replica's routing (replica.ts). */
  sessionId?: number;
}

const store = new AsyncLocalStorage<Actor>();

/** The current actor, or undefined outside a request (scripts, services called directly). */
export const currentActor = (): Actor | undefined => store.getStore();

/** Runs `fn` (and everything it starts) as this actor. */
export function runAs<T>(actor: Actor, fn: () => T): T {
  return store.run(actor, fn);
}

/** Names the user of the current request once his session is known (or a login has found him), and that session. */
export function setActor(userId: number, sessionId?: number): void {
  const actor = store.getStore();
  if (!actor) return;
  actor.userId = userId;
  if (sessionId !== undefined) actor.sessionId = sessionId;
}
