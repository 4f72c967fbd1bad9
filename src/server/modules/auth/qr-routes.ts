// QR login: generate a ticket (public), confirm it from a logged-in device, poll its status (public).
import type { Api } from '../../typed-app';
import QRCode from 'qrcode';
import { ok } from '../../plugins/envelope';
import { publicOrigin } from '../../origin';
import { requireAuth } from '../../plugins/auth';
import { badRequest } from '../../errors';
import type { QrLoginProvider } from '../providers/qr-login';
import { issueSession, type SignInSources } from './issue-session';
import { describeDevice, describePlace } from './device';

// Why a confirm is refused, in words the person holding the phone can act on.
const QR_UNKNOWN = '二维码无效，请扫描电脑上显示的二维码';
/** Expired, or replaced when the desk refreshed its code (both are a pending row past its expiry). */
const QR_EXPIRED = '二维码已失效（已过期或电脑上已刷新），请扫描电脑上最新的二维码';
const QR_USED = '该二维码已被使用，请在电脑上刷新后重新扫码';

const ticketQuery = {
  type: 'object',
  required: ['ticket'],
  properties: { ticket: { type: 'string', maxLength: 100 } },
} as const;

export async function qrLoginRoutes(app: Api, s: SignInSources & { qrLogin: QrLoginProvider }) {
  const { db, qrLogin, config } = s;

  app.get(
    '/api/admin/wechat/generateAWeChatQRCode',
    {
      config: { public: true },
      schema: {
        tags: ['账号'],
        summary: '生成扫码登录二维码（本地提供者：已登录设备确认）；replace 为页面上被刷新掉的旧票据，随即作废',
        querystring: { type: 'object', properties: { replace: { type: 'string', maxLength: 100 } } },
      },
    },
    async (req) => {
      const { replace } = req.query;
      // The desk shows one code at a time: the code it refreshes away must not be confirmable any more.
      if (replace) {
        await db
          .updateTable('qr_logins')
          .set({ expires_at: new Date() })
          .where('ticket', '=', replace)
          .where('status', '=', 'pending')
          .execute();
      }
      const t = qrLogin.createTicket(publicOrigin(req, config));
      // Who asked is kept for the phone that confirms: it shows the browser and the address before anyone agrees.
      await db
        .insertInto('qr_logins')
        .values({
          ticket: t.ticket,
          status: 'pending',
          expires_at: t.expiresAt,
          device: describeDevice(req.headers['user-agent']),
          ip: req.ip,
        })
        .execute();
      // Image, ticket and URL come from this one ticket; the page shows and polls them together.
      const qrCode = await QRCode.toDataURL(t.url, { width: 240, margin: 1 });
      return ok({
        ticket: t.ticket,
        qrCode,
        url: t.url,
        expiresAt: t.expiresAt.toISOString(),
        // Seconds left: the page counts them on its own clock, which may differ from the server's.
        expiresIn: Math.max(0, Math.round((t.expiresAt.getTime() - Date.now()) / 1000)),
      });
    },
  );

  app.get(
    '/api/admin/wechat/qrTicket',
    {
      schema: {
        tags: ['账号'],
        summary: '确认前查看扫码登录请求：哪台设备、什么地点、何时发起',
        querystring: ticketQuery,
      },
    },
    async (req) => {
      requireAuth(req);
      const { ticket } = req.query;
      const row = await db.selectFrom('qr_logins').selectAll().where('ticket', '=', ticket).executeTakeFirst();
      if (!row) throw badRequest(QR_UNKNOWN);
      if (row.status !== 'pending') throw badRequest(QR_USED);
      if (new Date(row.expires_at).getTime() <= Date.now()) throw badRequest(QR_EXPIRED);
      return ok({
        device: row.device ?? '未知设备',
        place: describePlace(row.ip ?? undefined),
        requestedAt: new Date(row.created_at).toISOString(),
      });
    },
  );

  app.post(
    '/api/admin/wechat/confirmQrLogin',
    {
      schema: { tags: ['账号'], summary: '在已登录设备上确认扫码登录', body: ticketQuery },
    },
    async (req) => {
      const a = requireAuth(req);
      const { ticket } = req.body;
      const res = await db
        .updateTable('qr_logins')
        .set({ status: 'confirmed', user_id: a.userId })
        .where('ticket', '=', ticket)
        .where('status', '=', 'pending')
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) {
        const row = await db.selectFrom('qr_logins').select('status').where('ticket', '=', ticket).executeTakeFirst();
        throw badRequest(!row ? QR_UNKNOWN : row.status === 'pending' ? QR_EXPIRED : QR_USED);
      }
      return ok(null, '已确认登录');
    },
  );

  app.get(
    '/api/admin/wechat/qrStatus',
    {
      config: { public: true },
      schema: { tags: ['账号'], summary: '轮询扫码登录状态；确认后仅返回一次令牌', querystring: ticketQuery },
    },
    async (req, reply) => {
      const { ticket } = req.query;
      const row = await db.selectFrom('qr_logins').selectAll().where('ticket', '=', ticket).executeTakeFirst();
      if (
        !row ||
        row.status === 'consumed' ||
        (row.status === 'pending' && new Date(row.expires_at).getTime() <= Date.now())
      ) {
        return ok({ status: 'expired' });
      }
      if (row.status === 'pending') return ok({ status: 'pending' });
      // Hand the session out exactly once: only the poll that flips confirmed → consumed gets a token.
      const flipped = await db
        .updateTable('qr_logins')
        .set({ status: 'consumed' })
        .where('ticket', '=', ticket)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      if (Number(flipped.numUpdatedRows) !== 1 || !row.user_id) return ok({ status: 'expired' });
      return ok({ status: 'confirmed', ...(await issueSession(s, row.user_id, false, { req, reply })) });
    },
  );
}
