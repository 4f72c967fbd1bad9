#!/usr/bin/env node
// `npm start`: bundles the server when it is out of date (esbuild, about a second), then starts it at once, and
// builds the web app beside it when that is out of date (Vite, several seconds on a fresh clone). The server
// migrates and seeds meanwhile, and pages show a stand-in that reloads itself until the build is in place
// (WEB_BUILDING; the build swaps dist/web in whole). A failed web build stops the server, as it stopped the start
// when the build ran first.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, isFresh, serverNodeFlags } from './build.mjs';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

await build(['server']);
const webStale = !isFresh('web');

const server = spawn(process.execPath, [...serverNodeFlags(), path.join(ROOT, 'dist/server/main.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, WEB_BUILDING: webStale ? '1' : '' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));

let web = null;
if (webStale) {
  // At nice 5: on two cores Vite's threads would otherwise take the one the demo's first fill plays on; the pages
  // are ready seconds before the demo is anyway.
  web = spawn('nice', ['-n', '5', process.execPath, path.join(ROOT, 'scripts/build.mjs'), 'web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  web.on('close', (code) => {
    web = null;
    if (code === 0) return;
    console.error('[build] web: failed; stopping the server');
    process.exitCode = 1;
    server.kill('SIGTERM');
  });
}

server.on('close', (code, signal) => {
  web?.kill('SIGTERM');
  process.exit(process.exitCode || (code ?? (signal ? 1 : 0)));
});
