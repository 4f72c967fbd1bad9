// Field tuning (the field-options page): stored override sets per module × team (tenant_code NULL = the platform default),
// versioned, and the page as a team sees it. The latest versions are read on every use (one indexed query), so a
// save takes effect at the next call in every server process, without a restart; the described module is cached
// by the versions it was built from.
import type { DB } from '../../db';
import type { PageSchema } from '../../../common/schema/types';
import { applyFieldOptions, mergeFieldOptions, type FieldOverrides } from '../../../common/schema/field-options';
import { teamTypeOverrides, type TeamType } from '../../../common/schema/team-kind';
import { describeModule, type ModuleSchema, type SchemaRegistry } from '../records/schema-registry';
import { cacheBusOf, TableCache } from '../../db/cache-bus';

/** How long a cached newest version may answer at most (behind the change notifications of db/cache-bus.ts). */
const LATEST_CACHE_MS = 5_000;

export interface Latest {
  platform: { version: number; overrides: FieldOverrides } | null;
  team: { version: number; overrides: FieldOverrides } | null;
}

export class FieldOptionsService {
  private cache = new Map<string, ModuleSchema>();
  /** A team's kind never changes once created: read once per team and process. */
  private teamTypes = new Map<string, TeamType | null>();
  /** tenant|module → its newest sets: emptied when any process saves a set (db/cache-bus.ts). */
  private latestCache: TableCache<Latest>;

  constructor(
    private db: DB,
    private schemas: SchemaRegistry,
  ) {
    this.latestCache = new TableCache(cacheBusOf(db), 'field_options', LATEST_CACHE_MS);
  }

  /** The newest platform and team override sets of a module. */
  async latest(tenant: string | null, module: string): Promise<Latest> {
    const key = `${tenant ?? ''}|${module}`;
    const hit = this.latestCache.get(key);
    if (hit) return hit;
    const mark = this.latestCache.mark();
    const out = await this.readLatest(tenant, module);
    this.latestCache.set(key, out, mark);
    return out;
  }

  private async readLatest(tenant: string | null, module: string): Promise<Latest> {
    // Only the newest version of each set (at most two rows), not the whole history: this runs on every list call.
    const rows = await this.db
      .selectFrom('field_options')
      .select(['tenant_code', 'version', 'overrides'])
      .where('module', '=', module)
      .where((eb) =>
        tenant ? eb.or([eb('tenant_code', 'is', null), eb('tenant_code', '=', tenant)]) : eb('tenant_code', 'is', null),
      )
      .distinctOn('tenant_code')
      .orderBy('tenant_code')
      .orderBy('version', 'desc')
      .execute();
    const pick = (t: string | null) => {
      const r = rows.find((x) => x.tenant_code === t);
      return r ? { version: r.version, overrides: r.overrides as FieldOverrides } : null;
    };
    return { platform: pick(null), team: tenant ? pick(tenant) : null };
  }

  private async teamTypeOf(tenant: string | null): Promise<TeamType | null> {
    if (!tenant) return null;
    if (!this.teamTypes.has(tenant)) {
      const t = await this.db
        .selectFrom('tenants')
        .select('tenant_type')
        .where('tenant_code', '=', tenant)
        .executeTakeFirst();
      if (this.teamTypes.size > 10_000) this.teamTypes.clear();
      this.teamTypes.set(tenant, (t?.tenant_type as TeamType | undefined) ?? null);
    }
    return this.teamTypes.get(tenant)!;
  }

  /**
   * The module as the team sees it (the file's module when nobody tuned it and it has no field for another kind of
   * team): the platform's and the team's field options, then the fields of other team kinds taken out (team-kind.ts).
   */
  async effective(tenant: string | null, m: ModuleSchema): Promise<ModuleSchema> {
    if (m.parent) return m;
    const l = await this.latest(tenant, m.schema.module);
    const type = await this.teamTypeOf(tenant);
    const kind = teamTypeOverrides(m.schema, type);
    if (!l.platform && !l.team && !Object.keys(kind).length) return m;
    const key = `${tenant ?? ''}|${m.schema.module}|${l.platform?.version ?? 0}|${l.team?.version ?? 0}|${type ?? ''}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const schema = applyFieldOptions(
      m.schema,
      mergeFieldOptions(mergeFieldOptions(l.platform?.overrides, l.team?.overrides), kind),
    );
    const out = { ...describeModule(m.file, schema), permissionModule: m.permissionModule };
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** The page a team's override set applies to: the file with the platform defaults (for a team), or the file. */
  async baseFor(tenant: string | null, m: ModuleSchema): Promise<PageSchema> {
    if (!tenant) return m.schema;
    const l = await this.latest(null, m.schema.module);
    return applyFieldOptions(m.schema, l.platform?.overrides);
  }

  get registry() {
    return this.schemas;
  }
}
