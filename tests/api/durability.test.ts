// Issue 15 point 9: the real server, killed with SIGKILL in the middle of a burst of writes, keeps every write it
// acknowledged. A child process (src/server/main.ts) on its own data folder (PGlite) or database (PostgreSQL)
// takes concurrent record creations with submission and approvals; it is killed once enough are acknowledged,
// restarted on the same data, and every acknowledged write must be there, whole: the record with its lines,
// its approval instance and tasks, its audit entry, and the list counts equal to the rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DB } from '../../src/server/db';
import { DEMO, DEMO_STAFF } from '../../src/server/seed';
import { databaseEnv, testDialects } from '../helpers/databases';
import { dictItemId } from '../helpers/test-app';
import { httpCall, startServerProcess, type ServerProcess } from '../helpers/server-process';

const M = '/api/data/reimburseManage';
/** Requests in flight at once during the burst. */
const WORKERS = 6;
/** Acknowledged creations after which the server is killed (the burst goes on until then). */
const KILL_AFTER = 24;

interface Acked {
  id: number;
  code: string;
  lines: number;
  submitted: boolean;
  agreed: boolean;
}

describe.each(testDialects())('durability under SIGKILL on $name', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('keeps every acknowledged write, whole, after a kill during a burst and a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-durable-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = await dialect.create();
    cleanups.push(() => database.drop());
    if (!database.databaseUrl) {
      fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
      // A data folder configured to acknowledge commits before their WAL is written out: the server must not let it
      // (src/server/db pins synchronous_commit for PGlite, which lives and dies with the process).
      fs.appendFileSync(path.join(dataDir, 'pglite', 'postgresql.auto.conf'), '\nsynchronous_commit = off\n');
    }
    const env = { DATA_DIR: dataDir, ...databaseEnv(database), SEED_DEMO: '0', WEB_DIR: path.join(dataDir, 'no-web') };
    let server: ServerProcess | undefined = await startServerProcess(env);
    cleanups.push(async () => server?.kill('SIGKILL'));

    const call = <T = any>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) =>
      httpCall<T>(server!.url, method, url, body, token);
    const login = async (username: string, password: string) => {
      const r = await call('POST', '/api/admin/login/user', { loginType: 'password', username, password });
      expect(r.status, r.message).toBe(200);
      return r.data.token as string;
    };
    const boss = await login(DEMO.username, DEMO.password);
    const staff = await login(DEMO_STAFF.username, DEMO_STAFF.password);
    const me = (await call('GET', '/api/admin/sysuser/getSysUser', undefined, staff)).data;
    const staffId = Number(me.id ?? me.userId);
    expect(staffId).toBeGreaterThan(0);
    const dict = (
      await call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], staff)
    ).data;
    const today = new Date().toISOString().slice(0, 10);
    const claim = (n: number, submit: boolean) => ({
      applicantId: staffId,
      deptId: dictItemId(dict, 'dept', '业务部'),
      applyDate: today,
      reason: `断电测试 ${n}`,
      submit,
      lines: [
        { expenseType: dictItemId(dict, 'expenseType', '办公费'), occurDate: today, price: 10 + n },
        { expenseType: dictItemId(dict, 'expenseType', '办公费'), occurDate: today, price: 20 + n },
      ],
    });

    // The burst: WORKERS loops, each creating claims (every other one submitted for approval, and then agreed by
    // its approver), until the server dies under them. Only a 200 answer counts as acknowledged.
    const acked = new Map<number, Acked>();
    let n = 0;
    let dead = false;
    let failures = 0;
    const worker = async () => {
      while (!dead) {
        const i = n++;
        const submit = i % 2 === 0;
        try {
          const r = await call('POST', `${M}/add`, claim(i, submit), staff);
          expect(r.status, r.message).toBe(200);
          const rec: Acked = { id: r.data.id, code: r.data.code, lines: 2, submitted: submit, agreed: false };
          acked.set(rec.id, rec);
          if (submit && i % 4 === 0) {
            const task = (await call('GET', `/api/oa/task/findTaskIdByFormId?formId=${rec.id}`, undefined, boss)).data;
            expect(task.taskId, 'the boss approves 业务部 claims').toEqual(expect.any(Number));
            const agree = await call(
              'POST',
              '/api/oa/process/agree',
              { taskId: task.taskId, processInstanceId: task.processInstanceId, comments: '同意' },
              boss,
            );
            expect(agree.status, agree.message).toBe(200);
            rec.agreed = true;
          }
        } catch (err) {
          if (!dead) {
            dead = true; // a refused write before the kill is a failure of its own: stop the burst and report it
            throw err;
          }
          failures++; // a request the kill cut off: not acknowledged, may or may not have been written
        }
      }
    };
    const killer = (async () => {
      while (acked.size < KILL_AFTER && !dead) await new Promise((r) => setTimeout(r, 5));
      dead = true;
      await server!.kill('SIGKILL');
    })();
    await Promise.all([killer, ...Array.from({ length: WORKERS }, worker)]);
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(failures, 'the kill cut requests off mid-burst').toBeGreaterThan(0);
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // Restarted on the same data, the server answers every acknowledged record, with its lines and its approval state.
    server = await startServerProcess(env);
    const boss2 = await login(DEMO.username, DEMO.password);
    for (const rec of acked.values()) {
      const got = await call('GET', `${M}/get?id=${rec.id}`, undefined, boss2);
      expect(got.status, `record ${rec.code} after the restart`).toBe(200);
      expect(got.data.code).toBe(rec.code);
      expect(got.data.lines).toHaveLength(rec.lines);
      expect(got.data.status).toBe(rec.submitted ? '审批中' : '待提交');
      if (rec.agreed) {
        const steps = (await call('GET', `/api/oa/task/findApprovalByFormId?formId=${rec.id}`, undefined, boss2)).data;
        expect(
          steps.map((s: any) => s.operationName),
          `approval of ${rec.code}`,
        ).toEqual(expect.arrayContaining(['submit', 'agree']));
      }
    }
    // Sessions live in the database: the token from before the kill still works, and the server takes writes again.
    const after = await call('POST', `${M}/add`, claim(999, false), staff);
    expect(after.status, after.message).toBe(200);
    expect(acked.has(after.data.id)).toBe(false);
    await server.kill('SIGTERM');
    expect(server.child.exitCode).toBe(0);
    server = undefined;

    // Nothing half-written, acknowledged or not: read the data itself (PGlite allows one process, so after a stop).
    const db: DB = await openDatabase({ dataDir, ...database });
    try {
      const { rows: counts } = await sql<{ tenant_code: string; module: string; n: number; rows: number }>`
        SELECT c.tenant_code, c.module, c.n::int AS n, (SELECT count(*)::int FROM records r WHERE r.tenant_code = c.tenant_code AND r.module = c.module AND r.deleted_at IS NULL) AS rows
        FROM record_counts c`.execute(db);
      expect(counts.length).toBeGreaterThan(10);
      expect(
        counts.filter((c) => c.n !== c.rows),
        'record_counts equal to the rows',
      ).toEqual([]);
      const { rows: burst } = await sql<{
        id: number;
        code: string;
        status: string;
        lines: number;
        instances: number;
        open_tasks: number;
        audited: number;
      }>`
        SELECT r.id::int AS id, r.code, r.status, jsonb_array_length(r.lines) AS lines,
          (SELECT count(*)::int FROM process_instances p WHERE p.record_id = r.id) AS instances,
          (SELECT count(*)::int FROM tasks t JOIN process_instances p ON p.id = t.instance_id WHERE p.record_id = r.id AND t.status = 'open') AS open_tasks,
          (SELECT count(*)::int FROM audit_log a WHERE a.record_id = r.id AND a.entity = 'records' AND a.action = 'create') AS audited
        FROM records r WHERE r.tenant_code = ${DEMO.tenantCode} AND r.module = 'reimburseManage' AND r.data->>'reason' LIKE '断电测试 %'`.execute(
        db,
      );
      // Every acknowledged record is there; the ones the kill cut off are either whole or absent.
      const ids = new Set(burst.map((r) => r.id));
      expect(
        [...acked.keys()].filter((id) => !ids.has(id)),
        'acknowledged records lost',
      ).toEqual([]);
      expect(
        burst.filter((r) => r.lines !== 2),
        'records without their lines',
      ).toEqual([]);
      expect(
        burst.filter((r) => r.audited !== 1),
        'records without their audit entry',
      ).toEqual([]);
      expect(
        burst.filter((r) => r.status === '审批中' && (r.instances !== 1 || r.open_tasks !== 1)),
        'submitted records without their approval',
      ).toEqual([]);
      expect(
        burst.filter((r) => r.status === '待提交' && r.instances !== 0),
        'saved records with an approval',
      ).toEqual([]);
      expect(new Set(burst.map((r) => r.code)).size).toBe(burst.length);
    } finally {
      await db.destroy();
    }
  }, 150_000);
});
