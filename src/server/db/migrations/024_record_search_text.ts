import { sql, type Kysely } from 'kysely';

// A list's keyword search that matches many rows walks the order's index and tests each row it reads
// (records/repository.ts whereSql): about six rows per match for a word in one record of six. Turning the record's
// JSON into text for that test (jsonb_out: every string escaped, every number formatted) was most of PostgreSQL's time
// for such a page. `search` is that text, kept by PostgreSQL as the record is written (a generated column: no code
// can forget it), so the walk compares stored text instead. It costs the text's size again per record (~300 bytes
// for a reimbursement), and the statements that read whole rows name their columns (repository.ts RECORD_COLUMNS)
// so that it is never sent. The audit log already leaves a column of this name out (013).
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`ALTER TABLE records ADD COLUMN IF NOT EXISTS search text GENERATED ALWAYS AS (data::text) STORED`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`ALTER TABLE records DROP COLUMN IF EXISTS search`).execute(db);
}
