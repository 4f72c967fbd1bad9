// The dialects every API suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set (Kysely's test style).
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { Config } from '../../src/server/config';

/** How a server reaches one test database (config.ts): its URL, and through a pooler, its direct LISTEN URL. */
export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'databaseListenUrl' | 'databasePooler'>;

export interface TestDialect {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database for one test app; returns its URLs (postgres) or none (pglite). */
  create(): Promise<DatabaseConfig & { drop(): Promise<void> }>;
}

/** The database's settings as a server process reads them from its environment (main.ts loadConfig). */
export function databaseEnv(d: DatabaseConfig): Record<string, string> {
  return {
    DATABASE_URL: d.databaseUrl ?? '',
    DATABASE_LISTEN_URL: d.databaseListenUrl ?? '',
    DATABASE_POOLER: d.databasePooler ?? '',
  };
}

/**
 * The cluster itself, past any pooler: admin work (CREATE DATABASE … TEMPLATE refuses a template that anyone is
 * connected to, and a pooler keeps idle server connections open). scripts/with-postgres.sh sets DATABASE_DIRECT_URL
 * when DATABASE_URL goes through pgbouncer.
 */
export const directUrl = () => process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;

/** The same URL naming another database. */
const onDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

const pglite: TestDialect = { name: 'pglite', create: async () => ({ drop: async () => {} }) };

function postgres(url: string): TestDialect {
  const adminUrl = directUrl() ?? url;
  // Through a pooler (scripts/with-postgres.sh): the app's statements go through it, its LISTEN goes direct.
  const pooler = process.env.DATABASE_POOLER === 'transaction' ? ('transaction' as const) : undefined;
  const listen = process.env.DATABASE_LISTEN_URL;
  return {
    name: 'postgres',
    async create() {
      const pg = (await import('pg')).default;
      const name = `yg_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // From the run's migrated, seeded template when there is one (tests/global-setup.ts).
      const template = inject('pgTemplate');
      // FILE_COPY copies the template's files as they are; the default (WAL_LOG) writes every block of the seeded
      // demo through the WAL, which cost each suite's database about a second of the cluster's time.
      await admin.query(
        template ? `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY = FILE_COPY` : `CREATE DATABASE ${name}`,
      );
      await admin.end();
      return {
        databaseUrl: onDatabase(url, name),
        ...(pooler ? { databasePooler: pooler } : {}),
        ...(listen ? { databaseListenUrl: onDatabase(listen, name) } : {}),
        async drop() {
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  };
}

let announced = false;
export function testDialects(): TestDialect[] {
  const url = process.env.DATABASE_URL;
  if (!url && !announced) {
    announced = true;
    console.log('[tests] DATABASE_URL not set: PostgreSQL suites skipped, running on PGlite only.');
  }
  // Replica mode (tests/helpers/test-app.ts): several server processes share one PostgreSQL database.
  if (apiReplicas() > 1) return [postgres(url!)];
  return url ? [pglite, postgres(url)] : [pglite];
}

/**
 * One dialect, for the suites whose subject is the HTTP layer, the gate or a module's business rules rather than the
 * database engine (routes, permissions, cookies, limits; the sales, props, finance, personnel… flows): PostgreSQL when
 * there is one — the production engine, and a server process of its own, so the suite's queries overlap the test
 * worker's work —, PGlite otherwise. The flows' statements still meet PGlite in every run: the seeded template is the
 * demo story played on it. The suites whose subject is the data (records, stock, concurrency, migrations, every
 * module's list) and the hostile-input ones (each driver reports a bad value its own way) keep running on both.
 */
export function oneDialect(): TestDialect[] {
  return testDialects().slice(-1);
}

let replicasOverride: number | undefined;

/**
 * The rig's replica mode: how many server processes each suite's app is (1: the app in this process). From
 * API_REPLICAS, or from useReplicas() (tests/api/replicas.test.ts), and only with DATABASE_URL.
 */
export function apiReplicas(): number {
  if (!process.env.DATABASE_URL) return 1;
  return Math.max(1, replicasOverride ?? (Number(process.env.API_REPLICAS) || 1));
}

/** Turns replica mode on for the suites this test file imports (module state: it does not leak into other files). */
export function useReplicas(n: number): void {
  replicasOverride = n;
}
