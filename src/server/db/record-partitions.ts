// The records table's partitions, one per module (migration 031), plus a DEFAULT one for rows of a module that has
// none. A module's partition holds its rows and its own sort and filter indexes (records/indexes.ts), so a statement
// naming the module plans and locks that partition alone.
import { sql, type Kysely } from 'kysely';
import type { Database } from './types';
import { literal } from './prepared';

/** The partition of `module` ('' for the DEFAULT partition). Module keys are identifiers, quoted for their case. */
export const partitionOf = (module: string) => (module ? `records__${module}` : 'records__default');

/** The name of the partition's unique index of request keys (a create sent twice: records/service.ts). */
export const requestKeyIndexOf = (module: string) => `${partitionOf(module)}_request_key`;

/** The partition of `module` as a statement names it (quoted: module keys are camelCase). */
export const partitionTable = (module: string) => `"${partitionOf(module).replace(/"/g, '""')}"`;

/**
 * The statements that make each module's partition. The application's role reaches records through the partitioned
 * table only (where row-level security applies), so it is given no right on a partition itself.
 */
export function partitionStatements(modules: string[]): string[] {
  return [...new Set(modules)].flatMap((m) => {
    const t = partitionTable(m);
    return [
      `CREATE TABLE IF NOT EXISTS ${t} PARTITION OF records ${m ? `FOR VALUES IN (${literal(m)})` : 'DEFAULT'}`,
      `REVOKE ALL ON ${t} FROM yiguan_app`,
      // The partition's copy of records_request_key gets a name a violation can be known by (PostgreSQL generates one
      // from the columns, and under row-level security the error's detail does not name them).
      `DO $$ DECLARE n text; BEGIN
        SELECT c.relname INTO n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_index x ON x.indexrelid = c.oid
         WHERE i.inhparent = 'records_request_key'::regclass AND x.indrelid = ${literal(t)}::regclass;
        IF n IS DISTINCT FROM ${literal(requestKeyIndexOf(m))} THEN EXECUTE format('ALTER INDEX %I RENAME TO %I', n, ${literal(requestKeyIndexOf(m))}); END IF;
      END $$`,
    ];
  });
}

/**
 * The module as a statement names it: a literal, so that every plan of the statement, cached or not, is pruned to the
 * module's partition when it is made. As a parameter, PostgreSQL would plan it again at every run (a cached generic plan
 * would have to lock every partition), which on PGlite costs more than the statement. Module keys are the registry's own.
 */
export const partitionKey = (module: string) => sql.lit(module);

/** Any constant will do: one server process at a time makes partitions. */
const PARTITION_LOCK = 7_140_616;

/**
 * Makes the partitions missing for `modules`. Rows a module already has in the DEFAULT partition (written before its
 * partition existed) move into the new one in the same transaction, unlogged by the audit trail: they are not changes.
 */
export async function ensureRecordPartitions(db: Kysely<Database>, modules: string[]): Promise<void> {
  const present = new Set(
    (
      await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'records'::regclass`.execute(db)
    ).rows.map((r) => r.name),
  );
  const missing = ['', ...modules].filter((m) => !present.has(partitionOf(m)));
  for (const m of missing) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
      const strays =
        m && present.has(partitionOf(''))
          ? (await sql<{ n: number }>`SELECT count(*)::int AS n FROM records__default WHERE module = ${m}`.execute(trx))
              .rows[0].n
          : 0;
      if (!strays) {
        for (const stmt of partitionStatements([m])) await sql.raw(stmt).execute(trx);
        return;
      }
      await sql`SELECT set_config('app.audit', 'off', true)`.execute(trx);
      await sql.raw('ALTER TABLE records DETACH PARTITION records__default').execute(trx);
      for (const stmt of partitionStatements([m])) await sql.raw(stmt).execute(trx);
      await sql`INSERT INTO records (${sql.raw(COPIED)}) SELECT ${sql.raw(COPIED)} FROM records__default WHERE module = ${m}`.execute(
        trx,
      );
      await sql`DELETE FROM records__default WHERE module = ${m}`.execute(trx);
      await sql.raw('ALTER TABLE records ATTACH PARTITION records__default DEFAULT').execute(trx);
    });
  }
}

/** Every stored column of records (`search` is generated from data). */
export const COPIED =
  'id, tenant_code, module, code, status, data, lines, category_id, created_by, created_at, updated_at, deleted_at, request_key';
