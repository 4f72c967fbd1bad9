import { sql, type Kysely } from 'kysely';

/**
 * Runs a block of DDL one statement at a time: PGlite's query path uses the extended protocol,
 * which accepts a single statement per call. Statements are separated by a semicolon at line end.
 */
export async function runSql(db: Kysely<any>, text: string): Promise<void> {
  for (const stmt of text.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(stmt).execute(db);
  }
}
