import { describe, expect, it } from 'vitest';
import { createQueryId, RawNode } from 'kysely';
import { CacheBus, TableCache, TxWrites, WatchPlugin } from './cache-bus';

/** A pinger whose round trips the test finishes by hand, in order. */
function manualPinger() {
  const waiting: (() => void)[] = [];
  let started = 0;
  const pinger = () => {
    started++;
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  return { pinger, started: () => started, finishNext: () => waiting.shift()?.() };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('CacheBus.sync', () => {
  it('waits for a round trip that began after the call, and lets calls arriving together share one', async () => {
    const bus = new CacheBus(true);
    const p = manualPinger();
    bus.setLive(true, p.pinger);
    let firstDone = false;
    const first = bus.sync().then(() => {
      firstDone = true;
    });
    expect(p.started()).toBe(1);
    // Two calls arrive while the first ping is out: it may have left before their changes, so both wait for a
    // second ping, which they share.
    let laterDone = 0;
    const later = [bus.sync(), bus.sync()].map((s) =>
      s.then(() => {
        laterDone++;
      }),
    );
    expect(p.started()).toBe(1);
    p.finishNext();
    await first;
    expect(firstDone).toBe(true);
    await tick();
    expect(laterDone).toBe(0);
    expect(p.started()).toBe(2);
    p.finishNext();
    await Promise.all(later);
    expect(laterDone).toBe(2);
    expect(p.started()).toBe(2);
  });

  it('costs nothing where no other process writes (PGlite), or while not listening', async () => {
    const local = new CacheBus(false);
    await local.sync();
    const shared = new CacheBus(true);
    expect(shared.usable).toBe(false);
    await shared.sync();
  });

  it('turns caches off when a ping fails, and resolves all the same', async () => {
    const bus = new CacheBus(true);
    bus.setLive(true, () => Promise.reject(new Error('connection lost')));
    expect(bus.usable).toBe(true);
    await bus.sync();
    expect(bus.usable).toBe(false);
  });
});

describe('TableCache through a transaction that wrote', () => {
  /** A statement passing an executor's plugins in order, as Kysely runs them. */
  const run = (plugins: (WatchPlugin | TxWrites)[], text: string) => {
    const queryId = createQueryId();
    for (const p of plugins) p.transformQuery({ node: RawNode.createWithSql(text), queryId });
    for (const p of plugins) void p.transformResult({ result: { rows: [] }, queryId });
  };

  it("is neither used nor filled by a transaction once it wrote one of the cache's tables; others use it as before", () => {
    const bus = new CacheBus(false);
    const watch = new WatchPlugin(bus);
    const writes = new TxWrites(watch);
    const trx = { isTransaction: true, getExecutor: () => ({ plugins: [watch, writes] }) };
    const pool = { isTransaction: false, getExecutor: () => ({ plugins: [watch] }) };
    const cache = new TableCache<string>(bus, ['dictionaries', 'users'], 60_000);
    cache.set('k', 'committed', cache.mark(trx));
    expect(cache.get('k', trx)).toBe('committed');
    // A read and a write of other tables change nothing for this cache.
    run([watch, writes], 'SELECT 1 FROM dictionaries');
    run([watch, writes], 'UPDATE memberships SET remark = NULL');
    expect([...writes.tables]).toEqual(['memberships']);
    expect(cache.get('k', trx)).toBe('committed');
    // After writing one of its tables: nothing from the cache, nothing into it (not even after the write's own emptying).
    run([watch, writes], 'UPDATE dictionaries SET dict_name = $1');
    cache.set('k', 'committed again', cache.mark(pool));
    expect(cache.get('k', trx)).toBeUndefined();
    expect(cache.get('k', pool)).toBe('committed again');
    cache.set('k', 'uncommitted', cache.mark(trx));
    expect(cache.get('k', pool)).toBe('committed again');
    expect(cache.get('k')).toBe('committed again');
    // A transaction nobody tracked is trusted with nothing.
    const other = { isTransaction: true, getExecutor: () => ({ plugins: [watch] }) };
    expect(cache.get('k', other)).toBeUndefined();
    expect(cache.open(other)).toBe(false);
  });
});
