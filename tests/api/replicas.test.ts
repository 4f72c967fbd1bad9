// Issue 15 point 9: the API against two server processes on one PostgreSQL database. With DATABASE_URL this file
// turns on the rig's replica mode (useReplicas(2); API_REPLICAS=2 does the same for any suite run alone; see
// tests/helpers/test-app.ts): every suite's app is two real server processes and its requests alternate between them. First the points where two processes could disagree,
// changed on one and read on the other at the very next call; then the suites that exercise sessions, limits,
// sequences and caches, unchanged, through the two processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useReplicas } from '../helpers/databases';
import { createTestApp, dictItemId, type TestApp } from '../helpers/test-app';
import { dataApi as api } from '../helpers/records';
import { parseLimits } from '../../src/server/rate-limit-sizes';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { sha256 } from '../../src/server/modules/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { REPO, startServerProcess, type ServerProcess } from '../helpers/server-process';

useReplicas(2);
const enabled = !!process.env.DATABASE_URL;

type Row = Record<string, any>;
type Replica = ReturnType<NonNullable<TestApp['replica']>>;

describe.runIf(enabled)('two server processes on one PostgreSQL database', () => {
  let t: TestApp;
  let A: Replica;
  let B: Replica;
  let bossA: string;
  let staffB: string;
  let staffId: number;
  let dict: Record<string, any[]>;
  const today = todayInChina();

  beforeAll(async () => {
    t = await createTestApp(testDialects()[0]);
    A = t.replica!(0);
    B = t.replica!(1);
    bossA = await A.login(DEMO.username, DEMO.password);
    staffB = await B.login(DEMO_STAFF.username, DEMO_STAFF.password);
    staffId = (
      await t.db.selectFrom('users').select('id').where('username', '=', DEMO_STAFF.username).executeTakeFirstOrThrow()
    ).id;
    dict = (await B.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], staffB))
      .data;
  });
  afterAll(async () => t?.close());

  const claim = (over: Row = {}) => ({
    applicantId: staffId,
    deptId: dictItemId(dict, 'dept', '业务部'),
    applyDate: today,
    reason: '双实例测试',
    lines: [{ expenseType: dictItemId(dict, 'expenseType', '办公费'), occurDate: today, price: 66 }],
    ...over,
  });

  it('runs two processes, each answering on its own port', async () => {
    const a = await A.app.inject({ method: 'GET', url: '/api/admin/sysuser/getSysUser', headers: { Satoken: bossA } });
    const b = await B.app.inject({ method: 'GET', url: '/api/admin/sysuser/getSysUser', headers: { Satoken: bossA } });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('shares sessions: a token made on one works on the other, and a logout on one ends it on both', async () => {
    const token = await A.login(DEMO_STAFF.username, DEMO_STAFF.password);
    expect((await B.call('GET', '/api/admin/sysuser/getSysUser', undefined, token)).status).toBe(200);
    expect((await B.call('POST', '/api/admin/login/logout', {}, token)).status).toBe(200);
    expect((await A.call('GET', '/api/admin/sysuser/getSysUser', undefined, token)).status).toBe(11012);
    expect((await B.call('GET', '/api/admin/sysuser/getSysUser', undefined, token)).status).toBe(11012);
  });

  it('gives concurrent creations on both processes distinct, consecutive codes', async () => {
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? B : A).call('POST', api('reimburseManage', 'add'), claim(), staffB),
      ),
    );
    for (const r of made) expect(r.status, r.message).toBe(200);
    const seq = made.map((r) => Number(String(r.data.code).slice(-4))).sort((x, y) => x - y);
    expect(new Set(seq).size).toBe(16);
    expect(seq[15] - seq[0]).toBe(15);
  });

  it("sees a role's data scope changed on one process at the next call on the other", async () => {
    const roles = (await A.call('POST', '/api/admin/role/rolePage', { pageSize: 50 }, bossA)).data.list as Row[];
    const member = roles.find((r) => r.roleKey === 'member')!.id;
    const mine = (await B.call('POST', api('reimburseManage', 'add'), claim({ reason: '双实例范围' }), staffB)).data.id;
    const total = async () =>
      (await B.call('POST', api('reimburseManage', 'page'), { pageSize: 1 }, staffB)).data.total as number;
    // From 全部 (the member role's default is 仅本人) to 仅本人 and back.
    expect(
      (await A.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope: 'all' }, bossA)).status,
    ).toBe(200);
    const before = await total();
    expect(before).toBeGreaterThan(1);
    expect(
      (await A.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope: 'self' }, bossA)).status,
    ).toBe(200);
    const narrowed = await total();
    expect(narrowed).toBeLessThan(before);
    expect(narrowed).toBeGreaterThanOrEqual(1);
    expect((await B.call('GET', `${api('reimburseManage', 'get')}?id=${mine}`, undefined, staffB)).status).toBe(200);
    expect(
      (await A.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope: 'all' }, bossA)).status,
    ).toBe(200);
    expect(await total()).toBe(before);
  });

  it('never keeps a menu and permissions computed from roles that a change on the other process replaced meanwhile', async () => {
    // The race, made certain: B computes the session's ACL (none is cached) while A changes the role and drops the
    // cached ACLs. The session's row is held locked until both are under way, so B's computation straddles A's change.
    const roles = (await A.call('POST', '/api/admin/role/rolePage', { pageSize: 50 }, bossA)).data.list as Row[];
    const member = roles.find((r) => r.roleKey === 'member')!.id;
    const total = async () =>
      (await B.call('POST', api('reimburseManage', 'page'), { pageSize: 1 }, staffB)).data.total as number;
    expect(
      (await A.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope: 'all' }, bossA)).status,
    ).toBe(200);
    const all = await total();
    const session = (
      await t.db.selectFrom('sessions').select('id').where('token_hash', '=', sha256(staffB)).executeTakeFirstOrThrow()
    ).id;
    await t.db.updateTable('sessions').set({ acl: null }).where('id', '=', session).execute();
    // Other connections of this database waiting for a lock (B's computation, A's invalidation).
    const waiting = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(
          t.db,
        )
      ).rows[0].n;
    let during: Promise<Row> | undefined;
    let change: Promise<Row> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('sessions').select('id').where('id', '=', session).forUpdate().execute();
      // B: a call that computes the session's ACL once (a list computes it twice, which would hide a stale one) and
      // waits for the locked row.
      during = B.call('GET', '/api/admin/sysuser/getSysUser', undefined, staffB);
      await expect.poll(waiting, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(1);
      let changed = false;
      change = A.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope: 'self' }, bossA).finally(
        () => {
          changed = true;
        },
      );
      // A's change is through, or its invalidation waits for the row too: then the lock goes.
      await expect.poll(async () => changed || (await waiting()) >= 2, { timeout: 20_000, interval: 50 }).toBe(true);
    });
    expect((await change!).status).toBe(200);
    expect((await during!).status).toBe(200);
    // Whatever the answer in flight showed, B's next call sees the new scope.
    expect(await total()).toBeLessThan(all);
    expect(
      (await A.call('POST', '/api/admin/role/updateDataScope', { id: member, dataScope: 'all' }, bossA)).status,
    ).toBe(200);
    expect(await total()).toBe(all);
  });

  it("applies field options saved on one process to the other's checks at its next call", async () => {
    const emptyReason = () => B.call('POST', api('reimburseManage', 'add'), claim({ reason: '' }), staffB);
    expect((await emptyReason()).message).toMatch(/事由/);
    const saved = await A.call(
      'POST',
      '/api/field-options/save',
      { module: 'reimburseManage', scope: 'team', overrides: { reason: { requireAble: false } } },
      bossA,
    );
    expect(saved.status, saved.message).toBe(200);
    expect((await emptyReason()).status).toBe(200);
    expect(
      (await A.call('POST', '/api/field-options/rollback', { module: 'reimburseManage', version: 0 }, bossA)).status,
    ).toBe(200);
    expect((await emptyReason()).message).toMatch(/事由/);
  });

  it('offers a dictionary item added on one process on the other at its next call', async () => {
    const names = async () =>
      (
        (await B.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['expenseType'], staffB)).data
          .expenseType as Row[]
      ).map((n) => n.dictName);
    expect(await names()).not.toContain('双实例费');
    const added = await A.call(
      'POST',
      '/api/admin/sysmenuListFieldDict/add',
      { fieldKey: 'expenseType', dictName: '双实例费' },
      bossA,
    );
    expect(added.status, added.message).toBe(200);
    expect(await names()).toContain('双实例费');
  });
  // Issue 9: each process caches the team's dictionaries and member names that every write reads for its labels
  // (db/cache-bus.ts, migration 022): a rename on one process is in the very next record saved on the other.
  it('names a member and a dictionary item renamed on one process in the next record saved on the other', async () => {
    const saved = async (reason: string) => {
      const made = await B.call('POST', api('reimburseManage', 'add'), claim({ reason }), staffB);
      expect(made.status, made.message).toBe(200);
      return (await B.call('GET', `${api('reimburseManage', 'get')}?id=${made.data.id}`, undefined, staffB))
        .data as Row;
    };
    const staffToken = await A.login(DEMO_STAFF.username, DEMO_STAFF.password);
    const oldName = (await A.call('GET', '/api/admin/sysuser/getSysUser', undefined, staffToken)).data
      .nickName as string;
    const office = dictItemId(dict, 'expenseType', '办公费');
    // Warm B's caches, twice.
    for (const r of [await saved('改名前'), await saved('改名前')]) {
      expect(r.applicantIdName).toBe(oldName);
      expect(r.lines[0].expenseTypeName).toBe('办公费');
    }
    try {
      expect(
        (await A.call('POST', '/api/admin/sysuser/updateProfile', { nickName: '改名的员工' }, staffToken)).status,
      ).toBe(200);
      expect(
        (await A.call('POST', '/api/admin/sysmenuListFieldDict/update', { id: office, dictName: '办公用品费' }, bossA))
          .status,
      ).toBe(200);
      const after = await saved('改名后');
      expect(after.applicantIdName).toBe('改名的员工');
      expect(after.lines[0].expenseTypeName).toBe('办公用品费');
    } finally {
      await A.call('POST', '/api/admin/sysuser/updateProfile', { nickName: oldName }, staffToken);
      await A.call('POST', '/api/admin/sysmenuListFieldDict/update', { id: office, dictName: '办公费' }, bossA);
    }
  });

  // Issue 9: each process caches sessions (db/cache-bus.ts). A change takes effect at the next call on either
  // process: the other process hears of it by NOTIFY, and each call first reads the notifications committed
  // before it arrived (CacheBus.sync).
  it('ends a session cached by both processes when it is revoked on one', async () => {
    const token = await A.login(DEMO_STAFF.username, DEMO_STAFF.password);
    const list = (r: Replica) => r.call('POST', api('reimburseManage', 'page'), { pageSize: 1 }, token);
    for (let i = 0; i < 3; i++) for (const r of [A, B]) expect((await list(r)).status).toBe(200);
    expect((await A.call('POST', '/api/admin/login/logout', {}, token)).status).toBe(200);
    expect((await list(A)).status).toBe(11012);
    expect((await list(B)).status).toBe(11012);
    expect((await list(A)).status).toBe(11012);
  });

  it('refuses a member disabled on one process on the other, though his session was cached there', async () => {
    const token = await B.login(DEMO_STAFF.username, DEMO_STAFF.password);
    const list = (r: Replica) => r.call('POST', api('reimburseManage', 'page'), { pageSize: 1 }, token);
    for (let i = 0; i < 3; i++) for (const r of [A, B]) expect((await list(r)).status).toBe(200);
    expect(
      (await A.call('POST', '/api/team-admin/members/update', { userId: staffId, enabled: false }, bossA)).status,
    ).toBe(200);
    expect((await list(A)).status).not.toBe(200);
    expect((await list(B)).status).not.toBe(200);
    expect(
      (await A.call('POST', '/api/team-admin/members/update', { userId: staffId, enabled: true }, bossA)).status,
    ).toBe(200);
  });
});

describe.runIf(enabled)('limits per client across two server processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(testDialects()[0], { rateLimits: parseLimits('login=4/60') });
  });
  afterAll(async () => t?.close());

  it("counts one client's logins on both processes together", async () => {
    const login = (r: Replica, n: number) =>
      r.call('POST', '/api/admin/login/user', {
        loginType: 'password',
        username: `nobody${n}`,
        password: 'wrongpass1',
      });
    for (let i = 0; i < 4; i++) expect((await login(t.replica!(i), i)).status).toBe(400);
    expect((await login(t.replica!(0), 8)).status).toBe(429);
    expect((await login(t.replica!(1), 9)).status).toBe(429);
  });
});

describe.runIf(enabled)('two server processes starting together', () => {
  it('both start on a database whose record indexes they must first build', async () => {
    const database = await testDialects()[0].create();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-replicas-'));
    const servers: ServerProcess[] = [];
    const db = await openDatabase({ dataDir, ...database });
    try {
      // As after a release whose schemas ask for new indexes: none of the records table's per-module indexes exist.
      const names = async () =>
        (
          await sql<{
            name: string;
          }>`SELECT indexname AS name FROM pg_indexes WHERE tablename LIKE 'records\\_\\_%' AND indexname ~ '^r[xsck]_'`.execute(
            db,
          )
        ).rows.map((r) => r.name);
      const before = await names();
      expect(before.length).toBeGreaterThan(50);
      for (const name of before) await sql.raw(`DROP INDEX "${name}"`).execute(db);
      const config = {
        ...loadConfig({}),
        dataDir,
        databaseUrl: database.databaseUrl,
        databaseListenUrl: database.databaseListenUrl,
        databasePooler: database.databasePooler,
        webDir: path.join(dataDir, 'no-web'),
        port: 0,
        host: '127.0.0.1',
        seedDemo: false,
      };
      const started = await Promise.allSettled(
        [0, 1].map(() =>
          startServerProcess(
            { YG_TEST_CONFIG: JSON.stringify(config) },
            { entry: path.join(REPO, 'tests/helpers/replica-server.ts') },
          ),
        ),
      );
      for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
      expect(
        started
          .filter((r) => r.status === 'rejected')
          .map((r) => String((r as PromiseRejectedResult).reason).slice(0, 600)),
      ).toEqual([]);
      expect((await names()).sort()).toEqual(before.sort());
    } finally {
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
      await db.destroy();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

if (!enabled) it.skip('needs DATABASE_URL (scripts/with-postgres.sh): replicas share a PostgreSQL database', () => {});

// The suites that exercise sessions, limits, sequences and caches, through the two processes.
if (enabled) {
  await import('./accounts.test');
  await import('./teams.test');
  await import('./records.test');
  await import('./workflow.test');
  await import('./data-scope.test');
  await import('./field-options.test');
  await import('./dictionaries.test');
}
