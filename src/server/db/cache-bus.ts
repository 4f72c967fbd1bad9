// Small in-process caches of rows read on every call (sessions, field tuning), and how they stay true when the
// rows change — in this process or in another server process on the same PostgreSQL (docs/performance.md).
//
// - In this process: every statement that writes a watched table (query builder or raw SQL) empties that table's
//   caches when it runs and again when it returns (WatchPlugin), so the next call here reads the change.
// - In every process: triggers (migration 020) send NOTIFY yg_cache '<table>' when the writing transaction commits;
//   each PostgreSQL-backed process LISTENs on its own connection and empties that table's caches on arrival
//   (milliseconds). This also closes the window between a write and its commit, in which a concurrent read could
//   have cached the old row.
// - "Milliseconds" is not "before the next call": a client may hear back from process A and call process B before
//   B has read A's notification off its socket. So each call first syncs (sync(), app.ts): a round trip on the
//   LISTEN connection that began after the call arrived. PostgreSQL delivers every notification committed before
//   a statement ahead of that statement's answer, so once it returns, B has emptied whatever A's commits made
//   stale. Calls arriving together share one round trip (a ping started before a call arrived does not count).
// - While the LISTEN connection is not up (starting, lost, reconnecting), caches are not used at all: a process
//   that might miss a notification reads the database on every call, as before.
// - Every entry also expires after a few seconds, a hard bound should a notification ever go missing unseen.
// - A transaction that has written a table neither takes from nor gives to that table's caches (TxWrites): what it
//   reads there is its own uncommitted change, which a ROLLBACK or a failed COMMIT undoes without any notification.
// PGlite is one process by construction (its folder cannot be opened twice), so the local path is enough there.
import {
  RawNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

export const CACHE_CHANNEL = 'yg_cache';
/** The tables whose rows are cached; the triggers of migrations 020 and 022 notify with these names. */
export const WATCHED = [
  'sessions',
  'field_options',
  'records',
  'dictionaries',
  'memberships',
  'users',
  'tenants',
] as const;
/**
 * Of these tables, the columns a cache reads (an update of other columns alone, e.g. a login's failed_logins reset,
 * changes nothing cached). Tables not listed: any update counts. Keep in step with migration 022's triggers.
 */
const READ_COLUMNS: Partial<Record<Watched, readonly string[]>> = {
  users: ['id', 'nick_name'],
  tenants: ['tenant_code', 'owner_id'],
};
export type Watched = (typeof WATCHED)[number];

export class CacheBus {
  private subs = new Map<string, Set<() => void>>();
  /** Bumped on every change of a table: a read that began before a change of its table does not store what it read. */
  private generations = new Map<string, number>();
  private live: boolean;
  /** A round trip on the LISTEN connection (set while it listens). */
  private pinger: (() => Promise<unknown>) | undefined;
  private inflight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  /** shared: other processes may write the same database, so caches wait for the LISTEN connection. */
  constructor(private readonly shared: boolean) {
    this.live = !shared;
  }

  /** Whether caches may answer now. */
  get usable() {
    return this.live;
  }

  setLive(live: boolean, pinger?: () => Promise<unknown>) {
    if (!this.shared) return;
    this.live = live;
    this.pinger = live ? pinger : undefined;
    // Whatever was cached before the connection (re)started may have missed a notification.
    this.changedAll();
  }

  /**
   * Resolves once every notification committed before this call has been read: after a ping that started after
   * it. Never rejects: a failed ping means a lost connection, and then caches are off (setLive(false)).
   */
  sync(): Promise<void> {
    if (!this.pinger) return Promise.resolve();
    if (!this.inflight) return this.ping(this.pinger);
    // The ping under way may have left before this call's change was committed: wait for the next one.
    return (this.queued ??= this.inflight.then(() => {
      this.queued = undefined;
      return this.pinger ? this.ping(this.pinger) : undefined;
    }));
  }

  private ping(pinger: () => Promise<unknown>) {
    const p: Promise<void> = pinger()
      .then(
        () => undefined,
        () => this.setLive(false),
      )
      .finally(() => {
        if (this.inflight === p) this.inflight = undefined;
      });
    this.inflight = p;
    return p;
  }

  subscribe(table: Watched, fn: () => void) {
    let s = this.subs.get(table);
    if (!s) this.subs.set(table, (s = new Set()));
    s.add(fn);
  }

  generation(table: string) {
    return this.generations.get(table) ?? 0;
  }

  changed(table: string) {
    this.generations.set(table, this.generation(table) + 1);
    for (const fn of this.subs.get(table) ?? []) fn();
  }

  changedAll() {
    for (const t of WATCHED) this.generations.set(t, this.generation(t) + 1);
    for (const s of this.subs.values()) for (const fn of s) fn();
  }
}

/** A bounded map whose entries live ttlMs at most and go when their table (any of its tables) changes. */
export class TableCache<V> {
  private map = new Map<string, { v: V; at: number }>();
  private tables: readonly Watched[];

  constructor(
    private bus: CacheBus | undefined,
    table: Watched | readonly Watched[],
    private ttlMs: number,
    private max = 5000,
  ) {
    this.tables = typeof table === 'string' ? [table] : table;
    for (const t of this.tables) bus?.subscribe(t, () => this.map.clear());
  }

  /**
   * Whether a read through `via` (the executor it runs on) may use this cache: not when it is a transaction that
   * has written one of the cache's tables (writesOf). No `via`: a read outside any transaction.
   */
  open(via: object | undefined) {
    const w = via && writesOf(via);
    return !w || !this.tables.some((t) => w.has(t));
  }

  get(key: string, via?: object): V | undefined {
    if (!this.bus?.usable || !this.open(via)) return undefined;
    const e = this.map.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at > this.ttlMs) {
      this.map.delete(key);
      return undefined;
    }
    return e.v;
  }

  /**
   * The bus generation before the read whose result this is: a change meanwhile keeps it out. Through `via`, a
   * transaction that has written one of the cache's tables, a mark that set() always refuses.
   */
  mark(via?: object) {
    if (!this.open(via)) return -1;
    // Generations only grow: their sum changes whenever one of them does (and is never negative).
    return this.tables.reduce((n, t) => n + (this.bus?.generation(t) ?? 0), 0);
  }

  set(key: string, v: V, mark: number) {
    if (!this.bus?.usable || this.mark() !== mark) return;
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(key, { v, at: Date.now() });
  }

  delete(key: string) {
    this.map.delete(key);
  }
}

const buses = new WeakMap<object, CacheBus>();

/**
 * The cache bus of a database opened by openDatabase, also seen from its transactions and connections (through
 * the plugin they inherit); undefined elsewhere: then nothing is cached.
 */
export function cacheBusOf(db: object): CacheBus | undefined {
  const direct = buses.get(db);
  if (direct) return direct;
  return pluginsOf(db).find((p): p is WatchPlugin => p instanceof WatchPlugin)?.bus;
}
const pluginsOf = (db: object): readonly unknown[] =>
  (db as { getExecutor?: () => { plugins?: readonly unknown[] } }).getExecutor?.().plugins ?? [];
export const attachCacheBus = (db: object, bus: CacheBus) => buses.set(db, bus);

const WRITE_RE = new RegExp(
  `\\b(?:update|insert\\s+into|delete\\s+from|truncate(?:\\s+table)?)\\s+(?:only\\s+)?(?:"?public"?\\.)?"?(${WATCHED.join('|')})\\b`,
  'gi',
);

function tableName(node: unknown): string | undefined {
  // TableNode { table: SchemableIdentifierNode { identifier: IdentifierNode { name } } }, possibly under an AliasNode.
  const n = node as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
  if (!n) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  return n.table?.identifier?.name;
}

const WATCHED_SET = new Set<string>(WATCHED);
const rawWrites = new WeakMap<readonly string[], string[]>();
const rawTextWrites = new Map<string, string[]>();

/** The watched tables a statement writes. */
export function writtenTables(node: RootOperationNode): string[] {
  const watched = WATCHED_SET;
  const out: string[] = [];
  const add = (t: string | undefined) => t && watched.has(t) && !out.includes(t) && out.push(t);
  // biome-ignore lint/suspicious/noExplicitAny: the operation nodes' shapes differ by kind; each field read below is checked
  const n = node as unknown as Record<string, any>;
  switch (node.kind) {
    case 'InsertQueryNode':
      add(tableName(n.into));
      break;
    case 'UpdateQueryNode': {
      // A session's once-a-minute touch (last_seen_at alone, forward) changes nothing a cache relies on.
      const cols: (string | undefined)[] = (n.updates ?? []).map(
        (u: { column?: { column?: { name?: string } } }) => u.column?.column?.name,
      );
      const t = tableName(n.table);
      const read = t ? READ_COLUMNS[t as Watched] : undefined;
      if (cols.length === 1 && cols[0] === 'last_seen_at') break;
      if (read && cols.every((c) => c && !read.includes(c))) break;
      add(t);
      break;
    }
    case 'DeleteQueryNode':
      for (const f of n.from?.froms ?? []) add(tableName(f));
      break;
    case 'RawNode': {
      // A sql`…` template's fragments are the same frozen array at every call of that line: scanned once (a list's
      // page query is several KB of text, and every statement passes here).
      // sql.raw(text) makes a new array each call: its text is the key (a few recurring texts: BEGIN, a team's settings).
      const fragments = (node as RawNode).sqlFragments;
      const one = fragments.length === 1 ? fragments[0] : undefined;
      let found = one === undefined ? rawWrites.get(fragments) : rawTextWrites.get(one);
      if (!found) {
        found = [...fragments.join(' ').matchAll(WRITE_RE)].map((m) => m[1].toLowerCase());
        if (one === undefined) rawWrites.set(fragments, found);
        else {
          if (rawTextWrites.size >= 1000) rawTextWrites.clear();
          rawTextWrites.set(one, found);
        }
      }
      for (const t of found) add(t);
      break;
    }
    default:
      break;
  }
  return out;
}

/** Empties the caches of a watched table when a statement writing it runs, and again when it returns. */
export class WatchPlugin implements KyselyPlugin {
  // Keyed by the query's id object: a statement that fails never returns, and its entry goes with it.
  private pending = new WeakMap<object, string[]>();

  constructor(readonly bus: CacheBus) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node);
    if (tables.length) {
      for (const t of tables) this.bus.changed(t);
      this.pending.set(args.queryId, tables);
    }
    return args.node;
  }

  /** The watched tables the statement of this query id writes, between its transformQuery and its result. */
  writing(queryId: object): readonly string[] | undefined {
    return this.pending.get(queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(args.queryId);
    if (tables) {
      this.pending.delete(args.queryId);
      for (const t of tables) this.bus.changed(t);
    }
    return args.result;
  }
}

/**
 * The watched tables one transaction has written so far (withTenant installs one on each of its transactions:
 * trackWrites). Why the caches ask (TableCache.open): within a transaction that has written a table, a read of that
 * table sees the transaction's own uncommitted change. Kept, it would be served to every other call at once, and
 * stay after a ROLLBACK (an error, a retried deadlock) or a COMMIT that fails, for which no notification is sent: rows
 * that never existed, for up to the entry's life. And what another call cached meanwhile is the committed row, which
 * this transaction has changed. So such a transaction neither takes from nor gives to the caches of the tables it
 * wrote; its other reads, and every read of a transaction that writes nothing watched (every list), use them as
 * before. It costs no statement: the writes are seen as the statements pass the plugins, as WatchPlugin sees them
 * (and what WatchPlugin cannot see — a write inside a function — this cannot either; none of ours does).
 */
export class TxWrites implements KyselyPlugin {
  readonly tables = new Set<string>();

  constructor(private readonly watch: WatchPlugin) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // The WatchPlugin comes first in the executor's plugins (withPlugin appends) and has parsed the statement.
    for (const t of this.watch.writing(args.queryId) ?? []) this.tables.add(t);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The transaction (a Kysely Transaction, or a connection inside BEGIN) with its written tables tracked. */
export function trackWrites<T extends object>(trx: T): T {
  const watch = pluginsOf(trx).find((p): p is WatchPlugin => p instanceof WatchPlugin);
  return watch ? (trx as unknown as { withPlugin(p: KyselyPlugin): T }).withPlugin(new TxWrites(watch)) : trx;
}

/** A transaction whose writes nobody tracked: it may have written anything. */
const UNTRACKED: ReadonlySet<string> = new Set(WATCHED);

/**
 * The watched tables an executor's transaction has written: its TxWrites; every table for a Kysely transaction made
 * elsewhere (db.transaction() without trackWrites: nothing is known, so nothing is trusted); undefined for an
 * executor outside a transaction (each statement its own, reading what is committed: the pool, a read scope).
 */
function writesOf(via: object): ReadonlySet<string> | undefined {
  const tracked = pluginsOf(via).find((p): p is TxWrites => p instanceof TxWrites);
  if (tracked) return tracked.tables;
  return (via as { isTransaction?: boolean }).isTransaction ? UNTRACKED : undefined;
}

/**
 * LISTENs for the triggers' notifications on a connection of its own, reconnecting after a loss; caches are in
 * use only while it listens. Returns the function that stops it.
 */
export function listenForChanges(
  bus: CacheBus,
  connect: () => Promise<ListenClient>,
  log: (msg: string) => void = (m) => console.warn(m),
) {
  let stopped = false;
  let client: ListenClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    bus.setLive(false);
    if (!stopped && !timer)
      timer = setTimeout(() => {
        timer = undefined;
        void start();
      }, 1000).unref();
  };
  async function start() {
    if (stopped) return;
    try {
      const c = await connect();
      client = c;
      c.on('notification', (msg: { channel: string; payload?: string }) => {
        if (msg.channel === CACHE_CHANNEL) bus.changed(msg.payload ?? '');
      });
      c.on('error', (err: Error) => {
        log(`[cache] LISTEN connection lost: ${err.message}`);
        retry();
      });
      c.on('end', () => {
        if (client === c) retry();
      });
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
      if (stopped) return void c.end().catch(() => {});
      // A ping that fails means the connection is in trouble: caches off, and listen again on a new one.
      bus.setLive(true, () =>
        c.query('SELECT 1').catch((err: Error) => {
          if (stopped) return;
          log(`[cache] LISTEN connection failed a ping: ${err.message}`);
          if (client === c) {
            client = undefined;
            void c.end().catch(() => {});
            retry();
          }
        }),
      );
    } catch (err) {
      log(`[cache] cannot LISTEN: ${(err as Error).message}`);
      retry();
    }
  }
  void start();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    bus.setLive(false);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

export interface ListenClient {
  on(event: 'notification', fn: (msg: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', fn: (err: Error) => void): unknown;
  on(event: 'end', fn: () => void): unknown;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
}

const named = new WeakMap<CacheBus, Map<string, TableCache<unknown>>>();

/**
 * Reads through a cache of the database's bus (one per name), made on first use: `read` runs when the entry is
 * missing, stale, or caches are off; what it read is kept unless one of `tables` changed meanwhile. No bus: `read`.
 * `db` is the executor `read` runs on: a transaction that has written one of `tables` neither uses nor fills the cache.
 */
export async function readThrough<V>(
  db: object,
  name: string,
  tables: readonly Watched[],
  ttlMs: number,
  key: string,
  read: () => Promise<V>,
): Promise<V> {
  const bus = cacheBusOf(db);
  if (!bus?.usable) return read();
  let byName = named.get(bus);
  if (!byName) named.set(bus, (byName = new Map()));
  let cache = byName.get(name) as TableCache<V> | undefined;
  if (!cache) byName.set(name, (cache = new TableCache<V>(bus, tables, ttlMs, 2000)) as TableCache<unknown>);
  // Through `db`: a transaction that has written one of `tables` reads past the cache and keeps nothing (TxWrites).
  const hit = cache.get(key, db);
  if (hit !== undefined) return hit;
  const mark = cache.mark(db);
  const v = await read();
  cache.set(key, v, mark);
  return v;
}
