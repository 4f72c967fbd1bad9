// Who sees which records (page `visibleWhen`) and which records no picker offers any more (`retired`), as SQL
// conditions over the records `r`, resolved for the caller: lists, opening, changing and picking all apply
// them, so a record hidden from a member is hidden everywhere (the tenant wall and row-level security stay
// underneath).
import { sql, type RawBuilder } from 'kysely';
import { tenantOf, type TenantTx } from '../../db/tenant-scope';
import { readThrough } from '../../db/cache-bus';
import type { RefContext } from '../../../common/rules/conditions';
import type { ModuleSchema } from './schema-registry';
import { filterConds } from './conditions-sql';
import { PREPARED } from '../../db/prepared';

/** What a schema's ValueRefs mean for this caller today (and whether the caller administers the team), in one statement. */
export async function callerRefs(trx: TenantTx, tenant: string, userId: number, today: string): Promise<RefContext> {
  // Cached per team and member (db/cache-bus.ts): emptied by any change of memberships, dictionaries (departments)
  // or a team's owner, in this process at once and in others through their notifications.
  const refs = await readThrough(
    trx,
    'callerRefs',
    ['memberships', 'dictionaries', 'tenants'],
    REFS_CACHE_MS,
    `${tenantOf(trx) ?? ''}|${tenant}|${userId}`,
    () => readCallerRefs(trx, tenant, userId),
  );
  return { today, userId, deptId: refs.deptId, deptPath: [...refs.deptPath], isAdmin: refs.isAdmin };
}

const REFS_CACHE_MS = 5_000;

async function readCallerRefs(
  trx: TenantTx,
  tenant: string,
  userId: number,
): Promise<{ deptId: number | undefined; deptPath: number[]; isAdmin: boolean }> {
  // The department and those above it: a record shown to 生产部 is shown to 木工车间 under it too.
  const { rows } = await sql<{
    dept_id: number | null;
    is_admin: boolean | null;
    owner_id: number | null;
    path: (number | string)[] | null;
  }>`${PREPARED}
    WITH RECURSIVE me AS (
      SELECT dept_id, is_admin FROM memberships WHERE tenant_code = ${tenant} AND user_id = ${userId}
    ), up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM dictionaries WHERE tenant_code = ${tenant} AND id = (SELECT dept_id FROM me LIMIT 1)
      UNION ALL SELECT d.id, d.parent_id, up.depth + 1 FROM dictionaries d JOIN up ON d.id = up.parent_id
      WHERE d.tenant_code = ${tenant} AND up.depth < 20
    ) SELECT (SELECT dept_id FROM me LIMIT 1) AS dept_id, (SELECT is_admin FROM me LIMIT 1) AS is_admin,
        (SELECT owner_id FROM tenants WHERE tenant_code = ${tenant}) AS owner_id, (SELECT array_agg(id ORDER BY depth) FROM up) AS path`.execute(
    trx,
  );
  const r = rows[0];
  const deptId = r?.dept_id ?? undefined;
  const deptPath = deptId ? (r?.path ?? []).map(Number) : [];
  return {
    deptId: deptId === undefined ? undefined : Number(deptId),
    deptPath,
    isAdmin: !!r?.is_admin || (r?.owner_id != null && Number(r.owner_id) === userId),
  };
}

/** The records of `m` the caller may see, or null when the page shows every record to every member. */
export function visibleSql(m: ModuleSchema, refs: RefContext): RawBuilder<unknown> | null {
  const groups = m.schema.visibleWhen;
  if (!groups?.length || (m.schema.visibleToAdmins && refs.isAdmin)) return null;
  return sql`(${sql.join(
    groups.map((g) => sql`(${sql.join(filterConds(m, g, refs), sql` AND `)})`),
    sql` OR `,
  )})`;
}

/** Records of `m` that are not retired (every picker adds this). */
export function notRetiredSql(m: ModuleSchema, refs: RefContext): RawBuilder<unknown> | null {
  const c = m.schema.retired;
  if (!c?.length) return null;
  return sql`NOT coalesce((${sql.join(filterConds(m, c, refs), sql` AND `)}), false)`;
}
