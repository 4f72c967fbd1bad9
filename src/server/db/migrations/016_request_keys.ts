import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// A new record may carry the key of the request that made it (the drawer's 提交 sends one key per opening): the
// same request sent again — a double click, a retry after a lost answer — answers the record it made instead of
// making a second one. One live record per team, module, creator and key.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE records ADD COLUMN request_key text;
    CREATE UNIQUE INDEX records_request_key ON records (tenant_code, module, created_by, request_key)
      WHERE request_key IS NOT NULL AND deleted_at IS NULL
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    DROP INDEX records_request_key;
    ALTER TABLE records DROP COLUMN request_key
  `,
  );
}
