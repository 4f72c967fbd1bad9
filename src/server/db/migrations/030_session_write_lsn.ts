import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Where each session's last write ends in the primary's WAL, for the read replica's routing (db/replica.ts): kept in
// the session's row because every server process reads that row on each call. Written only while a replica is in use.
// The row's cached copies in the other processes must go when it changes, or they would route the session's next
// read to a replica that lacks its write: the sessions trigger (020) notifies on this column too.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE sessions ADD COLUMN wrote_lsn pg_lsn;
    DROP TRIGGER sessions_cache_update ON sessions;
    CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions FOR EACH ROW
      WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.tenant_code IS DISTINCT FROM NEW.tenant_code
        OR OLD.acl IS DISTINCT FROM NEW.acl OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
        OR NEW.expires_at < OLD.expires_at OR NEW.last_seen_at < OLD.last_seen_at OR OLD.remember IS DISTINCT FROM NEW.remember
        OR OLD.wrote_lsn IS DISTINCT FROM NEW.wrote_lsn)
      EXECUTE FUNCTION yg_cache_notify('sessions')
  `,
  );
}
