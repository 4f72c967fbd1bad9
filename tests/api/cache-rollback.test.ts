// The caches of team facts (db/cache-bus.ts readThrough) never keep what a transaction read after writing it: such a
// read may be undone (a rollback, a failed COMMIT), and no notification is sent for what never committed. Here a
// dictionary item is renamed inside withTenant by the code the dictionary page's 保存 runs (dict/edits.ts), read back
// through the cache (dictTrees) inside the same transaction, and the transaction is undone: every read afterwards,
// and any read running meanwhile outside the transaction, gives the committed name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { withTenant, withTenantRead, type TenantTx } from '../../src/server/db/tenant-scope';
import { cacheBusOf, readThrough } from '../../src/server/db/cache-bus';
import { dictTrees } from '../../src/server/modules/dict/routes';
import { findItem, updateItem } from '../../src/server/modules/dict/edits';
import { maintainedKeys, type DictKeyRule } from '../../src/server/modules/dict/pages';
import { SchemaRegistry } from '../../src/server/modules/records/schema-registry';
import { pageRecords } from '../../src/server/modules/records/repository';
import { DEMO } from '../../src/server/seed';

const TEAM = DEMO.tenantCode;
const KEY = 'expenseType';

describe.each(testDialects())('the caches and a transaction that is undone, on $name', (dialect) => {
  let t: TestApp;
  let rule: DictKeyRule;
  let itemId: number;
  let committed: string;

  /** The item's name as dictTrees gives it (through its cache) to this executor. */
  const nameVia = async (trx: TenantTx) =>
    (await dictTrees(trx, TEAM, [KEY]))[KEY].find((n) => n.id === itemId)?.dictName;
  /** The name as a call of its own sees it (its own transaction). */
  const nameOutside = () => withTenant(t.db, TEAM, nameVia);
  /** Renames the item as the dictionary page's 保存 does, in the caller's transaction. */
  const rename = async (trx: TenantTx, dictName: string) =>
    updateItem(trx, TEAM, rule, await findItem(trx, TEAM, itemId), { dictName });
  const undone = new Error('undone on purpose');

  beforeAll(async () => {
    t = await createTestApp(dialect);
    rule = maintainedKeys(new SchemaRegistry(t.config.schemasDir).dictionaryPages()).get(KEY)!;
    expect(rule).toBeDefined();
    const items = await withTenant(t.db, TEAM, (trx) => dictTrees(trx, TEAM, [KEY]));
    itemId = Number(items[KEY][0].id);
    committed = items[KEY][0].dictName;
    // On PostgreSQL the caches answer only once the process listens for changes: without that this file tests nothing.
    for (let i = 0; i < 200 && !cacheBusOf(t.db)?.usable; i++) await new Promise((r) => setTimeout(r, 50));
    expect(cacheBusOf(t.db)?.usable).toBe(true);
  });
  afterAll(async () => t?.close());

  it('a rolled-back rename read through the cache inside its transaction is not served afterwards', async () => {
    expect(await nameOutside()).toBe(committed);
    await expect(
      withTenant(t.db, TEAM, async (trx) => {
        await rename(trx, '回滚的名称');
        // The transaction sees its own change, through the cache too.
        expect(await nameVia(trx)).toBe('回滚的名称');
        expect(await nameVia(trx)).toBe('回滚的名称');
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await nameOutside()).toBe(committed);
    expect(await nameOutside()).toBe(committed);
  });

  it('a reader running outside meanwhile gets the committed name, before and after the rollback', async () => {
    let during: Promise<string | undefined> | undefined;
    await expect(
      withTenant(t.db, TEAM, async (trx) => {
        await rename(trx, '未提交的名称');
        expect(await nameVia(trx)).toBe('未提交的名称');
        // Another call, on its own connection (PostgreSQL) or waiting for the one connection (PGlite).
        during = nameOutside();
        if (dialect.name === 'postgres') expect(await during).toBe(committed);
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await during).toBe(committed);
    expect(await nameOutside()).toBe(committed);
  });

  it.runIf(dialect.name === 'postgres')(
    'a transaction that renamed an item reads its own name even when another call cached the committed one meanwhile',
    async () => {
      await expect(
        withTenant(t.db, TEAM, async (trx) => {
          await rename(trx, '自己的改动');
          // Another connection reads (and may keep) the committed name while this change is not committed.
          expect(await nameOutside()).toBe(committed);
          expect(await nameVia(trx)).toBe('自己的改动');
          throw undone;
        }),
      ).rejects.toBe(undone);
      expect(await nameOutside()).toBe(committed);
    },
  );

  it('a rename read back before a COMMIT that fails is not served afterwards', async () => {
    // A deferred check that refuses this one name at COMMIT (the owner's connection; dropped again below).
    await sql`CREATE FUNCTION yg_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused at commit'; END $$`.execute(t.db);
    await sql`CREATE CONSTRAINT TRIGGER yg_test_refuse AFTER UPDATE ON dictionaries DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.dict_name = '提交失败的名称') EXECUTE FUNCTION yg_test_refuse()`.execute(t.db);
    try {
      await expect(
        withTenant(t.db, TEAM, async (trx) => {
          await rename(trx, '提交失败的名称');
          expect(await nameVia(trx)).toBe('提交失败的名称');
        }),
      ).rejects.toThrow('refused at commit');
      expect(await nameOutside()).toBe(committed);
    } finally {
      await sql`DROP TRIGGER yg_test_refuse ON dictionaries`.execute(t.db);
      await sql`DROP FUNCTION yg_test_refuse()`.execute(t.db);
    }
  });

  it('a committed rename is read at once', async () => {
    await withTenant(t.db, TEAM, (trx) => rename(trx, '提交的名称'));
    expect(await nameOutside()).toBe('提交的名称');
    await withTenant(t.db, TEAM, (trx) => rename(trx, committed));
    expect(await nameOutside()).toBe(committed);
  });

  it('keeps what transactions read that wrote none of its tables; does not keep (or use) it in one that did', async () => {
    let reads = 0;
    const probe = (trx: TenantTx, key = 'k') =>
      readThrough(trx, 'rollbackProbe', ['dictionaries'], 60_000, key, async () => ++reads);
    // As every API call does first (app.ts): hear the notifications of what committed before (PostgreSQL), so that a
    // late one does not empty the cache in the middle of what is counted here.
    const settle = () => cacheBusOf(t.db)!.sync();
    await settle();
    await withTenant(t.db, TEAM, async (trx) => {
      expect(await probe(trx)).toBe(1);
      expect(await probe(trx)).toBe(1);
    });
    await withTenantRead(t.db, TEAM, async (trx) => expect(await probe(trx)).toBe(1));
    // A write of another watched table changes nothing for this cache.
    await settle();
    await withTenant(t.db, TEAM, async (trx) => {
      await trx
        .updateTable('memberships')
        .set({ remark: null })
        .where('tenant_code', '=', TEAM)
        .where('user_id', '=', -1)
        .execute();
      expect(await probe(trx)).toBe(1);
    });
    expect(reads).toBe(1);
    // After a write of its table: read every time, and nothing kept, neither before nor after the COMMIT.
    await withTenant(t.db, TEAM, async (trx) => {
      await rename(trx, committed);
      expect(await probe(trx)).toBe(2);
      expect(await probe(trx)).toBe(3);
      expect(await probe(trx, 'other')).toBe(4);
    });
    await settle();
    expect(await withTenant(t.db, TEAM, (trx) => probe(trx))).toBe(5);
    expect(await withTenant(t.db, TEAM, (trx) => probe(trx))).toBe(5);
    expect(await withTenant(t.db, TEAM, (trx) => probe(trx, 'other'))).toBe(6);
    expect(await withTenantRead(t.db, TEAM, (trx) => probe(trx, 'other'))).toBe(6);
    // A transaction made elsewhere (not withTenant's): what it wrote is not known, so it is trusted with nothing.
    await t.db.transaction().execute(async (trx) => {
      expect(await probe(trx as unknown as TenantTx)).toBe(7);
      expect(await probe(trx as unknown as TenantTx)).toBe(8);
    });
    expect(await withTenant(t.db, TEAM, (trx) => probe(trx))).toBe(5);
  });

  it('a narrowed list counted inside a transaction that removed one of its records is not remembered', async () => {
    const m = new SchemaRegistry(t.config.schemasDir).get('reimburseManage')!;
    await sql`INSERT INTO records (tenant_code, module, code, status, data, created_by)
      SELECT ${TEAM}, ${m.schema.module}, 'RBX' || g, '待提交', jsonb_build_object('reason', 'RB回滚测试 ' || g), 1
      FROM generate_series(1, 4) g`.execute(t.db);
    try {
      const q = { pageNum: 1, pageSize: 5, keyword: 'RB回滚测试' };
      const total = async (trx: TenantTx) => (await pageRecords(trx, TEAM, m, q)).total;
      expect(await withTenant(t.db, TEAM, total)).toBe(4);
      await expect(
        withTenant(t.db, TEAM, async (trx) => {
          await trx
            .updateTable('records')
            .set({ deleted_at: new Date() })
            .where('tenant_code', '=', TEAM)
            .where('code', '=', 'RBX1')
            .execute();
          expect(await total(trx)).toBe(3);
          expect(await total(trx)).toBe(3);
          throw undone;
        }),
      ).rejects.toBe(undone);
      expect(await withTenant(t.db, TEAM, total)).toBe(4);
      expect(await withTenantRead(t.db, TEAM, total)).toBe(4);
    } finally {
      await sql`DELETE FROM records WHERE tenant_code = ${TEAM} AND code LIKE 'RBX%'`.execute(t.db);
    }
  });
});
