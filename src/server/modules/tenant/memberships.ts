// Membership statuses and the only transitions allowed between them.
import type { DB } from '../../db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { findUserByMobile } from '../auth/users';
import { isTeamAdmin, membershipOf } from '../acl/team-admin';

export { isTeamAdmin, membershipOf } from '../acl/team-admin';

export type MembershipStatus = 'normal' | 'quit' | 'pending' | 'refused' | 'invited';

export type Transition = 'apply' | 'approve' | 'refuse' | 'quit' | 'remove' | 'invite' | 'accept' | 'decline';

/** from-status (or 'none' for no row) → the statuses each transition may start from, and where it ends. */
export const TRANSITIONS: Record<
  Transition,
  { from: (MembershipStatus | 'none')[]; to: MembershipStatus; by: 'self' | 'admin' }
> = {
  apply: { from: ['none', 'refused', 'quit'], to: 'pending', by: 'self' },
  approve: { from: ['pending'], to: 'normal', by: 'admin' },
  refuse: { from: ['pending'], to: 'refused', by: 'admin' },
  quit: { from: ['normal'], to: 'quit', by: 'self' },
  remove: { from: ['normal'], to: 'quit', by: 'admin' },
  invite: { from: ['none', 'refused', 'quit'], to: 'invited', by: 'admin' },
  accept: { from: ['invited'], to: 'normal', by: 'self' },
  decline: { from: ['invited'], to: 'refused', by: 'self' },
};

const STATUS_TEXT: Record<MembershipStatus | 'none', string> = {
  none: '非成员',
  normal: '已是团队成员',
  quit: '已退出',
  pending: '申请审核中',
  refused: '申请已被拒绝',
  invited: '已被邀请',
};

/**
 * Applies one transition to (tenant, subject) on behalf of actor, in one statement guarded by the
 * expected from-status, so two concurrent decisions cannot both win.
 */
export async function transition(
  db: DB,
  t: Transition,
  tenantCode: string,
  subjectId: number,
  actorId: number,
  remark?: string,
): Promise<MembershipStatus> {
  const rule = TRANSITIONS[t];
  const tenant = await db
    .selectFrom('tenants')
    .select(['owner_id', 'status'])
    .where('tenant_code', '=', tenantCode)
    .executeTakeFirst();
  if (!tenant) throw notFound('团队不存在');
  if (rule.by === 'self' && subjectId !== actorId) throw forbidden();
  if (rule.by === 'admin') {
    if (subjectId === actorId) throw forbidden('不能审批或处理自己的成员关系');
    if (!(await isTeamAdmin(db, tenantCode, actorId))) throw forbidden('只有团队所有者或管理员可以执行该操作');
  }
  if ((t === 'quit' || t === 'remove') && tenant.owner_id === subjectId)
    throw badRequest('团队所有者不能退出或被移出团队');
  const current = await membershipOf(db, tenantCode, subjectId);
  const from: MembershipStatus | 'none' = current?.status ?? 'none';
  if (!rule.from.includes(from)) {
    if (t === 'apply' && from === 'pending') throw conflict('已提交申请，请等待团队审核');
    if (t === 'apply' && from === 'normal') throw conflict('您已是该团队成员');
    if (t === 'apply' && from === 'invited') throw conflict('您已被邀请加入该团队，请直接接受邀请');
    throw conflict(`当前状态（${STATUS_TEXT[from]}）不能执行该操作`);
  }
  const now = new Date();
  if (!current) {
    const inserted = await db
      .insertInto('memberships')
      .values({
        tenant_code: tenantCode,
        user_id: subjectId,
        status: rule.to,
        is_admin: false,
        remark: remark ?? null,
        decided_by: rule.by === 'admin' ? actorId : null,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows) !== 1) throw conflict('操作冲突，请刷新后重试');
  } else {
    const updated = await db
      .updateTable('memberships')
      .set({
        status: rule.to,
        updated_at: now,
        is_admin: false,
        ...(remark !== undefined ? { remark } : {}),
        ...(rule.by === 'admin' ? { decided_by: actorId } : {}),
      })
      .where('tenant_code', '=', tenantCode)
      .where('user_id', '=', subjectId)
      .where('status', '=', from as MembershipStatus)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict('操作冲突，请刷新后重试');
  }
  return rule.to;
}

/** What an invitation answers, for any mobile: true of each (a registered person sees it; anyone else must register). */
export const INVITE_ANSWER =
  '邀请已发出：该手机号的用户登录易管后，可在「申请审核」中接受；尚未注册的，请对方先注册后再邀请';

/**
 * Invites the user who holds `mobile` into the team, when there is one the invitation can reach: no account, the
 * inviter himself, or someone already in, applying or invited is left as is, without a word — the caller's answer
 * must not tell these apart from a sent invitation (the team's own members and applicants it sees in its lists).
 */
export async function inviteByMobile(db: DB, tenantCode: string, inviterId: number, mobile: string): Promise<void> {
  const user = await findUserByMobile(db, mobile);
  if (!user || user.id === inviterId) return;
  const current = await membershipOf(db, tenantCode, user.id);
  if (!TRANSITIONS.invite.from.includes(current?.status ?? 'none')) return;
  try {
    await transition(db, 'invite', tenantCode, user.id, inviterId);
  } catch (err) {
    // Another admin's invitation or the person's own application got there first: the same silence.
    if (!(err instanceof AppError && err.status === 409)) throw err;
  }
}
