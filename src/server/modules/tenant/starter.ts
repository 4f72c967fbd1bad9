// A new team's starter set (catalogue/starter.json): what onboarding collected made into the team's own records
// (企业信息), a default warehouse, a 立项流程 per project type, and the owner placed in a department — so that
// every module of its menu can take its first record without a trip to the set-up pages. The records are made by
// the owner through the records service, as if he had filled them in, so they pass every rule a user's would.
// Nothing here names a module: the file does.
import type { DB } from '../../db';
import type { TenantTx } from '../../db/tenant-scope';
import type { SchemaRegistry } from '../records/schema-registry';
import { createRecord } from '../records/service';
import { dictRefs, resolve } from '../../data-refs/refs';
import { fileIdFromUrl, fileUrl } from '../files/urls';
import starter from '../../../../catalogue/starter.json';

type Row = Record<string, unknown>;
type TeamType = 'individual' | 'enterprise';

interface StarterRecord {
  module: string;
  ref?: string;
  /** Made when any of these modules is in the package (default: the record's own module). */
  for?: string[];
  teamTypes?: TeamType[];
  industries?: string[];
  /** Onboarding values the record is made of: without any of them it is not made (the team fills it in itself). */
  needs?: string[];
  data: Row;
}

interface StarterFile {
  owner: Partial<Record<TeamType, { dept?: string; leads?: string[] }>>;
  records: StarterRecord[];
}

const STARTER = starter as unknown as StarterFile;

/** What onboarding collected: the team's name, logo and verification values. */
export interface Onboarding {
  tenantName: string;
  tenantType: TeamType;
  logoUrl?: string | null;
  verification?: Row;
  industryCode?: string | null;
}

/** The stored files of the onboarding's addresses (logo, licence, scans: each a `…Url` value). */
function onboardingFileIds(o: Onboarding): number[] {
  const urls = [
    o.logoUrl,
    ...Object.entries(o.verification ?? {})
      .filter(([k]) => k.endsWith('Url'))
      .map(([, v]) => v),
  ];
  return urls
    .filter((u): u is string => typeof u === 'string' && !!u)
    .map(fileIdFromUrl)
    .filter((id): id is number => !!id);
}

/**
 * The files the owner uploaded for his team before it existed (no team yet) become the team's: its members then
 * see its logo, and its records may hold the licence. Files of other teams or other people are left alone.
 */
export async function adoptOnboardingFiles(db: DB, tenant: string, ownerId: number, o: Onboarding): Promise<void> {
  const ids = onboardingFileIds(o);
  if (!ids.length) return;
  await db
    .updateTable('files')
    .set({ tenant_code: tenant })
    .where('id', 'in', ids)
    .where('uploaded_by', '=', ownerId)
    .where('tenant_code', 'is', null)
    .execute();
}

/** An onboarding value by name: the team's name, its logo, or a verification value. */
const onboardingValue = (o: Onboarding, key: string): unknown =>
  key === 'tenantName' ? o.tenantName : key === 'logoUrl' ? o.logoUrl : o.verification?.[key];

/** `{ $team }` and `{ $teamFile }` references replaced by what onboarding collected; a missing one drops its field. */
function fillFromOnboarding(v: unknown, o: Onboarding, names: Map<string, string>): unknown {
  const MISSING = undefined;
  if (Array.isArray(v)) return v.map((x) => fillFromOnboarding(x, o, names));
  if (!v || typeof v !== 'object') return v;
  const r = v as Row;
  const value = (key: string) => onboardingValue(o, key);
  if ('$team' in r) {
    const x = value(String(r.$team));
    return typeof x === 'string' && x.trim() ? x.trim() : MISSING;
  }
  if ('$teamFile' in r) {
    const url = value(String(r.$teamFile));
    return typeof url === 'string' && names.has(url) ? [{ url, name: names.get(url) }] : MISSING;
  }
  const out: Row = {};
  for (const [k, x] of Object.entries(r)) {
    const filled = fillFromOnboarding(x, o, names);
    if (filled !== MISSING) out[k] = filled;
  }
  return out;
}

const wanted = (r: StarterRecord, o: Onboarding, modules: string[]) =>
  (r.for ?? [r.module]).some((k) => modules.includes(k)) &&
  (!r.teamTypes || r.teamTypes.includes(o.tenantType)) &&
  (!r.industries || (!!o.industryCode && r.industries.includes(o.industryCode))) &&
  (r.needs ?? []).every((k) => {
    const v = onboardingValue(o, k);
    return typeof v === 'string' && !!v.trim();
  });

/** Places the owner and makes the starter records of the team's package, inside the team's transaction. */
export async function seedStarterSet(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  ownerId: number,
  o: Onboarding,
  modules: string[],
): Promise<void> {
  /** The team's dictionary item of a field by name. */
  const dictId = async (key: string, name: string) =>
    (
      await trx
        .selectFrom('dictionaries')
        .select('id')
        .where('tenant_code', '=', tenant)
        .where('field_key', '=', key)
        .where('dict_name', '=', name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    )?.id;
  const dept = (name: string) => dictId('dept', name);
  const place = STARTER.owner[o.tenantType];
  if (place?.dept) {
    const id = await dept(place.dept);
    if (id)
      await trx
        .updateTable('memberships')
        .set({ dept_id: id })
        .where('tenant_code', '=', tenant)
        .where('user_id', '=', ownerId)
        .execute();
  }
  for (const name of place?.leads ?? []) {
    const id = await dept(name);
    if (id) await trx.updateTable('dictionaries').set({ leader_id: ownerId }).where('id', '=', id).execute();
  }

  const ids = onboardingFileIds(o);
  const files = ids.length
    ? await trx
        .selectFrom('files')
        .select(['id', 'file_name'])
        .where('tenant_code', '=', tenant)
        .where('id', 'in', ids)
        .execute()
    : [];
  const names = new Map(files.map((f) => [fileUrl(f.id, f.file_name), f.file_name]));
  const refs = new Map<string, number>();
  const dicts = new Map<string, number>();
  for (const r of STARTER.records.filter((x) => wanted(x, o, modules))) {
    // A server running only some pages (a test's own schemas) has no such page: nothing to start it with.
    // starter.test.ts holds the file to the product's pages.
    const m = schemas.get(r.module);
    if (!m) continue;
    // Dictionary items by name, read first (resolve is synchronous).
    for (const [key, name] of dictRefs(r.data)) {
      const id = await dictId(key, name);
      if (!id) throw new Error(`catalogue/starter.json: no dictionary item ${key}/${name}`);
      dicts.set(`${key}/${name}`, id);
    }
    const data = resolve(fillFromOnboarding(r.data, o, names), {
      user: (u) => {
        if (u !== 'owner') throw new Error(`catalogue/starter.json: $user names only the owner, not ${u}`);
        return ownerId;
      },
      dict: (key, name) => dicts.get(`${key}/${name}`)!,
      role: () => {
        throw new Error('catalogue/starter.json: $role is not offered');
      },
      record: (ref) => {
        const id = refs.get(ref);
        if (!id) throw new Error(`catalogue/starter.json: unknown $ref ${ref}`);
        return id;
      },
      made: () => {
        throw new Error('catalogue/starter.json: $made is not offered');
      },
      file: () => {
        throw new Error('catalogue/starter.json: $file is not offered ($teamFile is)');
      },
    }) as Row;
    const made = await createRecord(trx, { tenant, schemas }, ownerId, m, data);
    if (r.ref) refs.set(r.ref, made.id as number);
  }
}
