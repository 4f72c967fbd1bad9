// The team-admin calls (/api/team-admin/*) behind the generic team-admin page kind: members (roles, 正常/禁用),
// roles (menus, button codes, data scope) and join requests of the caller's active team. Admins only (403 else).
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { DATA_SCOPES } from '../menu/default-roles';
import { TeamAdminService } from './service';

const tags = ['团队管理'];
const id = { type: 'integer', minimum: 1 } as const;
const keyword = { type: 'string', maxLength: 50 } as const;

export async function teamAdminRoutes(app: Api, s: AppServices) {
  const svc = new TeamAdminService(s.db, s.acl);
  const admin = async (req: FastifyRequest) => {
    const a = requireAuth(req);
    return { ...a, tenant: await svc.requireAdmin(a.userId, a.tenantCode) };
  };

  app.get(
    '/api/team-admin/options',
    { schema: { tags, summary: '角色编辑器的选项：团队的菜单树（模式）、各菜单的按钮权限、数据范围、角色' } },
    async (req) => {
      const a = await admin(req);
      return ok(await svc.options(a.tenant));
    },
  );

  app.post(
    '/api/team-admin/members',
    {
      schema: {
        tags,
        summary: '团队成员（按姓名、账号或手机号搜索）',
        body: {
          type: 'object',
          properties: {
            keyword,
            pageNum: { type: 'integer', minimum: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 200 },
          },
        },
      },
    },
    async (req) => {
      const a = await admin(req);
      return ok(await svc.members(a.tenant, req.body));
    },
  );

  app.post(
    '/api/team-admin/members/update',
    {
      schema: {
        tags,
        summary: '设置成员的角色或状态（正常/禁用）；所有者不能被禁用或取消管理员角色，管理员不能禁用自己',
        body: {
          type: 'object',
          required: ['userId'],
          additionalProperties: false,
          properties: { userId: id, roleIds: { type: 'array', maxItems: 50, items: id }, enabled: { type: 'boolean' } },
        },
      },
    },
    async (req) => {
      const a = await admin(req);
      const body = req.body;
      await svc.updateMember(a.tenant, a.userId, body);
      return ok(null, body.enabled === false ? '已禁用' : body.enabled === true && !body.roleIds ? '已启用' : '已保存');
    },
  );

  app.post(
    '/api/team-admin/roles',
    {
      schema: { tags, summary: '团队角色', body: { type: 'object', properties: { keyword } } },
    },
    async (req) => {
      const a = await admin(req);
      return ok(await svc.roles(a.tenant, req.body));
    },
  );

  app.post(
    '/api/team-admin/roles/save',
    {
      schema: {
        tags,
        summary: '新增（无 id）或修改角色：名称、编码（^[a-z][a-z0-9_]{1,29}$，团队内唯一）、菜单、按钮权限、数据范围',
        body: {
          type: 'object',
          required: ['roleName', 'roleCode', 'menuIds', 'permissionCodes', 'dataScope'],
          additionalProperties: false,
          properties: {
            id,
            roleName: { type: 'string', maxLength: 30 },
            roleCode: { type: 'string', maxLength: 60 },
            menuIds: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 60 } },
            permissionCodes: { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 80 } },
            dataScope: { type: 'string', enum: DATA_SCOPES.map((d) => d.value) },
          },
        },
      },
    },
    async (req) => {
      const a = await admin(req);
      const body = req.body;
      const saved = await svc.saveRole(a.tenant, body);
      return ok({ id: saved }, body.id ? '角色已保存' : '角色已新增');
    },
  );

  app.post(
    '/api/team-admin/roles/delete',
    {
      schema: {
        tags,
        summary: '删除角色（仍有成员持有、或系统角色，不能删除）',
        body: { type: 'object', required: ['id'], properties: { id } },
      },
    },
    async (req) => {
      const a = await admin(req);
      await svc.deleteRole(a.tenant, req.body.id);
      return ok(null, '角色已删除');
    },
  );

  app.post(
    '/api/team-admin/requests',
    {
      schema: {
        tags,
        summary: '加入申请：待审核 | 已通过 | 已拒绝',
        body: {
          type: 'object',
          properties: { status: { type: 'string', enum: ['pending', 'approved', 'refused'], default: 'pending' } },
        },
      },
    },
    async (req) => {
      const a = await admin(req);
      const { status = 'pending' } = req.body;
      return ok(await svc.requests(a.tenant, status));
    },
  );

  app.post(
    '/api/team-admin/requests/decide',
    {
      schema: {
        tags,
        summary: '审核加入申请：通过，或拒绝（须填原因）；不能审核自己的申请',
        body: {
          type: 'object',
          required: ['userId', 'approve'],
          additionalProperties: false,
          properties: { userId: id, approve: { type: 'boolean' }, reason: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (req) => {
      const a = await admin(req);
      const body = req.body;
      const status = await svc.decide(a.tenant, a.userId, body);
      return ok({ status }, body.approve ? '已通过' : '已拒绝');
    },
  );
}
