import { sql, type Kysely } from 'kysely';
import { runSql } from './run-sql';
import { DEFAULT_PACKAGES, MODULES } from '../../modules/menu/catalogue';
import defaults from '../../../../catalogue/industries.json';

// The platform catalogue (模块设置, 模式管理, 行业模块). Platform tables, not
// team-scoped (no row-level security; only platform administrators write them, checked by the routes):
// - platform_modules: edits of the module catalogue (catalogue/modules.json stays the source of defaults; a row
//   holds the edited values of one module, a null column keeps the file's value).
// - platform_modes: modes (应用包), packages of modules offered to one team type.
// - platform_grants: which mode a team holds, for which period, at which stage (试用/正式/停用; 已到期 is not
//   stored, it is read from the period). One row per team.
// - platform_industries: industries, the default mode and seed dictionaries of a new team in each.
// tenants.industry_code: the industry a team was created in. Every existing team is granted its type's standard
// mode (正式, no end), so menus read the grant from now on. All four tables are audit-logged (yg_audit).
export const PLATFORM_TABLES = ['platform_modules', 'platform_modes', 'platform_grants', 'platform_industries'];

export async function up(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE platform_modules (
      module_key text PRIMARY KEY,
      menu_name text,
      menu_path text UNIQUE,
      parent_key text,
      group_key text,
      menu_icon text,
      abbr text,
      mobile_name text,
      sequence int,
      enabled boolean NOT NULL DEFAULT true,
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE platform_modes (
      id bigserial PRIMARY KEY,
      mode_name text NOT NULL,
      mode_type text NOT NULL CHECK (mode_type IN ('individual', 'enterprise')),
      industry_ids bigint[] NOT NULL DEFAULT '{}',
      module_ids text[] NOT NULL DEFAULT '{}',
      user_limit int,
      valid_days int,
      price numeric(14, 2),
      enabled boolean NOT NULL DEFAULT true,
      sort int NOT NULL DEFAULT 0,
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE platform_industries (
      id bigserial PRIMARY KEY,
      industry_name text NOT NULL UNIQUE,
      industry_code text NOT NULL UNIQUE,
      default_mode_id bigint REFERENCES platform_modes(id),
      module_ids text[] NOT NULL DEFAULT '{}',
      seed_dicts text[] NOT NULL DEFAULT '{}',
      sort int NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE platform_grants (
      tenant_code text PRIMARY KEY REFERENCES tenants(tenant_code),
      mode_id bigint NOT NULL REFERENCES platform_modes(id),
      period_start date NOT NULL,
      period_end date,
      stage text NOT NULL CHECK (stage IN ('试用', '正式', '停用')),
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE tenants ADD COLUMN industry_code text;
    GRANT SELECT, INSERT, UPDATE, DELETE ON platform_modules, platform_modes, platform_industries, platform_grants TO yiguan_app;
    GRANT USAGE, SELECT ON SEQUENCE platform_modes_id_seq, platform_industries_id_seq TO yiguan_app
  `,
  );
  // Default modes: the standard package of each team type, and one without the props group for trades that
  // do not make props (装修工程, 通用企业).
  const noProps = DEFAULT_PACKAGES.enterprise.filter((k) => MODULES.find((m) => m.key === k)?.group !== 'props');
  const modes: [string, string, string[], number][] = [
    ['企业标准版', 'enterprise', DEFAULT_PACKAGES.enterprise, 1],
    ['个人标准版', 'individual', DEFAULT_PACKAGES.individual, 2],
    ['工程通用版', 'enterprise', noProps, 3],
  ];
  // Literal arrays of catalogue keys and dictionary set names (validated identifiers and fixed words).
  const arr = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x}'`).join(',')}]::text[]`);
  const ids: Record<string, number> = {};
  for (const [name, type, modules, sort] of modes) {
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO platform_modes (mode_name, mode_type, module_ids, user_limit, valid_days, price, sort)
      VALUES (${name}, ${type}, ${arr(modules)}, ${type === 'individual' ? 5 : 200}, 365, ${type === 'individual' ? 0 : 4800}, ${sort}) RETURNING id`.execute(
      db,
    );
    ids[name] = Number(rows[0].id);
  }
  const known = new Set(MODULES.map((m) => m.key));
  for (const [i, { name, code, mode, seedDicts: dicts, modules: recommended }] of defaults.industries.entries()) {
    const sort = i + 1;
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO platform_industries (industry_name, industry_code, default_mode_id, seed_dicts, module_ids, sort)
      VALUES (${name}, ${code}, ${ids[mode]}, ${arr(dicts)}, ${arr(recommended.filter((k) => known.has(k)))}, ${sort}) RETURNING id`.execute(
      db,
    );
    // The mode's 适用行业: the industries it is the default of.
    await sql`UPDATE platform_modes SET industry_ids = industry_ids || ${Number(rows[0].id)}::bigint WHERE id = ${ids[mode]}`.execute(
      db,
    );
  }
  await sql`INSERT INTO platform_grants (tenant_code, mode_id, period_start, stage)
    SELECT tenant_code, CASE tenant_type WHEN 'individual' THEN ${ids['个人标准版']}::bigint ELSE ${ids['企业标准版']}::bigint END, created_at::date, '正式' FROM tenants`.execute(
    db,
  );
  for (const table of PLATFORM_TABLES) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_audit AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION yg_audit()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await runSql(
    db,
    `
    DROP TABLE platform_grants;
    DROP TABLE platform_industries;
    DROP TABLE platform_modes;
    DROP TABLE platform_modules;
    ALTER TABLE tenants DROP COLUMN industry_code
  `,
  );
}
