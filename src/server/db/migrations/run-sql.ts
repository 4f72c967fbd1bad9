import { sql, type Kysely } from 'kysely';

/**
 * Runs a block of DDL one statement at a time: PGlite's query path uses the extended protocol,
 * which accepts a single statement per call. Statements are separated by a semicolon at line end.
 */
export async function runSql(db: Kysely<any>, text: string): Promise<void> {
  for (const stmt of text
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(stmt).execute(db);
  }
}

/** Row-level security on a tenant-owned table: rows of other tenants are neither seen nor written. */
export async function tenantPolicy(db: Kysely<any>, table: string): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
    ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
    CREATE POLICY ${table}_tenant ON ${table}
      USING (tenant_code = current_setting('app.tenant', true))
      WITH CHECK (tenant_code = current_setting('app.tenant', true))
  `,
  );
}

/**
 * Runs `fn` in a transaction: the migration's own when the migrator runs migrations in one (on PostgreSQL it
 * does, and Kysely refuses a transaction inside a transaction), else a new one, so a transaction-local setting
 * such as app.tenant holds for what `fn` writes either way.
 */
export async function inTransaction<T>(db: Kysely<any>, fn: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
