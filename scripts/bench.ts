// npm run bench: the record store and the app under load, side by side with a yardstick measured in the same
// run (a bare Fastify + pg primary-key lookup on the same cluster). The load lines drive the production server (the
// bundle `npm start` runs, in its own process with its Node flags: scripts/bench/production.ts); this process loads
// the data through an in-process server, which also serves the Excel export and the browser's figures. Prints one line per call: req/s, p50,
// p99 and the ratio to the yardstick. Figures are printed, not asserted: speed goals live here, never in
// unit tests. Ends with the browser's figures (scripts/measure-web.ts, headless Chromium, against the loaded demo team):
// /login's and /reimburseManage's JS+CSS bytes (gzip), that page's first 20 rows, a keystroke in a 200-line drawer.
// Needs DATABASE_URL (npm run bench starts a private PostgreSQL cluster through
// scripts/with-postgres.sh). BENCH_SCALE (records per team, default 100000), BENCH_TEAMS (default 10),
// BENCH_SECONDS (per call, default 15). BENCH_ONLY=export measures the Excel export alone (scripts/bench/export.ts):
// `BENCH_ONLY=export BENCH_TEAMS=1 WITH_PGBOUNCER=0 scripts/with-postgres.sh node --expose-gc --import tsx scripts/bench.ts`.
// BENCH_CALLS (a regular expression) runs only the lines whose names match, e.g. `BENCH_CALLS='page 1|create'`;
// the yardstick and the production server's start and RSS always run; 'Excel export', 'fresh start', 'pglite' and 'web' name the other
// parts (case is ignored).
// 'fresh start' (scripts/bench/fresh-start.ts): npm start on an empty PGlite folder, timed to its first answer (the
// login page and a demo login) and to the demo complete.
// 'pglite' (scripts/bench/pglite.ts): a server on a fresh PGlite folder with BENCH_PGLITE_SCALE (default 100,000)
// reimbursements, page 1 under the same load, and the production bundle started on that folder.
// The summary at the end sets every figure beside its goal and says whether it was met (scripts/bench/goals.ts). For quick A/B runs while working:
// `BENCH_SCALE=20000 BENCH_TEAMS=3 BENCH_SECONDS=5 BENCH_CALLS='page 1, newest' npm run bench`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { startServer } from '../src/server/main';
import { DEMO } from '../src/server/seed';
import { withTenant } from '../src/server/db/tenant-scope';
import { pageRecords } from '../src/server/modules/records/repository';
import { loadTeams } from './bench/dataset';
import { benchExport } from './bench/export';
import { benchProduction } from './bench/production';
import { benchPglite } from './bench/pglite';
import { benchFreshStart } from './bench/fresh-start';
import { figureTable, freshStartFigures, loadTable, productionFigures, webFigures, type Figure } from './bench/goals';
import { formatMeasure, measureWeb } from './measure-web';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'npm run bench needs PostgreSQL: run it as `npm run bench` (it starts a private cluster) or set DATABASE_URL.',
  );
  process.exit(2);
}
const SCALE = Number(process.env.BENCH_SCALE ?? 100_000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CALLS = new RegExp(process.env.BENCH_CALLS ?? '', 'i');
const wanted = (name: string) => CALLS.test(name);
const log = (s: string) => console.log(s);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
}
function cannon(opts: object): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bench/load.mjs')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.end(JSON.stringify({ duration: SECONDS, ...opts }));
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

// The web build the server serves (dist/web), made before the server starts; reused when its inputs are unchanged.
const webBuilt =
  fs.existsSync('/usr/bin/chromium') &&
  process.env.BENCH_ONLY !== 'export' &&
  wanted('web') &&
  spawnSync(process.execPath, [path.join(import.meta.dirname, 'build.mjs'), 'web'], { stdio: 'inherit' }).status === 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-bench-'));
const server = await startServer(
  { dataDir, databaseUrl: url, port: 0, host: '127.0.0.1', seedDemo: true, logLevel: 'warn' },
  { logger: false },
);
const { db, services } = server;
log(
  `PostgreSQL ${(await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(db)).rows[0].v}; ${TEAMS} teams × ${SCALE.toLocaleString()} reimbursements; ${SECONDS} s per call, 50 connections`,
);
let t0 = Date.now();
await loadTeams(db, services.schemas, DEMO.tenantCode, TEAMS, SCALE, log);
log(`loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

// The yardstick: a bare Fastify + pg server answering a primary-key lookup on the same cluster. The key is the whole of
// records' key (team, module, id: the table is keyed by team and id, and partitioned by module), so the lookup reads one
// index entry whichever way records is laid out; by id alone it would scan the table once the key began with the team.
const pool = new pg.Pool({ connectionString: url, max: 10 });
const bare = Fastify();
const someId = (
  await sql<{
    id: number;
  }>`SELECT id FROM records WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage' ORDER BY id LIMIT 1`.execute(
    db,
  )
).rows[0].id;
const PK = 'SELECT * FROM records WHERE tenant_code = $1 AND module = $2 AND id = $3';
const key = (req: { params: unknown }) => [
  DEMO.tenantCode,
  'reimburseManage',
  Number((req.params as { id: string }).id),
];
bare.get('/pk/:id', async (req) => (await pool.query(PK, key(req))).rows[0]);
// The same lookup as a named prepared statement, printed beside it (no goal, no ratio is taken from it): the bare
// lookup is planned at every call, and planning weighs every index it could use, which can cost PostgreSQL more than
// the lookup itself; this line shows what the lookup costs without that.
bare.get('/pkp/:id', async (req) => (await pool.query({ name: 'pk', text: PK, values: key(req) })).rows[0]);
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

const login = async (username: string) => {
  const r = await fetch(`${server.url}/api/admin/login/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginType: 'password', username, password: 'demo12345' }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
};
const token = await login('demo');
const inProcess = { 'content-type': 'application/json', satoken: token };

// The Excel export of the whole list (BENCH_SCALE rows): time, file size, the server's peak RSS growth.
if (process.env.BENCH_ONLY === 'export' || wanted('Excel export'))
  await benchExport(db, server.url, inProcess, DEMO.tenantCode, log);
if (process.env.BENCH_ONLY === 'export') {
  await bare.close();
  await pool.end();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

const rows: [string, Load][] = [];
// Each line is printed as it is measured too, so that a run cut short still shows what it measured.
const done = (name: string, r: Load) => {
  rows.push([name, r]);
  log(`  ${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
};

/** The load lines, against the server at `app` (signed in as the demo owner with `headers`). */
async function loadLines(app: string, headers: Record<string, string>) {
  const page = (body: object) => ({
    url: `${app}/api/data/reimburseManage/page`,
    method: 'POST',
    headers,
    body: JSON.stringify({ pageSize: 20, ...body }),
  });
  // Warm up (caches, JIT, plan cache) without measuring.
  await cannon({ ...page({ pageNum: 1 }), duration: 3 });
  done('yardstick: bare Fastify + pg, primary key', await cannon({ url: `${bareUrl}/pk/${someId}` }));
  done('yardstick, as a prepared statement (no goal)', await cannon({ url: `${bareUrl}/pkp/${someId}` }));
  const calls: [string, object][] = [
    ['list page 1, newest first', page({ pageNum: 1 })],
    ['list page 1, sorted by 报销总额', page({ pageNum: 1, sorters: [{ field: 'totalPrice', order: 'desc' }] })],
    ['list page 500, sorted by 报销总额', page({ pageNum: 500, sorters: [{ field: 'totalPrice', order: 'desc' }] })],
    ['list page 1, sorted by 报销日期 asc', page({ pageNum: 1, sorters: [{ field: 'applyDate', order: 'asc' }] })],
    [
      'list page 1, 报销总额 range + sort',
      page({
        pageNum: 1,
        filters: [{ field: 'totalPrice', operator: 'between', value: [1000, 2000] }],
        sorters: [{ field: 'totalPrice', order: 'desc' }],
      }),
    ],
    [
      'list page 500, 报销总额 range + sort',
      page({
        pageNum: 500,
        filters: [{ field: 'totalPrice', operator: 'between', value: [1000, 2000] }],
        sorters: [{ field: 'totalPrice', order: 'desc' }],
      }),
    ],
    [
      'list page 1, status filter',
      page({ pageNum: 1, filters: [{ field: 'status', operator: 'eq', value: '审批中' }] }),
    ],
    ['list page 1, keyword in 事由', page({ pageNum: 1, keyword: '上海展会' })],
  ];
  for (const [name, opts] of calls) if (wanted(name)) done(name, await cannon(opts));

  // Writes: creating a record through the full validation path, 20 connections.
  const dict = (await (
    await fetch(`${app}/api/admin/sysmenuListFieldDict/queryByFieldKeys`, {
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
  if (wanted('create a record (validated), -c 20'))
    done(
      'create a record (validated), -c 20',
      await cannon({
        url: `${app}/api/data/reimburseManage/add`,
        method: 'POST',
        headers,
        body: JSON.stringify(claim),
        connections: 20,
      }),
    );
  // Approval transitions: each request submits a different draft of the demo owner (a fresh draft each).
  const drafts = (
    await sql<{
      id: number;
    }>`SELECT id FROM records WHERE tenant_code = ${DEMO.tenantCode} AND module = 'reimburseManage' AND status = '待提交' AND data->>'reason' = '基准写入' ORDER BY id`.execute(
      db,
    )
  ).rows;
  if (drafts.length && wanted('submit for approval (transition), -c 20'))
    done(
      'submit for approval (transition), -c 20',
      await cannon({
        url: `${app}/api/data/reimburseManage/submit`,
        method: 'POST',
        headers,
        bodies: drafts.map((d) => JSON.stringify({ id: d.id })),
        connections: 20,
        duration: Math.min(SECONDS, 10),
      }),
    );
}

// The load lines drive the production server: the bundle `npm start` runs (no TypeScript compiled at run time), in
// its own process with `npm start`'s Node flags, on this cluster. Its first answer is timed and its RSS sampled, idle
// and through every load line.
const figures: Figure[] = [];
const production = await benchProduction(url, loadLines, log);
figures.push(...productionFigures('PostgreSQL', production));
const yard = rows[0][1];

// Embedded PGlite at 100k rows (goal: page 1 ≥ 300 req/s), then the production bundle on that existing folder.
if (wanted('pglite')) {
  const p = await benchPglite(cannon, log, {
    scale: Number(process.env.BENCH_PGLITE_SCALE ?? 100_000),
    seeded: process.env.BENCH_PGLITE_SEEDED || undefined,
  });
  rows.push(...p.rows);
  if (p.production) figures.push(...productionFigures('an existing PGlite folder', p.production));
}

// A fresh install's first start (scripts/bench/fresh-start.ts): npm start on an empty PGlite folder, its first answer
// and the demo complete.
if (wanted('fresh start')) figures.push(...freshStartFigures(await benchFreshStart(log)));

const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

// The browser's side (the web goals) on the same server and data; the bytes are measured as gzip, the goal's
// encoding.
if (webBuilt) {
  const web = await measureWeb({ url: server.url.replace('localhost', '127.0.0.1'), acceptEncoding: 'gzip' });
  log('');
  log(formatMeasure(web));
  figures.push(...webFigures(web));
} else if (wanted('web')) log('web figures skipped: no /usr/bin/chromium, or the web build failed');

log('');
log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores; ratios are to the yardstick of this run`,
);
for (const line of [...loadTable(rows, yard.rps), '', ...figureTable(figures)]) log(line);
log(
  `bench process RSS after the load runs: ${rss.toFixed(0)} MB (bench, in-process app and yardstick share the process)`,
);

// The plans behind the list calls, as the application role sees them (row-level security on).
t0 = Date.now();
const m = services.schemas.get('reimburseManage')!;
const sample = await withTenant(db, DEMO.tenantCode, (trx) =>
  pageRecords(trx, DEMO.tenantCode, m, {
    pageNum: 500,
    pageSize: 20,
    sorters: [{ field: 'totalPrice', order: 'desc' }],
  }),
);
log(`page 500 in-process: ${Date.now() - t0} ms, total ${sample.total}`);
await bare.close();
await pool.end();
await server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
