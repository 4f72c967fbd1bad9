// Through a transaction pooler (scripts/with-postgres.sh with pgbouncer: DATABASE_POOLER=transaction): the caches are
// in use only while the cache bus LISTENs on a connection of its own past the pooler (DATABASE_LISTEN_URL); without
// one they stay off, since a LISTEN through the pooler would miss the other processes' notifications.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DB } from '../../src/server/db';
import { cacheBusOf } from '../../src/server/db/cache-bus';
import { testDialects } from '../helpers/databases';

const pooled = !!process.env.DATABASE_URL && process.env.DATABASE_POOLER === 'transaction';

describe.runIf(pooled)('the cache bus through a transaction pooler', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function open(listen: boolean): Promise<DB> {
    const database = await testDialects()
      .find((d) => d.name === 'postgres')!
      .create();
    cleanups.push(() => database.drop());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-pooler-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = await openDatabase({
      dataDir,
      databaseUrl: database.databaseUrl,
      databasePooler: 'transaction',
      ...(listen ? { databaseListenUrl: database.databaseListenUrl } : {}),
    });
    cleanups.push(() => db.destroy());
    return db;
  }

  it('listens past the pooler when told where, and keeps the caches off, saying so, when not', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const off = await open(false);
      expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('DATABASE_LISTEN_URL'))).toHaveLength(1);
      const on = await open(true);
      await vi.waitFor(() => expect(cacheBusOf(on)!.usable).toBe(true), { timeout: 5000 });
      await new Promise((r) => setTimeout(r, 300));
      expect(cacheBusOf(off)!.usable).toBe(false);
    } finally {
      warn.mockRestore();
    }
  });
});

if (!pooled)
  it.skip('needs DATABASE_URL through a transaction pooler (scripts/with-postgres.sh with pgbouncer installed)', () => {});
