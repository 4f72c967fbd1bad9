import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// Approvals that every team configures: process templates and bindings now live in the generic record store
// (their own page schemas), so the per-module definition table goes. Instances keep a snapshot of the version
// they started with. Department leaders sit on the dept dictionary nodes; cc rows and record events (stage
// actions, automatic passes) join the timeline.
const TENANT_TABLES = ['process_cc', 'record_events'];

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    DROP TABLE process_definitions;
    ALTER TABLE dictionaries ADD COLUMN leader_id bigint;
    ALTER TABLE process_instances ADD COLUMN applicant_id bigint;
    ALTER TABLE process_instances ADD COLUMN creator_id bigint;
    CREATE UNIQUE INDEX process_instances_running ON process_instances (tenant_code, record_id) WHERE status = 'running';
    CREATE TABLE process_cc (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      instance_id bigint NOT NULL REFERENCES process_instances(id),
      record_id bigint NOT NULL,
      user_id bigint NOT NULL,
      step_index int NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (tenant_code, instance_id, user_id)
    );
    CREATE INDEX process_cc_user ON process_cc (tenant_code, user_id, record_id);
    CREATE TABLE record_events (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      record_id bigint NOT NULL,
      kind text NOT NULL,
      name text NOT NULL,
      user_id bigint,
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      -- clock time, not the transaction's start: events of one transaction keep their order.
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX record_events_record ON record_events (tenant_code, record_id, id);
    GRANT SELECT, INSERT, UPDATE, DELETE ON process_cc, record_events TO yiguan_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yiguan_app
  `,
  );
  for (const t of TENANT_TABLES) await tenantPolicy(db, t);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE process_cc, record_events`);
}
