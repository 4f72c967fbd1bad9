// Where a write's time goes: logs every statement (and its round trip) of one create and one submit of a
// reimbursement, then optionally runs PROFILE_N creates and submits one after another (run under
// `node --cpu-prof` to see the server's CPU). Needs DATABASE_URL:
// `WITH_PGBOUNCER=0 scripts/with-postgres.sh node --import tsx scripts/profile-writes.ts`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { startServer } from '../src/server/main';
import { DEMO } from '../src/server/seed';
import { loadTeams } from './bench/dataset';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('needs DATABASE_URL');
// Every statement a pg client sends, with its time from send to answer.
const log: { text: string; ms: number }[] = [];
let logging = false;
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const t0 = performance.now();
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '?');
  const res = (orig as (...a: unknown[]) => unknown).apply(this, args);
  if (logging && res && typeof (res as Promise<unknown>).then === 'function') {
    (res as Promise<unknown>).then(
      () => log.push({ text, ms: performance.now() - t0 }),
      () => log.push({ text: `FAILED ${text}`, ms: performance.now() - t0 }),
    );
  }
  return res as never;
} as typeof orig;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-prof-'));
const server = await startServer(
  { dataDir, databaseUrl: url, port: 0, host: '127.0.0.1', seedDemo: true, logLevel: 'warn' },
  { logger: false },
);
const { db, services } = server;
await loadTeams(
  db,
  services.schemas,
  DEMO.tenantCode,
  Number(process.env.BENCH_TEAMS ?? 2),
  Number(process.env.BENCH_SCALE ?? 2000),
  console.log,
);

const login = async (username: string) => {
  const r = await fetch(`${server.url}/api/admin/login/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 'password', username, password: 'demo12345' }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
};
const headers = { 'content-type': 'application/json', satoken: await login('demo') };
const dict = (await (
  await fetch(`${server.url}/api/admin/sysmenuListFieldDict/queryByFieldKeys`, {
    method: 'POST',
    headers,
    body: JSON.stringify(['dept', 'expenseType']),
  })
).json()) as { data: Record<string, { id: number; children?: { id: number }[] }[]> };
const claim = {
  applicantId: 1,
  deptId: dict.data.dept[0].id,
  applyDate: '2026-11-20',
  reason: '基准写入',
  lines: [
    {
      expenseType: dict.data.expenseType[0].children?.[0].id ?? dict.data.expenseType[0].id,
      occurDate: '2026-11-20',
      price: 88,
    },
  ],
};
const post = async (p: string, body: object) => {
  const r = (await (
    await fetch(`${server.url}${p}`, { method: 'POST', headers, body: JSON.stringify(body) })
  ).json()) as { code?: number; status?: number; message?: string; data: { id: number } };
  if (!r.data?.id) throw new Error(`${p}: ${JSON.stringify(r)}`);
  return r.data;
};

async function traced(name: string, fn: () => Promise<unknown>) {
  log.length = 0;
  logging = true;
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  logging = false;
  console.log(`\n== ${name}: ${log.length} statements, ${ms.toFixed(1)} ms`);
  for (const s of log) console.log(`${s.ms.toFixed(2).padStart(7)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 220)}`);
}

await post('/api/data/reimburseManage/add', claim);
const warm = await post('/api/data/reimburseManage/add', claim);
await post('/api/data/reimburseManage/submit', { id: warm.id });
let made = { id: 0 };
await traced('create', async () => {
  made = await post('/api/data/reimburseManage/add', claim);
});
await traced('submit', async () => {
  await post('/api/data/reimburseManage/submit', { id: made.id });
});

const n = Number(process.env.PROFILE_N ?? 0);
if (n) {
  const ids: number[] = [];
  let t0 = performance.now();
  for (let i = 0; i < n; i++) ids.push((await post('/api/data/reimburseManage/add', claim)).id);
  console.log(`\n${n} creates one after another: ${((performance.now() - t0) / n).toFixed(2)} ms each`);
  t0 = performance.now();
  for (const id of ids) await post('/api/data/reimburseManage/submit', { id });
  console.log(`${n} submits one after another: ${((performance.now() - t0) / n).toFixed(2)} ms each`);
}
if (process.env.PROFILE_EXPLAIN) {
  // Planning and execution time of the statements a write repeats, under row-level security as the app runs them.
  const stmts = [
    `SELECT r.*, u.nick_name AS created_by_name FROM records r LEFT JOIN users u ON u.id = r.created_by WHERE r.tenant_code = '${DEMO.tenantCode}' AND r.module = 'reimburseManage' AND r.id = ${made.id} AND r.deleted_at IS NULL`,
    `SELECT data, created_by FROM records WHERE tenant_code = '${DEMO.tenantCode}' AND id = ${made.id}`,
    `SELECT id FROM records WHERE tenant_code = '${DEMO.tenantCode}' AND id = ${made.id}`,
    `SELECT count(*) FROM memberships WHERE tenant_code = '${DEMO.tenantCode}'`,
    `UPDATE records SET updated_at = now() WHERE tenant_code = '${DEMO.tenantCode}' AND id = ${made.id}`,
    `INSERT INTO records (tenant_code, module, code, status, data, lines, created_by) SELECT tenant_code, module, code || 'x', status, data, lines, created_by FROM records WHERE id = ${made.id}`,
    `INSERT INTO records (tenant_code, module, code, status, data, lines, created_by) SELECT tenant_code, module, code || 'y', status, data, lines, created_by FROM records WHERE id = ${made.id}`,
  ];
  await db.connection().execute(async (c) => {
    await sql
      .raw(`BEGIN; SELECT set_config('role', 'yiguan_app', true), set_config('app.tenant', '${DEMO.tenantCode}', true)`)
      .execute(c);
    for (const s of stmts) {
      for (let i = 0; i < 3; i++) {
        const r = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING OFF) ${s}`).execute(c);
        const lines = r.rows.map((x) => x['QUERY PLAN']);
        if (i === 2)
          console.log(lines.filter((l) => /Planning|Execution|Trigger/.test(l)).join(' | '), '  <=', s.slice(0, 90));
      }
    }
    await sql.raw('ROLLBACK').execute(c);
  });
}
const counts = await sql<{
  n: number;
  c: number;
}>`SELECT (SELECT n FROM record_counts WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage')::int AS n,
  (SELECT count(*) FROM records WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage' AND deleted_at IS NULL)::int AS c`.execute(
  db,
);
console.log('kept count vs count(*):', counts.rows[0]);
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
