import { sql, type Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';
import { COPIED, partitionStatements } from '../record-partitions';

// `records` becomes LIST-partitioned by module: one table per module, holding that module's sort and filter indexes
// (records/indexes.ts) without a `WHERE module = …` predicate. A statement about one module then plans against, and
// locks, that partition's dozen indexes instead of the ~475 partial indexes of every module on one table: past 16
// relations a backend leaves PostgreSQL's per-backend fast-path lock slots and takes the shared lock manager
// (LWLock:LockManager waits under load, even for a primary-key lookup).
// - The key includes the partitioning column, as PostgreSQL requires: (tenant_code, id, module). Ids still come from
//   one sequence, so a lookup by (tenant_code, id) alone stays correct; it probes every partition, so the hot paths
//   also name the module.
// - The per-module indexes replace records_list and records_category (a partition's `rx_<module>__newest` and
//   `rc_<module>_categoryId` are the same orders), so they are not carried over.
// - A DEFAULT partition takes rows of a module without its own partition (a module that left the schemas), so no
//   insert can fail for want of one. Partitions are made here for every module the folder holds, and at start for
//   every module of the schemas (db/record-partitions.ts).
// - The audit trigger's entity is the table it was declared on: a partition's cloned trigger runs with the partition's
//   TG_TABLE_NAME, so the trigger passes 'records' as its argument and yg_audit reads that first.
/** The columns of records, before and after (`search` is generated from data). */
const COLUMNS = `
      id bigint NOT NULL DEFAULT nextval('records_id_seq'),
      tenant_code text NOT NULL,
      module text NOT NULL,
      code text NOT NULL,
      status text NOT NULL DEFAULT '待提交',
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      lines jsonb NOT NULL DEFAULT '[]'::jsonb,
      category_id bigint,
      created_by bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      request_key text,
      search text GENERATED ALWAYS AS (data::text) STORED`;

const REQUEST_KEY = `CREATE UNIQUE INDEX records_request_key ON records (tenant_code, module, created_by, request_key)
      WHERE request_key IS NOT NULL AND deleted_at IS NULL`;

/** Moves records aside under `aside`, with its constraint and index names, so a new table can take the names. */
const setAside = (aside: string) => `
    ALTER SEQUENCE records_id_seq OWNED BY NONE;
    ALTER TABLE records RENAME TO ${aside};
    ALTER TABLE ${aside} RENAME CONSTRAINT records_pkey TO ${aside}_pkey;
    ALTER TABLE ${aside} RENAME CONSTRAINT records_tenant_code_module_code_key TO ${aside}_code_key;
    ALTER INDEX records_request_key RENAME TO ${aside}_request_key`;

/** Copies the rows from the table set aside, drops it, and gives the new records its policy, triggers and grants. */
async function takeOver(db: Kysely<any>, aside: string): Promise<void> {
  await runSql(
    db,
    `
    ALTER SEQUENCE records_id_seq OWNED BY records.id;
    INSERT INTO records (${COPIED}) SELECT ${COPIED} FROM ${aside};
    DROP TABLE ${aside}
  `,
  );
  await tenantPolicy(db, 'records');
  await runSql(
    db,
    `
    CREATE TRIGGER records_audit AFTER INSERT OR UPDATE OR DELETE ON records FOR EACH ROW EXECUTE FUNCTION yg_audit('records');
    CREATE TRIGGER records_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON records FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('records');
    GRANT SELECT, INSERT, UPDATE, DELETE ON records TO yiguan_app
  `,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ module: string }>`SELECT DISTINCT module FROM records`.execute(db);
  // yg_audit as it stands, with its table name read from the trigger's argument when there is one.
  const { rows: def } = await sql<{ src: string }>`SELECT pg_get_functiondef('yg_audit'::regproc) AS src`.execute(db);
  if (!def[0].src.includes('TG_ARGV'))
    await sql.raw(def[0].src.replace(/TG_TABLE_NAME/g, 'coalesce(TG_ARGV[0], TG_TABLE_NAME)')).execute(db);
  await runSql(
    db,
    `
    ${setAside('records_unpartitioned')};
    CREATE TABLE records (${COLUMNS},
      CONSTRAINT records_pkey PRIMARY KEY (tenant_code, id, module),
      CONSTRAINT records_tenant_code_module_code_key UNIQUE (tenant_code, module, code)
    ) PARTITION BY LIST (module);
    ${REQUEST_KEY}
  `,
  );
  for (const stmt of partitionStatements(['', ...rows.map((r) => r.module)])) await sql.raw(stmt).execute(db);
  await takeOver(db, 'records_unpartitioned');
}

/** Back to one table, with the two indexes that served every module before the partitions' own. */
export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ${setAside('records_partitioned')};
    CREATE TABLE records (${COLUMNS},
      CONSTRAINT records_pkey PRIMARY KEY (tenant_code, id),
      CONSTRAINT records_tenant_code_module_code_key UNIQUE (tenant_code, module, code)
    );
    ${REQUEST_KEY};
    CREATE INDEX records_list ON records (tenant_code, module, created_at DESC) WHERE deleted_at IS NULL;
    CREATE INDEX records_category ON records (tenant_code, module, category_id) WHERE deleted_at IS NULL
  `,
  );
  await takeOver(db, 'records_partitioned');
}
