// Dictionaries: tree-shaped option lists per tenant, keyed by fieldKey.
import type { Api } from '../../typed-app';
import { ok } from '../../plugins/envelope';
import { requireAuth } from '../../plugins/auth';
import { forbidden } from '../../errors';
import type { DB } from '../../db';
import type { Selectable } from 'kysely';
import { tenantOf, withTenant, type TenantTx } from '../../db/tenant-scope';
import { readThrough } from '../../db/cache-bus';
import type { DictionariesTable } from '../../db/types';
import { REGION_KEY, regionNodes } from './region';
import type { DictNode } from './node';
import type { DerivedDictKey } from './derived-keys';

const tags = ['字典'];

export type { DictNode };

/** A dictionary the server derives instead of storing (value = the thing's id). */
export type DerivedDict = (trx: TenantTx, tenant: string) => Promise<DictNode[]>;

export const TEAM_MEMBERS_KEY: DerivedDictKey = 'teamMembers';
const DICT_CACHE_MS = 5_000;

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

/** Derived dictionaries by key. Other domains add theirs at start (registerDerivedDict). */
const DERIVED = new Map<DerivedDictKey, DerivedDict>([
  [
    TEAM_MEMBERS_KEY,
    async (trx, tenant) => {
      // Cached per team (db/cache-bus.ts): emptied by any change of memberships or of a user's name, in every process.
      const rows = await readThrough(
        trx,
        'teamMembers',
        ['memberships', 'users'],
        DICT_CACHE_MS,
        `${tenantOf(trx) ?? ''}|${tenant}`,
        () =>
          trx
            .selectFrom('memberships')
            .innerJoin('users', 'users.id', 'memberships.user_id')
            .select(['users.id', 'users.nick_name'])
            .where('memberships.tenant_code', '=', tenant)
            .where('memberships.status', '=', 'normal')
            .orderBy('users.id')
            .execute(),
      );
      return rows.map((r) => node(TEAM_MEMBERS_KEY, r.id, r.nick_name));
    },
  ],
  [
    'teamRoles',
    async (trx, tenant) => {
      const rows = await trx
        .selectFrom('roles')
        .select(['id', 'role_name'])
        .where('tenant_code', '=', tenant)
        .orderBy('id')
        .execute();
      return rows.map((r) => node('teamRoles', r.id, r.role_name));
    },
  ],
  // 省/市/区 (GB/T 2260), the same for every team: see region.ts.
  [REGION_KEY, async () => regionNodes()],
]);

export function registerDerivedDict(key: DerivedDictKey, fn: DerivedDict) {
  DERIVED.set(key, fn);
}

export function isDerivedDict(key: string): key is DerivedDictKey {
  return DERIVED.has(key as DerivedDictKey);
}

type DictRow = Selectable<DictionariesTable>;

/** A stored item as the API shows it (without children). */
export function toDictNode(r: DictRow): DictNode {
  return {
    id: r.id,
    dictName: r.dict_name,
    dictCode: r.dict_code,
    dictImg: r.dict_img,
    dictIcon: r.dict_icon,
    parentId: r.parent_id,
    fieldKey: r.field_key,
    ...(r.leader_id ? { leaderId: r.leader_id } : {}),
    status: r.status,
    sort: r.sort,
    seeded: r.seeded,
    dictExtra: r.dict_extra,
    ...(r.status !== 1 ? { disabled: true } : {}),
    ...(r.deleted_at ? { deleted: true } : {}),
  };
}

/**
 * The trees of the given keys. Deleted items are left out unless withDeleted (record labels: an old record
 * keeps resolving the item it stored); with a status filter, the items under a filtered-out parent go too.
 */
export async function dictTrees(
  trx: TenantTx,
  tenant: string,
  keys: string[],
  status?: number,
  opts: { withDeleted?: boolean } = {},
): Promise<Record<string, DictNode[]>> {
  const derived = keys.filter(isDerivedDict);
  keys = keys.filter((k) => !isDerivedDict(k));
  // Every item of these keys, cached per team and key set (db/cache-bus.ts: emptied by any change of dictionaries,
  // in every process); the status and deleted filters apply here, which keeps the order of SQL's ORDER BY.
  const asked = [...new Set(keys)].sort();
  const all = await readThrough(
    trx,
    'dictionaries',
    ['dictionaries'],
    DICT_CACHE_MS,
    `${tenantOf(trx) ?? ''}|${tenant}|${asked.join(',')}`,
    () =>
      trx
        .selectFrom('dictionaries')
        .selectAll()
        .where('tenant_code', '=', tenant)
        .where('field_key', 'in', asked.length ? asked : [''])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
  );
  const rows = all.filter(
    (r) => (status === undefined || Number(r.status) === status) && (opts.withDeleted || r.deleted_at == null),
  );
  const out: Record<string, DictNode[]> = Object.fromEntries(keys.map((k) => [k, []]));
  const nodes = new Map<number, DictNode>(rows.map((r) => [r.id, toDictNode(r)]));
  for (const r of rows) {
    const n = nodes.get(r.id)!;
    if (!r.parent_id) {
      out[r.field_key].push(n);
      continue;
    }
    // Under a filtered-out (disabled) parent an item leaves the tree too, instead of surfacing at the root.
    const parent = nodes.get(r.parent_id);
    if (parent) (parent.children ??= []).push(n);
  }
  for (const k of derived) out[k] = await DERIVED.get(k)!(trx, tenant);
  return out;
}

export async function dictRoutes(app: Api, s: { db: DB }) {
  const team = (req: Parameters<typeof requireAuth>[0]) => {
    const a = requireAuth(req);
    if (!a.tenantCode) throw forbidden('请先加入或创建团队');
    return a.tenantCode;
  };
  const keyPattern = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,60}$' } as const;

  app.post(
    '/api/admin/sysmenuListFieldDict/queryByFieldKey',
    {
      schema: {
        tags,
        summary: '按字段键查询字典（树形）',
        body: {
          type: 'object',
          required: ['fieldKey'],
          properties: { fieldKey: keyPattern, status: { type: 'integer' } },
        },
      },
    },
    async (req) => {
      const tenant = team(req);
      const { fieldKey, status } = req.body;
      return ok((await withTenant(s.db, tenant, (trx) => dictTrees(trx, tenant, [fieldKey], status)))[fieldKey]);
    },
  );

  app.post(
    '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
    {
      schema: {
        tags,
        summary: '批量查询字典：返回以字段键为键的对象',
        body: {
          oneOf: [
            { type: 'array', maxItems: 50, items: keyPattern },
            {
              type: 'object',
              required: ['fieldKeys'],
              properties: { fieldKeys: { type: 'array', maxItems: 50, items: keyPattern } },
            },
          ],
        },
      },
    },
    async (req) => {
      const tenant = team(req);
      const keys = Array.isArray(req.body) ? req.body : req.body.fieldKeys;
      return ok(await withTenant(s.db, tenant, (trx) => dictTrees(trx, tenant, [...new Set(keys)], 1)));
    },
  );

  app.get(
    '/api/admin/sysmenuListFieldDict/queryByDictCode',
    {
      schema: {
        tags,
        summary: '按字典编码查询字典项',
        querystring: {
          type: 'object',
          required: ['dictCode'],
          properties: { dictCode: { type: 'string', maxLength: 60 }, fieldKey: keyPattern },
        },
      },
    },
    async (req) => {
      const tenant = team(req);
      const { dictCode, fieldKey } = req.query;
      const rows = await withTenant(s.db, tenant, async (trx) => {
        let q = trx
          .selectFrom('dictionaries')
          .selectAll()
          .where('tenant_code', '=', tenant)
          .where('dict_code', '=', dictCode)
          .where('deleted_at', 'is', null);
        if (fieldKey) q = q.where('field_key', '=', fieldKey);
        return q.orderBy('sort').execute();
      });
      return ok(
        rows.map((r) => ({
          id: r.id,
          dictName: r.dict_name,
          dictCode: r.dict_code,
          dictImg: r.dict_img,
          dictIcon: r.dict_icon,
          parentId: r.parent_id,
          fieldKey: r.field_key,
        })),
      );
    },
  );
}
