// Team calls of the API's call table (tests/api/spec-contract.test.ts) plus the ones it leaves out (create team, join requests, invitations, share links).
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import QRCode from 'qrcode';
import { ok } from '../../plugins/envelope';
import { publicOrigin } from '../../origin';
import { requireAuth } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../errors';
import type { AppServices } from '../../services';
import { loadSysUser } from '../auth/users';
import { PHONE, matches } from '../../../common/patterns';
import { isValidCreditCode, isValidIdCardNo } from '../../../common/ids';
import { createTeam, grantMemberRole, teamsOfUser } from './teams';
import { assertIndustry } from '../platform/grants';
import { inviteByMobile, INVITE_ANSWER, isTeamAdmin, membershipOf, transition } from './memberships';
import { assertReadableFileUrl } from '../files/access';

const code = {
  type: 'object',
  required: ['tenantCode'],
  properties: { tenantCode: { type: 'string', maxLength: 20 } },
} as const;
const tags = ['团队'];

export async function tenantRoutes(app: Api, s: AppServices) {
  const { db, acl, sessions } = s;

  /** The caller must administer the active team; returns its code. */
  async function requireActiveAdmin(req: FastifyRequest) {
    const a = requireAuth(req);
    if (!a.tenantCode || !(await isTeamAdmin(db, a.tenantCode, a.userId)))
      throw forbidden('只有团队所有者或管理员可以执行该操作');
    return { ...a, tenantCode: a.tenantCode };
  }

  async function tenantSummary(tenantCode: string) {
    const t = await db
      .selectFrom('tenants')
      .select(['tenant_code', 'tenant_name', 'tenant_type', 'logo_url', 'status'])
      .where('tenant_code', '=', tenantCode)
      .executeTakeFirst();
    if (!t || t.status !== 'active') throw notFound('团队不存在');
    const { count } = await db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_code', '=', tenantCode)
      .where('status', '=', 'normal')
      .executeTakeFirstOrThrow();
    return {
      tenantCode: t.tenant_code,
      tenantName: t.tenant_name,
      tenantType: t.tenant_type,
      logoUrl: t.logo_url,
      memberCount: Number(count),
    };
  }

  app.get('/api/admin/systenant/getSysTenantByUserId', { schema: { tags, summary: '我的团队列表' } }, async (req) => {
    const a = requireAuth(req);
    return ok(await teamsOfUser(db, a.userId, a.tenantCode));
  });

  app.post(
    '/api/admin/systenant/querySysTenantById',
    { schema: { tags, summary: '团队详情（仅成员可见）', body: code } },
    async (req) => {
      const a = requireAuth(req);
      const { tenantCode } = req.body;
      const m = await membershipOf(db, tenantCode, a.userId);
      if (m?.status !== 'normal') throw forbidden('您不是该团队成员');
      const t = await db
        .selectFrom('tenants')
        .selectAll()
        .where('tenant_code', '=', tenantCode)
        .executeTakeFirstOrThrow();
      return ok({
        tenantCode: t.tenant_code,
        tenantName: t.tenant_name,
        tenantType: t.tenant_type,
        logoUrl: t.logo_url,
        status: t.status,
        ownerId: t.owner_id,
        modules: t.modules,
        verification: m.is_admin ? t.verification : undefined,
        createdAt: t.created_at,
      });
    },
  );

  app.post(
    '/api/admin/systenant/createTenant',
    {
      schema: {
        tags,
        summary: '创建团队（个人或企业），创建者成为管理员，并切换到新团队',
        body: {
          type: 'object',
          required: ['tenantName', 'tenantType'],
          properties: {
            tenantName: { type: 'string', minLength: 1, maxLength: 50 },
            tenantType: { type: 'string', enum: ['individual', 'enterprise'] },
            logoUrl: { type: 'string', maxLength: 500 },
            verification: { type: 'object', additionalProperties: true },
            industryCode: {
              type: 'string',
              maxLength: 40,
              description: '行业编码（行业模块）：新团队获得该行业的默认模式与初始化字典',
            },
          },
        },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const b = req.body;
      const name = b.tenantName.trim();
      if (!name) throw badRequest('团队名称不能为空');
      const verification = validateVerification(b.tenantType, b.verification ?? {});
      // Logo and scans must be files the creator uploaded here, never a foreign or javascript: link.
      if (b.logoUrl) await assertReadableFileUrl(db, b.logoUrl, a.userId, '团队标志图片不正确，请重新上传');
      for (const [key, value] of Object.entries(verification)) {
        if (key.endsWith('Url') && value)
          await assertReadableFileUrl(db, String(value), a.userId, '证件图片不正确，请重新上传');
      }
      if (b.industryCode) await assertIndustry(db, b.industryCode);
      const tenantCode = await createTeam(
        db,
        a.userId,
        {
          tenantName: name,
          tenantType: b.tenantType,
          logoUrl: b.logoUrl,
          verification,
          industryCode: b.industryCode || null,
        },
        s.schemas,
      );
      await sessions.setTenant(a.sessionId, tenantCode);
      const fresh = await acl.forSession({ ...a, tenantCode, acl: null });
      return ok({ tenantCode, menuTree: fresh.menuTree, permissions: fresh.permissions }, '创建成功');
    },
  );

  app.get(
    '/api/admin/login/switchTenants',
    {
      // A GET in the spec that changes the session's team: by cookie alone only with the CSRF proof (plugins/auth.ts).
      config: { changesState: true },
      schema: { tags, summary: '切换团队，返回菜单树与权限码', querystring: code },
    },
    async (req) => {
      const a = requireAuth(req);
      const { tenantCode } = req.query;
      const m = await membershipOf(db, tenantCode, a.userId);
      const t = await db
        .selectFrom('tenants')
        .select('status')
        .where('tenant_code', '=', tenantCode)
        .executeTakeFirst();
      if (m?.status !== 'normal' || t?.status !== 'active') throw forbidden('您不是该团队成员，不能切换');
      if (m.disabled) throw forbidden('您在该团队的账号已被禁用，请联系团队管理员');
      await sessions.setTenant(a.sessionId, tenantCode);
      const fresh = await acl.forSession({ ...a, tenantCode, acl: null });
      const user = await loadSysUser(db, a.userId, tenantCode, fresh.permissions);
      return ok({ menuTree: fresh.menuTree, permissions: fresh.permissions, user }, '切换成功');
    },
  );

  app.get('/api/admin/sysmenu/getMenuTreeByUserId', { schema: { tags, summary: '当前团队的菜单树' } }, async (req) => {
    const a = requireAuth(req);
    const mine = await acl.forSession(a, true);
    return ok({ menuTree: mine.menuTree, permissions: mine.permissions });
  });

  app.post(
    '/api/admin/applyjointenant/queryJoinTenantById',
    { schema: { tags, summary: '按团队编号查询可加入的团队（公开摘要）', body: code } },
    async (req) => {
      const a = requireAuth(req);
      const { tenantCode } = req.body;
      const summary = await tenantSummary(tenantCode);
      const m = await membershipOf(db, tenantCode, a.userId);
      return ok({ ...summary, myStatus: m?.status ?? null });
    },
  );

  app.post(
    '/api/admin/applyjointenant/actionUserJoinTenant',
    {
      schema: {
        tags,
        summary: '申请加入团队',
        body: { ...code, properties: { ...code.properties, remark: { type: 'string', maxLength: 200 } } },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const { tenantCode, remark } = req.body;
      await tenantSummary(tenantCode);
      await transition(db, 'apply', tenantCode, a.userId, a.userId, remark ?? '');
      return ok({ status: 'pending' }, '申请已提交，请等待团队管理员审核');
    },
  );

  app.get(
    '/api/admin/applyjointenant/myApplications',
    { schema: { tags, summary: '我的入队申请与邀请' } },
    async (req) => {
      const a = requireAuth(req);
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('tenants', 'tenants.tenant_code', 'memberships.tenant_code')
        .select([
          'tenants.tenant_code',
          'tenants.tenant_name',
          'tenants.tenant_type',
          'tenants.logo_url',
          'memberships.status',
          'memberships.remark',
          'memberships.updated_at',
        ])
        .where('memberships.user_id', '=', a.userId)
        .where('memberships.status', 'in', ['pending', 'refused', 'invited'])
        .orderBy('memberships.updated_at', 'desc')
        .execute();
      return ok(
        rows.map((r) => ({
          tenantCode: r.tenant_code,
          tenantName: r.tenant_name,
          tenantType: r.tenant_type,
          logoUrl: r.logo_url,
          status: r.status,
          remark: r.remark,
          updatedAt: r.updated_at,
        })),
      );
    },
  );

  app.post(
    '/api/admin/applyjointenant/requestPage',
    {
      schema: {
        tags,
        summary: '当前团队的入队申请（管理员）',
        body: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['pending', 'refused', 'normal', 'invited', 'quit'] } },
        },
      },
    },
    async (req) => {
      const a = await requireActiveAdmin(req);
      const { status = 'pending' } = req.body;
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select([
          'users.id',
          'users.username',
          'users.nick_name',
          'users.mobile',
          'memberships.status',
          'memberships.remark',
          'memberships.created_at',
          'memberships.updated_at',
        ])
        .where('memberships.tenant_code', '=', a.tenantCode)
        .where('memberships.status', '=', status)
        .orderBy('memberships.updated_at', 'desc')
        .execute();
      return ok({
        list: rows.map((r) => ({
          userId: r.id,
          username: r.username,
          nickName: r.nick_name,
          mobile: maskMobile(r.mobile),
          status: r.status,
          remark: r.remark,
          createdAt: r.created_at,
          updatedAt: r.updated_at,
        })),
        total: rows.length,
      });
    },
  );

  app.post(
    '/api/admin/applyjointenant/decide',
    {
      schema: {
        tags,
        summary: '审批入队申请（同意或拒绝）',
        body: {
          type: 'object',
          required: ['userId', 'approve'],
          properties: {
            userId: { type: 'integer' },
            approve: { type: 'boolean' },
            remark: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const { userId, approve, remark } = req.body;
      if (!a.tenantCode) throw forbidden('请先切换到要管理的团队');
      const to = await transition(db, approve ? 'approve' : 'refuse', a.tenantCode, userId, a.userId, remark);
      if (to === 'normal') await grantMemberRole(db, a.tenantCode, userId);
      await acl.invalidateUser(userId);
      return ok({ status: to }, approve ? '已同意' : '已拒绝');
    },
  );

  app.post(
    '/api/admin/applyjointenant/invite',
    {
      schema: {
        tags,
        summary: '按手机号邀请用户加入当前团队',
        body: { type: 'object', required: ['mobile'], properties: { mobile: { type: 'string', maxLength: 20 } } },
      },
    },
    async (req) => {
      const a = await requireActiveAdmin(req);
      const { mobile } = req.body;
      if (!matches(PHONE, mobile)) throw badRequest(PHONE.regMsg);
      await inviteByMobile(db, a.tenantCode, a.userId, mobile);
      // The same answer whoever holds the number: the caller learns nothing of who has an account (counted per caller).
      return ok(null, INVITE_ANSWER);
    },
  );

  app.post(
    '/api/admin/applyjointenant/respondInvite',
    {
      schema: {
        tags,
        summary: '接受或谢绝团队邀请',
        body: {
          type: 'object',
          required: ['tenantCode', 'accept'],
          properties: { tenantCode: { type: 'string' }, accept: { type: 'boolean' } },
        },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const { tenantCode, accept } = req.body;
      const to = await transition(db, accept ? 'accept' : 'decline', tenantCode, a.userId, a.userId);
      if (to === 'normal') await grantMemberRole(db, tenantCode, a.userId);
      return ok({ status: to }, accept ? '已加入团队' : '已谢绝邀请');
    },
  );

  app.post(
    '/api/admin/applyjointenant/quitTenant',
    { schema: { tags, summary: '退出团队', body: code } },
    async (req) => {
      const a = requireAuth(req);
      const { tenantCode } = req.body;
      await transition(db, 'quit', tenantCode, a.userId, a.userId);
      if (a.tenantCode === tenantCode) await sessions.setTenant(a.sessionId, null);
      await acl.invalidateUser(a.userId);
      return ok(null, '已退出团队');
    },
  );

  app.post(
    '/api/admin/applyjointenant/removeMember',
    {
      schema: {
        tags,
        summary: '将成员移出当前团队（管理员）',
        body: { type: 'object', required: ['userId'], properties: { userId: { type: 'integer' } } },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const { userId } = req.body;
      if (!a.tenantCode) throw forbidden('请先切换到要管理的团队');
      await transition(db, 'remove', a.tenantCode, userId, a.userId);
      await db.deleteFrom('user_roles').where('tenant_code', '=', a.tenantCode).where('user_id', '=', userId).execute();
      await acl.invalidateUser(userId);
      return ok(null, '已移出团队');
    },
  );

  app.post(
    '/api/admin/systenant/createShareLink',
    { schema: { tags, summary: '生成邀请链接与二维码（/share）' } },
    async (req) => {
      const a = await requireActiveAdmin(req);
      const shareCode = randomBytes(12).toString('base64url');
      const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
      await db
        .insertInto('tenant_invites')
        .values({ code: shareCode, tenant_code: a.tenantCode, created_by: a.userId, expires_at: expiresAt })
        .execute();
      const url = `${publicOrigin(req, s.config)}/share?code=${shareCode}`;
      return ok({
        code: shareCode,
        url,
        qrCode: await QRCode.toDataURL(url, { width: 240, margin: 1 }),
        expiresAt: expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/api/admin/applyjointenant/queryShare',
    {
      schema: {
        tags,
        summary: '按邀请码查询团队摘要',
        body: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 64 } } },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const { code: shareCode } = req.body;
      const inv = await db.selectFrom('tenant_invites').selectAll().where('code', '=', shareCode).executeTakeFirst();
      if (!inv || new Date(inv.expires_at).getTime() < Date.now()) throw notFound('邀请链接已失效');
      const inviter = await db
        .selectFrom('users')
        .select('nick_name')
        .where('id', '=', inv.created_by)
        .executeTakeFirst();
      const m = await membershipOf(db, inv.tenant_code, a.userId);
      return ok({
        ...(await tenantSummary(inv.tenant_code)),
        inviterName: inviter?.nick_name ?? '',
        myStatus: m?.status ?? null,
      });
    },
  );

  app.get('/api/admin/sysuser/getTenantUserName', { schema: { tags, summary: '当前团队成员' } }, async (req) => {
    const a = requireAuth(req);
    if (!a.tenantCode) return ok([]);
    const rows = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.nick_name', 'users.username', 'memberships.is_admin'])
      .where('memberships.tenant_code', '=', a.tenantCode)
      .where('memberships.status', '=', 'normal')
      .orderBy('users.id')
      .execute();
    return ok(
      rows.map((r) => ({ id: r.id, userId: r.id, nickName: r.nick_name, username: r.username, isAdmin: r.is_admin })),
    );
  });
}

function maskMobile(m: string) {
  return m.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
}

/** Enterprise teams must carry the licence data; the values are checked, not just stored. */
function validateVerification(type: 'individual' | 'enterprise', v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val === 'string' && val.length <= 500) out[k] = val.trim();
  }
  if (type === 'enterprise') {
    if (!out.creditCode) throw badRequest('统一社会信用代码不能为空');
    if (!isValidCreditCode(String(out.creditCode))) throw badRequest('请输入正确的统一社会信用代码');
    if (!out.companyName) throw badRequest('企业名称不能为空');
    if (!out.legalPerson) throw badRequest('法定代表人不能为空');
  }
  // ID numbers (individual owner, legal representative) carry the GB 11643 checksum.
  for (const key of ['idCardNo', 'legalPersonIdNo']) {
    if (out[key] && !isValidIdCardNo(String(out[key]))) throw badRequest('请输入正确的身份证号');
  }
  return out;
}
