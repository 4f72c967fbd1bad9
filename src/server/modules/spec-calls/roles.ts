// POST /api/admin/role/rolePage: the team's roles, paged (the same roles table the menus and permissions come from).
import type { Api } from '../../typed-app';
import { sql } from 'kysely';
import { ok } from '../../plugins/envelope';
import { forbidden } from '../../errors';
import type { AppServices } from '../../services';
import { withTenant } from '../../db/tenant-scope';
import { envelope, holds, pageBodyProps, paged, recordItem, tags, teamMember } from './common';
import { notFound } from '../../errors';
import { DATA_SCOPES } from '../menu/default-roles';

export async function roleRoutes(app: Api, s: AppServices) {
  app.post(
    '/api/admin/role/rolePage',
    {
      schema: {
        tags,
        summary:
          '团队角色分页（需 team:roles 权限）：body {pageNum, pageSize, roleName}；list 项 {id, value, label, roleName, roleKey, menus, permissionCount, memberCount, dataScope, dataScopeName, createdAt}',
        body: {
          type: 'object',
          properties: {
            pageNum: pageBodyProps.pageNum,
            pageSize: pageBodyProps.pageSize,
            roleName: { type: 'string', maxLength: 30, description: '名称包含' },
          },
        },
        response: envelope(
          paged(
            recordItem({
              id: { type: 'integer' },
              value: { type: 'integer' },
              label: { type: 'string' },
              roleName: { type: 'string' },
              roleKey: { type: 'string' },
              menus: { type: 'array', items: { type: 'string' } },
              permissionCount: { type: 'integer' },
              memberCount: { type: 'integer' },
              dataScope: { type: 'string' },
              dataScopeName: { type: 'string' },
              createdAt: { type: 'string' },
            }),
          ),
        ),
      },
    },
    async (req) => {
      const a = teamMember(req);
      if (!(await holds(s, req, 'team:roles'))) throw forbidden('没有权限查看团队角色');
      const { pageNum = 1, pageSize = 20, roleName } = req.body;
      const like = roleName?.trim() ? `%${roleName.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
      return ok(
        await withTenant(s.db, a.tenantCode, async (trx) => {
          let q = trx.selectFrom('roles').where('tenant_code', '=', a.tenantCode);
          if (like) q = q.where('role_name', 'ilike', like);
          const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
          const rows = await q
            .select(['id', 'role_name', 'role_key', 'menus', 'permissions', 'data_scope', 'created_at'])
            .select(
              sql<number>`(SELECT count(*) FROM user_roles ur JOIN memberships m ON m.tenant_code = ur.tenant_code AND m.user_id = ur.user_id
          WHERE ur.role_id = roles.id AND ur.tenant_code = ${a.tenantCode} AND m.status = 'normal')`.as('members'),
            )
            .orderBy('id')
            .limit(pageSize)
            .offset((pageNum - 1) * pageSize)
            .execute();
          return {
            list: rows.map((r) => ({
              id: r.id,
              value: r.id,
              label: r.role_name,
              roleName: r.role_name,
              roleKey: r.role_key,
              menus: r.menus,
              permissionCount: r.permissions.length,
              memberCount: Number(r.members),
              dataScope: r.data_scope,
              dataScopeName: DATA_SCOPES.find((d) => d.value === r.data_scope)?.label ?? '',
              createdAt: new Date(r.created_at).toISOString(),
            })),
            total: Number(n),
            pageNum,
            pageSize,
          };
        }),
      );
    },
  );

  app.post(
    '/api/admin/role/updateDataScope',
    {
      schema: {
        tags,
        summary:
          '设置角色的数据范围（需 team:roles 权限）：body {id, dataScope: all 全部 | deptTree 本部门及下级 | dept 本部门 | self 仅本人}；持有该角色的成员下一次调用即生效',
        body: {
          type: 'object',
          required: ['id', 'dataScope'],
          properties: {
            id: { type: 'integer', minimum: 1 },
            dataScope: { type: 'string', enum: DATA_SCOPES.map((d) => d.value) },
          },
        },
      },
    },
    async (req) => {
      const a = teamMember(req);
      if (!(await holds(s, req, 'team:roles'))) throw forbidden('没有权限修改团队角色');
      const { id, dataScope } = req.body;
      const res = await s.db
        .updateTable('roles')
        .set({ data_scope: dataScope })
        .where('id', '=', id)
        .where('tenant_code', '=', a.tenantCode)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw notFound('角色不存在');
      // Every session of the team computes its ACL (and data scope) again at its next call.
      await s.acl.invalidateTenant(a.tenantCode);
      return ok({ id, dataScope }, '数据范围已保存');
    },
  );
}
