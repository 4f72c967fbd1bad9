#!/usr/bin/env node
// `npm start` and `npm run build`: builds what is out of date, nothing else.
//  - the web app (Vite) into dist/web, and
//  - the server, bundled ahead of time by esbuild into dist/server/main.mjs, so production runs plain JavaScript
//    (no TypeScript compiled at run time: less memory, a faster first answer).
// Each output keeps a stamp: a hash of the contents of every input it was built from. A build whose stamp matches
// is skipped, so a second `npm start` serves in about a second. Contents, not mtimes: a fresh clone or a branch
// switch touches every file's mtime without changing what is built.
// Usage: node scripts/build.mjs [web] [server] [--force]   (no target = both)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePageValidator } from './page-validator.mjs';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SHARED = [
  'src/common',
  'schemas',
  'catalogue',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build.mjs',
  'scripts/page-validator.mjs',
];

export const TARGETS = {
  web: {
    out: 'dist/web',
    inputs: ['src/web', 'public', 'index.html', 'vite.config.ts', ...SHARED],
    build: buildWeb,
  },
  server: {
    out: 'dist/server',
    inputs: ['src/server', ...SHARED],
    build: buildServer,
  },
};

function filesUnder(rel) {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(rel, f))
    .filter((f) => !/(^|[\\/])(node_modules|\.git)([\\/]|$)/.test(f) && !/\.(test|spec|stories)\.tsx?$/.test(f))
    .filter((f) => fs.statSync(path.join(ROOT, f)).isFile())
    .sort();
}

/** The hash of every input file's path and contents. */
export function stampOf(target) {
  const h = crypto.createHash('sha256');
  for (const rel of TARGETS[target].inputs.flatMap(filesUnder)) {
    h.update(rel.split(path.sep).join('/'))
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, rel)))
      .update('\0');
  }
  return h.digest('hex');
}

const stampFile = (target) => path.join(ROOT, TARGETS[target].out, '.build-stamp');

export function isFresh(target) {
  const file = stampFile(target);
  return fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === stampOf(target);
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

/**
 * Vite builds into dist/web-next, which then takes dist/web's place in two renames: a server running meanwhile
 * (scripts/start.mjs starts it beside this build) serves the old build or none, never a half-written one.
 */
function buildWeb() {
  const next = path.join(ROOT, 'dist/web-next');
  const out = path.join(ROOT, 'dist/web');
  const old = path.join(ROOT, 'dist/web-old');
  run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', 'dist/web-next'], { PRECOMPRESS: 'after' });
  fs.rmSync(old, { recursive: true, force: true });
  if (fs.existsSync(out)) fs.renameSync(out, old);
  fs.renameSync(next, out);
  fs.rmSync(old, { recursive: true, force: true });
  // The compressed twins come after the swap (a few seconds of brotli 11), at the lowest CPU priority: the pages are
  // served meanwhile, uncompressed, and a first start's demo fill keeps the processor.
  run('nice', ['-n', '19', process.execPath, path.join(ROOT, 'scripts/precompress.mjs'), out]);
}

async function buildServer() {
  fs.rmSync(path.join(ROOT, 'dist/server'), { recursive: true, force: true });
  await bundleServer('dist/server');
}

/**
 * Bundles the server into outdir/main.mjs (outdir relative to the project: its imports resolve from the project's
 * node_modules). Split at dynamic imports, so what the server loads on first use (OCR, Excel, PDF) stays out of
 * the start-up: dependencies a chunk imports are only loaded with that chunk.
 */
export async function bundleServer(outdir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'src/server/main.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay in node_modules (native addons, wasm and data files resolve from there); only our own
    // TypeScript and JSON is bundled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

/**
 * The Node flags `npm start` runs the bundled server with (scripts/start.mjs), for whatever else starts that bundle
 * as production does (the bench, the bundle's test). Why these flags (they keep the server's resident memory down;
 * docs/performance.md):
 *  - --max-semi-space-size=8: V8's young generation grows to 2 × 16 MB by default and stays resident; 2 × 8 MB.
 *  - --v8-pool-size=1: one V8 background thread instead of four. Embedded PGlite's WASM is compiled again by TurboFan
 *    in the background as it runs, and each compiling thread keeps its own malloc arena, resident afterwards.
 *  - no --enable-source-maps: it parses the bundle's 2.8 MB source map at start and keeps it (+22 MB of heap). The
 *    bundle is not minified, so its stack traces stay readable; `NODE_OPTIONS=--enable-source-maps npm start` maps them.
 */
export function serverNodeFlags() {
  return ['--max-semi-space-size=8', '--v8-pool-size=1'];
}

export async function build(targets, { force = false } = {}) {
  // Generated code both targets import; refreshed first so the stamps below hash its current text.
  await ensurePageValidator();
  for (const target of targets) {
    if (!force && isFresh(target)) {
      console.log(`[build] ${target}: up to date`);
      continue;
    }
    const started = Date.now();
    // Computed before building: an edit made during the build leaves the stamp stale, so the next start rebuilds.
    const stamp = stampOf(target);
    await TARGETS[target].build();
    fs.mkdirSync(path.dirname(stampFile(target)), { recursive: true });
    fs.writeFileSync(stampFile(target), `${stamp}\n`);
    console.log(`[build] ${target}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === new URL(`file://${path.resolve(process.argv[1] ?? '')}`).href) {
  const args = process.argv.slice(2);
  const named = args.filter((a) => a in TARGETS);
  build(named.length ? named : Object.keys(TARGETS), { force: args.includes('--force') }).catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
