import { sql, type Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// Lists at a million rows. A count per team × module kept in the same transaction as every insert and
// delete answers 共 N 条 of an unfiltered list without counting. Under row-level security PostgreSQL only
// pushes a filter into an index scan when its functions are LEAKPROOF; the jsonb field access, our numeric
// cast and the numeric/text comparisons raise no data-dependent errors, so a superuser marks them so.
// Without the privilege (a managed database) the lists stay correct, only filters scan more.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE record_counts (
      tenant_code text NOT NULL,
      module text NOT NULL,
      n bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_code, module)
    );
    INSERT INTO record_counts (tenant_code, module, n)
      SELECT tenant_code, module, count(*) FROM records WHERE deleted_at IS NULL GROUP BY tenant_code, module;
    GRANT SELECT, INSERT, UPDATE ON record_counts TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'record_counts');
  // One statement (runSql would split it at its semicolons).
  // yg_num becomes PL/pgSQL so the planner calls it rather than inlining its regex and cast (which are not
  // leakproof); the indexes built on it stay valid, its result is the same.
  await sql
    .raw(`DO $$ BEGIN
    CREATE OR REPLACE FUNCTION yg_num(v text) RETURNS numeric LANGUAGE plpgsql IMMUTABLE LEAKPROOF PARALLEL SAFE AS $f$
      BEGIN RETURN CASE WHEN v ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN v::numeric END; END $f$;
    ALTER FUNCTION jsonb_object_field_text(jsonb, text) LEAKPROOF;
    ALTER FUNCTION numeric_eq(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ne(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_lt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_le(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_gt(numeric, numeric) LEAKPROOF;
    ALTER FUNCTION numeric_ge(numeric, numeric) LEAKPROOF;
    EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'not a superuser: list filters will not use expression indexes under row-level security';
  END $$`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE record_counts`);
}
