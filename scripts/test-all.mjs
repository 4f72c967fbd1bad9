// `npm test`: lint and format check, then the typecheck and every test project at once. tsc is one busy core for
// about 40 s; the tests keep both cores busy most of the run but leave gaps (browsers waiting on animations, a
// project's last files), so tsc runs at the lowest CPU priority beside them and is done in those gaps instead of
// delaying the seeding at the start. The typecheck's findings are printed after the tests' report, and either failing
// fails the run. Arguments go to Vitest (`npm test -- --project unit`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Every API suite copies the seeded PGlite template (about 2,000 files) into a data folder of its own, and every
// end-to-end server gets one too. On a disk file system, creating and deleting those files cost more kernel time than
// the tests themselves (ext4's inode allocation skips recently deleted inodes; the journal; write-back of folders
// deleted seconds later): a run's temporary folders go to memory (tmpfs) when the machine has one. They are real
// files all the same, and the folder goes when the run ends. TESTS_ON_DISK=1 keeps them in the usual place.
let scratch;
if (process.env.TESTS_ON_DISK !== '1' && fs.existsSync('/dev/shm')) {
  try {
    scratch = fs.mkdtempSync(path.join('/dev/shm', 'yiguan-tests-'));
    // Open to every user, sticky, as /tmp is: the replica suites run PostgreSQL's initdb as the postgres user in it.
    fs.chmodSync(scratch, 0o1777);
    process.env.TMPDIR = scratch;
  } catch {
    scratch = undefined;
  }
}
// A folder in memory stays until it is removed: it goes when this process exits, however it ends (an interrupt exits
// through the handler below).
if (scratch) process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const run = (cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });

// Lint and format in one pass (`biome ci`: it changes nothing, and fails on a finding or a file not laid out as the
// formatter would).
const lint = await run('npx', ['biome', 'ci', '--error-on-warnings', '.']);
if (lint.code !== 0) process.exit(lint.code);

const started = Date.now();
const tsc = ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'];
const [cmd, ...args] = process.platform === 'win32' ? tsc : ['nice', '-n', '19', ...tsc];
const typecheck = run(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).then((r) => ({
  ...r,
  seconds: Math.round((Date.now() - started) / 1000),
}));
const tests = await run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
const types = await typecheck;

console.log(
  types.code === 0 ? `\n[typecheck] no errors (tsc, ${types.seconds} s)` : `\n[typecheck] failed:\n${types.out}`,
);
process.exit(tests.code || types.code);
