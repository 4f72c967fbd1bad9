// Builds, once per test run, a migrated and seeded PGlite data folder that every test app copies:
// opening a copy takes a fraction of a second, creating a fresh cluster several seconds.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { todayInChina } from '../src/common/china-time';

/**
 * For local runs: TEMPLATE_CACHE=<folder> keeps the seeded PGlite template between runs, keyed by the day and a
 * hash of everything the seed reads (server code, schemas, demo, catalogue), so a run with unchanged inputs skips the
 * minutes of seeding. CI does not set it.
 */
function cachedTemplate(): { dir: string; ready: boolean } | null {
  const root = process.env.TEMPLATE_CACHE;
  if (!root) return null;
  // The demo story's dates are relative to today in China: a template from China's yesterday is stale (a UTC date
  // kept one seeded before China's midnight after it).
  const hash = crypto.createHash('sha256').update(todayInChina());
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!/\.(test|spec)\.tsx?$/.test(e.name)) hash.update(p).update(fs.readFileSync(p));
    }
  };
  for (const d of ['src/server', 'src/common', 'schemas', 'demo', 'catalogue']) walk(path.resolve(__dirname, '..', d));
  const dir = path.join(root, hash.digest('hex').slice(0, 16));
  return { dir, ready: fs.existsSync(path.join(dir, '.seeded')) };
}

/** What the templates' setup hands each project: the values it provides, and the teardown that drops the templates. */
type Templates = { provided: Partial<ProvidedContext>; teardown: () => Promise<void> };
type Sink = { provide<K extends keyof ProvidedContext>(key: K, value: ProvidedContext[K]): void };
const SHARED = Symbol.for('yiguan.test-templates');

/**
 * The api and e2e projects both list this file: the first one seeds, the second (same process, same globalThis)
 * waits for that and reuses the templates, and the last teardown drops them.
 */
export default async function setup(project: TestProject) {
  const g = globalThis as { [SHARED]?: { templates: Promise<Templates>; users: number } };
  // A run that includes the e2e project builds the web app (a child process) while this process seeds the templates.
  if (project.vitest.projects.some((p) => p.name === 'e2e'))
    void (await import('./e2e/helpers')).ensureWebBuild().catch(() => undefined);
  const shared = (g[SHARED] ??= { templates: seedTemplates(), users: 0 });
  shared.users += 1;
  const { provided, teardown } = await shared.templates;
  if (provided.pgliteTemplate) project.provide('pgliteTemplate', provided.pgliteTemplate);
  if (provided.pgTemplate) project.provide('pgTemplate', provided.pgTemplate);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete g[SHARED];
    await teardown();
  };
}

async function seedTemplates(): Promise<Templates> {
  const provided: Partial<ProvidedContext> = {};
  const project: Sink = {
    provide: (key, value) => {
      provided[key] = value;
    },
  };
  const done = (teardown: () => Promise<void>): Templates => ({ provided, teardown });
  // The meta-schema's compiled validator, generated before any suite imports it (scripts/page-validator.mjs).
  // @ts-expect-error plain JavaScript script without types
  await (await import('../scripts/page-validator.mjs')).ensurePageValidator();
  const cached = cachedTemplate();
  if (cached?.ready) {
    project.provide('pgliteTemplate', cached.dir);
    return done(await postgresTemplate(project, path.basename(cached.dir)));
  }
  // A cached folder without its mark is what a stopped run left half seeded: start it empty, never seed on top of it.
  if (cached) fs.rmSync(cached.dir, { recursive: true, force: true });
  const dir = cached
    ? (fs.mkdirSync(cached.dir, { recursive: true }), cached.dir)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-template-'));
  // The PostgreSQL template seeds in a child process while this one seeds PGlite's: a minute of setup instead of two.
  const [, dropPg] = await Promise.all([
    seedPglite(dir),
    postgresTemplate(project, cached && path.basename(cached.dir)),
  ]);
  if (cached) fs.writeFileSync(path.join(dir, '.seeded'), '');
  project.provide('pgliteTemplate', dir);
  return done(async () => {
    if (!cached) fs.rmSync(dir, { recursive: true, force: true });
    await dropPg();
  });
}

async function seedPglite(dir: string) {
  const { loadConfig } = await import('../src/server/config');
  const { buildApp } = await import('../src/server/app');
  const { seedDemo } = await import('../src/server/seed');
  const config = { ...loadConfig({}), dataDir: dir, databaseUrl: undefined, webDir: path.join(dir, 'no-web') };
  const { app, db, services } = await buildApp(config, { logger: false });
  await seedDemo(db, services);
  await app.close();
  fs.rmSync(path.join(dir, 'sms-outbox.jsonl'), { force: true });
}

/** Seeds one database in a process of its own (tests/helpers/seed-database.ts). */
function seedInChild(databaseUrl: string, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'helpers/seed-database.ts'), databaseUrl, dataDir],
      { stdio: ['ignore', 'inherit', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding ${databaseUrl} failed (exit ${code}):\n${err}`)),
    );
  });
}

/**
 * With DATABASE_URL: the same migrated, seeded database once per run, as a PostgreSQL template that each suite's
 * database is created from (CREATE DATABASE … TEMPLATE copies it in a fraction of the time seeding takes).
 * With TEMPLATE_CACHE too (local runs against a cluster that outlives the run), it is kept under the cache's hash
 * and used again by the next run with the same inputs.
 */
async function postgresTemplate(project: Sink, cacheKey?: string | null) {
  if (!process.env.DATABASE_URL) return async () => {};
  // Past any pooler (databases.ts directUrl): the template is seeded direct, so that no pooled server connection
  // to it stays open and refuses the suites' CREATE DATABASE … TEMPLATE.
  const adminUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
  const pg = (await import('pg')).default;
  const name = cacheKey ? `yg_tplcache_${cacheKey}` : `yg_template_${process.pid}_${Date.now()}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return (await c.query(q)).rows;
    } finally {
      await c.end();
    }
  };
  if (cacheKey) {
    const [kept] = await admin(
      `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = '${name}'`,
    );
    if (kept?.note === 'seeded') {
      project.provide('pgTemplate', name);
      return async () => {};
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-pgtemplate-'));
  await seedInChild(url.toString(), dir);
  fs.rmSync(dir, { recursive: true, force: true });
  project.provide('pgTemplate', name);
  if (cacheKey) {
    await admin(`COMMENT ON DATABASE ${name} IS 'seeded'`);
    return async () => {};
  }
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** With DATABASE_URL: the seeded template database's name. */
    pgTemplate?: string;
  }
}
