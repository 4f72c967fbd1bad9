// The records table's expression indexes, one set per module (query.ts indexStatements): what each module sorts
// and filters on. Kept in step with the schemas at start; those the schemas no longer ask for are dropped, since
// each one costs every insert and every plan on the records table.
import { sql } from 'kysely';
import type { DB } from '../../db';
import type { SchemaRegistry } from './schema-registry';
import { indexNameOf, indexStatements } from './query';
import { ensureRecordPartitions } from '../../db/record-partitions';

/** The advisory lock that lets one server process at a time bring the indexes in step (any constant will do). */
const INDEX_SYNC_LOCK = 7_140_615;

/**
 * Whether keyword searches can use trigram indexes: pg_trgm and btree_gin installed and ILIKE with the jsonb → text cast LEAKPROOF
 * (migration 021, which needs a superuser). Without, the trigram indexes would cost every write and serve no plan.
 */
export async function trigramSearch(db: DB): Promise<boolean> {
  const { rows } = await sql<{
    ok: boolean;
  }>`SELECT (SELECT count(*) FROM pg_extension WHERE extname IN ('pg_trgm', 'btree_gin')) = 2
    AND (SELECT bool_and(proleakproof) FROM pg_proc WHERE oid IN ('texticlike'::regproc, 'jsonb_out'::regproc, 'textin'::regproc)) AS ok`.execute(
    db,
  );
  return !!rows[0]?.ok;
}

let warned = false;

/** Whether this process built the trigram indexes (keyword lists known to match few rows are then sorted, not walked). */
export let keywordIndexed = false;

export async function syncRecordIndexes(db: DB, schemas: SchemaRegistry): Promise<void> {
  const trigrams = await trigramSearch(db);
  keywordIndexed = trigrams;
  if (!trigrams && !warned) {
    warned = true;
    console.warn(
      "[records] keyword searches scan the team's rows: pg_trgm or btree_gin is missing, or ILIKE is not LEAKPROOF (migrations ran without a superuser; docs/performance.md)",
    );
  }
  const wanted = schemas
    .all()
    .flatMap(indexStatements)
    .filter((s) => trigrams || !indexNameOf(s).startsWith('rk_'));
  const names = new Set(wanted.map(indexNameOf));
  // One statement at a time across processes: replicas starting together would create the same index at the same
  // moment, and PostgreSQL refuses the second CREATE INDEX IF NOT EXISTS (a duplicate in pg_class) — that replica
  // would not start. Each statement is a transaction of its own that first takes a transaction-scoped advisory lock:
  // the second process waits, then finds the index there (IF NOT EXISTS reads the catalogue after the wait). A
  // session lock held around the whole loop would not do through a transaction pooler, where the statements of one
  // client connection may each run on a different server connection (the unlock on another than the lock).
  const { rows: existing } = await sql<{
    name: string;
  }>`SELECT indexname AS name FROM pg_indexes WHERE tablename LIKE 'records\\_\\_%' AND indexname ~ '^r[xsck]_'`.execute(
    db,
  );
  const locked = (stmt: string) =>
    db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${INDEX_SYNC_LOCK})`.execute(trx);
      await sql.raw(stmt).execute(trx);
    });
  for (const { name } of existing)
    if (!names.has(name)) await locked(`DROP INDEX IF EXISTS "${name.replace(/"/g, '')}"`);
  // Only those missing (IF NOT EXISTS looks at the name alone, as this does): ~475 statements that change nothing
  // took ~3 s of every PGlite start before its first answer.
  const present = new Set(existing.map((e) => e.name));
  for (const stmt of wanted) if (!present.has(indexNameOf(stmt))) await locked(stmt);
}

/**
 * Builds the indexes once. On an empty database (a first start about to seed the demo) they wait until the seed is
 * written: building ~300 indexes over a few thousand rows takes seconds, while keeping them up to date through
 * every insert of the seed took most of its minutes on PGlite.
 */
export class RecordIndexes {
  private done = false;
  constructor(
    private db: DB,
    private schemas: SchemaRegistry,
  ) {}

  async ensure(): Promise<void> {
    if (this.done) return;
    await this.partitions();
    await syncRecordIndexes(this.db, this.schemas);
    this.done = true;
  }

  private partitioned = false;

  /** Each module's partition, once per process (the indexes are made on them). */
  private async partitions(): Promise<void> {
    if (this.partitioned) return;
    await ensureRecordPartitions(
      this.db,
      this.schemas.all().map((m) => m.schema.module),
    );
    this.partitioned = true;
  }

  /**
   * At start: each module's partition, before anything is written (cheap: a few statements per missing module);
   * the indexes now, unless the database holds no records yet (then whoever seeds or starts serving calls ensure).
   */
  async atStart(): Promise<void> {
    await this.partitions();
    const any = await this.db.selectFrom('records').select('id').limit(1).executeTakeFirst();
    if (any) await this.ensure();
  }
}
