// Backfill of copied values (migration 019): a field a page declares as a copy of a picked record's field —
// `compute: { expr: "picked.<picker>.<field>" }`, e.g. a production task's 道具项目 `picked.orderCode.projectId` —
// is written on every save, but records saved before the page declared the copy lack it. This fills each such
// field where it is missing (absent or null) from the record its picker names, as a save would now, with the
// label a record picker or dictionary stores beside it (`<field>Name`). It knows no module: which fields to fill
// comes from the page schemas; records of every team are visited under that team's row-level scope.
import { sql, type Kysely } from 'kysely';
import type { FieldDef } from '../../../common/schema';
import type { SchemaRegistry } from './schema-registry';
import { labelOf, recordSourceOf } from './pickers';

type Row = Record<string, unknown>;

const COPY = /^\s*picked\.([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)\s*$/;

export interface CopyRule {
  module: string;
  field: FieldDef;
  picker: string;
  /** The picked record's module and how the pick names it (id or code). */
  source: string;
  valueField: 'id' | 'code';
  /** The picked record's field copied. */
  from: string;
}

/** The copies the pages declare: a field computed as exactly `picked.<picker>.<field>` of a one-module record picker. */
export function copyRules(schemas: SchemaRegistry): CopyRule[] {
  const out: CopyRule[] = [];
  for (const m of schemas.all()) {
    if (m.schema.viewOf) continue;
    for (const f of m.fields) {
      const hit = f.compute?.expr ? COPY.exec(f.compute.expr) : null;
      // A conditional field is stored only when its condition holds: left to the next save.
      if (!hit || f.dependOn) continue;
      const picker = m.fields.find((x) => x.fieldName === hit[1]);
      const src = picker ? recordSourceOf(picker.data) : undefined;
      if (!src || src.modules?.length || !schemas.get(src.module)) continue;
      out.push({
        module: m.schema.module,
        field: f,
        picker: hit[1],
        source: schemas.get(src.module)!.schema.module,
        valueField: src.valueField === 'id' ? 'id' : 'code',
        from: hit[2],
      });
    }
  }
  return out;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Fills the missing copies of every team's records; answers how many records changed. */
export async function backfillCopies(pool: Kysely<any>, schemas: SchemaRegistry): Promise<number> {
  const rules = copyRules(schemas);
  if (!rules.length) return 0;
  // One transaction throughout (the migrator's is one already), so the team set below scopes what follows: a
  // setting local to the transaction, which a transaction pooler keeps on one server connection.
  return pool.isTransaction
    ? fillAll(pool, schemas, rules)
    : pool.transaction().execute((db) => fillAll(db, schemas, rules));
}

async function fillAll(db: Kysely<any>, schemas: SchemaRegistry, rules: CopyRule[]): Promise<number> {
  const tenants = (
    await sql<{ code: string }>`SELECT tenant_code AS code FROM tenants ORDER BY tenant_code`.execute(db)
  ).rows.map((r) => r.code);
  let changed = 0;
  try {
    for (const tenant of tenants) {
      // Row-level security scopes every records query to app.tenant. Set for the transaction, and cleared below so
      // the rest of the migrator's transaction carries no team.
      await sql`SELECT set_config('app.tenant', ${tenant}, true)`.execute(db);
      for (const rule of rules) changed += await fillRule(db, schemas, tenant, rule);
    }
  } finally {
    // After a failed statement the transaction refuses this too; it is rolled back then, and its setting with it.
    await sql`SELECT set_config('app.tenant', '', true)`.execute(db).catch(() => {});
  }
  return changed;
}

async function fillRule(db: Kysely<any>, schemas: SchemaRegistry, tenant: string, rule: CopyRule): Promise<number> {
  const f = rule.field.fieldName;
  const key = rule.valueField === 'id' ? sql`s.id::text` : sql`s.code`;
  const rows = (
    await sql<{
      id: number;
      sid: number;
      scode: string;
      sdata: Row;
    }>`SELECT r.id, s.id AS sid, s.code AS scode, s.data AS sdata
    FROM records r JOIN records s ON s.tenant_code = r.tenant_code AND s.module = ${rule.source} AND s.deleted_at IS NULL AND ${key} = r.data->>${rule.picker}
    WHERE r.tenant_code = ${tenant} AND r.module = ${rule.module} AND r.deleted_at IS NULL
      AND coalesce(r.data->>${rule.picker}, '') <> '' AND coalesce(r.data->>${f}, '') = ''`.execute(db)
  ).rows;
  let n = 0;
  for (const row of rows) {
    const picked: Row = { ...(row.sdata ?? {}), id: Number(row.sid), code: row.scode };
    const value = picked[rule.from];
    if (blank(value)) continue;
    const patch: Row = { [f]: value };
    const own = recordSourceOf(rule.field.data);
    if (own && !own.modules?.length && schemas.get(own.module)) {
      // A record picker's label, as a save writes it (道具项目 → 「金缘珠宝西湖店道具」).
      const tm = schemas.get(own.module)!;
      const by = own.valueField === 'id' ? sql`id::text` : sql`code`;
      const t = (
        await sql<{
          id: number;
          code: string;
          data: Row;
        }>`SELECT id, code, data FROM records WHERE tenant_code = ${tenant}
        AND module = ${tm.schema.module} AND deleted_at IS NULL AND ${by} = ${String(value)} LIMIT 1`.execute(db)
      ).rows[0];
      if (t) patch[`${f}Name`] = labelOf(own, { ...(t.data ?? {}), id: Number(t.id), code: t.code });
    } else if (!blank(picked[`${rule.from}Name`])) {
      // A dictionary value's name comes with it.
      patch[`${f}Name`] = picked[`${rule.from}Name`];
    }
    await sql`UPDATE records SET data = data || ${JSON.stringify(patch)}::jsonb WHERE tenant_code = ${tenant} AND id = ${row.id}`.execute(
      db,
    );
    n++;
  }
  return n;
}
