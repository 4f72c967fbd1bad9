// Names of the people a process step names, for the submit preview (roles and departments resolve at run time).
import type { TenantTx } from '../../db/tenant-scope';
import type { ProcessStep } from '../../db/types';

const TYPE_TEXT: Record<string, string> = { deptLeader: '部门负责人', superior: '直属上级', chosen: '发起人自选' };

export async function namesOf(trx: TenantTx, steps: ProcessStep[]) {
  const userIds = [
    ...new Set(steps.flatMap((s) => (s.approverType === 'user' ? (s.approverIds ?? []) : []).map(Number))),
  ].filter(Number.isFinite);
  const roleIds = [...new Set(steps.map((s) => Number(s.roleId)).filter(Number.isFinite))];
  const users = userIds.length
    ? await trx.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', userIds).execute()
    : [];
  const roles = roleIds.length
    ? await trx.selectFrom('roles').select(['id', 'role_name']).where('id', 'in', roleIds).execute()
    : [];
  const u = new Map(users.map((x) => [x.id, x.nick_name]));
  const r = new Map(roles.map((x) => [x.id, x.role_name]));
  return (s: ProcessStep): string => {
    if (s.approverType === 'user')
      return (s.approverIds ?? [])
        .map((id) => u.get(Number(id)) ?? '')
        .filter(Boolean)
        .join('、');
    if (s.approverType === 'role') return `角色：${r.get(Number(s.roleId)) ?? ''}`;
    return TYPE_TEXT[s.approverType] ?? '';
  };
}
