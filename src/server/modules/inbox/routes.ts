// 通知: the caller's own notifications in the active team — the bell's unread count, the list (newest first,
// or unread first), marking one or all read. Every query names the team and the user: nobody sees, counts or
// marks another member's notifications (row-level security keeps other teams' rows out besides). Sending them
// (notifications/notify.ts) is apart: the records core and the workflow send, while the inbox opens the records
// its notifications name through the records gate.
import type { Api } from '../../typed-app';
import { sql } from 'kysely';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { forbidden, notFound } from '../../errors';
import type { AppServices } from '../../services';
import { withTenant, type TenantTx } from '../../db/tenant-scope';
import { openableRecords } from '../records/gate';

const tags = ['通知'];
const pageBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    pageNum: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
    /** Unread ones first (then newest first); default: newest first. */
    unreadFirst: { type: 'boolean', default: false },
    /** Only unread ones. */
    unreadOnly: { type: 'boolean', default: false },
  },
} as const;
const idBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
} as const;

interface Row {
  id: number;
  title: string;
  body: string;
  module: string | null;
  recordId: number | null;
  code: string | null;
  read: boolean;
  createdAt: Date;
  actorName: string | null;
}

export async function notificationRoutes(app: Api, s: AppServices) {
  const { db } = s;
  const me = (req: Parameters<typeof requireAuth>[0]) => {
    const a = requireAuth(req);
    if (!a.tenantCode) throw forbidden('请先加入或创建团队');
    return { userId: a.userId, tenant: a.tenantCode, session: a };
  };
  /** The records of these notifications the caller may open now: the gate's checks, as opening each would. */
  const openable = (trx: TenantTx, who: ReturnType<typeof me>, rows: Row[]) =>
    openableRecords(
      s,
      { ...who.session, tenantCode: who.tenant },
      trx,
      rows
        .filter((r) => r.code !== null && r.module && r.recordId !== null)
        .map((r) => ({ module: r.module!, id: Number(r.recordId) })),
    );
  /** The unread count: an index-only count on notifications_unread. */
  const unreadOf = async (trx: Parameters<Parameters<typeof withTenant>[2]>[0], tenant: string, userId: number) => {
    const r = await trx
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_code', '=', tenant)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };
  /** The route whose page shows the record: the module's own, or for a nested entity its page's. */
  const pageOf = (module: string | null) => {
    if (!module) return null;
    const m = s.schemas.get(module);
    return m ? (m.parent ?? module) : null;
  };

  app.get('/api/notifications/unread', { schema: { tags, summary: '我的未读通知数' } }, async (req) => {
    const a = me(req);
    return ok({ count: await withTenant(db, a.tenant, (trx) => unreadOf(trx, a.tenant, a.userId)) });
  });

  app.post(
    '/api/notifications/page',
    { schema: { tags, summary: '我的通知（分页；最新在前，或未读在前）', body: pageBody } },
    async (req) => {
      const a = me(req);
      const b = req.body;
      return ok(
        await withTenant(db, a.tenant, async (trx) => {
          const where = sql`n.tenant_code = ${a.tenant} AND n.user_id = ${a.userId} ${b.unreadOnly ? sql`AND n.read_at IS NULL` : sql``}`;
          const {
            rows: [{ total }],
          } = await sql<{ total: number }>`SELECT count(*)::int AS total FROM notifications n WHERE ${where}`.execute(
            trx,
          );
          const order = b.unreadFirst
            ? sql`(n.read_at IS NULL) DESC, n.created_at DESC, n.id DESC`
            : sql`n.created_at DESC, n.id DESC`;
          const { rows } = await sql<Row>`
        SELECT n.id, n.title, n.body, n.module, n.record_id AS "recordId", r.code, n.read_at IS NOT NULL AS read, n.created_at AS "createdAt", u.nick_name AS "actorName"
          FROM notifications n
          LEFT JOIN records r ON r.tenant_code = n.tenant_code AND r.id = n.record_id AND r.deleted_at IS NULL
          LEFT JOIN users u ON u.id = n.actor_id
         WHERE ${where} ORDER BY ${order} LIMIT ${b.pageSize} OFFSET ${(b.pageNum - 1) * b.pageSize}`.execute(trx);
          const open = await openable(trx, a, rows);
          const list = rows.map((r) => {
            // A record deleted since, one the caller may no longer see (data scope, visibility, permission) or a page no
            // longer offered has nothing to open: listed as 不可查看, without its page, record or code.
            const viewable = r.recordId !== null && open.has(Number(r.recordId)) && pageOf(r.module) !== null;
            return {
              ...r,
              id: Number(r.id),
              recordId: viewable ? Number(r.recordId) : null,
              code: viewable ? r.code : null,
              page: viewable ? pageOf(r.module) : null,
              viewable,
              createdAt: new Date(r.createdAt).toISOString(),
            };
          });
          return {
            list,
            total,
            unread: await unreadOf(trx, a.tenant, a.userId),
            pageNum: b.pageNum,
            pageSize: b.pageSize,
          };
        }),
      );
    },
  );

  app.post('/api/notifications/read', { schema: { tags, summary: '标为已读（一条）', body: idBody } }, async (req) => {
    const a = me(req);
    const { id } = req.body;
    return ok(
      await withTenant(db, a.tenant, async (trx) => {
        const row = await trx
          .selectFrom('notifications')
          .select(['id', 'read_at'])
          .where('tenant_code', '=', a.tenant)
          .where('user_id', '=', a.userId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw notFound('通知不存在');
        if (!row.read_at) {
          await trx
            .updateTable('notifications')
            .set({ read_at: new Date() })
            .where('tenant_code', '=', a.tenant)
            .where('user_id', '=', a.userId)
            .where('id', '=', id)
            .where('read_at', 'is', null)
            .execute();
        }
        return { unread: await unreadOf(trx, a.tenant, a.userId) };
      }),
    );
  });

  app.post(
    '/api/notifications/readAll',
    { schema: { tags, summary: '全部已读', body: { type: 'object', additionalProperties: false, properties: {} } } },
    async (req) => {
      const a = me(req);
      return ok(
        await withTenant(db, a.tenant, async (trx) => {
          const r = await trx
            .updateTable('notifications')
            .set({ read_at: new Date() })
            .where('tenant_code', '=', a.tenant)
            .where('user_id', '=', a.userId)
            .where('read_at', 'is', null)
            .executeTakeFirst();
          return { marked: Number(r.numUpdatedRows), unread: 0 };
        }),
        '已全部标为已读',
      );
    },
  );
}
