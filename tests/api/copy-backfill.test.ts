// Migration 019 (records/backfill.ts): a field a page declares as a copy of a picked record's field (a production
// task's 道具项目 = picked.orderCode.projectId) is filled where records saved before the copy existed lack it, from
// the record the picker names, with its label — generically, from the schemas. Nothing else changes, a second run
// changes nothing, and a task whose order is gone is left as it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import path from 'node:path';
import { testDialects } from '../helpers/databases';
import { openDemoSuite, type TestApp } from '../helpers/test-app';
import { SchemaRegistry } from '../../src/server/modules/records/schema-registry';
import { backfillCopies, copyRules } from '../../src/server/modules/records/backfill';
import { copyBackfill } from '../../src/server/db/migrations/019_copy_backfill';
import { dataSteps } from '../../src/server/features';

type Row = Record<string, any>;

describe.each(testDialects())('copied-field backfill on $name', (dialect) => {
  let t: TestApp;
  const schemas = new SchemaRegistry(path.resolve('schemas'));
  beforeAll(async () => {
    ({ t } = await openDemoSuite(dialect));
  });
  afterAll(async () => t?.close());

  const rec = async (id: number) =>
    (await sql<{ data: Row; updated_at: unknown }>`SELECT data, updated_at FROM records WHERE id = ${id}`.execute(t.db))
      .rows[0];
  const tasks = async () =>
    (
      await sql<{ id: number; data: Row }>`SELECT id, data FROM records WHERE module = 'propMake' AND deleted_at IS NULL
    AND data->>'projectId' IS NOT NULL ORDER BY id LIMIT 2`.execute(t.db)
    ).rows;

  it("the rules come from the schemas: a task's project is its order's", () => {
    const rules = copyRules(schemas);
    expect(rules).toContainEqual(
      expect.objectContaining({
        module: 'propMake',
        picker: 'orderCode',
        source: 'allocatePropOrders',
        valueField: 'code',
        from: 'projectId',
      }),
    );
    // Only plain copies: an expression over a picked value (a sum, a condition) is no copy.
    expect(rules.every((r) => /^\s*picked\.\w+\.\w+\s*$/.test(r.field.compute!.expr))).toBe(true);
  });

  it("fills a task's missing project (and its name) from its order, once; leaves a task of a vanished order alone", async () => {
    // The demo is consistent: nothing to fill.
    expect(await backfillCopies(t.db, schemas)).toBe(0);
    const [a, b] = await tasks();
    expect(a.data.projectId).toBeTruthy();
    // As saved before the copy was declared: no projectId, no name.
    await sql`UPDATE records SET data = data - 'projectId' - 'projectIdName' WHERE id = ${a.id}`.execute(t.db);
    await sql`UPDATE records SET data = (data - 'projectIdName') || '{"projectId": null, "orderCode": "DD-NO-SUCH-ORDER"}'::jsonb WHERE id = ${b.id}`.execute(
      t.db,
    );
    // The migration as the application runs it, with the step it hands in.
    await copyBackfill(dataSteps({ schemasDir: path.resolve('schemas') })).up(t.db);
    expect((await rec(a.id)).data).toMatchObject({ projectId: a.data.projectId, projectIdName: a.data.projectIdName });
    expect((await rec(b.id)).data.projectId).toBeNull();
    // Re-run: nothing more to do.
    expect(await backfillCopies(t.db, schemas)).toBe(0);
  });
});
