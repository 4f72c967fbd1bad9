// Who approves a step. The applicant, the record's creator and whoever submitted it never approve it,
// whatever the process says: the step skips them. If nobody is left, it falls to the next in line: the
// leaders up the applicant's department chain, then the team's owner and admins. Only when nobody at all
// can approve is the submission refused (before anything is saved); a team with no other member has
// nobody to ask, and the step passes on its own.
import { tenantOf, type TenantTx } from '../../db/tenant-scope';
import { readThrough, type Watched } from '../../db/cache-bus';
import type { ProcessStep } from '../../db/types';
import { badRequest } from '../../errors';

export interface People {
  applicantId: number;
  creatorId: number;
  originatorId: number;
  deptId: number | null;
  /** 发起人自选 picks, by step index. */
  chosen?: Record<string, number[]>;
}

export type Resolution = { users: number[]; fallback: boolean } | { users: []; alone: true };

const ids = (v: unknown): number[] =>
  (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]).map(Number).filter(Number.isFinite);

// The team's members, departments and owner are cached per team (db/cache-bus.ts): emptied by any change of their
// table, in this process at once and in others through their notifications.
const TEAM_CACHE_MS = 5_000;
const cached = <V>(trx: TenantTx, name: string, table: Watched, tenant: string, read: () => Promise<V>) =>
  readThrough(trx, name, [table], TEAM_CACHE_MS, `${tenantOf(trx) ?? ''}|${tenant}`, read);

/** The team's active members, and which of them are admins (one read serves both). */
async function activeMembers(trx: TenantTx, tenant: string) {
  const rows = await cached(trx, 'activeMembers', 'memberships', tenant, () =>
    trx
      .selectFrom('memberships')
      .select(['user_id', 'is_admin'])
      .where('tenant_code', '=', tenant)
      .where('status', '=', 'normal')
      .execute(),
  );
  return {
    members: new Set(rows.map((r) => r.user_id)),
    admins: rows.filter((r) => r.is_admin === true).map((r) => r.user_id),
  };
}

type Chain = { id: number; leaderId: number | null }[];

/** Department nodes from the applicant's upwards, each with its leader (read once per step resolution: `memo`). */
async function deptChain(
  trx: TenantTx,
  tenant: string,
  deptId: number | null,
  memo?: { chain?: Promise<Chain> },
): Promise<Chain> {
  if (memo) return (memo.chain ??= deptChain(trx, tenant, deptId));
  if (deptId === null) return [];
  const rows = await cached(trx, 'deptLeaders', 'dictionaries', tenant, () =>
    trx
      .selectFrom('dictionaries')
      .select(['id', 'parent_id', 'leader_id'])
      .where('tenant_code', '=', tenant)
      .where('field_key', '=', 'dept')
      .execute(),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: { id: number; leaderId: number | null }[] = [];
  for (
    let cur = byId.get(deptId);
    cur && !chain.some((c) => c.id === cur!.id);
    cur = cur.parent_id ? byId.get(cur.parent_id) : undefined
  ) {
    chain.push({ id: cur.id, leaderId: cur.leader_id });
  }
  return chain;
}

/** The users a step names, before anyone is excluded. */
async function named(
  trx: TenantTx,
  tenant: string,
  step: ProcessStep,
  index: number,
  p: People,
  memo: { chain?: Promise<Chain> },
): Promise<number[]> {
  switch (step.approverType) {
    case 'user':
      return ids(step.approverIds);
    case 'chosen':
      return ids(p.chosen?.[String(index)]);
    case 'role': {
      const roles = ids(step.roleId);
      if (!roles.length) return [];
      const rows = await trx
        .selectFrom('user_roles')
        .select('user_id')
        .where('tenant_code', '=', tenant)
        .where('role_id', 'in', roles)
        .execute();
      return rows.map((r) => r.user_id);
    }
    case 'deptLeader': {
      const leader = (await deptChain(trx, tenant, p.deptId, memo))[0]?.leaderId;
      return leader ? [leader] : [];
    }
    case 'superior': {
      // The first leader above the applicant: their department's, or the next one up when they lead it.
      const leader = (await deptChain(trx, tenant, p.deptId, memo))
        .map((c) => c.leaderId)
        .find((l) => l && l !== p.applicantId);
      return leader ? [leader] : [];
    }
    default:
      return [];
  }
}

export async function approversFor(
  trx: TenantTx,
  tenant: string,
  step: ProcessStep,
  index: number,
  p: People,
): Promise<Resolution> {
  const { members, admins } = await activeMembers(trx, tenant);
  const memo: { chain?: Promise<Chain> } = {};
  const excluded = new Set([p.applicantId, p.creatorId, p.originatorId]);
  const eligible = (list: number[]) =>
    [...new Set(list)].filter((u) => members.has(u) && !excluded.has(u)).sort((a, b) => a - b);
  const direct = eligible(await named(trx, tenant, step, index, p, memo));
  if (direct.length) return { users: direct, fallback: false };
  for (const c of await deptChain(trx, tenant, p.deptId, memo)) {
    const leader = eligible(c.leaderId ? [c.leaderId] : []);
    if (leader.length) return { users: leader, fallback: true };
  }
  const team = await cached(trx, 'teamOwner', 'tenants', tenant, () =>
    trx.selectFrom('tenants').select('owner_id').where('tenant_code', '=', tenant).executeTakeFirst(),
  );
  const heads = eligible([...(team ? [team.owner_id] : []), ...admins]);
  if (heads.length) return { users: heads, fallback: true };
  if ([...members].every((u) => excluded.has(u))) return { users: [], alone: true };
  throw badRequest(
    `审批步骤“${step.stepName}”没有可用的审批人（申请人、创建人和提交人不能审批自己的单据）。请在「审批管理」中为该步骤指定其他审批人或角色，或为部门设置负责人、为团队设置管理员`,
  );
}
