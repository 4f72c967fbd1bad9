// GET /api/admin/appBag/getAppBagTenant: the modes (应用包: packages of modules) a team may take, as /checkModel
// offers them. Until operators edit modes (/modeManage), a team type has one mode, its default package of the
// module catalogue; the caller's active team marks the one it holds.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { DEFAULT_PACKAGES, MODULES } from '../menu/catalogue';
import { envelope, options, tags } from './common';

type TeamType = 'enterprise' | 'individual';
const MODE_NAMES: Record<TeamType, string> = { enterprise: '企业标准版', individual: '个人标准版' };
const TYPE_NAMES: Record<TeamType, string> = { enterprise: '企业', individual: '个人' };
const STANDARD = 'standard';

export async function modeRoutes(app: FastifyInstance, s: AppServices) {
  const names = new Map(MODULES.map((m) => [m.key, m]));

  app.get('/api/admin/appBag/getAppBagTenant', {
    schema: {
      tags,
      summary: '团队可选的模式（应用包）：query {tenantType: individual | enterprise}，省略时取当前团队的类型（无团队时两类都列出）；'
        + '[{value: modeId, label: 模式名称, modeId, modeName, modeType, modeTypeName, modules: [{key, name, group}], moduleCount, current}]',
      querystring: { type: 'object', properties: { tenantType: { type: 'string', enum: ['individual', 'enterprise'] } } },
      response: envelope(options({
        modeId: { type: 'string' }, modeName: { type: 'string' }, modeType: { type: 'string' }, modeTypeName: { type: 'string' },
        modules: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, name: { type: 'string' }, group: { type: 'string' } } } },
        moduleCount: { type: 'integer' }, current: { type: 'boolean' },
      }, { type: 'string' })),
    },
  }, async (req) => {
    const a = requireAuth(req);
    const asked = ((req.query ?? {}) as { tenantType?: TeamType }).tenantType;
    const team = a.tenantCode
      ? await s.db.selectFrom('tenants').select(['tenant_type', 'mode']).where('tenant_code', '=', a.tenantCode).executeTakeFirst()
      : undefined;
    const types: TeamType[] = asked ? [asked] : team ? [team.tenant_type] : ['enterprise', 'individual'];
    return ok(types.map((type) => {
      const modules = DEFAULT_PACKAGES[type].map((key) => names.get(key)!).filter(Boolean);
      const modeId = `${type}-${STANDARD}`;
      return {
        value: modeId, label: MODE_NAMES[type], modeId, modeName: MODE_NAMES[type], modeType: type, modeTypeName: TYPE_NAMES[type],
        modules: modules.map((m) => ({ key: m.key, name: m.name, group: m.group })), moduleCount: modules.length,
        current: !!team && team.tenant_type === type && team.mode === STANDARD,
      };
    }));
  });
}
