// Shared pieces of the lookup calls: who is calling (a team member, with a module's permission and
// the page's data scope) and the OpenAPI shapes of their bodies and answers. The calls read through the record
// repository (records/repository.ts) and the dictionaries, never a copy of the data.
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { badRequest, forbidden, notFound } from '../../errors';
import { dictTrees, type DictNode } from '../dict/routes';
import type { AppServices } from '../../services';
import type { TenantTx } from '../../db/tenant-scope';
import { lookupScope, openGate } from '../records/gate';
import { pageRecords, type PageQuery } from '../records/repository';
import type { Filter } from '../records/query';
import type { ModuleSchema } from '../records/schema-registry';
import { MODULE_KEYS } from '../menu/catalogue';
import bindings from '../../../../catalogue/spec-calls.json';

/** Which pages each lookup reads (catalogue/spec-calls.json). */
export const BOUND = bindings;

export const tags = ['规格接口'];

/** The caller's session in an active team (any member): dictionaries, members, guidance. */
export function teamMember(req: FastifyRequest) {
  const a = requireAuth(req);
  if (!a.tenantCode) throw forbidden('请先加入或创建团队');
  return { ...a, tenantCode: a.tenantCode };
}

/** A module's page schema; a module the server does not know answers 404 (as the record calls do). */
export function moduleSchema(s: AppServices, module: string): ModuleSchema {
  const m = s.schemas.get(module);
  if (!m) throw notFound('模块不存在');
  return m;
}

/**
 * Reads records of a module the way its page does, through the gate: the caller needs `<module>:view`, and sees
 * only what the page shows him and his role's data scope covers. Runs inside the team's row-level-security
 * transaction.
 */
export async function readModule<T>(
  s: AppServices,
  req: FastifyRequest,
  module: string,
  fn: (read: Reader, trx: TenantTx, tenant: string) => Promise<T>,
  opts: { offerable?: boolean } = {},
) {
  const m = moduleSchema(s, module);
  const pass = await openGate(s, req, m, 'view');
  const tenant = pass.a.tenantCode;
  return pass.run(async (trx) => {
    // A lookup offers what a record picker would: also leaving out the page's retired records (淘汰 partners).
    const scope = await lookupScope(pass, trx, m, !!opts.offerable);
    return fn((q) => pageRecords(trx, tenant, m, { ...q, scope }), trx, tenant);
  });
}

export type Reader = (q: Omit<PageQuery, 'scope'>) => ReturnType<typeof pageRecords>;
export type Flat = Awaited<ReturnType<typeof pageRecords>>['list'][number];

/** Every record of a query, page by page (lookups: at most `cap` records). */
export async function readAll(
  read: Reader,
  q: { filters?: Filter[]; keyword?: string; sorters?: PageQuery['sorters'] },
  cap = 2000,
) {
  const out: Flat[] = [];
  for (let pageNum = 1; out.length < cap; pageNum++) {
    const page = await read({ ...q, pageNum, pageSize: 500 });
    out.push(...page.list);
    if (page.list.length < 500) break;
  }
  return out.slice(0, cap);
}

/** Whether the caller may open a module's page (`<module>:view`; modules outside the catalogue are open to members). */
export async function mayView(s: AppServices, req: FastifyRequest, module: string) {
  const a = teamMember(req);
  const key = s.schemas.get(module)?.permissionModule ?? module;
  if (!MODULE_KEYS.has(key)) return true;
  return (await s.acl.forSession(a)).permissions.includes(`${key}:view`);
}

/** Whether the caller holds a permission code in the active team (admins hold every code of their package). */
export async function holds(s: AppServices, req: FastifyRequest, code: string) {
  const a = teamMember(req);
  const acl = await s.acl.forSession(a);
  return acl.permissions.includes(code);
}

// ---- OpenAPI shapes -------------------------------------------------------------------------------------------

/** The `{status, message, data}` envelope around a data schema (data is null on a refusal). */
export function envelope(data: Record<string, unknown>, description = '{status, message, data}；status 200 表示成功') {
  return {
    200: {
      description,
      type: 'object',
      required: ['status', 'message', 'data'],
      properties: { status: { type: 'integer' }, message: { type: 'string' }, data: { ...data, nullable: true } },
    },
  };
}

/** A record as the answer shows it: its fields plus the system properties (more properties may follow). */
export const recordItem = (properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: true,
  properties,
});

/** `{list, total, pageNum, pageSize}` of a paged list. */
export const paged = (item: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: true,
  properties: {
    list: { type: 'array', items: item },
    total: { type: 'integer' },
    pageNum: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
});

/** `[{value, label, …}]` options of a lookup. */
export const options = (
  properties: Record<string, unknown> = {},
  value: Record<string, unknown> = { type: ['integer', 'string'] },
) => ({
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: true,
    required: ['value', 'label'],
    properties: { value, label: { type: 'string' }, ...properties },
  },
});

/** The paging part of a list body. */
export const pageBodyProps = {
  pageNum: { type: 'integer', minimum: 1, maximum: 100000, default: 1, description: '页码，从 1 开始' },
  pageSize: { type: 'integer', minimum: 1, maximum: 200, default: 20, description: '每页条数（≤200）' },
  keyword: { type: 'string', maxLength: 100, description: '关键字（编号或任一字段包含）' },
} as const;

export const idOrName = { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 30 }] } as const;

/** The items of a dictionary in tree order, children after their parent. */
export async function dictItems(trx: TenantTx, tenant: string, key: string) {
  const nodes: DictNode[] = [];
  const walk = (ns: DictNode[]) =>
    ns.forEach((n) => {
      nodes.push(n);
      if (n.children) walk(n.children);
    });
  walk((await dictTrees(trx, tenant, [key]))[key] ?? []);
  return nodes;
}

/** A dictionary item given by id or by name; `what` names it in the refusal. */
export function findItem(nodes: DictNode[], v: unknown, what: string) {
  const hit = nodes.find((n) => String(n.id) === String(v) || n.dictName === String(v));
  if (!hit) throw badRequest(`${what}不存在：${String(v)}`);
  return hit;
}

/** The fieldKey of a module's dictionary field (the page schema says which dictionary it reads). */
export function fieldKeyOf(m: ModuleSchema, field: string): string {
  const f = m.fields.find((x) => x.fieldName === field);
  return (f?.data as { fieldKey?: string } | undefined)?.fieldKey ?? field;
}
