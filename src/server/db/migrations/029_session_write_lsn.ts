import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Where each session's last write ends in the primary's WAL, for the read replica's routing (db/replica.ts): kept in
// the session's row because every server process reads that row on each call. Written only while a replica is in use.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(db, `ALTER TABLE sessions ADD COLUMN wrote_lsn pg_lsn`);
}
