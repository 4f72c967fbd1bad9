// Builds a real app (real database, real files) in a temporary DATA_DIR, and small helpers to call it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { DEFAULT_LIMITS } from '../../src/server/rate-limit-sizes';
import { buildApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/seed';
import { apiReplicas, type TestDialect } from './databases';

export { apiReplicas };
import { openDatabase, type DB } from '../../src/server/db';
import { REPO, startServerProcess, type ServerProcess } from './server-process';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
  call<T = any>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; message: string; data: T }>;
  /** The newest SMS code the local provider wrote for this mobile. */
  lastSmsCode(mobile: string, scene?: string): string;
  login(username: string, password: string): Promise<string>;
  /** Replica mode only: the calls of one replica (0, 1, …), for tests that change on one and read on another. */
  replica?(i: number): Pick<TestApp, 'app' | 'call' | 'login'>;
}

/**
 * The suites sign in and upload far more often than a person would, all from 127.0.0.1: their apps lift the
 * limits per client, which tests/api/rate-limits.test.ts tests with small real values.
 */
export function liftedLimits(): Config['rateLimits'] {
  return Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([k, v]) => [k, { ...v, max: 1_000_000 }]),
  ) as Config['rateLimits'];
}

export async function createTestApp(dialect: TestDialect, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-test-'));
  const database = await dialect.create();
  // PGlite: start from the run's migrated, seeded template (see tests/global-setup.ts).
  const template = !database.databaseUrl ? inject('pgliteTemplate') : undefined;
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: database.databaseUrl,
    databaseListenUrl: database.databaseListenUrl,
    databasePooler: database.databasePooler,
    webDir: path.join(dataDir, 'no-web'),
    rateLimits: liftedLimits(),
    ...overrides,
  };
  if (apiReplicas() > 1) return createReplicatedApp(config, database.drop, apiReplicas());
  const { app, db, services } = await buildApp(config, { logger: false });
  await seedDemo(db, services);
  await app.ready();

  const t: TestApp = {
    app,
    db,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async call(method, url, body, token) {
      const res = await app.inject({
        method,
        url,
        headers: token ? { Satoken: token } : {},
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      if (res.statusCode >= 500) throw new Error(`HTTP ${res.statusCode} for ${url}: ${res.body}`);
      return res.json();
    },
    lastSmsCode: (mobile, scene) => lastSmsCode(dataDir, mobile, scene),
    login: (username, password) => loginVia(t.call, username, password),
  };
  return t;
}

/**
 * The rig's replica mode (apiReplicas() > 1: API_REPLICAS=n with DATABASE_URL, or tests/api/replicas.test.ts): the
 * suite's app is n real server processes on one PostgreSQL database and one data folder, and its requests go to them
 * over HTTP in turn (one, the next, …), so whatever one process remembers that another does not fails the suite.
 */
async function createReplicatedApp(config: Config, drop: () => Promise<void>, n: number): Promise<TestApp> {
  const env = { YG_TEST_CONFIG: JSON.stringify({ ...config, port: 0, host: '127.0.0.1', seedDemo: false }) };
  const servers = await Promise.all(
    Array.from({ length: n }, () =>
      startServerProcess(env, { entry: path.join(REPO, 'tests/helpers/replica-server.ts') }),
    ),
  );
  // The test's own connection, for what the suites read and arrange in the database directly.
  const db = await openDatabase(config);
  let turn = 0;
  const injectOn = (pick: () => ServerProcess) => async (opts: InjectOptions) => httpInject(pick().url, opts);
  const inject = injectOn(() => servers[turn++ % n]);
  const app = fakeApp(inject);
  const t: TestApp = {
    app,
    db,
    config,
    dataDir: config.dataDir,
    async close() {
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
      await db.destroy();
      await drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
    call: callVia(inject),
    lastSmsCode: (mobile, scene) => lastSmsCode(config.dataDir, mobile, scene),
    login: (username, password) => loginVia(t.call, username, password),
    replica(i) {
      const pinned = injectOn(() => servers[i % n]);
      return {
        app: fakeApp(pinned),
        call: callVia(pinned),
        login: (u: string, p: string) => loginVia(callVia(pinned), u, p),
      };
    },
  };
  return t;
}

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  cookies?: Record<string, string>;
  query?: Record<string, string>;
  remoteAddress?: string;
}

/** app.inject's answer, from a real HTTP exchange. */
async function httpInject(base: string, opts: InjectOptions) {
  if (opts.remoteAddress) throw new Error('remoteAddress cannot be sent over HTTP (replica mode)');
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  let body: string | Buffer | undefined;
  if (opts.payload !== undefined) {
    if (typeof opts.payload === 'string' || Buffer.isBuffer(opts.payload)) body = opts.payload;
    else {
      body = JSON.stringify(opts.payload);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
        headers['content-type'] = 'application/json';
    }
  }
  if (opts.cookies)
    headers.cookie = Object.entries(opts.cookies)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('; ');
  const url = new URL(opts.url, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: opts.method ?? 'GET',
    headers,
    body: body as BodyInit | undefined,
    redirect: 'manual',
  });
  const raw = Buffer.from(await res.arrayBuffer());
  const resHeaders: Record<string, string | string[]> = {};
  res.headers.forEach((v, k) => {
    resHeaders[k] = v;
  });
  if (res.headers.getSetCookie().length) resHeaders['set-cookie'] = res.headers.getSetCookie();
  const text = raw.toString('utf8');
  return {
    statusCode: res.status,
    headers: resHeaders,
    rawPayload: raw,
    payload: text,
    body: text,
    json: () => JSON.parse(text),
    cookies: res.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i).trim(), value: decodeURIComponent(pair.slice(i + 1).trim()) };
    }),
  };
}

/** Stands in for the Fastify instance: inject goes over HTTP; anything else a suite reaches for says why it is missing. */
function fakeApp(inject: (opts: InjectOptions) => Promise<unknown>): FastifyInstance {
  return new Proxy(
    { inject },
    {
      get(target, prop) {
        if (prop in target) return (target as Record<string | symbol, unknown>)[prop];
        if (prop === 'then') return undefined;
        throw new Error(`app.${String(prop)} is not available in replica mode (the app runs in other processes)`);
      },
    },
  ) as unknown as FastifyInstance;
}

function callVia(
  inject: (opts: InjectOptions) => Promise<{ statusCode: number; body: string; json(): any }>,
): TestApp['call'] {
  return async (method, url, body, token) => {
    const res = await inject({
      method,
      url,
      headers: token ? { Satoken: token } : {},
      ...(body !== undefined ? { payload: body } : {}),
    });
    if (res.statusCode >= 500) throw new Error(`HTTP ${res.statusCode} for ${url}: ${res.body}`);
    return res.json();
  };
}

async function loginVia(call: TestApp['call'], username: string, password: string) {
  const r = await call('POST', '/api/admin/login/user', { loginType: 'password', username, password });
  if (r.status !== 200) throw new Error(`login failed: ${r.message}`);
  return r.data.token as string;
}

function lastSmsCode(dataDir: string, mobile: string, scene?: string): string {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const hit = lines.reverse().find((l) => l.mobile === mobile && (!scene || l.scene === scene));
  if (!hit) throw new Error(`no SMS for ${mobile}`);
  return hit.code;
}

/** A multipart body as a browser would send it, for app.inject. */
export async function multipart(fields: Record<string, { bytes: Buffer; name: string; type?: string } | string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.type ?? 'application/octet-stream' }), v.name);
  }
  const res = new Response(fd);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The id of a dictionary item by name, anywhere in the trees queryByFieldKeys answered. */
export function dictItemId(dict: Record<string, any[]>, key: string, name: string): number {
  const walk = (ns: any[]): any =>
    ns.map((n) => (n.dictName === name ? n : n.children && walk(n.children))).find(Boolean);
  const hit = walk(dict[key] ?? []);
  if (!hit) throw new Error(`no dictionary item ${key}/${name}`);
  return hit.id;
}

/**
 * The demo team's usual start of an API suite: a test app, the sessions of the owner (演示用户), 李四 (财务) and
 * 张三 (member), and the dictionaries asked for, as the owner reads them.
 */
export async function openDemoSuite(dialect: TestDialect, dictKeys: string[] = []) {
  const { DEMO, DEMO_FINANCE, DEMO_STAFF } = await import('../../src/server/seed');
  const t = await createTestApp(dialect);
  const boss = await t.login(DEMO.username, DEMO.password);
  const lisi = await t.login(DEMO_FINANCE.username, DEMO_FINANCE.password);
  const staff = await t.login(DEMO_STAFF.username, DEMO_STAFF.password);
  const dict: Record<string, any[]> = dictKeys.length
    ? (await t.call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', dictKeys, boss)).data
    : {};
  return { t, boss, lisi, staff, dict };
}
