import { sql, type Kysely } from 'kysely';
import { runSql, tenantPolicy } from './run-sql';
import { linkNamedFiles } from '../record-files';

// Which records hold a file: one row per team, file and record, written in the transaction that saves the file
// into the record (db/record-files.ts). The file route reads a file's rows by its primary key's prefix and lets
// through those who may open one of the records (files/access.ts). Existing records get their links here, each
// team with its own app.tenant so that row-level security admits them whatever role runs the migration.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE record_files (
      tenant_code text NOT NULL,
      file_id bigint NOT NULL,
      record_id bigint NOT NULL,
      PRIMARY KEY (tenant_code, file_id, record_id)
    );
    GRANT SELECT, INSERT ON record_files TO yiguan_app
  `,
  );
  await tenantPolicy(db, 'record_files');
  const teams = (await sql<{ tenant_code: string }>`SELECT tenant_code FROM tenants ORDER BY tenant_code`.execute(db))
    .rows;
  for (const { tenant_code: tenant } of teams) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.tenant', ${tenant}, true)`.execute(trx);
      await linkNamedFiles(trx, tenant);
    });
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(db, `DROP TABLE record_files`);
}
