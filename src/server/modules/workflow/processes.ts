// Which approval process a record follows: the team's bindings (records of the page that provides
// `approvalBinding`) pick a published process template (records of the page that provides `approvalProcess`).
// The first enabled binding of the module whose conditions match (lowest priority first, the default last)
// wins; none matching means the module has no approval and the record takes effect when submitted.
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import type { ProcessSnapshot, ProcessStep } from '../../db/types';
import { badRequest } from '../../errors';
import type { SchemaRegistry } from '../records/schema-registry';
import { PREPARED } from '../../db/prepared';

/** A published template is in this stage; only its records can be bound and started. */
export const PUBLISHED = '已发布';

export interface RecordFacts {
  module: string;
  money: number | null;
  deptId: number | null;
  categoryId: number | null;
}

type Data = Record<string, unknown>;

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};
const ids = (v: unknown): number[] =>
  (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]).map(Number).filter(Number.isFinite);

export function moduleProviding(
  schemas: SchemaRegistry,
  what: 'approvalProcess' | 'approvalBinding',
): string | undefined {
  return schemas.all().find((m) => m.schema.provides === what)?.schema.module;
}

/** The record's id plus every ancestor id in a parent map (a department or category and the nodes above it). */
function withAncestors(id: number | null, parents: Map<number, number | null>): Set<number> {
  const out = new Set<number>();
  for (let cur = id; cur !== null && cur !== undefined && !out.has(cur); cur = parents.get(cur) ?? null) out.add(cur);
  return out;
}

async function parentMap(trx: TenantTx, tenant: string, table: 'dictionaries' | 'categories', ids: number[]) {
  if (!ids.length) return new Map<number, number | null>();
  const rows =
    table === 'dictionaries'
      ? await trx
          .selectFrom('dictionaries')
          .select(['id', 'parent_id'])
          .where('tenant_code', '=', tenant)
          .where('field_key', '=', 'dept')
          .execute()
      : await trx.selectFrom('categories').select(['id', 'parent_id']).where('tenant_code', '=', tenant).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

export function stepApplies(step: ProcessStep, money: number | null): boolean {
  const lo = num(step.minPrice);
  const hi = num(step.maxPrice);
  if (lo === null && hi === null) return true;
  if (money === null) return false;
  return (lo === null || money >= lo) && (hi === null || money <= hi);
}

/** The process version a record starts, or null when no binding applies (no approval). */
export async function processFor(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  facts: RecordFacts,
): Promise<ProcessSnapshot | null> {
  const bindingModule = moduleProviding(schemas, 'approvalBinding');
  const processModule = moduleProviding(schemas, 'approvalProcess');
  if (!bindingModule || !processModule) return null;
  // Every submission asks these two: from the plan cache (db/prepared.ts), with the modules (the registry's own keys) as
  // literals so the plan reads their partitions alone.
  const { rows } = await sql<{ id: number; data: Data }>`${PREPARED}SELECT id, data FROM records
    WHERE tenant_code = ${tenant} AND module = ${sql.lit(bindingModule)} AND deleted_at IS NULL AND data->>'moduleId' = ${facts.module}`.execute(
    trx,
  );
  const bindings = rows.map((r) => ({ id: r.id, d: r.data as Data })).filter((b) => b.d.enabled === true);
  if (!bindings.length) return null;
  const depts = await parentMap(trx, tenant, 'dictionaries', bindings.some((b) => ids(b.d.deptIds).length) ? [1] : []);
  const cats = await parentMap(trx, tenant, 'categories', bindings.some((b) => ids(b.d.categoryIds).length) ? [1] : []);
  const deptLine = withAncestors(facts.deptId, depts);
  const catLine = withAncestors(facts.categoryId, cats);
  const matches = (d: Data) => {
    if (d.isDefault === true) return true;
    const range = (d.priceRange ?? {}) as { min?: unknown; max?: unknown };
    const lo = num(range.min);
    const hi = num(range.max);
    if (lo !== null || hi !== null) {
      if (facts.money === null || (lo !== null && facts.money < lo) || (hi !== null && facts.money > hi)) return false;
    }
    const dIds = ids(d.deptIds);
    if (dIds.length && !dIds.some((x) => deptLine.has(x))) return false;
    const cIds = ids(d.categoryIds);
    if (cIds.length && !cIds.some((x) => catLine.has(x))) return false;
    return true;
  };
  const chosen = bindings
    .filter((b) => matches(b.d))
    .sort(
      (a, b) =>
        Number(a.d.isDefault === true) - Number(b.d.isDefault === true) ||
        (num(a.d.priority) ?? 99) - (num(b.d.priority) ?? 99) ||
        a.id - b.id,
    )[0];
  if (!chosen) return null;
  const processId = Number(chosen.d.processId);
  const proc = Number.isFinite(processId)
    ? (
        await sql<{ id: number; data: Data; lines: unknown }>`${PREPARED}SELECT id, data, lines FROM records
      WHERE tenant_code = ${tenant} AND module = ${sql.lit(processModule)} AND id = ${processId} AND deleted_at IS NULL`.execute(
          trx,
        )
      ).rows[0]
    : undefined;
  const pd = (proc?.data ?? {}) as Data;
  const name = String(pd.processName ?? chosen.d.processIdName ?? '');
  if (!proc || pd.stage !== PUBLISHED) {
    throw badRequest(
      `流程绑定所用的审批流程「${name || processId}」未发布或已停用，请在「流程绑定」中重新选择，或在「审批管理」中发布该流程`,
    );
  }
  return { processId: proc.id, name, version: num(pd.version) ?? 1, steps: proc.lines as unknown as ProcessStep[] };
}
