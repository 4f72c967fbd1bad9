import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// Operation guidance (operation/findOperationGuidance and /updateOperationGuidance): the help
// text and tips image a team shows for one module under the tab bar's 帮助. One row per team and module; team
// admins write it, every member reads it. Row-level security like the other team tables.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE operation_guidance (
      tenant_code text NOT NULL REFERENCES tenants(tenant_code),
      module text NOT NULL,
      help_text text NOT NULL DEFAULT '',
      tips_image text,
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_code, module)
    );
    GRANT SELECT, INSERT, UPDATE, DELETE ON operation_guidance TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'operation_guidance');
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE operation_guidance`);
}
