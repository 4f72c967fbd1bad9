import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Teams: module packages, roles, invitations, the per-session menu cache, uploaded files.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE tenants ADD COLUMN modules text[] NOT NULL DEFAULT '{}';
    ALTER TABLE tenants ADD COLUMN mode text NOT NULL DEFAULT 'standard';
    ALTER TABLE sessions ADD COLUMN acl jsonb;
    ALTER TABLE memberships ADD COLUMN decided_by bigint REFERENCES users(id);
    CREATE INDEX memberships_status ON memberships (tenant_code, status);
    CREATE TABLE roles (
      id bigserial PRIMARY KEY,
      tenant_code text NOT NULL REFERENCES tenants(tenant_code),
      role_name text NOT NULL,
      role_key text NOT NULL,
      menus text[] NOT NULL DEFAULT '{}',
      permissions text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (tenant_code, role_key)
    );
    CREATE TABLE user_roles (
      tenant_code text NOT NULL,
      user_id bigint NOT NULL REFERENCES users(id),
      role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      PRIMARY KEY (tenant_code, user_id, role_id)
    );
    CREATE TABLE tenant_invites (
      code text PRIMARY KEY,
      tenant_code text NOT NULL REFERENCES tenants(tenant_code),
      created_by bigint NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE TABLE files (
      id bigserial PRIMARY KEY,
      tenant_code text,
      uploaded_by bigint NOT NULL REFERENCES users(id),
      sha256 text NOT NULL,
      mime text NOT NULL,
      size bigint NOT NULL,
      file_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX files_tenant ON files (tenant_code, id);
    CREATE SEQUENCE tenant_code_seq START 2;
    CREATE TABLE bank_cards (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id),
      bank_name text NOT NULL,
      bank_card_no text NOT NULL,
      account_name text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `DROP TABLE bank_cards, files, tenant_invites, user_roles, roles;
    DROP SEQUENCE tenant_code_seq`,
  );
}
