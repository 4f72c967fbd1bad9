// The production server: what `npm start` runs, the server bundled ahead of time
// (scripts/build.mjs) and run with the same Node flags, started as its own process on the bench's database. Measures
// the time from spawning it to its first answer and its RSS once idle, then runs the caller's load against it (on
// PostgreSQL every load line of the bench) while its peak RSS is sampled.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
};

export interface ProductionFigures {
  firstAnswerMs: number;
  idleRssMb: number;
  peakRssMb: number;
}

/**
 * `drive(url, headers)` runs the load (an autocannon run against the given server) while RSS is sampled.
 * The database must already be migrated and seeded (SEED_DEMO=0): a PostgreSQL URL, or `{ pgliteDir }`, an existing
 * PGlite data folder (left in place).
 */
export async function benchProduction(
  database: string | { pgliteDir: string },
  drive: (url: string, headers: Record<string, string>) => Promise<unknown>,
  log: (s: string) => void,
): Promise<ProductionFigures> {
  // @ts-expect-error plain JavaScript build script without types
  const { build, serverNodeFlags } = await import('../build.mjs');
  await build(['server']);
  const pglite = typeof database !== 'string';
  const dataDir = pglite ? database.pgliteDir : fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-bench-prod-'));
  const started = Date.now();
  // With the Node flags of `npm start` (package.json), which are part of what it measures.
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(ROOT, 'dist/server/main.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: pglite ? '' : database,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const m = /易管已启动: (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`the production server exited (${code})`)));
    });
    let firstAnswerMs = NaN;
    while (Number.isNaN(firstAnswerMs)) {
      const r = await fetch(`${url}/api/health`).catch(() => null);
      if (r?.ok) firstAnswerMs = Date.now() - started;
      else await new Promise((res) => setTimeout(res, 20));
    }
    await new Promise((res) => setTimeout(res, 3000));
    const idleRssMb = rssMb(child.pid!);
    const login = await fetch(`${url}/api/admin/login/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 'password', username: 'demo', password: 'demo12345' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    let peakRssMb = idleRssMb;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, rssMb(child.pid!));
    }, 200);
    try {
      await drive(url, { 'content-type': 'application/json', satoken: token });
    } finally {
      clearInterval(sampler);
    }
    log(
      `production server (dist/server/main.mjs, ${pglite ? 'PGlite, existing data folder' : 'PostgreSQL'}): first answer ${firstAnswerMs} ms after spawn; ` +
        `RSS idle ${idleRssMb.toFixed(0)} MB, peak under load ${peakRssMb.toFixed(0)} MB`,
    );
    return { firstAnswerMs, idleRssMb, peakRssMb };
  } finally {
    const exited =
      child.exitCode === null && child.signalCode === null ? new Promise((res) => child.once('exit', res)) : null;
    child.kill('SIGTERM');
    if (pglite)
      await exited; // PGlite's folder is the caller's: the server has closed it before it is removed
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
