import type { Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';

// Uniqueness rules a page schema declares (e.g. one default binding per module): each record's keys live
// here under a primary key, written in the record's own transaction, so the database itself refuses a
// second holder, concurrent writers included.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE record_keys (
      tenant_code text NOT NULL,
      module text NOT NULL,
      rule int NOT NULL,
      key text NOT NULL,
      record_id bigint NOT NULL,
      PRIMARY KEY (tenant_code, module, rule, key)
    );
    CREATE INDEX record_keys_record ON record_keys (tenant_code, record_id);
    GRANT SELECT, INSERT, UPDATE, DELETE ON record_keys TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'record_keys');
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE record_keys`);
}
