import { describe, expect, it } from 'vitest';
import { CacheBus } from './cache-bus';

/** A pinger whose round trips the test finishes by hand, in order. */
function manualPinger() {
  const waiting: (() => void)[] = [];
  let started = 0;
  const pinger = () => { started++; return new Promise<void>((resolve) => waiting.push(resolve)); };
  return { pinger, started: () => started, finishNext: () => waiting.shift()?.() };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('CacheBus.sync', () => {
  it('waits for a round trip that began after the call, and lets calls arriving together share one', async () => {
    const bus = new CacheBus(true);
    const p = manualPinger();
    bus.setLive(true, p.pinger);
    let firstDone = false;
    const first = bus.sync().then(() => { firstDone = true; });
    expect(p.started()).toBe(1);
    // Two calls arrive while the first ping is out: it may have left before their changes, so both wait for a
    // second ping, which they share.
    let laterDone = 0;
    const later = [bus.sync(), bus.sync()].map((s) => s.then(() => { laterDone++; }));
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
