// Issue 9, the server half of the list goals: deep pages seek from remembered boundaries (keyset) and narrowed
// lists keep their bounded total, with answers identical to OFFSET and a plain count, before and after writes;
// what a team's lists taught the server never serves another team; a statement that runs out of time answers
// 系统繁忙 instead of a 500; a list call runs few statements.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { withTenant, withTenantRead } from '../../src/server/db/tenant-scope';
import { COUNT_BOUND, pageRecords, whereSql, type PageQuery } from '../../src/server/modules/records/repository';
import { orderSql, type Sorter } from '../../src/server/modules/records/query';
import { SchemaRegistry, type ModuleSchema } from '../../src/server/modules/records/schema-registry';
import { BUSY_MESSAGE, envelopePlugin } from '../../src/server/plugins/envelope';
import { Status } from '../../src/common/api';

describe.each(testDialects())('list paging and totals on $name', (dialect) => {
  let t: TestApp;
  let m: ModuleSchema;
  let statements: string[] | null = null;
  const M = 'reimburseManage';

  beforeAll(async () => {
    t = await createTestApp(dialect, { onQuery: (q) => statements?.push(q) });
    m = new SchemaRegistry(t.config.schemasDir).get(M)!;
    // Rows made for ordering trouble: equal amounts, missing amounts and dates, one creation instant for all.
    await sql`INSERT INTO records (tenant_code, module, code, status, data, created_by)
      SELECT ${DEMO.tenantCode}, ${M}, 'KS' || g, '待提交',
        jsonb_strip_nulls(jsonb_build_object('reason', 'KS测试 ' || g,
          'totalPrice', (ARRAY['10', '10', '25.5', NULL, '100', '-3'])[1 + g % 6],
          'applyDate', (ARRAY['2026-01-02', NULL, '2026-01-01', '2026-01-02'])[1 + g % 4])), 1
      FROM generate_series(1, 60) g`.execute(t.db);
  });
  afterAll(async () => {
    await sql`DELETE FROM records WHERE code LIKE 'KS%'`.execute(t.db);
    await t?.close();
  });

  /** What OFFSET answers: the ids of the page, straight from the list's WHERE and ORDER. */
  const truth = (q: PageQuery) =>
    withTenant(t.db, DEMO.tenantCode, async (trx) =>
      (
        await sql<{ id: number }>`
    SELECT r.id FROM records r WHERE ${whereSql(DEMO.tenantCode, m, q)} ORDER BY ${orderSql(m, q.sorters)}
    LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`.execute(trx)
      ).rows.map((r) => Number(r.id)),
    );
  const served = (q: PageQuery, tenant = DEMO.tenantCode) =>
    withTenant(t.db, tenant, (trx) => pageRecords(trx, DEMO.tenantCode, m, q));

  const orders: Sorter[][] = [
    [{ field: 'totalPrice', order: 'desc' }],
    [{ field: 'totalPrice', order: 'asc' }],
    [
      { field: 'applyDate', order: 'asc' },
      { field: 'totalPrice', order: 'desc' },
    ],
    [],
  ];

  it('answers every page as OFFSET would, seeking from remembered boundaries, before and after writes', async () => {
    let seeks = 0;
    const check = async (q: Omit<PageQuery, 'pageNum'>, pages: number[]) => {
      for (const pageNum of pages) {
        statements = [];
        const got = await served({ ...q, pageNum });
        seeks += statements.filter((s) => /UNION ALL/.test(s)).length;
        statements = null;
        expect(
          got.list.map((r) => r.id),
          `${JSON.stringify(q)} page ${pageNum}`,
        ).toEqual(await truth({ ...q, pageNum }));
      }
    };
    for (const sorters of orders) {
      const q = { pageSize: 7, sorters, keyword: 'KS测试' };
      await check(q, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      await check(q, [5, 2, 8, 9, 3, 6]);
      // The whole list, unfiltered (the demo's rows too): deep pages from boundaries.
      await check({ pageSize: 9, sorters }, [1, 2, 3, 4, 5, 3, 2]);
    }
    expect(seeks).toBeGreaterThan(20);
    // A write anywhere in the records empties what was remembered: rows before the boundaries move the pages.
    const q = { pageSize: 7, sorters: orders[0], keyword: 'KS测试' };
    await check(q, [3, 4, 5]);
    await sql`INSERT INTO records (tenant_code, module, code, status, data, created_by)
      SELECT ${DEMO.tenantCode}, ${M}, 'KSX' || g, '待提交', jsonb_build_object('reason', 'KS测试 新' || g, 'totalPrice', '50'), 1
      FROM generate_series(1, 3) g`.execute(t.db);
    await check(q, [4, 5, 3, 9]);
    await withTenant(t.db, DEMO.tenantCode, (trx) =>
      trx
        .updateTable('records')
        .set({ data: sql`data || '{"totalPrice":"1000"}'::jsonb` })
        .where('code', '=', 'KS30')
        .execute(),
    );
    await check(q, [4, 5, 3, 9, 1]);
    await sql`DELETE FROM records WHERE code LIKE 'KSX%'`.execute(t.db);
    await check(q, [9, 4, 1]);
  });

  it('lets calls asking the same deep page at once share one walk: one skips the rows before it, the others seek from where it ends', async () => {
    for (const q of [
      { pageSize: 9, sorters: orders[0], keyword: 'KS测试' },
      { pageSize: 4, sorters: orders[2] },
    ]) {
      // A late notice of the write below (or of an earlier test's) may empty the walk's boundary while the others wait,
      // which is correct and makes them walk too: the answers are checked every time, the sharing on one of 5 tries
      // (3 were once all spoilt on a busy machine).
      const skipped: number[] = [];
      for (let attempt = 0; attempt < 5 && !(skipped.at(-1) === 1); attempt++) {
        // Nothing remembered: any write to the records empties the boundaries.
        await withTenant(t.db, DEMO.tenantCode, (trx) =>
          trx.updateTable('records').set({ data: sql`data` }).where('code', '=', 'KS1').execute(),
        );
        statements = [];
        const pages = await Promise.all([1, 2, 3, 4, 5].map(() => served({ ...q, pageNum: 5 })));
        const walks = statements.filter((s) => /LEFT JOIN LATERAL/.test(s));
        statements = null;
        const want = await truth({ ...q, pageNum: 5 });
        for (const p of pages) expect(p.list.map((r) => r.id)).toEqual(want);
        expect(walks).toHaveLength(5);
        skipped.push(walks.filter((s) => !/UNION ALL/.test(s)).length);
      }
      // Exactly one page statement skipped from the start; the four others sought from its boundary.
      expect(skipped.at(-1)).toBe(1);
    }
  });

  it("keeps a narrowed list's total exact until the records change, and finds one and two CJK characters", async () => {
    const count = async (kw: string) =>
      Number(
        (
          await sql<{ n: number }>`SELECT count(*) AS n FROM records
      WHERE tenant_code = ${DEMO.tenantCode} AND module = ${M} AND deleted_at IS NULL AND (code ILIKE ${`%${kw}%`} OR data::text ILIKE ${`%${kw}%`})`.execute(
            t.db,
          )
        ).rows[0].n,
      );
    for (const kw of ['测', '测试', 'KS测试 1']) {
      const first = await served({ pageNum: 1, pageSize: 5, keyword: kw });
      expect(first.total).toBe(await count(kw));
      expect(first.list.map((r) => r.id)).toEqual(await truth({ pageNum: 1, pageSize: 5, keyword: kw }));
    }
    expect((await served({ pageNum: 1, pageSize: 5, keyword: 'KS测试' })).total).toBe(60);
    statements = [];
    expect((await served({ pageNum: 2, pageSize: 5, keyword: 'KS测试' })).total).toBe(60);
    // The second call counted nothing: the total came from memory.
    expect(statements.filter((s) => /count\(\*\)/.test(s))).toEqual([]);
    statements = null;
    // Calls asking the same new search at once count it once, and all answer the count.
    statements = [];
    const together = await Promise.all(
      [1, 2, 3, 4, 5].map((pageNum) => served({ pageNum, pageSize: 5, keyword: 'KS测试 2' })),
    );
    expect(statements.filter((s) => /count\(\*\)/.test(s))).toHaveLength(1);
    statements = null;
    for (const r of together) expect(r.total).toBe(await count('KS测试 2'));
    await sql`INSERT INTO records (tenant_code, module, code, status, data, created_by) VALUES (${DEMO.tenantCode}, ${M}, 'KSY1', '待提交', '{"reason":"KS测试 另"}', 1)`.execute(
      t.db,
    );
    expect((await served({ pageNum: 2, pageSize: 5, keyword: 'KS测试' })).total).toBe(61);
    await sql`DELETE FROM records WHERE code = 'KSY1'`.execute(t.db);
    expect((await served({ pageNum: 1, pageSize: 5, keyword: 'KS测试' })).total).toBe(60);
  });

  it("never serves what one team's lists taught to another team's transaction: row-level security still hides the rows", async () => {
    const q = { pageSize: 7, sorters: orders[0], keyword: 'KS测试' };
    // Page 5 seeks from the boundary its first call remembered. Any write to records empties what lists
    // remember (here: a notice of the previous test's writes arriving late), so the walk may need a second go.
    let sought = false;
    for (let attempt = 0; attempt < 3 && !sought; attempt++) {
      for (const pageNum of [1, 2, 3, 4, 5]) await served({ ...q, pageNum });
      statements = [];
      expect((await served({ ...q, pageNum: 5 })).list).toHaveLength(7);
      sought = statements.some((s) => /UNION ALL/.test(s));
      statements = null;
    }
    expect(sought).toBe(true);
    // The same query (naming our team) in a transaction of another team: nothing, and no remembered total.
    for (const pageNum of [1, 5]) {
      const other = await served({ ...q, pageNum }, 'NO-SUCH-TEAM');
      expect(other.list).toEqual([]);
      expect(other.total).toBe(0);
    }
    const unfiltered = await served({ pageNum: 3, pageSize: 9 }, 'NO-SUCH-TEAM');
    expect(unfiltered.list).toEqual([]);
  });

  it("finds a keyword through its trigram index when it matches few rows and walks the order when many, as a scan would; other teams' rows stay hidden", async () => {
    // Beyond the count's bound: 5,100 rows of one common phrase, a rare one among them, and another team's copies.
    await sql`INSERT INTO records (tenant_code, module, code, status, data, created_by)
      SELECT ${DEMO.tenantCode}, ${M}, 'KW' || g, '待提交', jsonb_build_object('reason', 'KW常见 第' || g || '号', 'totalPrice', (g % 97)::text), 1
      FROM generate_series(1, ${COUNT_BOUND + 100}) g`.execute(t.db);
    await sql`INSERT INTO records (tenant_code, module, code, status, data, created_by)
      SELECT 'T-KW-OTHER', ${M}, 'KW' || g, '待提交', jsonb_build_object('reason', 'KW常见 第' || g || '号 稀有词'), 1
      FROM generate_series(1, 30) g`.execute(t.db);
    await sql`UPDATE records SET data = data || '{"remark": "稀有词 Rare"}' WHERE tenant_code = ${DEMO.tenantCode} AND code IN ('KW7', 'KW700', 'KW4999')`.execute(
      t.db,
    );
    // As autovacuum leaves a table: a GIN index's statistics (and its pending list of new rows) are brought up to date
    // by VACUUM, not ANALYZE, and the planner weighs the trigram index by them.
    await sql`VACUUM (ANALYZE) records`.execute(t.db);
    const otherIds = new Set(
      (await sql<{ id: number }>`SELECT id FROM records WHERE tenant_code = 'T-KW-OTHER'`.execute(t.db)).rows.map((r) =>
        Number(r.id),
      ),
    );
    try {
      const count = async (kw: string) =>
        Number(
          (
            await sql<{ n: number }>`SELECT count(*) AS n FROM records
        WHERE tenant_code = ${DEMO.tenantCode} AND module = ${M} AND deleted_at IS NULL AND (code ILIKE ${`%${kw}%`} OR data::text ILIKE ${`%${kw}%`})`.execute(
              t.db,
            )
          ).rows[0].n,
        );
      const pageSql = () => statements!.filter((s) => /LEFT JOIN LATERAL/.test(s)).at(-1) ?? '';
      for (const [kw, form] of [
        ['KW常见', 'walk'],
        ['kw常见', 'walk'],
        ['常', 'walk like'],
        ['号', 'walk like'],
        ['稀有词', 'sorted'],
        ['rare', 'sorted'],
        ['有词', 'sorted'],
        ['无此词', 'sorted'],
      ] as const) {
        for (const sorters of [orders[0], []]) {
          for (const pageNum of [1, 2, 40]) {
            const q = { pageNum, pageSize: 20, sorters, keyword: kw };
            statements = [];
            const got = await served(q);
            const page = pageSql();
            statements = null;
            // Same rows, same order, same total as the plain scan (ILIKE over code and data::text, ordered by the index).
            expect(
              got.list.map((r) => r.id),
              `${kw} page ${pageNum}`,
            ).toEqual(await truth(q));
            expect(got.total).toBe(Math.min(await count(kw), COUNT_BOUND));
            expect(got.totalExact).toBe((await count(kw)) <= COUNT_BOUND);
            // Many matches: a CASE tested on each row read in the order's index; few: the indexable form, sorted.
            // A word with a case walks with ILIKE, one without with LIKE (the same rows, checked above).
            if (pageNum === 1)
              expect(page, `${kw}`).toMatch(
                {
                  walk: /CASE WHEN r\.code ILIKE/,
                  'walk like': /CASE WHEN r\.code LIKE/,
                  sorted: /\(r\.tenant_code \|\| ''\)/,
                }[form],
              );
            // The walk's plan does not depend on the word (a CASE): from the plan cache; the gathering's does.
            if (pageNum === 1) expect(page.startsWith('/* prepared */'), `${kw}`).toBe(form !== 'sorted');
          }
        }
        // No row of the other team, whose reasons hold the same words.
        const got = (await served({ pageNum: 1, pageSize: 50, keyword: kw })).list.map((r) => r.id);
        expect(got.filter((id) => otherIds.has(id))).toEqual([]);
      }
      expect((await served({ pageNum: 1, pageSize: 50, keyword: '稀有词' })).list.map((r) => r.code).sort()).toEqual([
        'KW4999',
        'KW7',
        'KW700',
      ]);
      // The trigram index serves the keyword under row-level security (ILIKE and the jsonb → text cast are LEAKPROOF),
      // and the policy still hides the other team's rows on that path, with no tenant condition in the query at all.
      await withTenant(t.db, DEMO.tenantCode, async (trx) => {
        await sql`SELECT set_config('enable_seqscan', 'off', true)`.execute(trx);
        const kw = '%稀有词%';
        const plan = (
          await sql<
            Record<string, string>
          >`EXPLAIN SELECT r.id FROM records r WHERE r.tenant_code = ${DEMO.tenantCode} AND r.module = ${sql.lit(M)} AND r.deleted_at IS NULL AND (r.code ILIKE ${kw} OR r.data::text ILIKE ${kw})`.execute(
            trx,
          )
        ).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
        expect(plan).toMatch(/Bitmap Index Scan on "?rk_reimburseManage/);
        expect(plan).toMatch(/Index Cond: .*data\)::text ~~\* /);
        const bare = sql`SELECT r.code FROM records r WHERE r.module = ${sql.lit(M)} AND r.deleted_at IS NULL AND r.data::text ILIKE ${kw}`;
        const barePlan = (await sql<Record<string, string>>`EXPLAIN ${bare}`.execute(trx)).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
        expect(barePlan).toMatch(/rk_reimburseManage/);
        expect((await sql<{ code: string }>`${bare}`.execute(trx)).rows.map((r) => r.code).sort()).toEqual([
          'KW4999',
          'KW7',
          'KW700',
        ]);
      });
      // The other team's transaction sees its own rows only, on both paths.
      const mine = await withTenant(t.db, 'T-KW-OTHER', (trx) =>
        pageRecords(trx, 'T-KW-OTHER', m, { pageNum: 1, pageSize: 50, keyword: '稀有词' }),
      );
      expect(mine.total).toBe(30);
      expect(mine.list).toHaveLength(30);
      for (const kw of ['稀有词', 'KW常见']) {
        const other = await served({ pageNum: 1, pageSize: 20, keyword: kw }, 'T-KW-OTHER');
        expect(other.list).toEqual([]);
        expect(other.total).toBe(0);
      }
    } finally {
      await sql`DELETE FROM records WHERE code LIKE 'KW%'`.execute(t.db);
    }
  });

  it("answers a read-only call (each statement one round trip with the team's settings on PostgreSQL) as the transaction does; other teams' rows stay hidden; writes are refused", async () => {
    const viaRead = (q: PageQuery, tenant = DEMO.tenantCode) =>
      withTenantRead(t.db, tenant, (trx) => pageRecords(trx, DEMO.tenantCode, m, q));
    const narrowings: Omit<PageQuery, 'pageNum' | 'sorters'>[] = [
      { pageSize: 7, keyword: 'KS测试' },
      { pageSize: 9 },
      { pageSize: 5, filters: [{ field: 'status', operator: 'eq', value: '待提交' }] },
      { pageSize: 5, filters: [{ field: 'totalPrice', operator: 'between', value: [0, 50] }] },
    ];
    for (const sorters of orders) {
      for (const n of narrowings) {
        for (const pageNum of [1, 3, 2, 3]) {
          const q = { ...n, sorters, pageNum };
          const got = await viaRead(q);
          expect(
            got.list.map((r) => r.id),
            `${JSON.stringify(q)}`,
          ).toEqual(await truth(q));
          expect(got).toEqual(await served(q));
          const other = await viaRead(q, 'NO-SUCH-TEAM');
          expect(other.list).toEqual([]);
          expect(other.total).toBe(0);
        }
      }
    }
    // A narrowing whose best plan does not depend on its values (an equality on status in the default order, a range on
    // the sorted field) is sent for PostgreSQL's plan cache; the others are planned for their values at every call.
    // Asked more than five times with changing values (so a generic plan takes over), the answers stay OFFSET's.
    const marked = async (q: PageQuery) => {
      statements = [];
      const got = await viaRead(q);
      const page = statements.filter((s) => /LEFT JOIN LATERAL/.test(s)).at(-1) ?? '';
      statements = null;
      expect(
        got.list.map((r) => r.id),
        `${JSON.stringify(q)}`,
      ).toEqual(await truth(q));
      return page.startsWith('/* prepared */');
    };
    for (let i = 0; i < 8; i++) {
      const status = ['待提交', '已通过', '审批中'][i % 3];
      const range = [
        [0, 50],
        [20, 200],
        [-5, 10],
        [100, 100],
      ][i % 4];
      expect(
        await marked({ pageNum: 1, pageSize: 5, filters: [{ field: 'status', operator: 'eq', value: status }] }),
      ).toBe(true);
      expect(
        await marked({
          pageNum: 1,
          pageSize: 5,
          sorters: orders[i % 2],
          filters: [{ field: 'totalPrice', operator: 'between', value: range }],
        }),
      ).toBe(true);
      expect(
        await marked({
          pageNum: 1,
          pageSize: 5,
          sorters: orders[0],
          filters: [{ field: 'status', operator: 'eq', value: status }],
        }),
      ).toBe(false);
      expect(
        await marked({
          pageNum: 1,
          pageSize: 5,
          sorters: orders[2],
          filters: [{ field: 'totalPrice', operator: 'between', value: range }],
        }),
      ).toBe(false);
      // A keyword that matches few rows is gathered through its trigram index, which depends on the word.
      expect(await marked({ pageNum: 1, pageSize: 5, keyword: `KS测试 ${i + 1}` })).toBe(false);
    }
    // Row-level security with no tenant condition in the query at all.
    const all = (tenant: string) =>
      withTenantRead(t.db, tenant, async (trx) =>
        Number((await sql<{ n: number }>`SELECT count(*) AS n FROM records`.execute(trx)).rows[0].n),
      );
    expect(await all(DEMO.tenantCode)).toBeGreaterThan(60);
    expect(await all('NO-SUCH-TEAM')).toBe(0);
    if (dialect.name === 'postgres') {
      // Read-only: a write is refused by PostgreSQL, and nothing changed.
      await expect(
        withTenantRead(t.db, DEMO.tenantCode, (trx) =>
          sql`UPDATE records SET status = '已通过' WHERE code = 'KS1'`.execute(trx),
        ),
      ).rejects.toMatchObject({ code: '25006' });
      expect(
        (await sql<{ status: string }>`SELECT status FROM records WHERE code = 'KS1'`.execute(t.db)).rows[0].status,
      ).toBe('待提交');
      // A statement's error comes back with its code (57014 → 系统繁忙 as from withTenant); the same text runs again after.
      const divide = (d: number) =>
        withTenantRead(
          t.db,
          DEMO.tenantCode,
          async (trx) => (await sql<{ v: number }>`SELECT 10 / ${d}::int AS v`.execute(trx)).rows[0].v,
        );
      for (let i = 0; i < 3; i++) await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
      expect(await divide(5)).toBe(2);
      // The connection leaves the scope as it came: no role, no team, no read-only transaction.
      expect(
        (
          await sql<{
            r: string;
            t: string | null;
          }>`SELECT current_user AS r, current_setting('app.tenant', true) AS t`.execute(t.db)
        ).rows[0].r,
      ).not.toBe('yiguan_app');
    }
  });

  it('runs a list call in few statements: no session or field-options read once cached, one for the page', async () => {
    const token = await t.login(DEMO.username, DEMO.password);
    const page = () =>
      t.call(
        'POST',
        `/api/data/${M}/page`,
        { pageNum: 1, pageSize: 20, filters: [{ field: 'status', operator: 'eq', value: '已通过' }] },
        token,
      );
    // The first calls read the session and compute its permissions (which changes the session's row); then the
    // cache answers (on PostgreSQL once the notification of that change has come back).
    let ran: string[] = [];
    for (let i = 0; i < 20; i++) {
      statements = [];
      expect((await page()).status).toBe(200);
      ran = statements;
      statements = null;
      if (!ran.some((s) => /from "sessions"/i.test(s))) break;
    }
    expect(ran.filter((s) => /from "sessions"/i.test(s))).toEqual([]);
    expect(ran.filter((s) => /from "field_options"/i.test(s))).toEqual([]);
    // On PostgreSQL the page with its total, sent with the tenant's settings as one text (the read scope's markers are
    // not sent); on PGlite BEGIN, the settings, the page, COMMIT.
    if (dialect.name === 'postgres') {
      expect(ran.filter((s) => !s.startsWith('/* yg read scope'))).toHaveLength(1);
      expect(ran.filter((s) => /^(BEGIN|COMMIT)\b/i.test(s))).toEqual([]);
    } else expect(ran.length).toBeLessThanOrEqual(4);
    // A logout ends the session at the next call, cache or not.
    expect((await t.call('POST', '/api/admin/login/logout', {}, token)).status).toBe(200);
    expect((await page()).status).toBe(Status.TOKEN_INVALID);
  });

  it('answers 系统繁忙，请稍后重试 (status 409, HTTP 200) instead of a 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    app.get('/slow', async () => {
      if (dialect.name === 'postgres') {
        // A real cancellation by PostgreSQL's statement_timeout, inside the tenant's transaction.
        await withTenant(t.db, DEMO.tenantCode, async (trx) => {
          await sql`SELECT set_config('statement_timeout', '50ms', true)`.execute(trx);
          await sql`SELECT pg_sleep(2)`.execute(trx);
        });
      }
      // PGlite has no timer to cancel a statement: the error as PostgreSQL raises it.
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: Status.CONFLICT, message: BUSY_MESSAGE, data: null });
    expect(BUSY_MESSAGE).toBe('系统繁忙，请稍后重试');
    await app.close();
    // The session's connection is fine afterwards.
    expect(
      await withTenant(
        t.db,
        DEMO.tenantCode,
        async (trx) => (await sql<{ one: number }>`SELECT 1 AS one`.execute(trx)).rows[0].one,
      ),
    ).toBe(1);
  });
});
