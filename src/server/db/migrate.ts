import { Migrator, sql, type Migration, type MigrationProvider, type Kysely } from 'kysely';
import * as m001 from './migrations/001_accounts';
import * as m002 from './migrations/002_teams';
import * as m003 from './migrations/003_records';
import * as m004 from './migrations/004_approvals';
import * as m005 from './migrations/005_list_speed';
import * as m006 from './migrations/006_record_keys';
import * as m007 from './migrations/007_dictionary_edits';
import * as m008 from './migrations/008_effects';
import * as m009 from './migrations/009_stock_ledger';
import * as m010 from './migrations/010_operation_guidance';
import * as m011 from './migrations/011_backstage';
import * as m012 from './migrations/012_client_limits';
import * as m013 from './migrations/013_audit_log';
import * as m014 from './migrations/014_platform_catalogue';
import * as m015 from './migrations/015_user_manage';
import * as m016 from './migrations/016_request_keys';
import * as m017 from './migrations/017_stock_reservations';
import * as m018 from './migrations/018_notifications';
import { copyBackfill } from './migrations/019_copy_backfill';
import * as m020 from './migrations/020_cache_notify';
import * as m021 from './migrations/021_keyword_search';
import * as m022 from './migrations/022_team_cache_notify';
import * as m023 from './migrations/023_keyword_inline';
import * as m024 from './migrations/024_record_search_text';
import * as m026 from './migrations/026_least_privilege_roles';
import * as m027 from './migrations/027_record_files';
import * as m028 from './migrations/028_company_accounts';
import * as m029 from './migrations/029_team_keys';
import * as m030 from './migrations/030_session_write_lsn';
import * as m031 from './migrations/031_records_by_module';
import type { DataSteps } from './data-steps';

// Migrations are listed in code (not read from a folder) so bundlers and tsx see the same set.
const migrationsWith = (steps: Partial<DataSteps>): Record<string, Migration> => ({
  '001_accounts': m001,
  '002_teams': m002,
  '003_records': m003,
  '004_approvals': m004,
  '005_list_speed': m005,
  '006_record_keys': m006,
  '007_dictionary_edits': m007,
  '008_effects': m008,
  '009_stock_ledger': m009,
  '010_operation_guidance': m010,
  '011_backstage': m011,
  '012_client_limits': m012,
  '013_audit_log': m013,
  '014_platform_catalogue': m014,
  '015_user_manage': m015,
  '016_request_keys': m016,
  '017_stock_reservations': m017,
  '018_notifications': m018,
  '019_copy_backfill': copyBackfill(steps),
  '020_cache_notify': m020,
  '021_keyword_search': m021,
  '022_team_cache_notify': m022,
  '023_keyword_inline': m023,
  '024_record_search_text': m024,
  '026_least_privilege_roles': m026,
  '027_record_files': m027,
  '028_company_accounts': m028,
  '029_team_keys': m029,
  '030_session_write_lsn': m030,
  '031_records_by_module': m031,
});

const NAMES = Object.keys(migrationsWith({}));

/** Whether every migration is already recorded: one small query instead of the migrator's catalogue
 * introspection and lock round trips, which cost seconds at each start of a PGlite data folder. */
async function upToDate(db: Kysely<any>): Promise<boolean> {
  const table = await sql<{ ok: boolean }>`SELECT to_regclass('public.kysely_migration') IS NOT NULL AS ok`.execute(db);
  if (!table.rows[0]?.ok) return false;
  const done = new Set(
    (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db)).rows.map((r) => r.name),
  );
  return NAMES.every((name) => done.has(name));
}

/** `steps`: what the data migrations need of the application (data-steps.ts). */
export async function migrateToLatest(db: Kysely<any>, steps: Partial<DataSteps> = {}): Promise<void> {
  if (await upToDate(db)) return;
  const provider: MigrationProvider = { getMigrations: async () => migrationsWith(steps) };
  // Unordered: migration numbers are reserved per capability, so 007 may land after 008 already ran on a
  // data folder; each migration touches its own tables, so their order between themselves does not matter.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
}
