// PGlite's dialect (src/server/db/pglite-dialect.ts): statements with parameters come from PostgreSQL's plan cache,
// with the answers of a fresh plan — row-level security included when one text runs under several roles and teams —,
// a bounded number of prepared statements, errors as before, and several statements in one text without parameters.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DB } from '../../src/server/db';
import { withTenant } from '../../src/server/db/tenant-scope';
import { DEMO } from '../../src/server/seed';

describe('PGlite statements from the plan cache', () => {
  let db: DB;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-plans-'));
    fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    db = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const prepared = async () =>
    (
      await sql<{
        statement: string;
        generic_plans: number;
        custom_plans: number;
      }>`SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements`.execute(db)
    ).rows;
  const count = (exec: DB | Parameters<Parameters<typeof withTenant>[2]>[0]) =>
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM records WHERE module = ${'reimburseManage'} AND deleted_at IS NULL`
      .execute(exec)
      .then((r) => r.rows[0].n);

  it('prepares a statement once and runs its generic plan, still applying row-level security per role and team', async () => {
    // With the seed's statistics PostgreSQL keeps custom plans for this text (each can use the module's partial
    // index); a cached generic plan reused under other roles and teams is what must not leak rows, so force it.
    await sql`SET plan_cache_mode = force_generic_plan`.execute(db);
    try {
      await runsGenericPlanUnderEveryRole();
    } finally {
      await sql`RESET plan_cache_mode`.execute(db);
    }
  });

  async function runsGenericPlanUnderEveryRole() {
    const all = await count(db); // the owner (a superuser here) sees every team's rows
    expect(all).toBeGreaterThan(20);
    for (let i = 0; i < 7; i++) expect(await count(db)).toBe(all);
    const [mine] = (await prepared()).filter((p) =>
      p.statement.includes('count(*)::int AS n FROM records WHERE module = $1'),
    );
    expect(mine, 'the text is a named prepared statement').toBeTruthy();
    expect(mine.generic_plans + mine.custom_plans).toBe(8);
    expect(mine.generic_plans, 'PostgreSQL settled on the generic plan').toBeGreaterThan(0);
    // The same text in a tenant's transaction (role yiguan_app): the plan is made again with the team's policy.
    expect(await withTenant(db, 'T99999999', (trx) => count(trx))).toBe(0);
    for (let i = 0; i < 7; i++) expect(await withTenant(db, DEMO.tenantCode, (trx) => count(trx))).toBe(all);
    // Its cached plan under the application role still reads the team from each transaction's setting.
    expect(await withTenant(db, 'T99999999', (trx) => count(trx))).toBe(0);
    expect(await count(db)).toBe(all);
    expect((await prepared()).filter((p) => p.statement === mine.statement)).toHaveLength(1);
  }

  it('keeps at most 200 prepared statements, the least recently used closed first', async () => {
    for (let i = 0; i < 230; i++) {
      const { rows } = await sql<{ x: number }>`SELECT ${sql.raw(String(i))}::int + ${1}::int AS x`.execute(db);
      expect(rows[0].x).toBe(i + 1);
    }
    const texts = (await prepared()).map((p) => p.statement);
    expect(texts.length).toBeLessThanOrEqual(200);
    expect(texts).toContain('SELECT 229::int + $1::int AS x');
    expect(texts).not.toContain('SELECT 0::int + $1::int AS x');
    // A closed text is prepared again when it comes back.
    expect((await sql<{ x: number }>`SELECT ${sql.raw('0')}::int + ${1}::int AS x`.execute(db)).rows[0].x).toBe(1);
  });

  it('answers errors as PostgreSQL raised them, and the session goes on', async () => {
    const before = (await prepared()).length;
    await expect(sql`SELECT FROM WHERE ${1}`.execute(db)).rejects.toMatchObject({ code: '42601' });
    expect((await prepared()).length, 'a text that does not parse is not kept').toBe(before);
    await expect(sql`SELECT ${'x'}::int AS n`.execute(db)).rejects.toMatchObject({ code: '22P02' });
    expect((await sql<{ n: number }>`SELECT ${'7'}::int AS n`.execute(db)).rows).toEqual([{ n: 7 }]);
    // In a transaction: the error aborts it, the rollback ends it, the next statement runs.
    await expect(
      withTenant(db, DEMO.tenantCode, async (trx) => {
        await sql`SELECT ${'y'}::int AS n`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(await withTenant(db, DEMO.tenantCode, (trx) => count(trx))).toBeGreaterThan(20);
  });

  it('writes through a prepared statement report their affected rows, and a text without parameters may hold several statements', async () => {
    const id = (
      await sql<{
        id: number;
      }>`SELECT id FROM records WHERE tenant_code = ${DEMO.tenantCode} ORDER BY id LIMIT 1`.execute(db)
    ).rows[0].id;
    const r = await sql`UPDATE records SET updated_at = updated_at WHERE id = ${id}`.execute(db);
    expect(r.numAffectedRows).toBe(1n);
    const none = await sql`UPDATE records SET updated_at = updated_at WHERE id = ${-1}`.execute(db);
    expect(none.numAffectedRows ?? 0n).toBe(0n);
    expect((await sql.raw<{ b: number }>('SELECT 1 AS a; SELECT 2 AS b').execute(db)).rows).toEqual([{ b: 2 }]);
  });
});
