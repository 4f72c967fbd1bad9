import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Backstage:
// - roles.data_scope: which records a role's holders see — all (全部), deptTree (本部门及下级), dept (本部门),
//   self (仅本人). A user's widest role wins; team admins and the owner see all. Enforced in SQL by the record
//   calls (records/data-scope.ts), cached with the session ACL.
// - users.is_platform_admin: a platform administrator writes platform-wide defaults (the field-options page without a team).
// - field_options: per module × team (tenant_code NULL = platform default) field overrides, versioned: each save is
//   a new row holding the whole override set; rollback writes a new version equal to an old one. Like roles, a
//   platform table read and written with explicit tenant filters (platform rows have no team, so no team policy).
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE roles ADD COLUMN data_scope text NOT NULL DEFAULT 'all' CHECK (data_scope IN ('all', 'deptTree', 'dept', 'self'));
    ALTER TABLE users ADD COLUMN is_platform_admin boolean NOT NULL DEFAULT false;
    CREATE TABLE field_options (
      id bigserial PRIMARY KEY,
      tenant_code text REFERENCES tenants(tenant_code),
      module text NOT NULL,
      version int NOT NULL,
      overrides jsonb NOT NULL,
      note text,
      created_by bigint NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX field_options_version ON field_options (coalesce(tenant_code, ''), module, version);
    GRANT SELECT, INSERT ON field_options TO yiguan_app;
    GRANT USAGE, SELECT ON SEQUENCE field_options_id_seq TO yiguan_app
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `DROP TABLE field_options; ALTER TABLE users DROP COLUMN is_platform_admin; ALTER TABLE roles DROP COLUMN data_scope`,
  );
}
