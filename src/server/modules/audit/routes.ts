// Reading the audit log: a record's 操作记录 for whoever may see the record, and the team's
// whole log, searchable, for its admins. The log itself is written by triggers (migration 013) and the login
// routes; nothing here writes it, and the application role could not.
import type { Api } from '../../typed-app';
import { sql } from 'kysely';
import { CHINA_TIME_ZONE } from '../../../common/china-time';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { forbidden } from '../../errors';
import type { AppServices } from '../../services';
import { withTenant } from '../../db/tenant-scope';
import { recordEntry, moduleParam } from '../records/entry';
import { describeChanges, type AuditRow } from './changes';

const tags = ['操作记录'];
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export async function auditRoutes(app: Api, s: AppServices) {
  const { moduleOf, enter, dataOf } = recordEntry(s);

  app.get(
    '/api/data/:module/history',
    {
      schema: {
        tags,
        summary: '单据的操作记录（谁在何时改了什么，改前与改后）',
        params: moduleParam,
        querystring: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } },
        },
      },
    },
    async (req) => {
      const m = moduleOf(req);
      const { a, run, visible } = await enter(req, m, 'view');
      const { id } = req.query;
      const data = dataOf(m);
      return ok(
        await run(async (trx) => {
          await visible(trx, id);
          const { rows } =
            await sql<AuditRow>`SELECT l.id, l.at, l.action, l.entity, l.module, l.record_id, l.before, l.after, u.nick_name AS user_name
        FROM audit_log l LEFT JOIN users u ON u.id = l.user_id
        WHERE l.tenant_code = ${a.tenantCode} AND l.record_id = ${id} AND l.entity = 'records' AND l.module = ${data.schema.module}
        ORDER BY l.id LIMIT 500`.execute(trx);
          return rows.map((r) => describeChanges(data, r));
        }),
      );
    },
  );

  app.post(
    '/api/audit/page',
    {
      schema: {
        tags,
        summary: '团队操作日志（仅团队所有者和管理员）：按人员、模块、操作、日期查询',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            pageNum: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            userId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
            module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' },
            action: { type: 'string', enum: ['create', 'update', 'delete', 'login', 'login_failed', 'locked'] },
            from: date,
            to: date,
            recordId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
          },
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (!auth.tenantCode) throw forbidden('请先加入或创建团队');
      const acl = await s.acl.forSession(auth);
      if (!acl.isAdmin) throw forbidden('只有团队所有者或管理员可以查看操作日志');
      const b = req.body;
      const tenant = auth.tenantCode;
      const conds = [sql`l.tenant_code = ${tenant}`];
      if (b.userId) conds.push(sql`l.user_id = ${b.userId}`);
      if (b.module) conds.push(sql`l.module = ${b.module}`);
      if (b.action) conds.push(sql`l.action = ${b.action}`);
      if (b.recordId) conds.push(sql`l.record_id = ${b.recordId}`);
      // Dates are China's days.
      if (b.from) conds.push(sql`l.at >= (${b.from}::date::timestamp AT TIME ZONE ${sql.lit(CHINA_TIME_ZONE)})`);
      if (b.to) conds.push(sql`l.at < ((${b.to}::date + 1)::timestamp AT TIME ZONE ${sql.lit(CHINA_TIME_ZONE)})`);
      const where = sql.join(conds, sql` AND `);
      return ok(
        await withTenant(s.db, tenant, async (trx) => {
          const {
            rows: [{ n }],
          } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log l WHERE ${where}`.execute(trx);
          const { rows } =
            await sql<AuditRow>`SELECT l.id, l.at, l.action, l.entity, l.module, l.record_id, l.before, l.after, l.ip, u.nick_name AS user_name
        FROM audit_log l LEFT JOIN users u ON u.id = l.user_id WHERE ${where}
        ORDER BY l.at DESC, l.id DESC LIMIT ${b.pageSize} OFFSET ${(b.pageNum - 1) * b.pageSize}`.execute(trx);
          return {
            total: n,
            pageNum: b.pageNum,
            pageSize: b.pageSize,
            list: rows.map((r) => {
              const m = r.module ? s.schemas.get(r.module) : undefined;
              return {
                ...describeChanges(m ?? null, r),
                moduleName: m?.schema.title ?? r.module,
                recordId: r.record_id,
                ip: r.ip ?? null,
              };
            }),
          };
        }),
      );
    },
  );
}
