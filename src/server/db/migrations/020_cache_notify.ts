import { sql, type Kysely } from 'kysely';
import { runSql } from './run-sql';

// The caches of rows read on every call (db/cache-bus.ts) hear of a change committed by any server process:
// NOTIFY yg_cache '<table>' when a transaction that changed a session (ended, moved to another team, its
// permissions dropped or recomputed, its clock set back) or a field-tuning set commits. PostgreSQL sends a
// notification once per transaction and payload, at commit, and never for a transaction rolled back. A session's
// once-a-minute last_seen_at touch (forward) notifies nobody. Any write of records notifies too: the lists' kept
// totals and page boundaries (records/repository.ts) hold only while a module's records stay as they were.
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`CREATE OR REPLACE FUNCTION yg_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN PERFORM pg_notify('yg_cache', TG_ARGV[0]); RETURN NULL; END $f$`)
    .execute(db);
  await runSql(
    db,
    `
    CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions FOR EACH ROW
      WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.tenant_code IS DISTINCT FROM NEW.tenant_code
        OR OLD.acl IS DISTINCT FROM NEW.acl OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
        OR NEW.expires_at < OLD.expires_at OR NEW.last_seen_at < OLD.last_seen_at OR OLD.remember IS DISTINCT FROM NEW.remember)
      EXECUTE FUNCTION yg_cache_notify('sessions');
    CREATE TRIGGER sessions_cache_delete AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('sessions');
    CREATE TRIGGER field_options_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON field_options FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('field_options');
    CREATE TRIGGER records_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON records FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('records')
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    DROP TRIGGER sessions_cache_update ON sessions;
    DROP TRIGGER sessions_cache_delete ON sessions;
    DROP TRIGGER field_options_cache ON field_options;
    DROP TRIGGER records_cache ON records;
    DROP FUNCTION yg_cache_notify()
  `,
  );
}
