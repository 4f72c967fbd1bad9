// Records of one tenant and module. Every function takes the tenant-scoped transaction first and filters by
// tenant itself too (first wall); row-level security behind it is the second.
import { sql, type RawBuilder } from 'kysely';
import { tenantOf, type TenantTx } from '../../db/tenant-scope';
import type { ModuleSchema } from './schema-registry';
import { filterSql, orderKeys, orderSql, type Filter, type OrderKey, type Sorter } from './query';
import { cacheBusOf, readThrough, TableCache, type CacheBus } from '../../db/cache-bus';
import { releaseKeys, releasePeriods } from './unique';
import { keywordIndexed } from './indexes';
import { PREPARED } from '../../db/prepared';
import type { RunningApproval } from './approvals';
import { partitionKey } from '../../db/record-partitions';

export interface PageQuery {
  pageNum: number;
  pageSize: number;
  sorters?: Sorter[];
  filters?: Filter[];
  keyword?: string;
  categoryId?: number | null;
  /** OA tabs: 全部 | 待我审批 (todo) | 我发起的 (mine) | 我已审批 (done) | 抄送我的 (cc), for userId. */
  tab?: 'all' | 'todo' | 'mine' | 'done' | 'cc';
  userId?: number;
  /** The records the caller may see at all (visibility.ts), when the page limits them. */
  scope?: RawBuilder<unknown> | null;
}

type Row = {
  id: number;
  code: string;
  status: string;
  data: Record<string, unknown>;
  lines: Record<string, unknown>[];
  category_id: number | null;
  created_by: number;
  created_at: Date | string;
  updated_at: Date | string;
  created_by_name?: string | null;
};

/** A record travels as one flat object: its fields plus the system properties. */
export function toFlat(r: Row) {
  return flatInPlace({ ...r, data: { ...r.data } });
}

/** A record as the API answers it: its data's fields, then the record's own. */
type Flat = Record<string, unknown> & {
  id: number;
  code: string;
  status: string;
  lines: Record<string, unknown>[];
  categoryId: number | null;
  createdBy: number;
  createdByName: string | undefined;
  createdAt: string;
  updatedAt: string;
};

/**
 * toFlat without the copy, for rows nobody else holds (a page's or an export batch's, just parsed): the record's fields
 * are added to its data object itself. Spreading a parsed object into a literal cost more than the rest of reading a
 * row, and made an object slower to serialize.
 */
export function flatInPlace(r: Row): Flat {
  // A page reads its data as the stored text (`search`, see pageRecords), parsed here as the driver parses jsonb.
  const o = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Flat;
  o.id = r.id;
  o.code = r.code;
  o.status = r.status;
  o.lines = r.lines;
  o.categoryId = r.category_id;
  o.createdBy = r.created_by;
  o.createdByName = r.created_by_name ?? undefined;
  o.createdAt = isoOf(r.created_at);
  o.updatedAt = isoOf(r.updated_at);
  return o;
}

/** A time as the API answers it; a list's page selects it as that text already (isoSql), read rows as a Date. */
const isoOf = (t: Date | string) => (typeof t === 'string' && t.endsWith('Z') ? t : new Date(t).toISOString());
/** A timestamptz column as toISOString() would write it (UTC, milliseconds): no Date made and formatted per row. */
const isoSql = (col: string) => sql`to_char(${sql.ref(col)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A filtered list counts exactly up to this many rows, then says "more than". */
export const COUNT_BOUND = 5000;

/** Whether the query narrows the module's list (then its total must be counted). */
const narrowed = (q: PageQuery) =>
  !!(q.scope || q.filters?.length || q.keyword?.trim() || q.categoryId || (q.tab && q.tab !== 'all'));

/**
 * Whether no character of the text has a case (Chinese, digits, punctuation): LIKE then matches what ILIKE does.
 * Combining marks and modifier letters are left out: lower-casing some letters (İ → i̇) yields them.
 */
export const caseless = (s: string) => s.toLowerCase() === s && s.toUpperCase() === s && !/[\p{M}\p{Lm}]/u.test(s);

/**
 * The WHERE of a list query (tenant, module, scope, filters, keyword, category, OA tab): shared with the Excel export.
 */
export const whereSql = (tenant: string, m: ModuleSchema, q: Omit<PageQuery, 'pageNum' | 'pageSize'>) =>
  whereForms(tenant, m, q).where;

/**
 * whereSql, and for a keyword its walk form, built in one pass. The walk form tests the keyword as a CASE, which the
 * planner neither matches to the trigram index nor estimates as a pattern (a CASE is taken to hold for half the rows),
 * so a list whose keyword matches many rows reads the order's index until the page is full. The same match, inline
 * (no function call per row), on the JSON text the row keeps (`search`, migration 024) rather than made again from its
 * data for every row read.
 */
export function whereForms(tenant: string, m: ModuleSchema, q: Omit<PageQuery, 'pageNum' | 'pageSize'>) {
  // The module is a literal (a validated identifier): the plan reads the module's partition alone, even when cached.
  const conds = [
    sql`r.tenant_code = ${tenant}`,
    sql`r.module = ${sql.lit(m.schema.module)}`,
    sql`r.deleted_at IS NULL`,
  ];
  if (q.scope) conds.push(q.scope);
  for (const f of q.filters ?? []) conds.push(filterSql(m, f));
  let at = -1;
  let walkCond: RawBuilder<unknown> | undefined;
  if (q.keyword?.trim()) {
    const kw = `%${q.keyword.trim().replace(/[\\%_]/g, '\\$&')}%`;
    // A word without a case matches the same rows with LIKE, which does not lower-case every row's text as ILIKE does.
    const like = caseless(q.keyword.trim()) ? sql`LIKE` : sql`ILIKE`;
    at = conds.length;
    conds.push(sql`(r.code ILIKE ${kw} OR r.data::text ILIKE ${kw})`);
    walkCond = sql`CASE WHEN r.code ${like} ${kw} THEN true ELSE r.search ${like} ${kw} END`;
  }
  if (q.categoryId) {
    conds.push(sql`r.category_id IN (
      WITH RECURSIVE sub AS (
        SELECT id FROM categories WHERE id = ${q.categoryId} AND tenant_code = ${tenant}
        UNION ALL SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id WHERE c.tenant_code = ${tenant}
      ) SELECT id FROM sub)`);
  }
  if (q.tab && q.tab !== 'all' && q.userId) {
    const u = q.userId;
    const byTask = (
      statuses: string[],
    ) => sql`r.id IN (SELECT pi.record_id FROM tasks t JOIN process_instances pi ON pi.tenant_code = t.tenant_code AND pi.id = t.instance_id
      WHERE t.tenant_code = ${tenant} AND t.assignee_id = ${u} AND t.status IN (${sql.join(statuses)}))`;
    if (q.tab === 'todo') conds.push(byTask(['open']));
    if (q.tab === 'done') conds.push(byTask(['agreed', 'refused']));
    if (q.tab === 'mine')
      conds.push(
        sql`r.id IN (SELECT record_id FROM process_instances WHERE tenant_code = ${tenant} AND originator_id = ${u})`,
      );
    if (q.tab === 'cc')
      conds.push(sql`r.id IN (SELECT record_id FROM process_cc WHERE tenant_code = ${tenant} AND user_id = ${u})`);
  }
  return {
    where: sql.join(conds, sql` AND `),
    walk:
      walkCond &&
      (() =>
        sql.join(
          conds.map((c, i) => (i === at ? walkCond! : c)),
          sql` AND `,
        )),
  };
}

/**
 * What the server remembers of a list query (its WHERE and ORDER, as SQL and values, per team and module): the
 * bounded total of a narrowed list, and the sort keys of rows at known positions, so a deep page seeks from the
 * nearest one through the order's index instead of skipping every row before it (OFFSET). Only for queries over
 * the records table alone (no visibility scope, OA tab or category tree, nothing that moves with the clock), and
 * emptied whenever any records change in any process (db/cache-bus.ts): a page answers what OFFSET would.
 */
interface ListMemo {
  total?: number;
  bounds: Map<number, (string | null)[]>;
}
const LIST_MEMO_MS = 30_000;
const MAX_BOUNDS = 64;
const memos = new WeakMap<CacheBus, TableCache<ListMemo>>();

function listMemo(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  q: PageQuery,
  where: RawBuilder<unknown>,
  keys: OrderKey[],
) {
  // Per team whose rows the transaction sees (row-level security's tenant), so that what one team's lists taught
  // the server never serves another's, even to a query that forgot its own tenant filter.
  const scoped = tenantOf(trx);
  if (!scoped || q.scope || (q.tab && q.tab !== 'all') || q.categoryId) return undefined;
  const bus = cacheBusOf(trx);
  if (!bus?.usable) return undefined;
  let cache = memos.get(bus);
  if (!cache) {
    memos.set(bus, (cache = new TableCache<ListMemo>(bus, 'records', LIST_MEMO_MS, 2000)));
    // A count begun before a change must not answer a call that began after it.
    bus.subscribe('records', () => {
      inflight.clear();
      walks.clear();
    });
  }
  // A transaction that has written records sees its own uncommitted rows: nothing of it is kept or shared, and
  // nothing kept or counted by others (committed rows only) answers it (cache-bus.ts TxWrites).
  if (!cache.open(trx)) return undefined;
  const w = where.compile(trx);
  const o = sql.join(keys.map((k) => sql`${k.expr} ${k.desc ? sql`DESC` : sql`ASC`}`)).compile(trx);
  // A condition or order that reads the clock changes without a write.
  if (/\bnow\(\)|current_(date|time)/i.test(w.sql + o.sql)) return undefined;
  // The total depends on the WHERE alone (a list sorted another way keeps it); the boundaries on the order too.
  const totalKey = `T|${scoped}|${tenant}|${m.schema.module}|${w.sql}|${JSON.stringify(w.parameters)}`;
  const boundsKey = `B|${totalKey.slice(2)}|${o.sql}|${JSON.stringify(o.parameters)}`;
  const mark = cache.mark();
  const total = cache.get(totalKey)?.total;
  const entry = cache.get(boundsKey);
  return {
    total,
    totalKey,
    boundsKey,
    bounds: entry?.bounds,
    /** The boundaries known now (another call may have added some since this one began). */
    reread: () => cache.get(boundsKey)?.bounds,
    store(n: number | undefined, bounds: [number, (string | null)[]][]) {
      if (n !== undefined && n !== total) cache.set(totalKey, { total: n, bounds: new Map() }, mark);
      if (!bounds.length) return;
      // Merged with what is known now, not when this call began: calls for other pages may have stored theirs
      // meanwhile (set refuses the lot should the records have changed since this call's mark).
      const next = new Map(cache.get(boundsKey)?.bounds ?? entry?.bounds);
      for (const [pos, k] of bounds) {
        next.delete(pos);
        next.set(pos, k);
      }
      while (next.size > MAX_BOUNDS) next.delete(next.keys().next().value!);
      cache.set(boundsKey, { bounds: next }, mark);
    },
  };
}

/**
 * A narrowed list whose best plan does not depend on its values, so that PostgreSQL may keep a generic plan for it
 * (db/prepared.ts) instead of planning it at every call (planning costs more than running such a page): one equality
 * on an indexed column (status, category) in the default order, whose (tenant, column, created_at, id) index gives the
 * rows in order whatever the value; one range on the field the list is sorted by alone, whose index both bounds
 * and orders it; or a keyword that matches many rows (walked). Anything else (a keyword, several filters, a filter on one field sorted by another) keeps a custom
 * plan per call: there the values decide which index is best.
 */
function planStable(m: ModuleSchema, q: PageQuery, walk: boolean): boolean {
  if (q.scope || q.categoryId || (q.tab && q.tab !== 'all')) return false;
  // A keyword known to match many rows, as a CASE the planner estimates the same whatever the word: the plan walks
  // the order's index in any case.
  if (q.keyword?.trim()) return walk && !q.filters?.length;
  if (q.filters?.length !== 1) return false;
  const f = q.filters[0];
  const sorters = q.sorters ?? [];
  if (!sorters.length) return f.operator === 'eq' && (f.field === 'status' || f.field === 'categoryId');
  return (
    sorters.length === 1 &&
    sorters[0].field === f.field &&
    ['between', 'gte', 'lte', 'gt', 'lt'].includes(f.operator) &&
    m.sortable.has(f.field) &&
    !m.multi.has(f.field) &&
    !m.schema.list.columns.some((c) => c.prop === f.field && c.sortAs)
  );
}

/** Counts under way, by listMemo's total key. */
const inflight = new Map<string, Promise<number>>();
/**
 * Deep pages under way with no boundary remembered near them, by listMemo's boundaries key and offset: calls that
 * ask the same list's same page at once let the first skip the rows before it (OFFSET) and then seek from the
 * boundary it leaves, instead of all skipping together. Emptied when any records change (listMemo).
 */
const walks = new Map<string, Promise<void>>();

/** NULL sorts as the smallest value in both directions (DESC NULLS LAST, ASC NULLS FIRST). */
const same = (k: OrderKey, b: string | null) => (b === null ? sql`${k.expr} IS NULL` : sql`${k.expr} = ${b}`);
function after(k: OrderKey, b: string | null): RawBuilder<unknown>[] {
  if (!k.desc) return [b === null ? sql`${k.expr} IS NOT NULL` : sql`${k.expr} > ${b}`];
  return b === null ? [] : [sql`${k.expr} < ${b}`, sql`${k.expr} IS NULL`];
}

/**
 * The rows after a boundary in the list's order, as parts each of which an index range answers: level i keeps the
 * keys before it equal and moves key i on (a NULL side apart, so each part is one range).
 */
function afterParts(keys: OrderKey[], b: (string | null)[]): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  keys.forEach((k, i) => {
    const prefix = keys.slice(0, i).map((p, j) => same(p, b[j]));
    for (const part of after(k, b[i])) out.push(sql.join([...prefix, part], sql` AND `));
  });
  return out;
}

/**
 * One page and its total. An unfiltered list reads the module's kept count (no count at all); a narrowed one
 * counts exactly up to COUNT_BOUND rows and beyond that answers the bound with totalExact: false (kept, like the
 * page boundaries, until the module's records change: listMemo).
 */
export async function pageRecords(trx: TenantTx, tenant: string, m: ModuleSchema, q: PageQuery) {
  const forms = whereForms(tenant, m, q);
  const where = forms.where;
  const keys = orderKeys(m, q.sorters);
  const isNarrowed = narrowed(q);
  const memo = listMemo(trx, tenant, m, q, where, keys);
  let known = isNarrowed ? memo?.total : undefined;
  // Calls that ask the same narrowed list at once count it once: the first counts (in its own transaction, under its
  // team's row-level security), the others wait for its answer; should it fail, each counts for itself below.
  if (isNarrowed && memo && known === undefined) {
    let counting = inflight.get(memo.totalKey);
    if (!counting) {
      counting = sql<{
        n: number;
      }>`SELECT count(*) AS n FROM (SELECT 1 FROM records r WHERE ${where} LIMIT ${COUNT_BOUND + 1}) c`
        .execute(trx)
        .then((r) => Number(r.rows[0].n));
      const key = memo.totalKey;
      const remember = memo.store;
      inflight.set(key, counting);
      // Remembered as the count ends, in the same step as it stops being under way: no call in between counts again.
      counting.then(
        (n) => {
          remember(n, []);
          inflight.delete(key);
        },
        () => inflight.delete(key),
      );
    }
    known = await counting.catch(() => undefined);
  }
  // A keyword search, its matches counted: many (beyond the count's bound) — walk the order's index and test each row
  // until the page is full (a few rows per match); few — gather them (their trigram index) and sort them. The
  // planner cannot tell the two apart itself: it estimates every '%…%' pattern to match a handful of rows.
  const keyword = !!q.keyword?.trim() && known !== undefined;
  const walk = keyword && known! > COUNT_BOUND;
  const pageWhere = walk && forms.walk ? forms.walk() : where;
  const order = orderSql(m, q.sorters, { sorted: keyword && !walk && keywordIndexed });
  const total = !isNarrowed
    ? sql<number>`(SELECT coalesce((SELECT n FROM record_counts WHERE tenant_code = ${tenant} AND module = ${m.schema.module}), 0))`
    : known !== undefined
      ? sql<number>`${known}::bigint`
      : sql<number>`(SELECT count(*) FROM (SELECT 1 FROM records r WHERE ${where} LIMIT ${sql.lit(COUNT_BOUND + 1)}) c)`;
  const offset = (q.pageNum - 1) * q.pageSize;
  // The nearest known boundary at or before the page.
  const nearest = (bounds: ListMemo['bounds'] | undefined) => {
    let best: { pos: number; keys: (string | null)[] } | undefined;
    for (const [pos, k] of bounds ?? [])
      if (pos > 0 && pos <= offset && (!best || pos > best.pos)) best = { pos, keys: k };
    return best;
  };
  let from = nearest(memo?.bounds);
  let walked: (() => void) | undefined;
  if (memo && offset - (from?.pos ?? 0) > q.pageSize) {
    // Far from any known boundary: one call walks, the others asking the same page meanwhile wait and seek from
    // the boundary it leaves (or, should it leave none — a change, a failure — skip for themselves).
    const wk = `${memo.boundsKey}|${offset}`;
    const walking = walks.get(wk);
    if (walking) {
      await walking;
      from = nearest(memo.reread()) ?? from;
    } else {
      const p = new Promise<void>((resolve) => {
        walked = resolve;
      });
      walks.set(wk, p);
      const done = walked!;
      walked = () => {
        if (walks.get(wk) === p) walks.delete(wk);
        done();
      };
    }
  }
  const skip = offset - (from?.pos ?? 0);
  // One row more before the page: its keys are where this page starts, for the next call.
  const lead = memo && skip > 0 ? 1 : 0;
  // The columns toFlat reads (not r.*: the others would be sent and parsed for nothing), its times as their text, its
  // data as the text PostgreSQL keeps of it (`search`, migration 024) rather than made again from the jsonb per row.
  const sel = sql.join([
    sql`r.id, r.code, r.status, r.search AS data, r.lines, r.category_id, r.created_by`,
    sql`${isoSql('r.created_at')} AS created_at`,
    sql`${isoSql('r.updated_at')} AS updated_at`,
    // A row under approval brings its running instance (who started it, whether an approver acted), which its
    // actions need (workflow runningOf): no second round trip for the page's rows.
    sql`CASE WHEN r.status = '审批中' THEN (SELECT jsonb_build_object('o', pi.originator_id, 'a', EXISTS (SELECT 1 FROM tasks t
      WHERE t.tenant_code = pi.tenant_code AND t.instance_id = pi.id AND t.status IN ('agreed', 'refused')))
      FROM process_instances pi WHERE pi.tenant_code = r.tenant_code AND pi.status = 'running' AND pi.record_id = r.id) END AS running_`,
    // The sort keys (their text, for the boundaries, is taken outside: an expression such as yg_num runs once a row).
    ...keys.map((k, i) => sql`${k.expr} AS ${sql.ref(`k${i}`)}`),
  ]);
  const base = sql`SELECT ${sel} FROM records r WHERE ${pageWhere}`;
  let page: RawBuilder<unknown>;
  // A first page (or one starting at a remembered boundary) of a list narrowed by nothing has a text that recurs and
  // no value whose selectivity would change the plan (the team, a boundary's keys): its LIMIT a literal, no OFFSET, it
  // is sent as a prepared statement (db/prepared.ts: planned once per connection instead of at every call). A narrowed
  // list is planned for its values at every call, as a generic plan could misjudge a range or a keyword, unless its
  // plan cannot depend on them (planStable).
  const recurs = skip === 0 && (!isNarrowed || (!!memo && planStable(m, q, walk)));
  const limit = recurs ? sql`LIMIT ${sql.lit(q.pageSize)}` : sql`LIMIT ${q.pageSize + lead} OFFSET ${skip - lead}`;
  if (!from) page = sql`${base} ORDER BY ${order} ${limit}`;
  else {
    const parts = afterParts(keys, from.keys).map(
      (c) => sql`(${base} AND ${c} ORDER BY ${order} LIMIT ${recurs ? sql.lit(q.pageSize) : skip + q.pageSize})`,
    );
    const outer = sql.join(
      keys.map((k, i) => sql`${sql.ref(`s.k${i}`)} ${k.desc ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`}`),
    );
    page = parts.length
      ? sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) s ORDER BY ${outer} ${limit}`
      : sql`${base} AND false`;
  }
  // The total rides along with the page: one round trip, and one for a page past the end.
  let rows: (Row & { total: number } & Record<string, unknown>)[];
  try {
    ({ rows } = await sql<Row & { total: number } & Record<string, unknown>>`${recurs ? PREPARED : sql``}
    WITH t AS (SELECT ${total} AS total)
    SELECT p.*, ${sql.join(keys.map((_, i) => sql`(${sql.ref(`p.k${i}`)})::text AS ${sql.ref(`kt${i}`)}`))}, t.total FROM t LEFT JOIN LATERAL (${page}) p ON true`.execute(
      trx,
    ));
  } catch (err) {
    walked?.();
    throw err;
  }
  const n = Number(rows[0]?.total ?? 0);
  const got = rows.filter((r) => r.id !== null);
  const pageRows = lead ? got.slice(1) : got;
  if (memo) {
    const keysOf = (r: Record<string, unknown>) => keys.map((_, i) => (r[`kt${i}`] ?? null) as string | null);
    const bounds: [number, (string | null)[]][] = [];
    if (lead && got.length) bounds.push([offset, keysOf(got[0])]);
    if (pageRows.length) bounds.push([offset + pageRows.length, keysOf(pageRows[pageRows.length - 1])]);
    memo.store(isNarrowed ? n : undefined, bounds);
  }
  // Its boundary stored (or not): the calls waiting for this walk go on.
  walked?.();
  await withCreatorNames(trx, tenant, pageRows);
  const list = pageRows.map(flatInPlace);
  // The running approvals of the page's rows under approval, read with the page: their actions need them.
  const running = new Map<number, RunningApproval>();
  for (const r of pageRows) {
    const x = r.running_ as { o: number | string; a: boolean } | null;
    if (x) running.set(Number(r.id), { originatorId: Number(x.o), acted: x.a });
  }
  return {
    list,
    total: Math.min(n, isNarrowed ? COUNT_BOUND : n),
    totalExact: !isNarrowed || n <= COUNT_BOUND,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    running,
  };
}

/**
 * The names of the users who made a page's rows (created_by_name), from the team's members' names kept in a cache
 * (db/cache-bus.ts: emptied when a name changes or a member comes or goes) instead of a join per row; a maker who is
 * no member any more is read by id.
 */
async function withCreatorNames(trx: TenantTx, tenant: string, rows: Row[]) {
  if (!rows.length) return;
  // Keyed by the team whose rows the transaction sees too, as the other team caches are: a read made under another
  // team's row-level security never answers this one.
  const names = await readThrough(
    trx,
    'memberNames',
    ['users', 'memberships'],
    60_000,
    `${tenantOf(trx) ?? ''}|${tenant}`,
    async () =>
      new Map(
        (
          await sql<{
            id: string;
            nick_name: string | null;
          }>`SELECT u.id, u.nick_name FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.tenant_code = ${tenant}`.execute(trx)
        ).rows.map((u) => [Number(u.id), u.nick_name] as const),
      ),
  );
  const missing = [...new Set(rows.map((r) => Number(r.created_by)).filter((id) => !names.has(id)))];
  const others = missing.length
    ? new Map(
        (
          await sql<{ id: string; nick_name: string | null }>`SELECT id, nick_name FROM users
    WHERE id IN (${sql.join(missing)})`.execute(trx)
        ).rows.map((u) => [Number(u.id), u.nick_name] as const),
      )
    : undefined;
  for (const r of rows)
    r.created_by_name = names.get(Number(r.created_by)) ?? others?.get(Number(r.created_by)) ?? null;
}

/** Keeps the module's record count in step, in the transaction that adds or removes records. */
export async function bumpCount(trx: TenantTx, tenant: string, module: string, by: number) {
  if (!by) return;
  await trx
    .insertInto('record_counts')
    .values({ tenant_code: tenant, module, n: by })
    .onConflict((oc) => oc.columns(['tenant_code', 'module']).doUpdateSet({ n: sql`record_counts.n + ${by}` }))
    .execute();
}

const RECORD_COLUMNS = [
  'id',
  'tenant_code',
  'module',
  'code',
  'status',
  'data',
  'lines',
  'category_id',
  'created_by',
  'created_at',
  'updated_at',
  'deleted_at',
  'request_key',
];
/**
 * A record's columns as a whole row is read (alias.id, alias.tenant_code…): all but `search`, its data again as text
 * for keyword walks (migration 024), which would double what is sent and parsed.
 */
export const recordColumns = (alias: string) => sql.raw(RECORD_COLUMNS.map((c) => `${alias}.${c}`).join(', '));

// Statements every write repeats go to PostgreSQL's plan cache (db/prepared.ts): planning one that reads or writes
// records weighs each index of the partitions it may touch, running it by primary key takes ~0.03 ms.
export async function getRecord(trx: TenantTx, tenant: string, module: string, id: number) {
  const { rows } = await sql<Row>`${PREPARED}
    SELECT ${recordColumns('r')}, u.nick_name AS created_by_name FROM records r LEFT JOIN users u ON u.id = r.created_by
    WHERE r.tenant_code = ${tenant} AND r.module = ${partitionKey(module)} AND r.id = ${id} AND r.deleted_at IS NULL`.execute(
    trx,
  );
  return rows[0];
}

/**
 * A new record with its code (prefix + day + the team's next number that day, record_sequences), in one statement
 * that also counts it (record_counts, unless `count` is false) and answers the stored row. Both counters are rows
 * every creation of the team (and module) updates, and each stays locked until the transaction ends: taken here, last,
 * they are held for this one round trip and the COMMIT, not for the statements that used to follow them.
 */
export async function insertNumbered(
  trx: TenantTx,
  tenant: string,
  module: string,
  v: {
    prefix: string;
    day: string;
    status: string;
    data: object;
    lines: object[];
    categoryId: number | null;
    userId: number;
    requestKey?: string;
    count: boolean;
  },
): Promise<Row> {
  const counted = v.count
    ? sql`, counted AS (INSERT INTO record_counts (tenant_code, module, n) SELECT ${tenant}::text, ${module}::text, 1 FROM made
        ON CONFLICT (tenant_code, module) DO UPDATE SET n = record_counts.n + 1)`
    : sql``;
  const { rows } = await sql<Row>`${PREPARED}
    WITH seq AS (
      INSERT INTO record_sequences (tenant_code, prefix, day, last) VALUES (${tenant}, ${v.prefix}, ${v.day}, 1)
      ON CONFLICT (tenant_code, prefix, day) DO UPDATE SET last = record_sequences.last + 1 RETURNING last
    ), made AS (
      INSERT INTO records (tenant_code, module, code, status, data, lines, category_id, created_by, request_key)
      SELECT ${tenant}::text, ${module}::text, ${v.prefix}::text || ${v.day}::text || lpad(seq.last::text, greatest(4, length(seq.last::text)), '0'),
        ${v.status}::text, ${JSON.stringify(v.data)}::jsonb, ${JSON.stringify(v.lines)}::jsonb, ${v.categoryId}::bigint, ${v.userId}::bigint, ${v.requestKey ?? null}::text
      FROM seq RETURNING ${recordColumns('records')}
    )${counted}
    SELECT made.*, u.nick_name AS created_by_name FROM made LEFT JOIN users u ON u.id = made.created_by`.execute(trx);
  return rows[0];
}

export async function updateRecord(
  trx: TenantTx,
  tenant: string,
  module: string,
  id: number,
  v: { data: object; lines: object[]; categoryId: number | null },
) {
  await trx
    .updateTable('records')
    .set({
      data: JSON.stringify(v.data),
      lines: JSON.stringify(v.lines),
      category_id: v.categoryId,
      updated_at: new Date(),
    })
    .where('tenant_code', '=', tenant)
    .where('module', '=', module)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDelete(trx: TenantTx, tenant: string, module: string, ids: number[]) {
  const res = await trx
    .updateTable('records')
    .set({ deleted_at: new Date() })
    .where('tenant_code', '=', tenant)
    .where('module', '=', module)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  await bumpCount(trx, tenant, module, -Number(res.numUpdatedRows));
  await releaseKeys(trx, tenant, ids); // a deleted record holds no unique keys
  await releasePeriods(trx, tenant, ids); // nor periods
  return Number(res.numUpdatedRows);
}
