// `npm test`: lint, then the typecheck and every test project at once. tsc is one busy core for about a minute, and
// the tests spend their first minutes seeding databases and building the web app, with a core to spare: run side by
// side, the typecheck costs the run almost nothing. The typecheck's findings are printed after the tests' report, and
// either failing fails the run. Arguments go to Vitest (`npm test -- --project unit`).
import { spawn } from 'node:child_process';

const run = (cmd, args, opts = {}) => new Promise((resolve) => {
  const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
  let out = '';
  child.stdout?.on('data', (d) => { out += d; });
  child.stderr?.on('data', (d) => { out += d; });
  child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
});

const lint = await run('npx', ['biome', 'lint', '--error-on-warnings', '.']);
if (lint.code !== 0) process.exit(lint.code);

const started = Date.now();
const typecheck = run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] })
  .then((r) => ({ ...r, seconds: Math.round((Date.now() - started) / 1000) }));
const tests = await run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
const types = await typecheck;

console.log(types.code === 0 ? `\n[typecheck] no errors (tsc, ${types.seconds} s)` : `\n[typecheck] failed:\n${types.out}`);
process.exit(tests.code || types.code);
