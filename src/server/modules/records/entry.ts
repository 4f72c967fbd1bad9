// How every call on a module's records starts: the module of the route, the caller's permission for the
// action, the tenant-scoped transaction with the caller, and the records the caller may see (the page's
// visibility and the role's data scope). Shared by the record calls and by the calls that read a list
// whole (Excel export and import, 智能数据 charts, batch prints), so they all apply the same checks.
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../errors';
import type { TenantTx } from '../../db/tenant-scope';
import { listView } from './list-views';
import type { RecordSources } from './sources';
import type { toFlat } from './repository';
import { OPERATORS, type Filter } from './query';
import type { ModuleSchema } from './schema-registry';
import { approvals, type RunningApproval } from './approvals';
import { changeableFields, rowActions, userWritable, type Caller } from './access';
import { openGate } from './gate';
import { withClock } from './stage-state';
import { withStageHistory } from './stage-history';
import { readAsView } from './views';
import { readAggregates } from './aggregates';
import { todayInChina } from '../../../common/china-time';
import { moduleParam } from '../../module-param';

export { moduleParam };

/**
 * What a list is asked for (the body of /page, and of the calls that read a list whole: export, charts): sort,
 * filters, keyword, category, and a tab of the section header with its month or year — whose conditions the
 * server takes from the schema (list-views.ts), never from the client.
 */
export const listQueryProps = {
  sorters: {
    type: 'array',
    maxItems: 3,
    items: {
      type: 'object',
      required: ['field'],
      properties: { field: { type: 'string', maxLength: 80 }, order: { type: 'string', maxLength: 20 } },
    },
  },
  filters: {
    type: 'array',
    maxItems: 30,
    items: {
      type: 'object',
      required: ['field', 'operator'],
      properties: {
        field: { type: 'string', maxLength: 80 },
        operator: { type: 'string', enum: [...OPERATORS] },
        value: {},
      },
    },
  },
  keyword: { type: 'string', maxLength: 100 },
  categoryId: { type: ['integer', 'null'] },
  tab: { type: 'string', maxLength: 60 },
  period: { type: 'string', maxLength: 7 },
} as const;

/** The list's query as /page runs it: the client's filters plus the conditions of the header's tab and period. */
export function listQueryOf<B extends { tab?: string; period?: string; filters?: Filter[] }>(
  m: ModuleSchema,
  body: B,
  userId: number,
) {
  const view = listView(m, body, { userId });
  return { ...body, userId, tab: view.oaTab, filters: [...(body.filters ?? []), ...view.filters] };
}

export function recordEntry(s: RecordSources) {
  const { schemas } = s;

  /** The module of a route whose params schema is `moduleParam`. */
  function moduleOf(req: { params: { module: string } }): ModuleSchema {
    const { module } = req.params;
    const m = schemas.get(module);
    if (!m) throw notFound('模块不存在');
    return m;
  }

  /** The caller's pass through the gate (gate.ts): permission, then visibility and data scope of each record. */
  const enter = (req: FastifyRequest, m: ModuleSchema, action: string) => openGate(s, req, m, action);

  /** Writes (add, change, delete, submit, stage actions) on lists users only read are refused. */
  function writable(m: ModuleSchema) {
    if (!userWritable(m)) throw forbidden('该列表只读：其中的记录由系统生成');
  }

  /** Where a list's records live: its own module, or for a view (viewOf) the viewed module's, with the view's page. */
  function dataOf(m: ModuleSchema): ModuleSchema {
    if (!m.schema.viewOf) return m;
    return { ...m, schema: { ...m.schema, module: m.schema.viewOf } };
  }

  /**
   * Flat records with the actions each allows the caller (a view's computed fields as of today, stage history).
   * `readWith`: their running approvals when the caller read them with the rows (a page does), else read here.
   */
  async function withActions(
    trx: TenantTx,
    tenant: string,
    m: ModuleSchema,
    caller: Caller,
    rows: ReturnType<typeof toFlat>[],
    readWith?: Map<number, RunningApproval>,
  ) {
    const running =
      readWith ??
      (await approvals().running(
        trx,
        tenant,
        rows.filter((r) => r.status === '审批中').map((r) => r.id),
      ));
    const now = new Date();
    const today = todayInChina();
    const read = await withStageHistory(
      trx,
      tenant,
      m,
      await readAggregates(
        trx,
        tenant,
        schemas,
        m,
        rows.map((row) => readAsView(m, withClock(m, row, now), today)),
        today,
      ),
    );
    // The rows are this call's own (just read and flattened): each takes its actions in place, not in a copy.
    for (const r of read) {
      const facts = { status: r.status, created_by: r.createdBy, data: r };
      const actions = rowActions(m, facts, caller, running.get(r.id));
      (r as Record<string, unknown>).actions = actions;
      // Someone the page names in editableBy edits only his fields: the drawer shows the rest read-only.
      const only = actions.includes('edit') ? changeableFields(m, facts, caller) : null;
      if (only) (r as Record<string, unknown>).editOnly = [...only];
    }
    return read as ((typeof read)[number] & { actions: ReturnType<typeof rowActions> })[];
  }

  return { moduleOf, enter, writable, dataOf, withActions };
}

export type RecordEntry = ReturnType<typeof recordEntry>;
