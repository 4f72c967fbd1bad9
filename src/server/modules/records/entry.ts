// How every call on a module's records starts: the module of the route, the caller's permission for the
// action, the tenant-scoped transaction with the caller, and the records the caller may see (the page's
// visibility and the role's data scope). Shared by the record calls and by the calls that read a list
// whole (Excel export and import, 智能数据 charts, batch prints), so they all apply the same checks.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireTeamPermission } from '../../plugins/permissions';
import { forbidden, notFound } from '../../errors';
import type { AppServices } from '../../services';
import { withTenant, withTenantRead, type TenantTx } from '../../db/tenant-scope';
import { runningWithPage, toFlat } from './repository';
import { listView, permissionsFor } from './list-views';
import { OPERATORS, type Filter } from './query';
import type { ModuleSchema } from './schema-registry';
import { runningOf, type Ctx } from '../workflow/engine';
import { callerOf, rowActions, userWritable, type Caller } from './access';
import { assertInScope, assertVisible, callerRefs, visibleSql } from './visibility';
import { dataScopeSql } from './data-scope';
import type { RefContext } from '../../../common/rules/conditions';
import { withClock } from './stage-state';
import { withStageHistory } from './stage-history';
import { readAsView } from './views';
import { readAggregates } from './aggregates';
import { todayInChina } from '../../../common/defaults';

/** The route parameter of every call on a module (`/api/data/:module/…`): a module key, checked before the lookup. */
export const moduleParam = { type: 'object', required: ['module'], properties: { module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' } } };

/**
 * What a list is asked for (the body of /page, and of the calls that read a list whole: export, charts): sort,
 * filters, keyword, category, and a tab of the section header with its month or year — whose conditions the
 * server takes from the schema (list-views.ts), never from the client.
 */
export const listQueryProps = {
  sorters: { type: 'array', maxItems: 3, items: { type: 'object', required: ['field'], properties: { field: { type: 'string', maxLength: 80 }, order: { type: 'string', maxLength: 20 } } } },
  filters: { type: 'array', maxItems: 30, items: { type: 'object', required: ['field', 'operator'], properties: { field: { type: 'string', maxLength: 80 }, operator: { type: 'string', enum: [...OPERATORS] }, value: {} } } },
  keyword: { type: 'string', maxLength: 100 },
  categoryId: { type: ['integer', 'null'] },
  tab: { type: 'string', maxLength: 60 },
  period: { type: 'string', maxLength: 7 },
};

/** The list's query as /page runs it: the client's filters plus the conditions of the header's tab and period. */
export function listQueryOf<B extends { tab?: string; period?: string; filters?: Filter[] }>(m: ModuleSchema, body: B, userId: number) {
  const view = listView(m, body, { userId });
  return { ...body, userId, tab: view.oaTab, filters: [...(body.filters ?? []), ...view.filters] };
}

export function recordEntry(s: AppServices) {
  const { db, schemas } = s;

  function moduleOf(req: FastifyRequest): ModuleSchema {
    const { module } = req.params as { module: string };
    const m = schemas.get(module);
    if (!m) throw notFound('模块不存在');
    return m;
  }

  /** The caller (permissions, admin flag) and the tenant context of a permitted call. */
  async function enter(req: FastifyRequest, m: ModuleSchema, action: string) {
    const a = await requireTeamPermission(s, req, m.schema.module, action);
    const acl = await s.acl.forSession(a);
    const ctx: Ctx = { tenant: a.tenantCode, schemas };
    const run = <T>(fn: (trx: TenantTx, caller: Caller) => Promise<T>) =>
      withTenant(db, a.tenantCode, async (trx) => fn(trx, await callerOf(trx, a.tenantCode, a.userId, permissionsFor(m, acl.permissions), acl.isAdmin)));
    /** As run, for a call that only reads: each statement its own read-only transaction, one round trip (withTenantRead). */
    const read = <T>(fn: (trx: TenantTx, caller: Caller) => Promise<T>) =>
      withTenantRead(db, a.tenantCode, async (trx) => fn(trx, await callerOf(trx, a.tenantCode, a.userId, permissionsFor(m, acl.permissions), acl.isAdmin)));
    // The caller's refs ($user, $dept, admin) are read once per call, and only for pages that limit visibility.
    let refs: Promise<RefContext> | undefined;
    const refsOf = (trx: TenantTx) => (refs ??= callerRefs(trx, a.tenantCode, a.userId, todayInChina()));
    // The role's data scope (全部 / 本部门及下级 / 本部门 / 仅本人), from the session's ACL.
    const byRole = dataScopeSql(a.tenantCode, a.userId, acl.dataScope);
    /** Refuses a record the page (visibleWhen) or the caller's data scope does not show him: as not found. */
    const visible = async (trx: TenantTx, id: number) => {
      if (m.schema.visibleWhen) await assertVisible(trx, a.tenantCode, m, id, await refsOf(trx));
      if (byRole) await assertInScope(trx, a.tenantCode, id, byRole);
    };
    /** The records the caller may see at all, or null when the page shows every record to him. */
    const scope = async (trx: TenantTx) => {
      const page = m.schema.visibleWhen ? visibleSql(m, await refsOf(trx)) : null;
      return page && byRole ? sql`(${page} AND ${byRole})` : page ?? byRole;
    };
    /** The page as the caller's team tuned it (the field-options page): what its saves are validated against. */
    const tuned = () => s.fieldOptions.effective(a.tenantCode, m);
    return { a, ctx, run, read, visible, scope, tuned };
  }

  /** Writes (add, change, delete, submit, stage actions) on lists users only read are refused. */
  function writable(m: ModuleSchema) {
    if (!userWritable(m)) throw forbidden('该列表只读：其中的记录由系统生成');
  }

  /** Where a list's records live: its own module, or for a view (viewOf) the viewed module's, with the view's page. */
  function dataOf(m: ModuleSchema): ModuleSchema {
    if (!m.schema.viewOf) return m;
    return { ...m, schema: { ...m.schema, module: m.schema.viewOf } };
  }

  /** Flat records with the actions each allows the caller (a view's computed fields as of today, stage history). */
  async function withActions(trx: TenantTx, tenant: string, m: ModuleSchema, caller: Caller, rows: ReturnType<typeof toFlat>[]) {
    const running = runningWithPage(rows) ?? await runningOf(trx, tenant, rows.filter((r) => r.status === '审批中').map((r) => r.id));
    const now = new Date();
    const today = todayInChina();
    const read = await withStageHistory(trx, tenant, m, await readAggregates(trx, tenant, schemas, m, rows.map((row) => readAsView(m, withClock(m, row, now), today)), today));
    // The rows are this call's own (just read and flattened): each takes its actions in place, not in a copy.
    for (const r of read) (r as Record<string, unknown>).actions = rowActions(m, { status: r.status, created_by: r.createdBy, data: r }, caller, running.get(r.id));
    return read as (typeof read[number] & { actions: ReturnType<typeof rowActions> })[];
  }

  return { moduleOf, enter, writable, dataOf, withActions };
}

export type RecordEntry = ReturnType<typeof recordEntry>;
