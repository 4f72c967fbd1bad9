// Release check: poll every 60 000 ms, reload when the version differs from the first one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchVersion, shouldReload, startVersionCheck, VERSION_POLL_MS } from '../../src/web/api/version';

describe('shouldReload', () => {
  it('reloads only when both versions are known and differ', () => {
    expect(shouldReload('1', '2')).toBe(true);
    expect(shouldReload('1', '1')).toBe(false);
    expect(shouldReload(null, '2')).toBe(false);
    expect(shouldReload('1', null)).toBe(false);
    expect(shouldReload(undefined, undefined)).toBe(false);
  });
});

describe('fetchVersion', () => {
  it('asks for /version.json with a timestamp and reads version', async () => {
    const f = vi.fn(async (_url: string) => new Response(JSON.stringify({ version: 1700000000000 })));
    expect(await fetchVersion(f as unknown as typeof fetch)).toBe('1700000000000');
    expect(f.mock.calls[0][0]).toMatch(/^\/version\.json\?t=\d+$/);
  });

  it('gives null when the file is missing, not JSON or unreachable', async () => {
    expect(
      await fetchVersion((async () => new Response('nope', { status: 404 })) as unknown as typeof fetch),
    ).toBeNull();
    expect(await fetchVersion((async () => new Response('<html>')) as unknown as typeof fetch)).toBeNull();
    expect(
      await fetchVersion((async () => {
        throw new TypeError('offline');
      }) as unknown as typeof fetch),
    ).toBeNull();
  });
});

describe('startVersionCheck', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function tick(ms: number) {
    await vi.advanceTimersByTimeAsync(ms);
  }

  it('polls every 60 s and reloads once when the version changes', async () => {
    const versions = ['A', 'A', null, 'A', 'B', 'C'];
    const get = vi.fn(async () => (versions.length ? versions.shift()! : 'C'));
    const reload = vi.fn();
    const stop = startVersionCheck({ fetchVersion: get, reload });
    expect(VERSION_POLL_MS).toBe(60_000);
    await tick(0);
    expect(get).toHaveBeenCalledTimes(1);
    await tick(59_999);
    expect(get).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(get).toHaveBeenCalledTimes(2); // A again
    await tick(60_000); // a failed fetch (null) changes nothing
    await tick(60_000); // A
    expect(reload).not.toHaveBeenCalled();
    await tick(60_000); // B
    expect(reload).toHaveBeenCalledTimes(1);
    await tick(60_000); // C: already reloading
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a failed first fetch does not count as the first version', async () => {
    const versions: (string | null)[] = [null, 'A', 'A'];
    const reload = vi.fn();
    const stop = startVersionCheck({ fetchVersion: async () => (versions.length ? versions.shift()! : 'A'), reload });
    await tick(0);
    await tick(120_000);
    expect(reload).not.toHaveBeenCalled();
    stop();
  });

  it('stops polling when stopped', async () => {
    const get = vi.fn(async () => 'A');
    const stop = startVersionCheck({ fetchVersion: get, reload: vi.fn() });
    await tick(0);
    stop();
    await tick(300_000);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
