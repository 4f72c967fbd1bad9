// Account calls: captcha, register, login (password / SMS), profile, password change and reset, logout.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { Status } from '../../../common/api';
import { PHONE, USERNAME, matches } from '../../../common/patterns';
import { validateNewPasswordPair, validatePasswordChange } from '../../../common/password';
import type { CaptchaService } from './captcha';
import { SMS_SCENES } from './captcha';
import { hashPassword, verifyPassword, dummyHash } from './passwords';
import { clearFailedLogins, isLocked, passwordAccepted } from './login-guard';
import { findUserByLogin, findUserByMobile, loadSysUser } from './users';
import { issueSession, type SignInSources } from './issue-session';
import { clearSessionCookies } from '../../plugins/csrf';

const str = (maxLength = 200) => ({ type: 'string', maxLength }) as const;
const WRONG_LOGIN = '用户名或密码错误';

function assertPhone(mobile: string) {
  if (!matches(PHONE, mobile)) throw badRequest(PHONE.regMsg);
}

export async function accountRoutes(app: Api, s: SignInSources & { captcha: CaptchaService }) {
  const { db, sessions, captcha } = s;

  const startSession = (userId: number, remember: boolean, req: FastifyRequest, reply: FastifyReply) =>
    issueSession(s, userId, remember, { req, reply });

  app.get(
    '/api/admin/captcha/getSmsCaptcha',
    {
      config: { public: true },
      schema: {
        tags: ['账号'],
        summary: '发送短信验证码',
        querystring: {
          type: 'object',
          required: ['mobile'],
          properties: { mobile: str(20), scene: { type: 'string', enum: SMS_SCENES, default: 'login' } },
        },
      },
    },
    async (req) => {
      const { mobile, scene } = req.query;
      assertPhone(mobile);
      // Sent whether or not the mobile is registered: the answer must not tell (no account probing). Whoever
      // holds the code learns it at the next step; strangers' numbers are bounded by the per-IP limit.
      await captcha.send(mobile, scene);
      return ok(null, '验证码已发送');
    },
  );

  app.post(
    '/api/admin/sysuser/registerAccountInitial',
    {
      config: { public: true },
      schema: {
        tags: ['账号'],
        summary: '注册账号',
        body: {
          type: 'object',
          required: ['username', 'mobile', 'code', 'password', 'rePassword'],
          properties: {
            username: str(20),
            mobile: str(20),
            code: str(6),
            password: str(400),
            rePassword: str(400),
            nickName: str(30),
          },
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (!matches(USERNAME, b.username)) throw badRequest(USERNAME.regMsg);
      assertPhone(b.mobile);
      const pwError = validateNewPasswordPair(b);
      if (pwError) throw badRequest(pwError);
      // The code first: only its holder may learn whether the username or the mobile is taken.
      const codeId = await captcha.check(b.mobile, 'register', b.code);
      if (await db.selectFrom('users').select('id').where('username', '=', b.username).executeTakeFirst())
        throw conflict('用户名已存在');
      if (await findUserByMobile(db, b.mobile)) throw conflict('该手机号已注册');
      await captcha.consume(codeId);
      const passwordHash = await hashPassword(b.password);
      const user = await db
        .insertInto('users')
        .values({
          username: b.username,
          mobile: b.mobile,
          nick_name: b.nickName || b.username,
          password_hash: passwordHash,
          status: 'active',
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!user) throw conflict('用户名或手机号已被注册');
      return ok(await startSession(user.id, false, req, reply), '注册成功');
    },
  );

  app.post(
    '/api/admin/login/user',
    {
      config: { public: true },
      schema: {
        tags: ['账号'],
        summary: '登录（密码或短信验证码）',
        body: {
          type: 'object',
          required: ['loginType'],
          properties: {
            loginType: { type: 'string', enum: ['password', 'sms'] },
            username: str(50),
            password: str(400),
            mobile: str(20),
            code: str(6),
            remember: { type: 'boolean' },
          },
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.loginType === 'sms') {
        if (!b.mobile || !b.code) throw badRequest('请输入手机号和验证码');
        assertPhone(b.mobile);
        const codeId = await captcha.check(b.mobile, 'login', b.code);
        const user = await findUserByMobile(db, b.mobile);
        if (!user) throw badRequest('该手机号未注册');
        // A code does not open a locked account; the answer is the wrong-code one, as a password login's is.
        if (isLocked(user)) throw badRequest('验证码错误');
        if (user.status !== 'active') throw forbidden('该账号已注销');
        await captcha.consume(codeId);
        return ok(await startSession(user.id, !!b.remember, req, reply), '登录成功');
      }
      if (!b.username || !b.password) throw badRequest('请输入用户名和密码');
      const user = await findUserByLogin(db, b.username);
      if (!user) {
        await verifyPassword(await dummyHash(), b.password);
        throw badRequest(WRONG_LOGIN);
      }
      if (!(await passwordAccepted(db, user, b.password))) throw badRequest(WRONG_LOGIN);
      if (user.status !== 'active') throw forbidden('该账号已注销');
      return ok(await startSession(user.id, !!b.remember, req, reply), '登录成功');
    },
  );

  app.get('/api/admin/sysuser/getSysUser', { schema: { tags: ['账号'], summary: '当前用户信息' } }, async (req) => {
    const a = requireAuth(req);
    const user = await loadSysUser(db, a.userId, a.tenantCode, (await s.acl.forSession(a)).permissions);
    if (!user) throw new AppError(Status.TOKEN_INVALID, '登录失效，请重新登录');
    return ok(user);
  });

  app.post(
    '/api/admin/sysuserdetail/updatePassword',
    {
      schema: {
        tags: ['账号'],
        summary: '修改密码（成功后所有会话失效）',
        body: {
          type: 'object',
          required: ['password', 'newPassword', 'rePassword'],
          properties: { username: str(50), password: str(400), newPassword: str(400), rePassword: str(400) },
        },
      },
    },
    async (req, reply) => {
      const a = requireAuth(req);
      const b = req.body;
      const msg = validatePasswordChange(b);
      if (msg) throw badRequest(msg);
      const user = await db.selectFrom('users').selectAll().where('id', '=', a.userId).executeTakeFirstOrThrow();
      if (b.username && b.username !== user.username && b.username !== user.mobile)
        throw forbidden('只能修改自己的密码');
      if (!(await passwordAccepted(db, user, b.password))) throw badRequest('原密码错误');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(b.newPassword), updated_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      await sessions.revokeAllOfUser(user.id);
      clearSessionCookies(req, reply, s.config.publicUrl);
      return ok(null, '修改成功，请重新登陆');
    },
  );

  app.post(
    '/api/admin/sysuserdetail/retrievePasswordByUsername',
    {
      config: { public: true },
      schema: {
        tags: ['账号'],
        summary: '找回密码（短信验证码）',
        body: {
          type: 'object',
          required: ['username', 'mobile', 'code', 'newPassword', 'rePassword'],
          properties: { username: str(50), mobile: str(20), code: str(6), newPassword: str(400), rePassword: str(400) },
        },
      },
    },
    async (req) => {
      const b = req.body;
      assertPhone(b.mobile);
      const msg = validateNewPasswordPair({ password: b.newPassword, rePassword: b.rePassword });
      if (msg) throw badRequest(msg);
      const codeId = await captcha.check(b.mobile, 'reset', b.code);
      const user = await findUserByLogin(db, b.username);
      if (!user || user.mobile !== b.mobile) throw badRequest('用户名与手机号不匹配');
      await captcha.consume(codeId);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(b.newPassword), updated_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      await clearFailedLogins(db, user.id);
      await sessions.revokeAllOfUser(user.id);
      return ok(null, '密码已重置，请重新登录');
    },
  );

  app.post('/api/admin/login/logout', { schema: { tags: ['账号'], summary: '退出登录' } }, async (req, reply) => {
    const a = requireAuth(req);
    await sessions.revoke(a.sessionId);
    clearSessionCookies(req, reply, s.config.publicUrl);
    return ok(null, '已退出登录');
  });
}
