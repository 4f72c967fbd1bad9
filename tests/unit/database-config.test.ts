// The database settings read from the environment (config.ts): a transaction pooler is named, never guessed, and a
// mode the server does not know stops the start instead of running as if direct.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

describe('database settings', () => {
  it('reads DATABASE_POOLER and DATABASE_LISTEN_URL', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://pool/db',
      DATABASE_POOLER: 'transaction',
      DATABASE_LISTEN_URL: 'postgres://direct/db',
    });
    expect([c.databaseUrl, c.databasePooler, c.databaseListenUrl]).toEqual([
      'postgres://pool/db',
      'transaction',
      'postgres://direct/db',
    ]);
    expect([
      loadConfig({}).databasePooler,
      loadConfig({ DATABASE_POOLER: 'none' }).databasePooler,
      loadConfig({}).databaseListenUrl,
    ]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses a pooler mode it does not know', () => {
    expect(() => loadConfig({ DATABASE_POOLER: 'session' })).toThrow(/DATABASE_POOLER/);
  });
});
