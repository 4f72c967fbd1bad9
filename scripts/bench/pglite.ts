// The embedded database under load (the goal: at 100k on embedded PGlite, page 1 ≥ 300 req/s): a server on a fresh
// PGlite data folder (the demo seeded as `npm start` seeds it), the demo team given BENCH_PGLITE_SCALE reimbursements
// (default 100,000) in SQL, then page 1 driven with autocannon -c 50, newest first and sorted by 报销总额. Then the
// production bundle (dist/server/main.mjs) started on that existing folder: its first answer, idle and peak RSS.
// The load drops the module's list indexes and builds them again afterwards (as the demo seed does), and skips the audit
// log's row trigger: the insert then takes about half a minute instead of minutes.
// Alone, without PostgreSQL or the yardstick: `node --import tsx scripts/bench/pglite.ts` (BENCH_SECONDS, BENCH_PGLITE_SCALE;
// BENCH_PGLITE_KEEP=1 keeps and prints the data folder, BENCH_PGLITE_DIR=<folder> reuses a loaded one, e.g. to profile).
// BENCH_PGLITE_SEEDED=<folder> (here and in `npm run bench`) copies an already seeded demo folder (e.g. a test template
// under TEMPLATE_CACHE) instead of seeding one, which takes two or three minutes on a busy machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { startServer } from '../../src/server/main';
import { DEMO } from '../../src/server/seed';
import { indexNameOf, indexStatements } from '../../src/server/modules/records/query';
import { syncRecordIndexes } from '../../src/server/modules/records/indexes';
import { loadTeam } from './dataset';
import { benchProduction, type ProductionFigures } from './production';

export interface PgliteFigures<L> {
  rows: [string, L][];
  loadSeconds: number;
  production?: ProductionFigures;
}

type Request = { url: string; method: string; headers: Record<string, string>; body: string };

/**
 * `cannon(request)` drives one call (autocannon -c 50 in its own process) and returns its figures.
 * `folder`: an already loaded data folder to reuse (nothing is seeded or loaded, and it is kept).
 */
export async function benchPglite<L>(
  cannon: (req: Request & { duration?: number }) => Promise<L>,
  log: (s: string) => void,
  opts: { scale?: number; production?: boolean; folder?: string; seeded?: string; keep?: boolean } = {},
): Promise<PgliteFigures<L>> {
  const scale = opts.scale ?? 100_000;
  const reuse = !!opts.folder;
  const dataDir = opts.folder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-bench-pglite-'));
  if (!reuse && opts.seeded) fs.cpSync(opts.seeded, dataDir, { recursive: true });
  let t0 = Date.now();
  const server = await startServer(
    { dataDir, databaseUrl: undefined, port: 0, host: '127.0.0.1', seedDemo: !reuse && !opts.seeded, logLevel: 'warn' },
    { logger: false },
  );
  let loadSeconds = 0;
  const rows: [string, L][] = [];
  let closed = false;
  try {
    const { db, services } = server;
    if (!reuse) {
      log(
        opts.seeded
          ? `PGlite: a copy of the seeded folder ${opts.seeded}, started in ${((Date.now() - t0) / 1000).toFixed(1)} s`
          : `PGlite: fresh data folder, demo seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
      t0 = Date.now();
      const m = services.schemas.get('reimburseManage')!;
      for (const stmt of indexStatements(m)) await sql.raw(`DROP INDEX IF EXISTS "${indexNameOf(stmt)}"`).execute(db);
      // Without the audit log's row trigger (a JSON copy of each row into audit_log took most of the insert's time in
      // WASM): bulk rows made by no one, which no list call reads. PGlite has one session, so this covers the load only.
      await sql`SET session_replication_role = replica`.execute(db);
      try {
        await loadTeam(db, DEMO.tenantCode, scale);
      } finally {
        await sql`RESET session_replication_role`.execute(db);
      }
      const inserted = (Date.now() - t0) / 1000;
      await syncRecordIndexes(db, services.schemas);
      const indexed = (Date.now() - t0) / 1000 - inserted;
      await sql`VACUUM (ANALYZE) records`.execute(db);
      await sql`CHECKPOINT`.execute(db);
      loadSeconds = (Date.now() - t0) / 1000;
      log(
        `PGlite: ${scale.toLocaleString()} reimbursements for ${DEMO.tenantCode} in ${loadSeconds.toFixed(1)} s (insert ${inserted.toFixed(1)} s, ` +
          `indexes ${indexed.toFixed(1)} s, VACUUM ANALYZE and CHECKPOINT ${(loadSeconds - inserted - indexed).toFixed(1)} s)`,
      );
    }
    const login = await fetch(`${server.url}/api/admin/login/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 'password', username: 'demo', password: 'demo12345' }),
    });
    const headers = {
      'content-type': 'application/json',
      satoken: ((await login.json()) as { data: { token: string } }).data.token,
    };
    const page = (body: object): Request => ({
      url: `${server.url}/api/data/reimburseManage/page`,
      method: 'POST',
      headers,
      body: JSON.stringify({ pageSize: 20, pageNum: 1, ...body }),
    });
    await cannon({ ...page({}), duration: 3 }); // warm up (caches, JIT, the database's buffers)
    rows.push([`PGlite ${scale / 1000}k: list page 1, newest first`, await cannon(page({}))]);
    rows.push([
      `PGlite ${scale / 1000}k: list page 1, sorted by 报销总额`,
      await cannon(page({ sorters: [{ field: 'totalPrice', order: 'desc' }] })),
    ]);
    await server.close();
    closed = true;
    const production =
      opts.production === false
        ? undefined
        : await benchProduction(
            { pgliteDir: dataDir },
            (url, h) =>
              cannon({
                url: `${url}/api/data/reimburseManage/page`,
                method: 'POST',
                headers: h,
                body: JSON.stringify({ pageSize: 20, pageNum: 1, sorters: [{ field: 'totalPrice', order: 'desc' }] }),
              }),
            log,
          );
    return { rows, loadSeconds, production };
  } finally {
    if (!closed) await server.close();
    if (opts.keep || reuse) log(`PGlite data folder kept: ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { spawn } = await import('node:child_process');
  const seconds = Number(process.env.BENCH_SECONDS ?? 15);
  const cannon = (o: object) =>
    new Promise<{ rps: number; p50: number; p99: number }>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load.mjs')], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      child.stdin.end(JSON.stringify({ duration: seconds, ...o }));
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.on('close', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`)),
      );
    });
  const r = await benchPglite(cannon, console.log, {
    scale: Number(process.env.BENCH_PGLITE_SCALE ?? 100_000),
    folder: process.env.BENCH_PGLITE_DIR || undefined,
    seeded: process.env.BENCH_PGLITE_SEEDED || undefined,
    keep: process.env.BENCH_PGLITE_KEEP === '1',
    production: process.env.BENCH_PGLITE_PRODUCTION !== '0',
  });
  for (const [name, l] of r.rows)
    console.log(`${name.padEnd(48)} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms`);
  process.exit(0);
}
