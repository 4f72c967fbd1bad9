import { message } from 'antd';
import ky, { HTTPError, type KyInstance } from 'ky';
import { CSRF_HEADER, isLoginExpiredStatus, Status, type ApiResponse } from '../../common/api';
import { loading } from './loading';
import { ClientMessages } from './messages';
import { clearSession, getCsrfToken } from './session';

/**
 * The request client. Every answer is {status, message, data}; status 200 is success.
 * The session is the HttpOnly cookie, which the browser sends on its own; the client adds the CSRF header.
 * Failures are shown here once, then thrown as ApiError so callers simply stop.
 */

export type ApiErrorKind = 'status' | 'expired' | 'transport';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  json?: unknown;
  /** A raw body (multipart uploads); ky sets the content type. */
  body?: BodyInit;
  searchParams?: Record<string, string | number | boolean | undefined | null>;
  /** Print/export calls: no envelope check, the parsed body is returned as it is. */
  skipStatusCheck?: boolean;
  /**
   * Approval calls and background polls: a non-200 answer or a transport failure shows nothing
   * (it still throws). An expired login is still handled: the session is gone either way.
   */
  silent?: boolean;
  /** Background polls (QR status) do not raise the full-screen mask. */
  noLoading?: boolean;
  signal?: AbortSignal;
  timeout?: number;
}

export interface ClientHooks {
  /** Shows an error toast; the same text is shown once at a time. */
  notifyError(text: string): void;
  /** Goes to /login after the session was dropped. */
  toLogin(): void;
}

const defaultHooks: ClientHooks = {
  // Until the shell plugs in its context-aware API (ClientBridge), antd's static message is used.
  notifyError: (text) => {
    void message.error({ content: text, key: text });
  },
  toLogin: () => {
    if (typeof location !== 'undefined' && location.pathname !== '/login') location.assign('/login');
  },
};

let hooks: ClientHooks = { ...defaultHooks };

/** The app shell plugs in antd's context-aware message API and the router's navigate. */
export function configureClient(h: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...h };
}

export function resetClientHooks(): void {
  hooks = { ...defaultHooks };
}

/** '/api' on this origin, made absolute so non-browser Request implementations (tests) accept it too. */
function apiBase(): string {
  return typeof location !== 'undefined' && location.origin && location.origin !== 'null'
    ? new URL('/api', location.origin).href
    : '/api';
}

const http: KyInstance = ky.create({
  prefixUrl: apiBase(),
  retry: 0,
  timeout: 30000,
  hooks: {
    beforeRequest: [
      // The session rides in the HttpOnly cookie the browser sends by itself; every call echoes the session's CSRF
      // token (empty while there is none, which also marks the call as the web client's: only such calls are
      // given the session cookies on login). docs/security.md.
      (req) => {
        req.headers.set(CSRF_HEADER, getCsrfToken() ?? '');
      },
    ],
  },
});

function isEnvelope(v: unknown): v is ApiResponse {
  return typeof v === 'object' && v !== null && typeof (v as { status?: unknown }).status === 'number';
}

/** The caller cancelled (e.g. a page left): not a failure to show. DOMException is not an Error everywhere. */
function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

function cleanSearch(p: RequestOptions['searchParams']): Record<string, string> | undefined {
  if (!p) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

function handleLoginExpired(body: ApiResponse): never {
  clearSession();
  hooks.notifyError(body.message || ClientMessages.loginExpired);
  hooks.toLogin();
  throw new ApiError(body.message || ClientMessages.loginExpired, 'expired', body.status, body.data);
}

function transportFailure(cause: unknown, silent = false): never {
  if (!silent) hooks.notifyError(ClientMessages.transportError);
  const e = new ApiError(ClientMessages.transportError, 'transport', null);
  (e as { cause?: unknown }).cause = cause;
  throw e;
}

/** Applies the error catalogue (messages.ts) to a parsed body and returns data on success. */
export function checkEnvelope<T>(body: unknown, opts: Pick<RequestOptions, 'silent'> = {}): T {
  if (!isEnvelope(body)) return transportFailure(new Error('answer is not an envelope'), opts.silent);
  if (body.status === Status.OK) return body.data as T;
  if (isLoginExpiredStatus(body.status)) return handleLoginExpired(body);
  const text = body.message || ClientMessages.networkError;
  // The team closed while its data is written (the demo's first fill: 423 marked teamFilling) is said once by the
  // page's banner, so the calls it refuses meanwhile (the bell, the lists) raise no toast each. A locked account's
  // 423 at login is shown as ever.
  const teamFilling =
    body.status === Status.LOCKED && (body.data as { teamFilling?: unknown } | null)?.teamFilling === true;
  if (!opts.silent && !teamFilling) hooks.notifyError(text);
  throw new ApiError(text, 'status', body.status, body.data);
}

async function send(method: string, path: string, opts: RequestOptions): Promise<unknown> {
  let res: Response;
  try {
    res = await http(path.replace(/^\/+/, ''), {
      method,
      json: opts.json,
      body: opts.body,
      searchParams: cleanSearch(opts.searchParams),
      signal: opts.signal,
      timeout: opts.timeout,
    });
  } catch (err) {
    if (isAbort(err)) throw err;
    // A proxy or rate limiter may answer with an HTTP error that still carries the envelope.
    if (err instanceof HTTPError) {
      const body = await err.response.json().catch(() => undefined);
      if (isEnvelope(body)) return body;
    }
    return transportFailure(err, opts.silent);
  }
  try {
    return await res.json();
  } catch (err) {
    if (isAbort(err)) throw err;
    return transportFailure(err, opts.silent);
  }
}

/*
 * Calls started before the app asks for them (a cold load of a signed-in page starts the session's, the menu's and
 * the page's first reads while the screens' code still downloads: app/boot-requests.ts). The same call made later
 * (same method, path, query and body) takes the answer of the early one instead of asking again — once, and only
 * within EARLY_MS of its start. Only reads are started early; an early call that failed is simply made again.
 */
const EARLY_MS = 10_000;
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
let starting = false;

const callKey = (method: string, path: string, opts: RequestOptions) =>
  `${method} ${path.replace(/^\/+/, '')} ${JSON.stringify(cleanSearch(opts.searchParams) ?? null)} ${opts.json === undefined ? '' : JSON.stringify(opts.json)}`;

/** The answer of an early call like this one, or undefined. */
function takeEarly(method: string, path: string, opts: RequestOptions): Promise<unknown> | undefined {
  if (!early.size || opts.body !== undefined) return undefined;
  const key = callKey(method, path, opts);
  const hit = early.get(key);
  if (!hit) return undefined;
  early.delete(key);
  if (Date.now() - hit.at > EARLY_MS) return undefined;
  return hit.answer.then((body) => (body === undefined ? send(method, path, opts) : body));
}

/**
 * Starts now the reads `calls` makes (through the API functions the app uses later, so the calls are the same),
 * without the mask, messages or session handling: their answers wait for the app's own identical calls.
 */
export function startEarly(calls: () => unknown): void {
  starting = true;
  try {
    calls();
  } catch {
    // a call that failed to start is made by the app later, as usual
  } finally {
    starting = false;
  }
}

/** Forgets the early calls not taken (tests). */
export function forgetEarly(): void {
  early.clear();
}

/** Sends one call under the loading mask and returns `data` of a successful envelope. */
export async function request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  if (starting) {
    // Reads only: a raw body (an upload) is never started early.
    if (opts.body === undefined) {
      early.set(callKey(method, path, opts), {
        at: Date.now(),
        answer: send(method, path, { ...opts, silent: true, signal: undefined }).catch(() => undefined),
      });
    }
    // The code that started it does not wait for the answer (the app's own call takes it): a promise that never settles.
    return new Promise<T>(() => {});
  }
  if (!opts.noLoading) loading.begin();
  try {
    const body = await (takeEarly(method, path, opts) ?? send(method, path, opts));
    if (opts.skipStatusCheck) return body as T;
    return checkEnvelope<T>(body, opts);
  } finally {
    if (!opts.noLoading) loading.end();
  }
}

/** Print/export calls that answer with a file: the raw Response, status checks skipped. */
export async function requestRaw(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  if (!opts.noLoading) loading.begin();
  try {
    return await http(path.replace(/^\/+/, ''), {
      method,
      json: opts.json,
      searchParams: cleanSearch(opts.searchParams),
      signal: opts.signal,
      timeout: opts.timeout,
    });
  } catch (err) {
    if (isAbort(err)) throw err;
    return transportFailure(err, opts.silent);
  } finally {
    if (!opts.noLoading) loading.end();
  }
}

/**
 * A file download whose refusals still come as the envelope (export, import template): the raw Response of a
 * file, or the envelope's message shown and thrown as ApiError (403, 400, 429 alike). Under the loading mask
 * unless `noLoading` (an export shows its own progress).
 */
export async function requestFile(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  if (!opts.noLoading) loading.begin();
  try {
    let res: Response;
    try {
      res = await http(path.replace(/^\/+/, ''), {
        method,
        json: opts.json,
        searchParams: cleanSearch(opts.searchParams),
        signal: opts.signal,
        timeout: opts.timeout,
        throwHttpErrors: false,
      });
    } catch (err) {
      if (isAbort(err)) throw err;
      return transportFailure(err, opts.silent);
    }
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const body = await res.json().catch((err) => transportFailure(err, opts.silent));
      checkEnvelope(body, opts);
      return transportFailure(new Error('expected a file'), opts.silent);
    }
    if (!res.ok) return transportFailure(new Error(`HTTP ${res.status}`), opts.silent);
    return res;
  } finally {
    if (!opts.noLoading) loading.end();
  }
}

export const api = {
  get: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T = unknown>(path: string, json?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, json }),
};
