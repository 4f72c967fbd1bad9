// @vitest-environment jsdom
// The request client: envelope, the session cookie's CSRF header, the error catalogue, skip/silent options,
// loading counter.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  configureClient,
  forgetEarly,
  request,
  requestRaw,
  resetClientHooks,
  startEarly,
} from '../../src/web/api/client';
import { loading } from '../../src/web/api/loading';
import { clearCsrfCookie, getRememberedUsername, getCsrfToken, setRememberedUsername } from '../../src/web/api/session';
import { envelope, stubFetch, signedIn } from './fetch-stub';

let notify: ReturnType<typeof vi.fn<(text: string) => void>>;
let toLogin: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  notify = vi.fn<(text: string) => void>();
  toLogin = vi.fn<() => void>();
  configureClient({ notifyError: notify, toLogin });
  loading.reset();
  localStorage.clear();
  sessionStorage.clear();
  clearCsrfCookie();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetClientHooks();
  forgetEarly();
});

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('envelope', () => {
  it('a team closed while its data is written (423, teamFilling) raises no toast: the page says it in its banner', async () => {
    signedIn('csrf-1');
    stubFetch(() => envelope(423, { teamFilling: true }, '演示数据准备中，请稍候…'));
    const e = await failure(request('GET', 'data/reimburseManage/page'));
    expect(e.status).toBe(423);
    expect(e.message).toBe('演示数据准备中，请稍候…');
    expect(notify).not.toHaveBeenCalled();
    // A locked account is 423 too, and is said.
    stubFetch(() => envelope(423, null, '账号已锁定，请10分钟后再试'));
    await failure(request('POST', 'admin/login/user', { json: {} }));
    expect(notify).toHaveBeenCalledWith('账号已锁定，请10分钟后再试');
  });

  it('returns data of a status-200 answer, calls /api with the CSRF header and the query, never a Satoken header', async () => {
    signedIn('csrf-123');
    const { calls } = stubFetch(() => envelope(200, { id: 7 }));
    const data = await request<{ id: number }>('GET', 'admin/sysuser/getSysUser', {
      searchParams: { a: 1, b: undefined },
    });
    expect(data).toEqual({ id: 7 });
    const url = new URL(calls[0].url);
    expect(url.pathname).toBe('/api/admin/sysuser/getSysUser');
    expect(url.search).toBe('?a=1');
    // The session is the HttpOnly cookie the browser adds by itself; the page can only echo the CSRF token.
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('csrf-123');
    expect(calls[0].headers.get('Satoken')).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });

  it('echoes the CSRF cookie on posts, downloads and raw calls alike', async () => {
    signedIn('csrf-abc');
    const { calls } = stubFetch(() => envelope(200, null));
    await request('POST', 'admin/login/logout', { json: {} });
    await requestRaw('GET', 'data/x/print');
    expect(calls.map((c) => c.headers.get('X-XSRF-TOKEN'))).toEqual(['csrf-abc', 'csrf-abc']);
  });

  it('marks its calls with an empty CSRF header while signed out (so a login answer sets the cookies), and posts JSON', async () => {
    const { calls } = stubFetch(() => envelope(200, null));
    await request('POST', '/admin/login/user', { json: { username: 'demo' } });
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('');
    expect(calls[0].headers.get('Satoken')).toBeNull();
    expect(calls[0].method).toBe('POST');
    expect(await calls[0].json()).toEqual({ username: 'demo' });
  });

  it('keeps no token anywhere a script can read it after a login answer that carries one', async () => {
    stubFetch(() =>
      envelope(200, { token: 'secret-session-token', user: { username: 'demo' }, expiresAt: '2099-01-01T00:00:00Z' }),
    );
    await request('POST', 'admin/login/user', { json: { loginType: 'password', username: 'demo', password: 'x' } });
    const readable = document.cookie + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(readable).not.toContain('secret-session-token');
  });
});

describe('error catalogue (spec §8)', () => {
  it.each([11011, 11013, 11015, 11016, 11017])(
    'status %i is an ordinary failure: its message shows and the session stays',
    async (status) => {
      signedIn('still-valid');
      stubFetch(() => envelope(status, null, '账号已被冻结'));
      const e = await failure(request('GET', 'admin/sysuser/getSysUser'));
      expect(e.kind).toBe('status');
      expect(notify).toHaveBeenCalledWith('账号已被冻结');
      expect(toLogin).not.toHaveBeenCalled();
      expect(getCsrfToken()).toBe('still-valid');
    },
  );

  it.each([10015, 11012, 11014])(
    'status %i drops the session, shows the message and goes to /login',
    async (status) => {
      signedIn('old');
      localStorage.setItem('userInfo', '{"username":"demo"}');
      sessionStorage.setItem('isRegister', 'true');
      setRememberedUsername('demo');
      stubFetch(() => envelope(status, null, '登录已过期，请重新登录'));
      const e = await failure(request('GET', 'admin/sysuser/getSysUser'));
      expect(e.kind).toBe('expired');
      expect(e.status).toBe(status);
      expect(notify).toHaveBeenCalledWith('登录已过期，请重新登录');
      expect(toLogin).toHaveBeenCalledTimes(1);
      expect(getCsrfToken()).toBeNull();
      expect(localStorage.getItem('userInfo')).toBeNull();
      expect(sessionStorage.length).toBe(0);
      // The remembered username is a device preference and survives.
      expect(getRememberedUsername()).toBe('demo');
    },
  );

  it('an expired login without a message shows 登录失效，请重新登录', async () => {
    stubFetch(() => envelope(11012, null, ''));
    await failure(request('GET', 'x'));
    expect(notify).toHaveBeenCalledWith('登录失效，请重新登录');
  });

  it('11010 and 11018 are ordinary failures, not an expired login', async () => {
    stubFetch(() => envelope(11018, null, ''));
    const e = await failure(request('GET', 'x'));
    expect(e.kind).toBe('status');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('another non-200 status shows its message and throws', async () => {
    stubFetch(() => envelope(400, { field: 'username' }, '用户名或密码错误'));
    const e = await failure(request('POST', 'admin/login/user', { json: {} }));
    expect(e).toMatchObject({ kind: 'status', status: 400, message: '用户名或密码错误', data: { field: 'username' } });
    expect(notify).toHaveBeenCalledWith('用户名或密码错误');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('a non-200 status without a message shows 网络错误', async () => {
    stubFetch(() => envelope(500, null, ''));
    const e = await failure(request('GET', 'x'));
    expect(e.message).toBe('网络错误');
    expect(notify).toHaveBeenCalledWith('网络错误');
  });

  it('a transport failure shows 请求错误，请稍后再试', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const e = await failure(request('GET', 'x'));
    expect(e.kind).toBe('transport');
    expect(notify).toHaveBeenCalledWith('请求错误，请稍后再试');
  });

  it('an HTTP error without an envelope and a body that is not JSON are transport failures', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    expect((await failure(request('GET', 'x'))).kind).toBe('transport');
    stubFetch(() => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect((await failure(request('GET', 'x'))).kind).toBe('transport');
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenCalledWith('请求错误，请稍后再试');
  });

  it('an HTTP error that still carries the envelope is judged by its status', async () => {
    stubFetch(
      () => new Response(JSON.stringify({ status: 429, message: '请求过于频繁', data: null }), { status: 429 }),
    );
    const e = await failure(request('GET', 'x'));
    expect(e).toMatchObject({ kind: 'status', status: 429 });
    expect(notify).toHaveBeenCalledWith('请求过于频繁');
  });
});

describe('options', () => {
  it('skipStatusCheck (print/export) returns the body whatever its status, and shows nothing', async () => {
    stubFetch(() => envelope(500, { url: 'x.pdf' }, '失败'));
    const body = await request('POST', 'print', { skipStatusCheck: true });
    expect(body).toEqual({ status: 500, message: '失败', data: { url: 'x.pdf' } });
    expect(notify).not.toHaveBeenCalled();
  });

  it('requestRaw hands back the raw response (files)', async () => {
    stubFetch(() => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }));
    const res = await requestRaw('GET', 'export');
    expect(await res.text()).toBe('%PDF-1.4');
  });

  it('silent (background reads) shows nothing on a non-200 answer but still throws', async () => {
    stubFetch(() => envelope(500, null, '审批失败'));
    const e = await failure(request('GET', 'oa/task/findTaskIdByFormId', { silent: true }));
    expect(e.kind).toBe('status');
    expect(notify).not.toHaveBeenCalled();
  });

  it('approval actions (agree, refuse, withdraw) show nothing when refused or failed (spec §8) but still throw', async () => {
    const { httpDataProvider } = await import('../../src/web/api/http-provider');
    const actions = [
      () => httpDataProvider.agree({ taskId: '3', processInstanceId: '4', comments: '' }),
      () => httpDataProvider.refuse({ taskId: '3', processInstanceId: '4', comments: '不符合' }),
      () => httpDataProvider.withdraw({ formId: 9 }),
    ];
    for (const act of actions) {
      notify.mockClear();
      stubFetch(() => envelope(409, null, '该任务已处理'));
      expect((await failure(act())).message).toBe('该任务已处理');
      stubFetch(
        () =>
          new Response(JSON.stringify({ status: 500, message: '', data: null }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
      );
      expect((await failure(act())).kind).toBe('status');
      stubFetch(() => {
        throw new TypeError('Failed to fetch');
      });
      expect((await failure(act())).kind).toBe('transport');
      expect(notify).not.toHaveBeenCalled();
    }
  });

  it('silent still handles an expired login', async () => {
    signedIn('old');
    stubFetch(() => envelope(11014, null, ''));
    await failure(request('GET', 'oa/task/findTaskIdByFormId', { silent: true }));
    expect(toLogin).toHaveBeenCalled();
    expect(getCsrfToken()).toBeNull();
  });
});

describe('loading counter', () => {
  it('counts in-flight calls and is back to zero after success, failures and aborts', async () => {
    const seen: number[] = [];
    const off = loading.subscribe((n) => seen.push(n));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubFetch(async (req) => {
      const path = new URL(req.url).pathname;
      if (path.endsWith('/ok')) {
        await gate;
        return envelope(200, 1);
      }
      if (path.endsWith('/bad')) return envelope(400, null, 'x');
      if (path.endsWith('/expired')) return envelope(11012, null, '');
      if (path.endsWith('/broken')) throw new TypeError('Failed to fetch');
      return new Response('not json');
    });
    const ok = request('GET', 'ok');
    const others = [
      request('GET', 'bad'),
      request('GET', 'expired'),
      request('GET', 'broken'),
      request('GET', 'garbage'),
    ].map((p) => p.catch(() => 'failed'));
    expect(loading.count()).toBe(5);
    expect(await Promise.all(others)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(loading.count()).toBe(1);
    release();
    expect(await ok).toBe(1);
    expect(loading.count()).toBe(0);
    expect(Math.max(...seen)).toBe(5);
    off();
  });

  it('an aborted call and a requestRaw failure do not leave the mask up; noLoading is not counted', async () => {
    // jsdom's AbortSignal does not reach Node's Request, so the stub plays fetch rejecting on abort.
    stubFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const p = request('GET', 'slow').catch((e) => e.name);
    expect(loading.count()).toBe(1);
    expect(await p).toBe('AbortError');
    expect(loading.count()).toBe(0);
    expect(notify).not.toHaveBeenCalled();

    stubFetch(() => {
      throw new TypeError('down');
    });
    await requestRaw('GET', 'export').catch(() => {});
    expect(loading.count()).toBe(0);

    stubFetch(() => envelope(200, null));
    const bg = request('GET', 'poll', { noLoading: true });
    expect(loading.count()).toBe(0);
    await bg;
  });

  it('end() never goes below zero', () => {
    loading.end();
    loading.end();
    expect(loading.count()).toBe(0);
    loading.begin();
    expect(loading.count()).toBe(1);
    loading.end();
  });
});

describe('reads started early (a cold page load starts its first reads before its screens have loaded)', () => {
  it('the same call made later takes the early answer once, without asking again; another call asks', async () => {
    signedIn('csrf-early');
    let n = 0;
    const { calls } = stubFetch(() => envelope(200, { n: ++n }));
    startEarly(() => {
      void api.post('data/m/page', { pageNum: 1, pageSize: 20 });
      void api.get('/admin/sysuser/getSysUser');
    });
    expect(loading.count()).toBe(0);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    // Same method, path (leading slash or not), query and body: the early answer, once.
    expect(await api.post('/data/m/page', { pageNum: 1, pageSize: 20 })).toEqual({ n: 1 });
    expect(await api.get('admin/sysuser/getSysUser')).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
    expect(await api.post('data/m/page', { pageNum: 1, pageSize: 20 })).toEqual({ n: 3 });
    expect(await api.post('data/m/page', { pageNum: 2, pageSize: 20 })).toEqual({ n: 4 });
    expect(calls).toHaveLength(4);
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('csrf-early');
  });

  it("an early answer older than 10 s is not taken; a failed early call is made again; a refusal is shown to the app's call", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let n = 0;
    const { calls } = stubFetch(() => envelope(200, { n: ++n }));
    startEarly(() => {
      void api.get('a/old');
    });
    vi.setSystemTime(Date.now() + 10_001);
    expect(await api.get('a/old')).toEqual({ n: 2 });
    vi.useRealTimers();

    let tries = 0;
    const flaky = stubFetch(() => {
      if (++tries === 1) throw new TypeError('network down');
      return envelope(200, 'ok');
    });
    startEarly(() => {
      void api.get('a/flaky');
    });
    expect(await api.get('a/flaky')).toBe('ok');
    expect(flaky.calls).toHaveLength(2);
    expect(notify).not.toHaveBeenCalled();

    stubFetch(() => envelope(403, null, '没有权限'));
    startEarly(() => {
      void api.get('a/refused');
    });
    expect(notify).not.toHaveBeenCalled(); // the early call shows nothing itself
    expect((await failure(api.get('a/refused'))).message).toBe('没有权限');
    expect(notify).toHaveBeenCalledWith('没有权限');
    expect(calls).toHaveLength(2);
  });
});
