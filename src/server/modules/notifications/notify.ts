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
export async function notifyUsers(trx: TenantTx, tenant: string, userIds: readonly (number | null | undefined)[], n: Notice): Promise<number[]> {
  const wanted = [...new Set(userIds.map(Number).filter((u) => Number.isSafeInteger(u) && u > 0 && u !== n.actorId))];
  if (!wanted.length) return [];
  const members = await trx.selectFrom('memberships').select('user_id').where('tenant_code', '=', tenant)
    .where('status', '=', 'normal').where('disabled', '=', false).where('user_id', 'in', wanted).execute();
  if (!members.length) return [];
  const rows = members.map((m) => ({
    tenant_code: tenant, user_id: Number(m.user_id), title: cut(n.title, TITLE_MAX), body: cut(n.body ?? '', BODY_MAX),
    module: n.module ?? null, record_id: n.recordId ?? null, actor_id: n.actorId ?? null, source_key: n.sourceKey,
    // The moment it is written (not the transaction's start), like a task's decision: the demo story's clock moves it.
    created_at: sql<Date>`clock_timestamp()`,
  }));
  const done = await trx.insertInto('notifications').values(rows)
    .onConflict((oc) => oc.columns(['tenant_code', 'user_id', 'source_key']).doNothing())
    .returning('user_id').execute();
  return done.map((d) => Number(d.user_id));
}

/** The active members of the team holding the role of this key. */
export async function membersOfRole(trx: TenantTx, tenant: string, roleKey: string): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.tenant_code = ur.tenant_code
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
