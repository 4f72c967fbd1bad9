// records partitioned by module (migration 031, db/record-partitions.ts): every module of the schemas has its own
// partition with its own indexes; a statement that names the module plans and locks that partition alone; a module's
// rows written before its partition existed move into it when it is made.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { ensureRecordPartitions, partitionOf } from '../../src/server/db/record-partitions';
import { withTenant } from '../../src/server/db/tenant-scope';
import { getRecord } from '../../src/server/modules/records/repository';
import { SchemaRegistry } from '../../src/server/modules/records/schema-registry';

describe.each(testDialects())('records partitioned by module on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const partitions = async () =>
    (
      await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'records'::regclass`.execute(t.db)
    ).rows.map((r) => r.name);
  const partOf = async (id: number) =>
    (
      await sql<{ part: string }>`SELECT tableoid::regclass::text AS part FROM records WHERE id = ${id}`.execute(t.db)
    ).rows[0].part.replace(/"/g, '');

  it('gives every module of the schemas its partition, holding its rows and its own indexes', async () => {
    const have = new Set(await partitions());
    const missing = new SchemaRegistry(t.config.schemasDir)
      .all()
      .map((m) => partitionOf(m.schema.module))
      .filter((p) => !have.has(p));
    expect(missing).toEqual([]);
    expect(have.has('records__default')).toBe(true);
    const stray = await sql<{ module: string }>`SELECT DISTINCT module FROM records__default`.execute(t.db);
    expect(stray.rows).toEqual([]);
    const idx = (
      await sql<{
        name: string;
      }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'records__reimburseManage'`.execute(t.db)
    ).rows.map((r) => r.name);
    expect(idx).toContain('rx_reimburseManage__newest');
    // Its copy of the request keys' index is named for it: a create sent twice is known by that name (records/service.ts).
    expect(idx).toContain('records__reimburseManage_request_key');
    // Only its own: no index of another module is on its partition.
    expect(idx.filter((n) => /^r[xsck]_/.test(n) && !n.includes('reimburseManage'))).toEqual([]);
  });

  it('plans and locks one partition and its indexes for a statement that names the module', async () => {
    const id = Number(
      (
        await sql<{
          id: number;
        }>`SELECT id FROM records WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage' LIMIT 1`.execute(
          t.db,
        )
      ).rows[0].id,
    );
    await withTenant(t.db, DEMO.tenantCode, async (trx) => {
      const plan = (
        await sql<
          Record<string, string>
        >`EXPLAIN SELECT * FROM records WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage' AND id = ${id}`.execute(
          trx,
        )
      ).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plan).toMatch(/records__reimburseManage/);
      expect(plan).not.toMatch(/records__(?!reimburseManage)/);
      expect(Number((await getRecord(trx, DEMO.tenantCode, 'reimburseManage', id))?.id)).toBe(id);
      const locks = (
        await sql<{ rel: string }>`SELECT c.relname AS rel FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
        WHERE l.pid = pg_backend_pid() AND l.locktype = 'relation'`.execute(trx)
      ).rows.map((l) => l.rel);
      // Of records' relations: the partitioned table (and its three key indexes, which PostgreSQL 17 opens too), the
      // module's partition and its own indexes, nothing of another module. Before the partitions it was records and each
      // of its ~475 partial indexes: far past the 16 a backend keeps in its fast-path slots, so every statement took the
      // shared lock manager.
      const own = (
        await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'records__reimburseManage'`.execute(trx)
      ).rows.map((r) => r.name);
      const parents = ['records_pkey', 'records_request_key', 'records_tenant_code_module_code_key'];
      const ofRecords = locks.filter((rel) => /^(records|r[xsck]_)/.test(rel));
      expect(ofRecords.filter((rel) => !parents.includes(rel)).sort()).toEqual(
        ['records', 'records__reimburseManage', ...own].sort(),
      );
      expect(ofRecords.length).toBeLessThan(24);
    });
  });

  // Two connections needed: PGlite has one.
  it.skipIf(dialect.name === 'pglite')(
    "answers a create sent twice at once with 409, the partition's request-key index telling it",
    async () => {
      const token = await t.login('demo', 'demo12345');
      const demo = Number(
        (await sql<{ id: number }>`SELECT id FROM users WHERE username = 'demo'`.execute(t.db)).rows[0].id,
      );
      const type = Number(
        (
          await sql<{
            id: number;
          }>`SELECT id FROM dictionaries WHERE tenant_code = ${DEMO.tenantCode} AND field_key = 'workshopType'
      ORDER BY id LIMIT 1`.execute(t.db)
        ).rows[0].id,
      );
      const key = 'partition-twice-0001';
      // The first create with the key is written and not yet committed when the second arrives.
      let release!: () => void;
      let written!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      const ready = new Promise<void>((r) => {
        written = r;
      });
      const first = withTenant(t.db, DEMO.tenantCode, async (trx) => {
        await sql`INSERT INTO records (tenant_code, module, code, created_by, request_key)
        VALUES (${DEMO.tenantCode}, 'workshopManage', 'HELD-0001', ${demo}, ${key})`.execute(trx);
        written();
        await held;
      });
      await ready;
      const second = t.call(
        'POST',
        '/api/data/workshopManage/add',
        { workshopName: '并发车间', workshopType: type, leaderId: demo, enabled: true, requestKey: key },
        token,
      );
      await new Promise((r) => setTimeout(r, 300));
      release();
      await first;
      expect(await second).toMatchObject({ status: 409, message: '该单据正在保存，请勿重复提交' });
    },
  );

  it("moves a module's rows out of the DEFAULT partition when its partition is made, keeping ids and writing no audit entry", async () => {
    const made = await withTenant(t.db, DEMO.tenantCode, async (trx) =>
      (
        await sql<{ id: number }>`INSERT INTO records (tenant_code, module, code, created_by)
      VALUES (${DEMO.tenantCode}, 'zzLateModule', 'LATE-1', 1), (${DEMO.tenantCode}, 'zzLateModule', 'LATE-2', 1) RETURNING id`.execute(
          trx,
        )
      ).rows.map((r) => Number(r.id)),
    );
    expect(await partOf(made[0])).toBe('records__default');
    const audited = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM audit_log WHERE record_id IN (${sql.join(made)})`.execute(t.db)
        ).rows[0].n,
      );
    const before = await audited();
    await ensureRecordPartitions(t.db, ['zzLateModule']);
    expect(await partitions()).toContain('records__zzLateModule');
    for (const id of made) expect(await partOf(id)).toBe('records__zzLateModule');
    expect(await audited()).toBe(before);
    expect(
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM records__default`.execute(t.db)).rows[0].n),
    ).toBe(0);
    // A second call (another process starting) changes nothing.
    await ensureRecordPartitions(t.db, ['zzLateModule']);
    for (const id of made) expect(await partOf(id)).toBe('records__zzLateModule');
  });
});
