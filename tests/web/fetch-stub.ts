// A fetch stand-in for the client tests: each call is answered by the handler, and recorded.
import { vi } from 'vitest';

export type Handler = (req: Request) => Response | Promise<Response>;

export function envelope(status: number, data: unknown = null, message = ''): Response {
  return new Response(JSON.stringify({ status, message, data }), { headers: { 'content-type': 'application/json' } });
}

export function stubFetch(handler: Handler) {
  const calls: Request[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    calls.push(req.clone());
    return handler(req);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/**
 * The browser after a login: the readable CSRF cookie the server sets beside its HttpOnly token cookie
 * (which jsdom's page could not see either). What the guard and the client read.
 */
export function signedIn(csrf = 'csrf-tok'): void {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(csrf)}; path=/`;
}
