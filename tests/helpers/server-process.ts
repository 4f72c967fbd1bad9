// The real server as a child process (node --import tsx …), for the tests that must kill it (durability) or run
// several of it on one database (replicas): start, wait until it listens, kill or stop it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '../..');

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Sends the signal and waits until the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `entry` (the server's main.ts unless told) with the given environment on a free port (PORT=0) of 127.0.0.1
 * and resolves once it prints the line main.ts prints when it listens (易管已启动: <url>).
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
  opts: { entry?: string; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const entry = opts.entry ?? path.join(REPO, 'src/server/main.ts');
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }))
    if (v !== undefined) childEnv[k] = v;
  // vitest's own variables would make the child think it is a test worker. The run's database settings
  // (scripts/with-postgres.sh) name the cluster's own database, not the test's: only those given here go along.
  for (const k of Object.keys(childEnv))
    if (k.startsWith('VITEST') || k === 'NODE_ENV' || (k.startsWith('DATABASE_') && !(k in env))) delete childEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${opts.timeoutMs ?? 60_000} ms:\n${out}`));
    }, opts.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /易管已启动: http:\/\/[^:\s]+:(\d+)/.exec(out);
      if (m && timer) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${m[1]}`,
          child,
          output: () => out,
          async kill(signal) {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it listened:\n${out}`));
    });
  });
}

/** The JSON envelope of one HTTP call to a server process (throws when the connection fails, e.g. it was killed). */
export async function httpCall<T = any>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ httpStatus: number; status: number; message: string; data: T }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { Satoken: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  return { httpStatus: res.status, ...json };
}
