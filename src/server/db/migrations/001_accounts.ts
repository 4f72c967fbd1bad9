import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      username text NOT NULL UNIQUE,
      mobile text NOT NULL UNIQUE,
      nick_name text NOT NULL,
      avatar text,
      password_hash text NOT NULL,
      status text NOT NULL DEFAULT 'active',
      failed_logins int NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users(id),
      tenant_code text,
      remember boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_user ON sessions (user_id);
    CREATE TABLE sms_codes (
      id bigserial PRIMARY KEY,
      mobile text NOT NULL,
      scene text NOT NULL,
      code_hash text NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX sms_codes_mobile ON sms_codes (mobile, created_at DESC);
    CREATE TABLE qr_logins (
      ticket text PRIMARY KEY,
      status text NOT NULL DEFAULT 'pending',
      user_id bigint REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE TABLE tenants (
      tenant_code text PRIMARY KEY,
      tenant_name text NOT NULL,
      tenant_type text NOT NULL,
      logo_url text,
      owner_id bigint NOT NULL REFERENCES users(id),
      status text NOT NULL DEFAULT 'active',
      verification jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE memberships (
      tenant_code text NOT NULL REFERENCES tenants(tenant_code),
      user_id bigint NOT NULL REFERENCES users(id),
      status text NOT NULL,
      is_admin boolean NOT NULL DEFAULT false,
      remark text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_code, user_id)
    );
    CREATE INDEX memberships_user ON memberships (user_id);
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, 'DROP TABLE memberships, tenants, qr_logins, sms_codes, sessions, users');
}
