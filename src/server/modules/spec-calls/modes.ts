// GET /api/admin/appBag/getAppBagTenant: the modes (应用包: packages of modules) a team may take, as /checkModel
// offers them: the enabled modes of the team type that 模式管理 maintains (platform_modes), with their enabled
// modules as the platform names them; the caller's active team marks the one it is granted.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { effectiveModules, grantOf } from '../platform/catalogue';
import { envelope, options, tags } from './common';

type TeamType = 'enterprise' | 'individual';
const TYPE_NAMES: Record<TeamType, string> = { enterprise: '企业', individual: '个人' };

export async function modeRoutes(app: Api, s: AppServices) {
  app.get(
    '/api/admin/appBag/getAppBagTenant',
    {
      schema: {
        tags,
        summary:
          '团队可选的模式（应用包）：query {tenantType: individual | enterprise}，省略时取当前团队的类型（无团队时两类都列出）；' +
          '[{value: modeId, label: 模式名称, modeId, modeName, modeType, modeTypeName, modules: [{key, name, group}], moduleCount, userLimit, validDays, price, current}]',
        querystring: {
          type: 'object',
          properties: { tenantType: { type: 'string', enum: ['individual', 'enterprise'] } },
        },
        response: envelope(
          options(
            {
              modeId: { type: 'string' },
              modeName: { type: 'string' },
              modeType: { type: 'string' },
              modeTypeName: { type: 'string' },
              modules: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { key: { type: 'string' }, name: { type: 'string' }, group: { type: 'string' } },
                },
              },
              moduleCount: { type: 'integer' },
              userLimit: { type: ['integer', 'null'] },
              validDays: { type: ['integer', 'null'] },
              price: { type: ['number', 'null'] },
              current: { type: 'boolean' },
            },
            { type: 'string' },
          ),
        ),
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const asked = req.query.tenantType;
      const team = a.tenantCode
        ? await s.db
            .selectFrom('tenants')
            .select(['tenant_type'])
            .where('tenant_code', '=', a.tenantCode)
            .executeTakeFirst()
        : undefined;
      const grant = a.tenantCode ? await grantOf(s.db, a.tenantCode) : null;
      const types: TeamType[] = asked ? [asked] : team ? [team.tenant_type] : ['enterprise', 'individual'];
      const views = (await effectiveModules(s.db)).filter((v) => v.enabled && !v.platform);
      const modes = await s.db
        .selectFrom('platform_modes')
        .selectAll()
        .where('mode_type', 'in', types)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(
        modes.map((m) => {
          const inMode = new Set(m.module_ids);
          const modules = views.filter((v) => inMode.has(v.key));
          const modeId = String(m.id);
          return {
            value: modeId,
            label: m.mode_name,
            modeId,
            modeName: m.mode_name,
            modeType: m.mode_type,
            modeTypeName: TYPE_NAMES[m.mode_type],
            modules: modules.map((v) => ({ key: v.key, name: v.name, group: v.group })),
            moduleCount: modules.length,
            userLimit: m.user_limit,
            validDays: m.valid_days,
            price: m.price === null ? null : Number(m.price),
            current: !!grant && grant.modeId === Number(m.id),
          };
        }),
      );
    },
  );
}
