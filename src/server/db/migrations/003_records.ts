import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// Generic business records, categories, dictionaries and the approval workflow, all tenant-owned and
// behind row-level security: the second wall after the repositories' own tenant filters.
const TENANT_TABLES = [
  'records',
  'record_sequences',
  'categories',
  'dictionaries',
  'process_definitions',
  'process_instances',
  'tasks',
];

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE records (
      id bigserial PRIMARY KEY,
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
      UNIQUE (tenant_code, module, code)
    );
    CREATE FUNCTION yg_num(v text) RETURNS numeric LANGUAGE sql IMMUTABLE AS $f$ SELECT CASE WHEN v ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN v::numeric END $f$;
    CREATE INDEX records_list ON records (tenant_code, module, created_at DESC) WHERE deleted_at IS NULL;
    CREATE INDEX records_category ON records (tenant_code, module, category_id) WHERE deleted_at IS NULL;
    CREATE TABLE record_sequences (
      tenant_code text NOT NULL,
      prefix text NOT NULL,
      day text NOT NULL,
      last int NOT NULL,
      PRIMARY KEY (tenant_code, prefix, day)
    );
    CREATE TABLE categories (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      module text NOT NULL,
      parent_id bigint,
      name text NOT NULL,
      sort int NOT NULL DEFAULT 0,
      locked boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX categories_module ON categories (tenant_code, module, parent_id, sort);
    CREATE TABLE dictionaries (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      field_key text NOT NULL,
      parent_id bigint,
      dict_name text NOT NULL,
      dict_code text,
      dict_img text,
      dict_icon text,
      sort int NOT NULL DEFAULT 0,
      status int NOT NULL DEFAULT 1
    );
    CREATE INDEX dictionaries_key ON dictionaries (tenant_code, field_key, sort);
    CREATE TABLE process_definitions (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      module text NOT NULL,
      name text NOT NULL,
      steps jsonb NOT NULL,
      allow_self_approve boolean NOT NULL DEFAULT false,
      enabled boolean NOT NULL DEFAULT true,
      UNIQUE (tenant_code, module)
    );
    CREATE TABLE process_instances (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      module text NOT NULL,
      record_id bigint NOT NULL,
      definition jsonb NOT NULL,
      originator_id bigint NOT NULL,
      status text NOT NULL,
      current_step int NOT NULL DEFAULT 0,
      money numeric,
      created_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz
    );
    CREATE INDEX process_instances_record ON process_instances (tenant_code, record_id, id DESC);
    CREATE INDEX process_instances_originator ON process_instances (tenant_code, originator_id, id DESC);
    CREATE TABLE tasks (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL,
      instance_id bigint NOT NULL REFERENCES process_instances(id),
      step_index int NOT NULL,
      step_name text NOT NULL,
      assignee_id bigint NOT NULL,
      status text NOT NULL DEFAULT 'open',
      comments text,
      created_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz
    );
    CREATE INDEX tasks_assignee ON tasks (tenant_code, assignee_id, status, id DESC);
    CREATE INDEX tasks_instance ON tasks (tenant_code, instance_id);
    DO $$ BEGIN CREATE ROLE yiguan_app NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
    GRANT yiguan_app TO CURRENT_USER;
    GRANT USAGE ON SCHEMA public TO yiguan_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO yiguan_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yiguan_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO yiguan_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO yiguan_app
  `,
  );
  for (const t of TENANT_TABLES) await tenantPolicy(db, t);
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `DROP TABLE tasks, process_instances, process_definitions, dictionaries, categories, record_sequences, records`,
  );
}
