// withTenant runs a transaction again when PostgreSQL aborts it as a deadlock victim (40P01): two transactions
// that take the same two locks in opposite orders both complete, one of them on its second attempt. PostgreSQL
// only: PGlite runs one transaction at a time, so it cannot deadlock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { withTenant } from '../../src/server/db/tenant-scope';

const postgres = testDialects().filter((d) => d.name === 'postgres');

describe.skipIf(!postgres.length).each(postgres.length ? postgres : testDialects())(
  'withTenant on $name',
  (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    it('a deadlock victim is run again and both transactions complete', async () => {
      const attempts = { first: 0, second: 0 };
      let firstHolds!: () => void;
      let secondHolds!: () => void;
      const firstHeld = new Promise<void>((r) => {
        firstHolds = r;
      });
      const secondHeld = new Promise<void>((r) => {
        secondHolds = r;
      });
      const lock = (trx: Parameters<Parameters<typeof withTenant>[2]>[0], key: number) =>
        sql`SELECT pg_advisory_xact_lock(${key})`.execute(trx);
      const [a, b] = await Promise.all([
        withTenant(t.db, 'T00000001', async (trx) => {
          attempts.first++;
          await lock(trx, 9001);
          firstHolds();
          await secondHeld;
          await lock(trx, 9002);
          return 'first';
        }),
        withTenant(t.db, 'T00000001', async (trx) => {
          attempts.second++;
          await lock(trx, 9002);
          secondHolds();
          await firstHeld;
          await lock(trx, 9001);
          return 'second';
        }),
      ]);
      expect([a, b]).toEqual(['first', 'second']);
      // Exactly one of them was chosen as the victim and ran twice.
      expect(attempts.first + attempts.second).toBe(3);
    });
  },
);
