// Builds, once per test run, a migrated and seeded PGlite data folder that every test app copies:
// opening a copy takes a fraction of a second, creating a fresh cluster several seconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-template-'));
  const { loadConfig } = await import('../src/server/config');
  const { buildApp } = await import('../src/server/app');
  const { seedDemo } = await import('../src/server/seed');
  const config = { ...loadConfig({}), dataDir: dir, databaseUrl: undefined, webDir: path.join(dir, 'no-web') };
  const { app, db, services } = await buildApp(config, { logger: false });
  await seedDemo(db, services);
  await app.close();
  fs.rmSync(path.join(dir, 'sms-outbox.jsonl'), { force: true });
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
