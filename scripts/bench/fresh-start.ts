// A fresh install's first start: `npm start` (package.json's own command: the build, skipped when dist is up to date,
// then the bundle with its Node flags) on an empty PGlite data folder, timed from the spawn to its first answer — the
// login page served and the demo owner's login accepted — and to the demo complete (GET /api/demo-status no longer
// filling: the story played, the team open). A fresh clone also builds dist first (the build prints its time).
// Alone: `node --import tsx scripts/bench/fresh-start.ts`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface FreshStartFigures {
  firstAnswerMs: number;
  demoCompleteMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchFreshStart(log: (s: string) => void): Promise<FreshStartFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-bench-fresh-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const start = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string;
  const started = Date.now();
  const child = spawn('sh', ['-c', start], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'on',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    let firstAnswerMs = NaN;
    while (Number.isNaN(firstAnswerMs)) {
      if (exited) throw new Error(`npm start exited:\n${out}`);
      const page = await fetch(`${url}/login`).catch(() => null);
      const login =
        page?.ok &&
        (await fetch(`${url}/api/admin/login/user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ loginType: 'password', username: 'demo', password: 'demo12345' }),
        })
          .then((r) => r.json() as Promise<{ status: number }>)
          .catch(() => null));
      if (login && login.status === 200) firstAnswerMs = Date.now() - started;
      else await sleep(50);
    }
    let demoCompleteMs = NaN;
    while (Number.isNaN(demoCompleteMs)) {
      if (exited) throw new Error(`npm start exited:\n${out}`);
      const s = await fetch(`${url}/api/demo-status`)
        .then((r) => r.json() as Promise<{ data: { filling: boolean } }>)
        .catch(() => null);
      if (s && !s.data.filling) demoCompleteMs = Date.now() - started;
      else await sleep(100);
    }
    const built = out
      .split('\n')
      .filter((l) => /^\[build\]/.test(l))
      .join('; ');
    log(
      `fresh start (npm start, empty PGlite folder; ${built || 'build up to date'}): first answer (login page and demo login) ` +
        `${(firstAnswerMs / 1000).toFixed(1)} s, demo complete ${(demoCompleteMs / 1000).toFixed(1)} s after spawn`,
    );
    return { firstAnswerMs, demoCompleteMs };
  } finally {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchFreshStart(console.log);
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores`,
  );
}
