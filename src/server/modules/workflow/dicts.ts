// Option lists the approval pages pick from, derived from the team's data instead of stored:
// approvalModules (the team's modules that have approval forms), approvalProcesses (published process
// templates, "name v<version>") and moduleCategories (each approval module's category tree).
import { sql } from 'kysely';
import { registerDerivedDict, type DictNode } from '../dict/routes';
import type { SchemaRegistry } from '../records/schema-registry';
import { hasApproval } from '../records/access';
import { moduleProviding, PUBLISHED } from './processes';
import { teamPackage } from '../platform/catalogue';

const node = (fieldKey: string, id: number | string, dictName: string, extra: Partial<DictNode> = {}): DictNode => ({
  id,
  dictName,
  dictCode: null,
  dictImg: null,
  dictIcon: null,
  parentId: null,
  fieldKey,
  ...extra,
});

export function registerWorkflowDicts(schemas: SchemaRegistry) {
  const approvalModules = () => schemas.all().filter(hasApproval);

  registerDerivedDict('approvalModules', async (trx, tenant) => {
    // The team's package as its granted mode opens it (the menu's rule), not the team row's stored list.
    const pkg = await teamPackage(trx, tenant);
    // A nested entity with approval (e.g. 付款申请) is offered with its page's package entry.
    return approvalModules()
      .filter((m) => pkg.has(m.permissionModule))
      .map((m) => node('approvalModules', m.schema.module, m.schema.title));
  });

  registerDerivedDict('approvalProcesses', async (trx, tenant) => {
    const module = moduleProviding(schemas, 'approvalProcess');
    if (!module) return [];
    const rows = await trx
      .selectFrom('records')
      .select(['id', 'data'])
      .where('tenant_code', '=', tenant)
      .where('module', '=', module)
      .where('deleted_at', 'is', null)
      .where(sql<string>`data->>'stage'`, '=', PUBLISHED)
      .orderBy('id')
      .execute();
    return rows.map((r) => {
      const d = r.data as Record<string, unknown>;
      return node('approvalProcesses', r.id, `${String(d.processName ?? '')} v${String(d.version ?? 1)}`);
    });
  });

  registerDerivedDict('moduleCategories', async (trx, tenant) => {
    const mods = approvalModules();
    const rows = mods.length
      ? await trx
          .selectFrom('categories')
          .select(['id', 'module', 'parent_id', 'name'])
          .where('tenant_code', '=', tenant)
          .where(
            'module',
            'in',
            mods.map((m) => m.schema.module),
          )
          .orderBy('sort')
          .orderBy('id')
          .execute()
      : [];
    return mods
      .map((m) => {
        const mine = rows.filter((r) => r.module === m.schema.module);
        const build = (parent: number | null): DictNode[] =>
          mine
            .filter((r) => r.parent_id === parent)
            .map((r) => node('moduleCategories', r.id, r.name, { parentId: parent, children: build(r.id) }));
        return node('moduleCategories', `module:${m.schema.module}`, m.schema.title, {
          disabled: true,
          children: build(null),
        });
      })
      .filter((n) => n.children!.length);
  });
}
