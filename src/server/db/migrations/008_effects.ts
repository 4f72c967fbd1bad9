import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// What the page-schema language's defaults, effects and noOverlap rules need in the database:
// - memberships.dept_id: a member's department, for the `currentDept` default.
// - record_effects: one row per effect an event ran (source record, effect key, occurrence), so running a
//   transition's effects twice cannot create or append twice (the primary key refuses the replay).
// - record_periods: the periods records hold under a noOverlap rule; an exclusion constraint over
//   (resource, tstzrange) refuses an overlapping second holder, concurrent writers included (btree_gist
//   lets the text columns take part in the GiST index).
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS btree_gist;
    ALTER TABLE memberships ADD COLUMN dept_id bigint;
    CREATE TABLE record_effects (
      tenant_code text NOT NULL,
      source_id bigint NOT NULL,
      effect_key text NOT NULL,
      occurrence text NOT NULL,
      target_ids bigint[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_code, source_id, effect_key, occurrence)
    );
    GRANT SELECT, INSERT ON record_effects TO yiguan_app;
    CREATE TABLE record_periods (
      tenant_code text NOT NULL,
      module text NOT NULL,
      rule int NOT NULL,
      resource text NOT NULL,
      period tstzrange NOT NULL,
      record_id bigint NOT NULL,
      EXCLUDE USING gist (tenant_code WITH =, module WITH =, rule WITH =, resource WITH =, period WITH &&)
    );
    CREATE INDEX record_periods_record ON record_periods (tenant_code, record_id);
    GRANT SELECT, INSERT, UPDATE, DELETE ON record_periods TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'record_effects');
  await tenantPolicy(db, 'record_periods');
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE record_periods; DROP TABLE record_effects; ALTER TABLE memberships DROP COLUMN dept_id`);
}
