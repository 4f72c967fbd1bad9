// GET /api/admin/sysuser/queryTenantUserName: members of the active team whose name (昵称 or 账号) holds a fragment.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import type { AppServices } from '../../services';
import { withTenant } from '../../db/tenant-scope';
import { envelope, options, tags, teamMember } from './common';

export async function memberRoutes(app: Api, s: AppServices) {
  app.get(
    '/api/admin/sysuser/queryTenantUserName',
    {
      schema: {
        tags,
        summary:
          '按姓名片段查询当前团队成员（最多 50 人）：query {name}；[{value: 用户 id, label: 昵称, userId, nickName, username}]',
        querystring: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 30, description: '昵称或账号包含；省略时列出全部成员' } },
        },
        response: envelope(
          options(
            { userId: { type: 'integer' }, nickName: { type: 'string' }, username: { type: 'string' } },
            { type: 'integer' },
          ),
        ),
      },
    },
    async (req) => {
      const a = teamMember(req);
      const name = req.query.name?.trim();
      const like = name ? `%${name.replace(/[\\%_]/g, '\\$&')}%` : null;
      const rows = await withTenant(s.db, a.tenantCode, async (trx) => {
        let q = trx
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select(['users.id', 'users.nick_name', 'users.username'])
          .where('memberships.tenant_code', '=', a.tenantCode)
          .where('memberships.status', '=', 'normal');
        if (like)
          q = q.where((eb) => eb.or([eb('users.nick_name', 'ilike', like), eb('users.username', 'ilike', like)]));
        return q.orderBy('users.id').limit(50).execute();
      });
      return ok(
        rows.map((r) => ({
          value: r.id,
          label: r.nick_name,
          userId: r.id,
          nickName: r.nick_name,
          username: r.username,
        })),
      );
    },
  );
}
