// The migrated database's catalogue against what distributing by tenant_code asks (src/server/db/distribution.ts):
// every table with tenant_code is listed as a team table or as a reference table; a team table's primary key and
// each of its unique indexes include tenant_code; each foreign key between team tables carries tenant_code on both
// sides, matched to each other; a reference table has no foreign key to a team table. Offenders are named.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DISTRIBUTED, REFERENCE_WITH_TENANT } from '../../src/server/db/distribution';

describe.each(testDialects())('a catalogue ready to distribute by tenant_code on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const tablesWithTenant = async () =>
    (
      await sql<{ table: string }>`SELECT c.relname AS table FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attname = 'tenant_code' AND NOT a.attisdropped
    ORDER BY 1`.execute(t.db)
    ).rows.map((r) => r.table);

  it('lists every table with tenant_code as a team table or a reference table', async () => {
    const listed = new Set([...DISTRIBUTED, ...Object.keys(REFERENCE_WITH_TENANT)]);
    const found = await tablesWithTenant();
    expect(found.filter((x) => !listed.has(x)).map((x) => `${x}: has tenant_code, listed nowhere`)).toEqual([]);
    expect([...listed].filter((x) => !found.includes(x)).map((x) => `${x}: listed, has no tenant_code`)).toEqual([]);
  });

  // Column names are cast to text: node-postgres leaves an array of `name` as its text form, not an array.
  it('has tenant_code in every primary key and unique index of a team table', async () => {
    const { rows } = await sql<{
      table: string;
      index: string;
      cols: (string | null)[];
    }>`SELECT c.relname AS table, i.relname AS index,
      array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, n) LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum ORDER BY k.n) AS cols
      FROM pg_index ix JOIN pg_class c ON c.oid = ix.indrelid JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND ix.indisunique ORDER BY 1, 2`.execute(t.db);
    const team = new Set(DISTRIBUTED);
    const offenders = rows
      .filter((r) => team.has(r.table) && !r.cols.includes('tenant_code'))
      .map((r) => `${r.table}.${r.index} (${r.cols.map((c) => c ?? 'expression').join(', ')})`);
    expect(offenders).toEqual([]);
  });

  it('carries tenant_code on both sides of each foreign key between team tables, and none from a reference table to one', async () => {
    const { rows } = await sql<{ from: string; to: string; name: string; cols: string[]; refs: string[] }>`SELECT
      c.relname AS from, r.relname AS to, k.conname AS name,
      array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY x(attnum, n) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.attnum ORDER BY x.n) AS cols,
      array(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY x(attnum, n) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = x.attnum ORDER BY x.n) AS refs
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND k.contype = 'f' ORDER BY 1, 3`.execute(t.db);
    const team = new Set(DISTRIBUTED);
    const fk = (r: (typeof rows)[number]) =>
      `${r.name}: ${r.from} (${r.cols.join(', ')}) → ${r.to} (${r.refs.join(', ')})`;
    const between = rows.filter((r) => team.has(r.from) && team.has(r.to));
    // The role and approval links are between team tables: a catalogue query that found none would pass idly.
    expect(between.length).toBeGreaterThan(0);
    expect(
      between
        .filter((r) => {
          const i = r.cols.indexOf('tenant_code');
          return i < 0 || r.refs[i] !== 'tenant_code';
        })
        .map(fk),
    ).toEqual([]);
    expect(rows.filter((r) => !team.has(r.from) && team.has(r.to)).map(fk)).toEqual([]);
  });
});
