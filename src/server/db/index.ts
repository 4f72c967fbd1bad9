// The one file that knows which PostgreSQL we talk to: embedded PGlite (default) or a server via DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import type { Database } from './types';
import { migrateToLatest } from './migrate';
import type { DataSteps } from './data-steps';
import { markReadScopes, markStatementBatches } from './batches';
import { preparePlans } from './prepared';
import { attachReplica, ReadReplica } from './replica';
import { attachCacheBus, CACHE_CHANNEL, CacheBus, listenForChanges, WatchPlugin } from './cache-bus';

export type DB = Kysely<Database>;

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Where the cache bus LISTENs (config.ts databaseListenUrl); databaseUrl unless pooled. */
  databaseListenUrl?: string;
  /** databaseUrl is a transaction pooler (config.ts databasePooler). */
  databasePooler?: 'transaction';
  /** A streaming replica of databaseUrl's cluster for the calls that only read (config.ts databaseReadUrl; replica.ts). */
  databaseReadUrl?: string;
  /** Sees the text of every statement (tests compare the statements two calls run). */
  onQuery?: (sql: string) => void;
  /** What the data migrations need of the application (data-steps.ts); a new database needs none. */
  dataSteps?: Partial<DataSteps>;
}

export async function openDatabase(opts: DbOptions): Promise<DB> {
  let db: DB;
  const log = opts.onQuery ? { log: (e: LogEvent) => opts.onQuery!(e.query.sql) } : {};
  // Caches of rows read on every call, emptied when those rows change here or in another process (cache-bus.ts).
  const bus = new CacheBus(!!opts.databaseUrl);
  const plugins = [new WatchPlugin(bus)];
  let stopListening: (() => Promise<void>) | undefined;
  if (opts.databaseUrl) {
    const pg = await import('pg');
    // Keep int8 (bigint counts) as JS numbers; our counts never exceed 2^53.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client whose server connection ends (restart, failover, a dropped test database) emits
    // 'error'; without a listener that would crash the process. The pool replaces it on next checkout.
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection lost: ${err.message}`));
    preparePlans(pool, { pooled: opts.databasePooler === 'transaction' });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, ...log });
    markStatementBatches(db);
    markReadScopes(db);
    if (opts.databaseReadUrl) {
      // The replica is the server itself, never a pooler: its statements are prepared as on a direct primary. No cache
      // bus and no watch plugin: nothing read there is cached (replica.ts says why).
      const readPool = new pg.default.Pool({ connectionString: opts.databaseReadUrl, max: 10 });
      readPool.on('error', (err) => console.warn(`[db] idle replica connection lost: ${err.message}`));
      preparePlans(readPool);
      const replicaDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: readPool }), ...log });
      markStatementBatches(replicaDb);
      markReadScopes(replicaDb);
      attachReplica(db, new ReadReplica(replicaDb));
      const destroy = db.destroy.bind(db);
      db.destroy = async () => {
        await replicaDb.destroy();
        await destroy();
      };
    }
    // LISTEN needs a server connection of its own for good: through a transaction pooler the notifications would go
    // to whichever client holds that connection at the time, or nowhere. Without a direct address the caches stay off
    // (every call reads the database), which is slower but never stale.
    const url = opts.databaseListenUrl ?? (opts.databasePooler ? undefined : opts.databaseUrl);
    if (url) {
      stopListening = listenForChanges(bus, async () => {
        const c = new pg.default.Client({ connectionString: url });
        await c.connect();
        return c;
      });
    } else {
      console.warn(
        '[cache] DATABASE_POOLER is set without DATABASE_LISTEN_URL: caches are off (set DATABASE_LISTEN_URL to the PostgreSQL server itself)',
      );
    }
  } else {
    if (opts.databaseReadUrl)
      console.warn('[db] DATABASE_READ_URL is ignored without DATABASE_URL: the embedded database has no replica');
    const { PGlite } = await import('@electric-sql/pglite');
    const { PgliteDialect } = await import('./pglite-dialect');
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    // btree_gist: noOverlap rules are exclusion constraints over (text, tstzrange) columns.
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
    // pg_trgm and btree_gin: the keyword search's trigram indexes (migration 021).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
    // Memory (the goals: RSS ≤ 200 MB idle, ≤ 300 MB under load). The WASM Postgres lives in this process's memory, which
    // never shrinks, and its data files are cached by the operating system anyway:
    //  - shared_buffers 8 MB (PostgreSQL's default is 128 MB). PGlite's shared memory is resident from the start, whatever
    //    is read: on an idle server (100k reimbursements) 32 MB made 50 MB of WASM memory resident, 8 MB makes 24
    //    (shared_memory_size 39 → 14 MB). A list page reads the same few index and row pages each time: there, a run of
    //    page 1 calls reads no block from disk at 8 MB either (pg_stat_database blks_read). A block not in the buffers
    //    is one read from the operating system's cache.
    //  - maintenance_work_mem 16 MB (default 64): an index built at run time (a module's new sortable column,
    //    syncRecordIndexes) sorts in WASM memory and would keep up to 64 MB resident for the rest of the process's
    //    life; a larger sort goes on in temporary files, as PostgreSQL does.
    // Disk: min_wal_size 32 MB (the least allowed; default 80 MB). PostgreSQL keeps up to min_wal_size of written-out
    // WAL segments to recycle, which for a one-process data folder is dead weight: 81 of a seeded demo's 164 MB were
    // such segments, and every copy of the folder (a backup, a test's fresh database) carried them.
    const pglite = await PGlite.create(dir, {
      parsers: { 20: (v: string) => Number(v) },
      extensions: { btree_gist, pg_trgm, btree_gin },
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        'shared_buffers=8MB',
        '-c',
        'maintenance_work_mem=16MB',
        '-c',
        'min_wal_size=32MB',
      ],
    });
    // Durability: PGlite runs inside this process, so a commit is only safe from a crash of the process once its WAL
    // has been written out to the operating system, which synchronous_commit = on does before the commit returns
    // (off would keep it in the process's WAL buffers: a kill loses the last acknowledged writes). Pinned for the
    // one session PGlite has, whatever the data folder's postgresql.conf says (tests/api/durability.test.ts).
    // PGlite's file system does not fsync, so a crash of the machine itself may still lose the newest commits:
    // production data belongs on PostgreSQL (docs/operations.md, "Durability and replicas").
    await pglite.exec('SET synchronous_commit = on');
    // One process, so the plugin's in-process emptying is enough; LISTEN also hears writes it cannot see (a write
    // inside a CTE or a function), at their commit.
    try {
      await pglite.listen(CACHE_CHANNEL, (payload) => bus.changed(payload));
    } catch (err) {
      console.warn(`[cache] cannot LISTEN on PGlite: ${(err as Error).message}`);
    }
    // Statements with parameters from PostgreSQL's plan cache; texts without by the simple protocol (pglite-dialect.ts).
    db = new Kysely<Database>({ dialect: new PgliteDialect(pglite), plugins, ...log });
    markStatementBatches(db);
  }
  attachCacheBus(db, bus);
  if (stopListening) {
    const destroy = db.destroy.bind(db);
    const stop = stopListening;
    db.destroy = async () => {
      await stop();
      await destroy();
    };
  }
  try {
    await migrateToLatest(db, opts.dataSteps);
  } catch (err) {
    await stopListening?.();
    throw err;
  }
  return db;
}
