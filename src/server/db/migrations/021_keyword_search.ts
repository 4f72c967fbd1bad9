import { sql, type Kysely } from 'kysely';

// A list's keyword search (`code ILIKE '%kw%' OR data::text ILIKE '%kw%'`, records/repository.ts) at a million rows.
// - Rare keywords: a trigram index per module (records/query.ts indexStatements: GIN over the team, code and
//   data::text) finds the few rows instead of scanning the team's. pg_trgm gives the trigrams, btree_gin lets the team
//   be the index's first column (the bitmap holds one team's matches, not every team's). Both are trusted extensions
//   (PostgreSQL 13+: the database owner may create them); PGlite loads them with the database (db/index.ts).
// - Under row-level security PostgreSQL uses an index for a condition only when every function in it is LEAKPROOF
//   (otherwise the policy must be applied first, row by row): ILIKE on text (texticlike) and the jsonb → text cast
//   (jsonb_out, then textin). None raises an error that depends on a row's value (the pattern is the server's own
//   escaped constant), so a superuser marks them so, as 005 did for the numeric comparisons.
// - Common keywords: yg_keyword is the same match as one opaque call, which the planner estimates as a third of the
//   rows, so that a list whose keyword matches many rows reads the order's index until the page is full instead of
//   gathering every match and sorting them (the planner's own estimate of a '%…%' pattern is a few rows whatever it is).
//   The server picks the form from the list's counted total (repository.ts pageRecords).
// Without the extensions or the privilege the search stays the scan it was (same answers): the trigram indexes are
// then not built, and the server says so at start (records/indexes.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm or btree_gin not available (%): keyword searches will scan the team''s rows', SQLERRM;
  END $$`)
    .execute(db);
  await sql
    .raw(`DO $$ BEGIN
    ALTER FUNCTION texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION jsonb_out(jsonb) LEAKPROOF;
    ALTER FUNCTION textin(cstring) LEAKPROOF;
    EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'not a superuser: keyword searches will not use trigram indexes under row-level security';
  END $$`)
    .execute(db);
  await sql
    .raw(`CREATE OR REPLACE FUNCTION yg_keyword(code text, data jsonb, pattern text) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $f$
    BEGIN RETURN code ILIKE pattern OR data::text ILIKE pattern; END $f$`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The extensions and the functions' marks stay: they change no answer.
  await sql.raw(`DROP FUNCTION IF EXISTS yg_keyword(text, jsonb, text)`).execute(db);
}
