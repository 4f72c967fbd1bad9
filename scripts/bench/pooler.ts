// What the transaction pooler costs a server process: the same calls against one server on a seeded database, first
// with DATABASE_URL direct (prepared statements, read scopes in one round trip), then through pgbouncer
// (DATABASE_POOLER=transaction: nothing prepared, read scopes in BEGIN … COMMIT). Under scripts/with-postgres.sh with
// pgbouncer installed, after a test run with TEMPLATE_CACHE left its seeded template on that cluster (or any seeded
// database named by BENCH_TEMPLATE):
//   scripts/with-postgres.sh bash -c 'TEMPLATE_CACHE=/tmp/tpl npx vitest run tests/api/pooler.test.ts && npx tsx scripts/bench/pooler.ts'
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');
const direct = process.env.DATABASE_DIRECT_URL;
const pooled = process.env.DATABASE_URL;
if (!direct || !pooled || process.env.DATABASE_POOLER !== 'transaction') {
  console.log(
    '[pooler] needs scripts/with-postgres.sh with pgbouncer installed (DATABASE_DIRECT_URL and DATABASE_POOLER=transaction)',
  );
  process.exit(0);
}
const on = (url: string, db: string) => Object.assign(new URL(url), { pathname: `/${db}` }).toString();

async function admin<T extends pg.QueryResultRow>(q: string) {
  const c = new pg.Client({ connectionString: direct });
  await c.connect();
  try {
    return (await c.query<T>(q)).rows;
  } finally {
    await c.end();
  }
}

const template =
  process.env.BENCH_TEMPLATE ??
  (
    await admin<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'yg_tplcache_%' OR datname LIKE 'yg_template_%' ORDER BY datname LIMIT 1`,
    )
  )[0]?.datname;
if (!template) {
  console.log(
    '[pooler] no seeded template on this cluster (run an API suite with TEMPLATE_CACHE first, or name one in BENCH_TEMPLATE)',
  );
  process.exit(0);
}
const name = `yg_pooler_${process.pid}`;
await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);

async function startServer(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-pooler-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'login=1000000/60',
      ...env,
    },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /易管已启动: (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1].replace('0.0.0.0', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Satoken: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; data: { token?: string } };
}

/** ms per call: sequential (latency), and calls per second with `conc` clients for `ms`. */
async function measure(base: string) {
  const token = (
    await post(`${base}/api/admin/login/user`, { loginType: 'password', username: 'demo', password: 'demo12345' })
  ).data.token!;
  const page = () => post(`${base}/api/data/reimburseManage/page`, { pageNum: 1, pageSize: 20 }, token);
  for (let i = 0; i < 50; i++) await page();
  const n = 300;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await page();
  const latency = (performance.now() - t0) / n;
  const conc = 8;
  const ms = 5000;
  let done = 0;
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (Date.now() < end) {
        await page();
        done++;
      }
    }),
  );
  return { pageMs: Number(latency.toFixed(2)), pagePerSec: Math.round(done / (ms / 1000)) };
}

try {
  const runs = {
    direct: { DATABASE_URL: on(direct, name) },
    // Direct, but as through a pooler (nothing prepared, read scopes in three round trips): what the pooler's hop adds, apart.
    'direct unprepared': {
      DATABASE_URL: on(direct, name),
      DATABASE_POOLER: 'transaction',
      DATABASE_LISTEN_URL: on(direct, name),
    },
    pooled: { DATABASE_URL: on(pooled, name), DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: on(direct, name) },
  };
  // Twice in turn: the machine's load moves between runs.
  for (const [label, env] of [...Object.entries(runs), ...Object.entries(runs)]) {
    const server = await startServer(env);
    try {
      console.log(
        `[pooler] ${label}: ${JSON.stringify(await measure(server.url))}, load ${os.loadavg()[0].toFixed(1)}`,
      );
    } finally {
      server.stop();
    }
  }
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
