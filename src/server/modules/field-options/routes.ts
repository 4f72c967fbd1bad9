// the field-options page calls: the modules and their fields with the current overrides, saving a new version, the
// history with its diffs, rolling back (a new version equal to an old one), and the page schema as the caller's
// team sees it (what the browser renders). Team sets are written by the team's admins; platform defaults
// (scope platform, no team) by platform administrators (users.is_platform_admin).
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../typed-app';
import { sql } from 'kysely';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../errors';
import type { DB } from '../../db';
import type { AclService } from '../acl/acl';
import type { SchemaRegistry } from '../records/schema-registry';
import type { FieldOptionsService } from './service';
import { GROUPS, MODULES } from '../menu/catalogue';
import type { PageSchema } from '../../../common/schema/types';
import {
  checkFieldOptions,
  diffFieldOptions,
  fieldsReadByLogic,
  formFields,
  serverRequiredFields,
  takesExtraOptions,
  type FieldOverrides,
} from '../../../common/schema/field-options';
import type { ModuleSchema } from '../records/schema-registry';

const tags = ['字段配置'];
const moduleProp = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' } as const;
const scopeProp = {
  type: 'string',
  enum: ['team', 'platform'],
  default: 'team',
  description: 'team：本团队；platform：平台默认（平台管理员）',
} as const;

/** What the page says of a field before this scope's set: the values the editor starts from. */
function baseRow(page: PageSchema, f: ReturnType<typeof formFields>[number], i: number, byLogic: Set<string>) {
  const col = page.list.columns.find((c) => c.prop === f.fieldName);
  const def = f.default && typeof f.default === 'object' ? (f.default as { value: unknown }).value : undefined;
  return {
    titleName: f.titleName,
    requireAble: !!f.requireAble,
    hidden: !!f.hidden,
    isAdd: page.addDialog ? page.addDialog.fields.some((x) => x.fieldName === f.fieldName) : f.isAdd !== false,
    listShow: !!col && col.checked !== false,
    sortable: !!col?.sortable,
    searchable: (page.list.search ?? []).some((s) => s.fieldName === f.fieldName),
    defaultValue: def ?? null,
    maxLength: f.maxLength ?? null,
    min: f.min ?? null,
    max: f.max ?? null,
    sequence: i + 1,
    // A choice field with inline options takes extra ones; null: it does not (a dictionary field's options are the
    // team's own dictionary already).
    extraOptions: takesExtraOptions(f) && !byLogic.has(f.fieldName) ? [] : null,
  };
}

export async function fieldOptionRoutes(
  app: Api,
  s: { db: DB; acl: AclService; schemas: SchemaRegistry; fieldOptions: FieldOptionsService },
) {
  const { db, fieldOptions } = s;

  /** Who may read and write which scope: a team's admins their team's, platform administrators the platform's. */
  async function access(req: FastifyRequest, scope: 'team' | 'platform' = 'team') {
    const a = requireAuth(req);
    const user = await db.selectFrom('users').select('is_platform_admin').where('id', '=', a.userId).executeTakeFirst();
    const platformAdmin = !!user?.is_platform_admin;
    const teamAdmin = !!a.tenantCode && !!(await s.acl.forSession(a)).isAdmin;
    if (scope === 'platform' && !platformAdmin) throw forbidden('只有平台管理员可以维护平台默认字段配置');
    if (scope === 'team' && !a.tenantCode) throw forbidden('请先加入或创建团队');
    if (scope === 'team' && !teamAdmin) throw forbidden('只有团队管理员可以维护本团队的字段配置');
    return { ...a, tenant: scope === 'team' ? a.tenantCode! : null, platformAdmin, teamAdmin };
  }

  function moduleOf(module: string): ModuleSchema {
    const m = s.schemas.get(module);
    if (!m || m.parent) throw notFound(`模块不存在：${module}`);
    return m;
  }

  const tenantIs = (tenant: string | null) => (tenant ? sql`tenant_code = ${tenant}` : sql`tenant_code IS NULL`);

  async function store(
    tenant: string | null,
    module: string,
    overrides: FieldOverrides,
    userId: number,
    note: string | null,
  ) {
    return db.transaction().execute(async (trx) => {
      // One writer at a time per module and scope: the next version number is taken under a lock.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`field-options|${tenant ?? ''}|${module}`}))`.execute(trx);
      const { rows } = await sql<{
        v: number | null;
      }>`SELECT max(version) AS v FROM field_options WHERE ${tenantIs(tenant)} AND module = ${module}`.execute(trx);
      const version = Number(rows[0]?.v ?? 0) + 1;
      await trx
        .insertInto('field_options')
        .values({
          tenant_code: tenant,
          module,
          version,
          overrides: JSON.stringify(overrides),
          note,
          created_by: userId,
        })
        .execute();
      return version;
    });
  }

  /** Drops empty entries and keys equal to nothing, so versions compare cleanly. */
  function tidy(overrides: Record<string, Record<string, unknown>>): FieldOverrides {
    const out: FieldOverrides = {};
    for (const [n, o] of Object.entries(overrides)) {
      if (!o || typeof o !== 'object') {
        out[n] = o as never;
        continue;
      }
      const kept = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
      if (Object.keys(kept).length) out[n] = kept;
    }
    return out;
  }

  async function checked(tenant: string | null, m: ModuleSchema, overrides: unknown) {
    if (!overrides || typeof overrides !== 'object' || Array.isArray(overrides)) throw badRequest('字段配置格式不正确');
    const clean = tidy(overrides as Record<string, Record<string, unknown>>);
    const err = checkFieldOptions(await fieldOptions.baseFor(tenant, m), clean, m.file);
    if (err) throw badRequest(err);
    return clean;
  }

  app.get(
    '/api/field-options/modules',
    {
      schema: { tags, summary: '可配置字段的模块树（按菜单分组），以及调用者可维护的范围' },
    },
    async (req) => {
      const a = requireAuth(req);
      const user = await db
        .selectFrom('users')
        .select('is_platform_admin')
        .where('id', '=', a.userId)
        .executeTakeFirst();
      const teamAdmin = !!a.tenantCode && !!(await s.acl.forSession(a)).isAdmin;
      if (!teamAdmin && !user?.is_platform_admin) throw forbidden('只有团队管理员可以维护字段配置');
      const groups = GROUPS.map((g) => ({
        group: g.group,
        title: g.groupTitle,
        modules: MODULES.filter((x) => x.group === g.group)
          .map((x) => s.schemas.get(x.key))
          .filter((m): m is ModuleSchema => !!m && !m.parent && formFields(m.schema).length > 0)
          .map((m) => ({ module: m.schema.module, title: m.schema.title })),
      })).filter((g) => g.modules.length);
      return ok({ groups, teamAdmin, platformAdmin: !!user?.is_platform_admin });
    },
  );

  app.get(
    '/api/field-options/fields',
    {
      schema: {
        tags,
        summary: '模块的字段、页面原值和本范围当前的覆盖（version 为当前版本，0 表示未配置）',
        querystring: { type: 'object', required: ['module'], properties: { module: moduleProp, scope: scopeProp } },
      },
    },
    async (req) => {
      const { module, scope } = req.query;
      const a = await access(req, scope);
      const m = moduleOf(module);
      const base = await fieldOptions.baseFor(a.tenant, m);
      const l = await fieldOptions.latest(a.tenant, module);
      const mine = a.tenant ? l.team : l.platform;
      const required = serverRequiredFields(m.schema);
      const byLogic = fieldsReadByLogic(base);
      return ok({
        module,
        title: m.schema.title,
        version: mine?.version ?? 0,
        overrides: mine?.overrides ?? {},
        fields: formFields(base).map((f, i) => ({
          fieldName: f.fieldName,
          fontendType: f.fontendType,
          serverRequired: required.has(f.fieldName),
          base: baseRow(base, f, i, byLogic),
          options:
            takesExtraOptions(f) && !byLogic.has(f.fieldName)
              ? (f.data as { label: string }[]).map((o) => String(o.label))
              : undefined,
        })),
      });
    },
  );

  app.post(
    '/api/field-options/save',
    {
      schema: {
        tags,
        summary: '保存字段配置（整套覆盖，存为新版本；校验页面配置规范，服务器必需字段不能取消必填或隐藏）',
        body: {
          type: 'object',
          required: ['module', 'overrides'],
          properties: {
            module: moduleProp,
            scope: scopeProp,
            overrides: { type: 'object', maxProperties: 200 },
            note: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req) => {
      const { module, scope, overrides, note } = req.body;
      const a = await access(req, scope);
      const m = moduleOf(module);
      const clean = await checked(a.tenant, m, overrides);
      const version = await store(a.tenant, module, clean, a.userId, note?.trim() || null);
      return ok({ module, version, overrides: clean }, '字段配置已保存');
    },
  );

  app.get(
    '/api/field-options/history',
    {
      schema: {
        tags,
        summary: '字段配置的版本历史（新在前），每版带相对上一版的变化',
        querystring: { type: 'object', required: ['module'], properties: { module: moduleProp, scope: scopeProp } },
      },
    },
    async (req) => {
      const { module, scope } = req.query;
      const a = await access(req, scope);
      moduleOf(module);
      const rows = await db
        .selectFrom('field_options')
        .leftJoin('users', 'users.id', 'field_options.created_by')
        .select([
          'field_options.version',
          'field_options.overrides',
          'field_options.note',
          'field_options.created_at',
          'field_options.created_by',
          'users.nick_name',
        ])
        .where('field_options.module', '=', module)
        .where((eb) =>
          a.tenant ? eb('field_options.tenant_code', '=', a.tenant) : eb('field_options.tenant_code', 'is', null),
        )
        .orderBy('field_options.version', 'asc')
        .execute();
      const list = rows.map((r, i) => ({
        version: r.version,
        note: r.note,
        createdBy: r.created_by,
        createdByName: r.nick_name ?? '',
        createdAt: new Date(r.created_at).toISOString(),
        overrides: r.overrides,
        changes: diffFieldOptions(i ? (rows[i - 1].overrides as FieldOverrides) : {}, r.overrides as FieldOverrides),
      }));
      return ok(list.reverse());
    },
  );

  app.post(
    '/api/field-options/rollback',
    {
      schema: {
        tags,
        summary: '回滚到某一版本：存一个与该版本相同的新版本（再次校验）',
        body: {
          type: 'object',
          required: ['module', 'version'],
          properties: { module: moduleProp, scope: scopeProp, version: { type: 'integer', minimum: 0 } },
        },
      },
    },
    async (req) => {
      const { module, scope, version } = req.body;
      const a = await access(req, scope);
      const m = moduleOf(module);
      // Version 0: the page as it was before any tuning.
      let overrides: unknown = {};
      if (version > 0) {
        const row = await db
          .selectFrom('field_options')
          .select('overrides')
          .where('module', '=', module)
          .where('version', '=', version)
          .where((eb) => (a.tenant ? eb('tenant_code', '=', a.tenant) : eb('tenant_code', 'is', null)))
          .executeTakeFirst();
        if (!row) throw notFound('该版本不存在');
        overrides = row.overrides;
      }
      const clean = await checked(a.tenant, m, overrides);
      const v = await store(a.tenant, module, clean, a.userId, `回滚到版本 ${version}`);
      return ok({ module, version: v, overrides: clean }, `已回滚到版本 ${version}`);
    },
  );

  app.get(
    '/api/page-schema/:module',
    {
      schema: {
        tags,
        summary: '页面配置（按调用者所在团队的字段配置调整后；浏览器据此渲染）',
        params: { type: 'object', required: ['module'], properties: { module: moduleProp } },
      },
    },
    async (req) => {
      const a = requireAuth(req);
      const { module } = req.params;
      const m = moduleOf(module);
      return ok((await fieldOptions.effective(a.tenantCode ?? null, m)).schema);
    },
  );
}
