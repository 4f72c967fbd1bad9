/**
 * Release check: GET /version.json?t=<timestamp> every 60 000 ms and reload
 * when the version differs from the first one fetched. A failed fetch changes nothing.
 */

export const VERSION_POLL_MS = 60_000;

/** Reload only when both versions are known and differ. */
export function shouldReload(first: string | null | undefined, current: string | null | undefined): boolean {
  return !!first && !!current && first !== current;
}

export async function fetchVersion(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchFn(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { version?: unknown };
    return body && body.version !== undefined && body.version !== null ? String(body.version) : null;
  } catch {
    return null;
  }
}

export interface VersionCheckerOptions {
  fetchVersion?: () => Promise<string | null>;
  reload?: () => void;
  interval?: number;
}

/** Starts polling; returns a stop function. */
export function startVersionCheck(opts: VersionCheckerOptions = {}): () => void {
  const get = opts.fetchVersion ?? (() => fetchVersion());
  const reload = opts.reload ?? (() => window.location.reload());
  let first: string | null = null;
  let stopped = false;
  let reloading = false;

  const tick = async () => {
    const v = await get();
    if (stopped || reloading) return;
    if (first === null) {
      first = v;
      return;
    }
    if (shouldReload(first, v)) {
      reloading = true;
      reload();
    }
  };

  void tick();
  const id = setInterval(() => {
    void tick();
  }, opts.interval ?? VERSION_POLL_MS);
  return () => {
    stopped = true;
    clearInterval(id);
  };
}
