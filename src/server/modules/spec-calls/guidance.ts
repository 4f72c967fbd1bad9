// POST /api/admin/operation/findOperationGuidance and /updateOperationGuidance: a module's help text and tips
// image (the tab bar's 帮助), per team. Every member reads; the team's admins write. Stored in operation_guidance
// (migration 010, row-level security).
import type { Api } from '../../typed-app';
import { sql } from 'kysely';
import { ok } from '../../plugins/envelope';
import { badRequest, forbidden } from '../../errors';
import type { AppServices } from '../../services';
import { withTenant } from '../../db/tenant-scope';
import { MODULE_KEYS } from '../menu/catalogue';
import { fileIdFromUrl } from '../files/access';
import { envelope, tags, teamMember } from './common';

const moduleProp = {
  type: 'string',
  pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$',
  description: '模块键（路由名），如 reimburseManage',
} as const;
const guidance = {
  type: 'object',
  additionalProperties: false,
  properties: {
    module: { type: 'string' },
    helpText: { type: 'string' },
    tipsImage: { type: 'string', nullable: true },
    updatedAt: { type: 'string', nullable: true },
    updatedByName: { type: 'string', nullable: true },
    canEdit: { type: 'boolean', description: '调用者可修改（团队管理员）：界面据此显示「编辑」' },
  },
} as const;

type Row = { help_text: string; tips_image: string | null; updated_at: Date; updated_by_name: string | null };

export const HELP_TEXT_MAX = 5000;

export async function guidanceRoutes(app: Api, s: AppServices) {
  /** A module of the catalogue or one with a page schema; anything else is refused. */
  const known = (module: string) => {
    if (!MODULE_KEYS.has(module) && !s.schemas.get(module)) throw badRequest('模块不存在');
  };
  const read = (tenant: string, module: string) =>
    withTenant(s.db, tenant, async (trx) => {
      const { rows } = await sql<Row>`SELECT g.help_text, g.tips_image, g.updated_at, u.nick_name AS updated_by_name
      FROM operation_guidance g LEFT JOIN users u ON u.id = g.updated_by WHERE g.tenant_code = ${tenant} AND g.module = ${module}`.execute(
        trx,
      );
      const r = rows[0];
      return {
        module,
        helpText: r?.help_text ?? '',
        tipsImage: r?.tips_image ?? null,
        updatedAt: r ? new Date(r.updated_at).toISOString() : null,
        updatedByName: r?.updated_by_name ?? null,
      };
    });

  app.post(
    '/api/admin/operation/findOperationGuidance',
    {
      schema: {
        tags,
        summary:
          '模块的操作指引（标签栏「帮助」）：body {module}；data {module, helpText, tipsImage, updatedAt, updatedByName}，未设置时 helpText 为空',
        body: { type: 'object', required: ['module'], properties: { module: moduleProp } },
        response: envelope(guidance),
      },
    },
    async (req) => {
      const a = teamMember(req);
      const { module } = req.body;
      known(module);
      return ok({ ...(await read(a.tenantCode, module)), canEdit: (await s.acl.forSession(a)).isAdmin });
    },
  );

  app.post(
    '/api/admin/operation/updateOperationGuidance',
    {
      schema: {
        tags,
        summary: `修改模块的操作指引（团队管理员）：body {module, helpText (≤${HELP_TEXT_MAX} 字), tipsImage (本团队上传的图片地址，null 清除)}`,
        body: {
          type: 'object',
          required: ['module', 'helpText'],
          properties: {
            module: moduleProp,
            helpText: { type: 'string', maxLength: HELP_TEXT_MAX },
            tipsImage: { type: 'string', maxLength: 500, nullable: true },
          },
        },
        response: envelope(guidance),
      },
    },
    async (req) => {
      const a = teamMember(req);
      const acl = await s.acl.forSession(a);
      if (!acl.isAdmin) throw forbidden('只有团队所有者或管理员可以修改操作指引');
      const { module, helpText, tipsImage } = req.body;
      known(module);
      const image = tipsImage?.trim() || null;
      if (image) {
        // Only an image uploaded to this team can be the tips image: every member must be able to open it.
        const id = fileIdFromUrl(image);
        const f = id
          ? await s.db.selectFrom('files').select(['tenant_code', 'mime']).where('id', '=', id).executeTakeFirst()
          : undefined;
        if (!f || f.tenant_code !== a.tenantCode) throw badRequest('提示图片不存在，请重新上传');
        if (!f.mime.startsWith('image/')) throw badRequest('提示图片必须是图片文件');
      }
      await withTenant(s.db, a.tenantCode, (trx) =>
        sql`INSERT INTO operation_guidance (tenant_code, module, help_text, tips_image, updated_by, updated_at)
      VALUES (${a.tenantCode}, ${module}, ${helpText.trim()}, ${image}, ${a.userId}, now())
      ON CONFLICT (tenant_code, module) DO UPDATE SET help_text = EXCLUDED.help_text, tips_image = EXCLUDED.tips_image,
        updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`.execute(trx),
      );
      return ok({ ...(await read(a.tenantCode, module)), canEdit: true }, '保存成功');
    },
  );
}
