// The dialects every API suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set (Kysely's test style).
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

export interface TestDialect {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database for one test app; returns its URL (postgres) or undefined (pglite). */
  create(): Promise<{ databaseUrl?: string; drop(): Promise<void> }>;
}

const pglite: TestDialect = { name: 'pglite', create: async () => ({ drop: async () => {} }) };

function postgres(adminUrl: string): TestDialect {
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
      await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY = FILE_COPY` : `CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        databaseUrl: url.toString(),
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
 * One dialect, for the suites whose subject is the HTTP layer or the gate rather than the database engine (routes,
 * permissions, cookies, limits): PostgreSQL when there is one — the production engine, and a server process of its
 * own, so the suite's queries overlap the test worker's work —, PGlite otherwise. The suites whose subject is the
 * data (records, stock, concurrency, migrations) and the hostile-input ones (each driver reports a bad value its own
 * way) keep running on both.
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
