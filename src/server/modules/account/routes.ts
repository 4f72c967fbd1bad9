// Personal centre (/basicInfo): profile, mobile change, bank cards, and account deactivation (注销账号).
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { badRequest, conflict, notFound } from '../../errors';
import type { AppServices } from '../../services';
import { PHONE, matches } from '../../../common/patterns';
import { findUserByMobile } from '../auth/users';
import { passwordAccepted } from '../auth/login-guard';
import { assertReadableFileUrl } from '../files/access';
import { clearSessionCookies } from '../../plugins/csrf';

const tags = ['个人中心'];
const BANKCARD = /^[1-9]\d{15,18}$/;
const bankBody = {
  type: 'object',
  required: ['bankName', 'bankCardNo', 'accountName'],
  properties: {
    id: { type: 'integer' },
    bankName: { type: 'string', minLength: 1, maxLength: 50 },
    bankCardNo: { type: 'string', maxLength: 30 },
    accountName: { type: 'string', minLength: 1, maxLength: 30 },
    isDefault: { type: 'boolean' },
  },
} as const;

export async function accountCentreRoutes(app: Api, s: AppServices) {
  const { db, captcha, sessions } = s;

  app.post(
    '/api/admin/sysuser/updateProfile',
    {
      schema: {
        tags,
        summary: '修改昵称与头像',
        body: {
          type: 'object',
          properties: { nickName: { type: 'string', maxLength: 30 }, avatar: { type: 'string', maxLength: 500 } },
        },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const b = req.body;
      const patch: { nick_name?: string; avatar?: string; updated_at: Date } = { updated_at: new Date() };
      if (b.nickName !== undefined) {
        if (!b.nickName.trim()) throw badRequest('昵称不能为空');
        patch.nick_name = b.nickName.trim();
      }
      if (b.avatar !== undefined) {
        if (b.avatar) await assertReadableFileUrl(db, b.avatar, a.userId, '头像地址不正确');
        patch.avatar = b.avatar;
      }
      await db.updateTable('users').set(patch).where('id', '=', a.userId).execute();
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/api/admin/sysuser/changeMobile',
    {
      schema: {
        tags,
        summary: '更换手机号（新号码短信验证码，场景 bind）',
        body: {
          type: 'object',
          required: ['mobile', 'code'],
          properties: { mobile: { type: 'string', maxLength: 20 }, code: { type: 'string', maxLength: 6 } },
        },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const { mobile, code } = req.body;
      if (!matches(PHONE, mobile)) throw badRequest(PHONE.regMsg);
      const codeId = await captcha.check(mobile, 'bind', code);
      if (await findUserByMobile(db, mobile)) throw conflict('该手机号已注册');
      await captcha.consume(codeId);
      await db.updateTable('users').set({ mobile, updated_at: new Date() }).where('id', '=', a.userId).execute();
      return ok(null, '手机号已更换');
    },
  );

  app.post('/api/admin/userBankInfo/bankInfoList', { schema: { tags, summary: '我的银行卡' } }, async (req) => {
    const a = requireAuth(req);
    const rows = await db
      .selectFrom('bank_cards')
      .selectAll()
      .where('user_id', '=', a.userId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute();
    return ok(
      rows.map((r) => ({
        id: r.id,
        bankName: r.bank_name,
        bankCardNo: r.bank_card_no,
        accountName: r.account_name,
        isDefault: r.is_default,
      })),
    );
  });

  async function saveCard(
    userId: number,
    b: { id?: number; bankName: string; bankCardNo: string; accountName: string; isDefault?: boolean },
  ) {
    if (!BANKCARD.test(b.bankCardNo)) throw badRequest('请输入正确的银行卡号');
    const values = {
      bank_name: b.bankName.trim(),
      bank_card_no: b.bankCardNo,
      account_name: b.accountName.trim(),
      is_default: !!b.isDefault,
    };
    await db.transaction().execute(async (trx) => {
      if (values.is_default)
        await trx.updateTable('bank_cards').set({ is_default: false }).where('user_id', '=', userId).execute();
      if (b.id) {
        const r = await trx
          .updateTable('bank_cards')
          .set(values)
          .where('id', '=', b.id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw notFound('银行卡不存在');
      } else {
        await trx
          .insertInto('bank_cards')
          .values({ ...values, user_id: userId })
          .execute();
      }
    });
  }

  app.post('/api/admin/userBankInfo/add', { schema: { tags, summary: '添加银行卡', body: bankBody } }, async (req) => {
    const a = requireAuth(req);
    await saveCard(a.userId, { ...req.body, id: undefined });
    return ok(null, '添加成功');
  });

  app.post(
    '/api/admin/userBankInfo/updateUserBankInfo',
    { schema: { tags, summary: '修改银行卡', body: { ...bankBody, required: [...bankBody.required, 'id'] } } },
    async (req) => {
      const a = requireAuth(req);
      await saveCard(a.userId, req.body);
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/api/admin/userBankInfo/delete',
    {
      schema: {
        tags,
        summary: '删除银行卡',
        body: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const r = await db
        .deleteFrom('bank_cards')
        .where('id', '=', req.body.id)
        .where('user_id', '=', a.userId)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) throw notFound('银行卡不存在');
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/admin/sysuser/deactivateImpact',
    { schema: { tags, summary: '注销账号的影响：将解散的团队与将退出的团队' } },
    async (req) => {
      const a = requireAuth(req);
      return ok(await impactOf(a.userId));
    },
  );

  async function impactOf(userId: number) {
    const rows = await db
      .selectFrom('memberships')
      .innerJoin('tenants', 'tenants.tenant_code', 'memberships.tenant_code')
      .select(['tenants.tenant_code', 'tenants.tenant_name', 'tenants.owner_id'])
      .where('memberships.user_id', '=', userId)
      .where('memberships.status', '=', 'normal')
      .where('tenants.status', '=', 'active')
      .execute();
    return {
      ownedTeams: rows
        .filter((r) => r.owner_id === userId)
        .map((r) => ({ tenantCode: r.tenant_code, tenantName: r.tenant_name })),
      memberTeams: rows
        .filter((r) => r.owner_id !== userId)
        .map((r) => ({ tenantCode: r.tenant_code, tenantName: r.tenant_name })),
    };
  }

  app.post(
    '/api/admin/sysuser/deactivate',
    {
      schema: {
        tags,
        summary: '注销账号：需确认密码；所拥有的团队停用，其他团队中的成员身份改为已退出，所有会话失效',
        body: { type: 'object', required: ['password'], properties: { password: { type: 'string', maxLength: 400 } } },
      },
    },
    async (req, reply) => {
      const a = requireAuth(req);
      const { password } = req.body;
      const user = await db.selectFrom('users').selectAll().where('id', '=', a.userId).executeTakeFirstOrThrow();
      if (!(await passwordAccepted(db, user, password))) throw badRequest('密码错误');
      const impact = await impactOf(a.userId);
      await db.transaction().execute(async (trx) => {
        const owned = impact.ownedTeams.map((t) => t.tenantCode);
        if (owned.length)
          await trx.updateTable('tenants').set({ status: 'closed' }).where('tenant_code', 'in', owned).execute();
        await trx
          .updateTable('memberships')
          .set({ status: 'quit', updated_at: new Date() })
          .where('user_id', '=', a.userId)
          .where('status', '=', 'normal')
          .execute();
        await trx
          .updateTable('users')
          .set({ status: 'deactivated', updated_at: new Date() })
          .where('id', '=', a.userId)
          .execute();
      });
      await sessions.revokeAllOfUser(a.userId);
      clearSessionCookies(req, reply, s.config.publicUrl);
      return ok(impact, '账号已注销');
    },
  );
}
