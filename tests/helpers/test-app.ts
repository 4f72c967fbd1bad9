// Builds a real app (real database, real files) in a temporary DATA_DIR, and small helpers to call it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/server/config';
import { DEFAULT_LIMITS } from '../../src/server/plugins/rate-limits';
import { buildApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/seed';
import type { TestDialect } from './databases';
import type { DB } from '../../src/server/db';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
  call<T = any>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string): Promise<{ status: number; message: string; data: T }>;
  /** The newest SMS code the local provider wrote for this mobile. */
  lastSmsCode(mobile: string, scene?: string): string;
  login(username: string, password: string): Promise<string>;
}

/**
 * The suites sign in and upload far more often than a person would, all from 127.0.0.1: their apps lift the
 * limits per client, which tests/api/rate-limits.test.ts tests with small real values.
 */
export function liftedLimits(): Config['rateLimits'] {
  return Object.fromEntries(Object.entries(DEFAULT_LIMITS).map(([k, v]) => [k, { ...v, max: 1_000_000 }])) as Config['rateLimits'];
}

export async function createTestApp(dialect: TestDialect, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-test-'));
  const database = await dialect.create();
  // PGlite: start from the run's migrated, seeded template (see tests/global-setup.ts).
  const template = !database.databaseUrl ? inject('pgliteTemplate') : undefined;
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const config: Config = { ...loadConfig({}), dataDir, databaseUrl: database.databaseUrl, webDir: path.join(dataDir, 'no-web'), rateLimits: liftedLimits(), ...overrides };
  const { app, db, services } = await buildApp(config, { logger: false });
  await seedDemo(db, services);
  await app.ready();

  const t: TestApp = {
    app, db, config, dataDir,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async call(method, url, body, token) {
      const res = await app.inject({
        method, url,
        headers: token ? { Satoken: token } : {},
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      if (res.statusCode >= 500) throw new Error(`HTTP ${res.statusCode} for ${url}: ${res.body}`);
      return res.json();
    },
    lastSmsCode(mobile, scene) {
      const file = path.join(dataDir, 'sms-outbox.jsonl');
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      const hit = lines.reverse().find((l) => l.mobile === mobile && (!scene || l.scene === scene));
      if (!hit) throw new Error(`no SMS for ${mobile}`);
      return hit.code;
    },
    async login(username, password) {
      const r = await t.call('POST', '/api/admin/login/user', { loginType: 'password', username, password });
      if (r.status !== 200) throw new Error(`login failed: ${r.message}`);
      return r.data.token;
    },
  };
  return t;
}

/** A multipart body as a browser would send it, for app.inject. */
export async function multipart(fields: Record<string, { bytes: Buffer; name: string; type?: string } | string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.type ?? 'application/octet-stream' }), v.name);
  }
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The id of a dictionary item by name, anywhere in the trees queryByFieldKeys answered. */
export function dictItemId(dict: Record<string, any[]>, key: string, name: string): number {
  const walk = (ns: any[]): any => ns.map((n) => (n.dictName === name ? n : n.children && walk(n.children))).find(Boolean);
  const hit = walk(dict[key] ?? []);
  if (!hit) throw new Error(`no dictionary item ${key}/${name}`);
  return hit.id;
}
