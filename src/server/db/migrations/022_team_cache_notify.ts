import type { Kysely } from 'kysely';
import { runSql } from './run-sql';

// Every write reads the team's dictionaries (labels beside dictionary-backed values), its members' names (the
// teamMembers dictionary) and the caller's department, admin flag and the team's owner (records/visibility.ts
// callerRefs). These are cached (db/cache-bus.ts), so their tables notify too, with the function of migration 020:
// dictionaries and memberships on any change; users when a name changes or a user goes; tenants when the owner
// changes or a team goes. The columns are those the caches read (cache-bus.ts READ_COLUMNS): a login's counters or
// a password change notify nobody.
export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TRIGGER dictionaries_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON dictionaries FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('dictionaries');
    CREATE TRIGGER memberships_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('memberships');
    CREATE TRIGGER users_cache_update AFTER UPDATE ON users FOR EACH ROW
      WHEN (OLD.nick_name IS DISTINCT FROM NEW.nick_name OR OLD.id IS DISTINCT FROM NEW.id)
      EXECUTE FUNCTION yg_cache_notify('users');
    CREATE TRIGGER users_cache_delete AFTER DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('users');
    CREATE TRIGGER tenants_cache_update AFTER UPDATE ON tenants FOR EACH ROW
      WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.tenant_code IS DISTINCT FROM NEW.tenant_code)
      EXECUTE FUNCTION yg_cache_notify('tenants');
    CREATE TRIGGER tenants_cache_delete AFTER DELETE OR TRUNCATE ON tenants FOR EACH STATEMENT EXECUTE FUNCTION yg_cache_notify('tenants')
  `,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    DROP TRIGGER dictionaries_cache ON dictionaries;
    DROP TRIGGER memberships_cache ON memberships;
    DROP TRIGGER users_cache_update ON users;
    DROP TRIGGER users_cache_delete ON users;
    DROP TRIGGER tenants_cache_update ON tenants;
    DROP TRIGGER tenants_cache_delete ON tenants
  `,
  );
}
