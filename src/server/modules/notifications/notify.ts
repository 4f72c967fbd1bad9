// Notifications (通知): what the product tells one member of a team — a 催办 of a stage action that declares
// `notify`, an approval task for its approver, an approval's outcome for its submitter. Written inside the
// transaction of the event itself, so an event that rolls back notifies nobody; `sourceKey` names the event per
// recipient, so the same event sent again (a retry) notifies once.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';

export interface Notice {
  title: string;
  body?: string;
  /** The page (module) and record the notification opens. */
  module?: string;
  recordId?: number;
  /** Who caused it (not notified of their own act). */
  actorId?: number | null;
  /** The event, unique per recipient: e.g. `task:12`, `stage:345`. */
  sourceKey: string;
}

const TITLE_MAX = 100;
const BODY_MAX = 500;
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Notifies these users of the team: only active members (normal, not disabled) are notified, the actor never;
 * anybody else is skipped quietly. Returns the ids notified.
 */
export async function notifyUsers(
  trx: TenantTx,
  tenant: string,
  userIds: readonly (number | null | undefined)[],
  n: Notice,
): Promise<number[]> {
  const wanted = [...new Set(userIds.map(Number).filter((u) => Number.isSafeInteger(u) && u > 0 && u !== n.actorId))];
  if (!wanted.length) return [];
  // Who of them is an active member, and their notifications, in one statement.
  // The moment it is written (not the transaction's start), like a task's decision: the demo story's clock moves it.
  const { rows: done } = await sql<{
    user_id: number;
  }>`INSERT INTO notifications (tenant_code, user_id, title, body, module, record_id, actor_id, source_key, created_at)
    SELECT ${tenant}::text, m.user_id, ${cut(n.title, TITLE_MAX)}::text, ${cut(n.body ?? '', BODY_MAX)}::text, ${n.module ?? null}::text,
      ${n.recordId ?? null}::bigint, ${n.actorId ?? null}::bigint, ${n.sourceKey}::text, clock_timestamp()
    FROM memberships m WHERE m.tenant_code = ${tenant} AND m.status = 'normal' AND m.disabled = false AND m.user_id IN (${sql.join(wanted)})
    ON CONFLICT (tenant_code, user_id, source_key) DO NOTHING RETURNING user_id`.execute(trx);
  return done.map((d) => Number(d.user_id));
}

/** The active members of the team holding the role of this key. */
export async function membersOfRole(trx: TenantTx, tenant: string, roleKey: string): Promise<number[]> {
  const { rows } = await sql<{
    user_id: number;
  }>`SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.tenant_code = ur.tenant_code
    WHERE ur.tenant_code = ${tenant} AND r.role_key = ${roleKey}`.execute(trx);
  return rows.map((r) => Number(r.user_id));
}

/** A notification's text from a template: `{field}` becomes the value (its label for a picked field, `{field}Name`). */
export function fillNotice(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z_$][\w$]*)\}/g, (_, name: string) => {
    const v = values[`${name}Name`] ?? values[name];
    if (v === null || v === undefined) return '';
    if (Array.isArray(v)) return v.map(String).join('、');
    if (typeof v === 'object') return '';
    return String(v);
  });
}
