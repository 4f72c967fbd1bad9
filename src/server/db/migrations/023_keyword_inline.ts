import { sql, type Kysely } from 'kysely';

// The keyword walk (records/repository.ts whereSql) no longer calls migration 021's yg_keyword per row: the same match
// is written inline as a CASE, which the planner estimates as opaquely (half the rows) without a PL/pgSQL call per
// row read, and which uses LIKE for a word without a case (ILIKE lower-cases every row's whole text). The function
// goes, so that nobody takes it for the query's.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`DROP FUNCTION IF EXISTS yg_keyword(text, jsonb, text)`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`CREATE OR REPLACE FUNCTION yg_keyword(code text, data jsonb, pattern text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    BEGIN RETURN code ILIKE pattern OR data::text ILIKE pattern; END $f$`)
    .execute(db);
}
