// When a record reached each of its stages (page schema `stages.history`): read from its stage events (stage
// actions, effects and auto rules that moved it), the first stage from when it took effect (its approval, or
// its creation in a module without one). Attached to read rows under the declared name, e.g. a list's
// infoPopover column 各阶段日期. Nothing is stored twice: the events are the record's timeline.
import { sql, type RawBuilder } from 'kysely';
import { CHINA_TIME_ZONE } from '../../../common/china-time';
import type { TenantTx } from '../../db/tenant-scope';
import { storedKeyOf, type ModuleSchema } from './schema-registry';

type Row = Record<string, unknown>;

export interface StageReached {
  stage: string;
  /** China time, 'YYYY-MM-DD HH:mm'. */
  reachedAt: string;
  userName: string | null;
}

const china = (col: RawBuilder<unknown>) =>
  sql`to_char(${col} AT TIME ZONE ${sql.lit(CHINA_TIME_ZONE)}, 'YYYY-MM-DD HH24:MI')`;

/** Each row with its stage history under `stages.history` (rows of modules that declare none come back as they were). */
export async function withStageHistory<T extends Row & { id: unknown }>(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  rows: T[],
): Promise<T[]> {
  const prop = m.schema.stages?.history;
  if (!prop || !rows.length) return rows;
  const ids = rows.map((r) => Number(r.id));
  const { rows: found } = await sql<{
    record_id: string;
    stage: string;
    at: string;
    user_name: string | null;
    seq: string;
  }>`
    SELECT r.id AS record_id, ${m.schema.stages!.initial}::text AS stage,
           ${china(sql`COALESCE((SELECT max(pi.ended_at) FROM process_instances pi WHERE pi.tenant_code = r.tenant_code
             AND pi.record_id = r.id AND pi.status = 'approved'), r.created_at)`)} AS at,
           NULL::text AS user_name, 0::bigint AS seq, r.created_at AS t
      FROM records r WHERE r.tenant_code = ${tenant} AND r.module = ${storedKeyOf(m)} AND r.id IN (${sql.join(ids)})
    UNION ALL
    SELECT e.record_id, e.detail->>'to', ${china(sql`e.created_at`)}, u.nick_name, e.id, e.created_at
      FROM record_events e LEFT JOIN users u ON u.id = e.user_id
     WHERE e.tenant_code = ${tenant} AND e.record_id IN (${sql.join(ids)}) AND e.kind = 'stage'
       AND e.detail->>'to' IS NOT NULL AND (e.detail->>'from') IS DISTINCT FROM (e.detail->>'to')
    ORDER BY 5, 6`.execute(trx);
  const by = new Map<number, StageReached[]>();
  for (const f of found) {
    const list = by.get(Number(f.record_id)) ?? [];
    list.push({ stage: f.stage, reachedAt: f.at, userName: f.user_name });
    by.set(Number(f.record_id), list);
  }
  return rows.map((r) => ({ ...r, [prop]: by.get(Number(r.id)) ?? [] }));
}
