// Which database a read goes to (replica.ts readerOf), on stand-ins: the replica unless the session's last write is
// past what the replica has replayed, or the replica cannot say how far it is; its position asked at most once per
// REPLAY_CACHE_MS. The real replica: tests/api/read-replica.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from './types';
import { attachReplica, lsnValue, ReadReplica, readerOf, REPLAY_CACHE_MS } from './replica';

type DB = Kysely<Database>;
const stand = (name: string) => ({ name }) as unknown as DB;

function rig(answer: () => Promise<string | null>) {
  const primary = stand('primary');
  const replicaDb = stand('replica');
  const ask = vi.fn(answer);
  attachReplica(primary, new ReadReplica(replicaDb, ask, () => {}));
  return { primary, replicaDb, ask };
}

describe('readerOf', () => {
  afterEach(() => vi.useRealTimers());

  it('orders LSNs as the WAL does', () => {
    expect(lsnValue('0/FF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnValue('nonsense')).toThrow();
  });

  it('reads the primary when there is no replica', async () => {
    const db = stand('alone');
    expect(await readerOf(db, { sessionId: 1, wroteLsn: '0/10' })).toBe(db);
  });

  it('sends a session to the replica unless its last write is past the replay position', async () => {
    const { primary, replicaDb } = rig(async () => '0/100');
    expect(await readerOf(primary, { sessionId: 1 })).toBe(replicaDb);
    expect(await readerOf(primary, { sessionId: 1, wroteLsn: '0/100' })).toBe(replicaDb);
    expect(await readerOf(primary, { sessionId: 1, wroteLsn: '0/101' })).toBe(primary);
    expect(await readerOf(primary, { sessionId: 1, wroteLsn: '1/0' })).toBe(primary);
  });

  it('asks the replica its position at most once per REPLAY_CACHE_MS', async () => {
    vi.useFakeTimers();
    let at = '0/100';
    const { primary, replicaDb, ask } = rig(async () => at);
    await Promise.all(Array.from({ length: 20 }, () => readerOf(primary, { sessionId: 1, wroteLsn: '0/50' })));
    expect(ask).toHaveBeenCalledTimes(1);
    at = '0/300';
    expect(await readerOf(primary, { sessionId: 2, wroteLsn: '0/200' })).toBe(primary);
    vi.advanceTimersByTime(REPLAY_CACHE_MS + 1);
    expect(await readerOf(primary, { sessionId: 2, wroteLsn: '0/200' })).toBe(replicaDb);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('reads the primary while the replica cannot say how far it is (unreachable, or not a standby)', async () => {
    const down = rig(async () => {
      throw new Error('connection refused');
    });
    expect(await readerOf(down.primary, { sessionId: 1 })).toBe(down.primary);
    expect(await readerOf(down.primary, { sessionId: 1, wroteLsn: '0/1' })).toBe(down.primary);
    const notStandby = rig(async () => null);
    expect(await readerOf(notStandby.primary, { sessionId: 1 })).toBe(notStandby.primary);
  });
});
