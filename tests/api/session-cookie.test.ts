// Issue 15 point 6: the browser's session is an HttpOnly cookie the server sets, and a state-changing call that
// carries only that cookie is refused unless it proves it came from this site (the Satoken header, or the
// session's CSRF token echoed from the readable XSRF-TOKEN cookie in X-XSRF-TOKEN).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';

const LOGIN = '/api/admin/login/user';
const ME = '/api/admin/sysuser/getSysUser';
const CARDS = '/api/admin/userBankInfo/bankInfoList';
const ADD_CARD = '/api/admin/userBankInfo/add';
const REFUSED = { status: 403, message: '请求未通过安全校验，请刷新页面后重试', data: null };
/** What the web client sends on every call: the CSRF header, empty before it holds a session. */
const WEB = { 'x-xsrf-token': '' };

interface Jar {
  token: string;
  csrf: string;
}

const cookie = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe.each(oneDialect())('session cookie and CSRF defence on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // The test's requests come from 127.0.0.1, which is trusted as a proxy here: X-Forwarded-Proto says https.
    t = await createTestApp(dialect, { trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A browser login: the web client's marker header, the cookies the answer sets. */
  async function browserLogin(
    username = DEMO.username,
    password = DEMO.password,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { ...WEB, ...headers },
      payload: { loginType: 'password', username, password, ...extra },
    });
    expect(res.json().status, res.json().message).toBe(200);
    const token = cookie(res, 'token');
    const csrf = cookie(res, 'XSRF-TOKEN');
    expect(token && csrf).toBeTruthy();
    return { res, jar: { token: token!.value, csrf: csrf!.value } as Jar };
  }

  const withCookies = (jar: Jar) => ({ token: jar.token, 'XSRF-TOKEN': jar.csrf });
  const cardsOf = async (jar: Jar) => (await t.call('POST', CARDS, {}, jar.token)).data as { bankCardNo: string }[];
  const card = (n: string) => ({ bankName: '招商银行', bankCardNo: n, accountName: '演示用户' });

  it('a browser login sets the HttpOnly, SameSite=Lax token cookie and the readable CSRF cookie; no Secure over http', async () => {
    const { res, jar } = await browserLogin();
    const token = cookie(res, 'token')!;
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(token.secure).toBeFalsy();
    // Without remember-me both are browser-session cookies.
    expect(token.expires).toBeUndefined();
    expect(token.maxAge).toBeUndefined();
    const csrf = cookie(res, 'XSRF-TOKEN')!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    // The cookie is the session the answer names (the JSON keeps the token for API clients).
    expect(jar.token).toBe(res.json().data.token);
    expect(jar.csrf).not.toBe(jar.token);
    expect(jar.csrf.length).toBeGreaterThan(20);
  });

  it('remember-me makes both cookies last until the session ends', async () => {
    const { res } = await browserLogin(DEMO.username, DEMO.password, { remember: true });
    const expiresAt = new Date(res.json().data.expiresAt).getTime();
    for (const name of ['token', 'XSRF-TOKEN']) {
      const c = cookie(res, name)!;
      expect(c.expires, name).toBeInstanceOf(Date);
      expect(Math.abs(c.expires!.getTime() - expiresAt), name).toBeLessThan(1000);
    }
  });

  it('marks them Secure when the request came over https through a trusted proxy, or PUBLIC_URL is https', async () => {
    const viaProxy = await browserLogin(DEMO.username, DEMO.password, {}, { 'x-forwarded-proto': 'https' });
    expect(cookie(viaProxy.res, 'token')!.secure).toBe(true);
    expect(cookie(viaProxy.res, 'XSRF-TOKEN')!.secure).toBe(true);
    const before = t.config.publicUrl;
    t.config.publicUrl = 'https://yiguan.example.com';
    try {
      const byPublicUrl = await browserLogin();
      expect(cookie(byPublicUrl.res, 'token')!.secure).toBe(true);
    } finally {
      t.config.publicUrl = before;
    }
  });

  it('an API client (no CSRF header) gets the token in the answer and no cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { loginType: 'password', username: DEMO.username, password: DEMO.password },
    });
    expect(res.json().data.token).toBeTruthy();
    expect(res.cookies).toEqual([]);
  });

  it('a GET with the cookie alone works (pages, files, images)', async () => {
    const { jar } = await browserLogin();
    const res = await t.app.inject({ method: 'GET', url: ME, cookies: { token: jar.token } });
    expect(res.json().data.username).toBe(DEMO.username);
  });

  it('refuses a POST that carries the cookie alone (403, envelope) and changes nothing', async () => {
    const { jar } = await browserLogin();
    const res = await t.app.inject({
      method: 'POST',
      url: ADD_CARD,
      cookies: withCookies(jar),
      payload: card('6222020000000000001'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    expect((await cardsOf(jar)).map((c) => c.bankCardNo)).not.toContain('6222020000000000001');
    // Logout is a state change too: refused, and the session still works.
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/login/logout', cookies: withCookies(jar) });
    expect(out.json()).toEqual(REFUSED);
    expect((await t.call('GET', ME, undefined, jar.token)).status).toBe(200);
  });

  it("refuses a wrong CSRF token: another session's, or the session token itself", async () => {
    const { jar } = await browserLogin();
    const { jar: other } = await browserLogin();
    for (const wrong of [other.csrf, jar.token, 'x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: ADD_CARD,
        cookies: withCookies(jar),
        headers: { 'x-xsrf-token': wrong },
        payload: card('6222020000000000002'),
      });
      expect(res.json(), wrong).toEqual(REFUSED);
    }
    expect((await cardsOf(jar)).map((c) => c.bankCardNo)).not.toContain('6222020000000000002');
  });

  it('accepts the cookie with its CSRF token echoed in X-XSRF-TOKEN', async () => {
    const { jar } = await browserLogin();
    const res = await t.app.inject({
      method: 'POST',
      url: ADD_CARD,
      cookies: withCookies(jar),
      headers: { 'x-xsrf-token': jar.csrf },
      payload: card('6222020000000000003'),
    });
    expect(res.json().status, res.json().message).toBe(200);
    expect((await cardsOf(jar)).map((c) => c.bankCardNo)).toContain('6222020000000000003');
  });

  it('accepts the Satoken header alone (API clients), and the header over a stray cookie', async () => {
    const { jar } = await browserLogin();
    const res = await t.app.inject({
      method: 'POST',
      url: ADD_CARD,
      headers: { Satoken: jar.token },
      payload: card('6222020000000000004'),
    });
    expect(res.json().status, res.json().message).toBe(200);
    const both = await t.app.inject({
      method: 'POST',
      url: ADD_CARD,
      headers: { Satoken: jar.token },
      cookies: { token: jar.token },
      payload: card('6222020000000000005'),
    });
    expect(both.json().status).toBe(200);
  });

  it('switchTenants over GET with the cookie alone cannot switch; with the CSRF token or Satoken it does', async () => {
    const { jar } = await browserLogin();
    // A second team of the demo user, made on another session (creating it switches only that session).
    const api = await t.login(DEMO.username, DEMO.password);
    const made = await t.call(
      'POST',
      '/api/admin/systenant/createTenant',
      { tenantName: '演示二队', tenantType: 'individual' },
      api,
    );
    expect(made.status, made.message).toBe(200);
    const second = made.data.tenantCode as string;
    const switchTo = (code: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/login/switchTenants?tenantCode=${code}`,
        cookies: withCookies(jar),
        headers,
      });
    const teamNow = async () =>
      (await t.app.inject({ method: 'GET', url: ME, cookies: { token: jar.token } })).json().data.tenantCode;

    expect(await teamNow()).toBe(DEMO.tenantCode);
    const refused = await switchTo(second);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    expect(await teamNow()).toBe(DEMO.tenantCode);

    const proven = await switchTo(second, { 'x-xsrf-token': jar.csrf });
    expect(proven.json().status, proven.json().message).toBe(200);
    expect(await teamNow()).toBe(second);
    // The spec's call of an API client: the Satoken header, no cookie.
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/admin/login/switchTenants?tenantCode=${DEMO.tenantCode}`,
      headers: { Satoken: jar.token },
    });
    expect(back.json().status).toBe(200);
    expect(await teamNow()).toBe(DEMO.tenantCode);
  });

  it('logout clears both cookies and ends the session', async () => {
    const { jar } = await browserLogin();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/logout',
      cookies: withCookies(jar),
      headers: { 'x-xsrf-token': jar.csrf },
    });
    expect(res.json().status).toBe(200);
    for (const name of ['token', 'XSRF-TOKEN']) {
      const c = cookie(res, name)!;
      expect(c.value, name).toBe('');
      expect(c.expires!.getTime(), name).toBeLessThan(Date.now());
    }
    expect(cookie(res, 'token')!.httpOnly).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: ME, cookies: { token: jar.token } })).json().status).toBe(11012);
  });

  it('a cookie the server no longer honours is cleared with the 11012/11014 answer', async () => {
    const stale = await t.app.inject({ method: 'GET', url: ME, cookies: { token: 'not-a-session' } });
    expect(stale.json().status).toBe(11012);
    expect(cookie(stale, 'token')?.value).toBe('');
    expect(cookie(stale, 'XSRF-TOKEN')?.value).toBe('');
    // A token in the Satoken header is the API client's business: no cookie in its answer.
    const header = await t.app.inject({ method: 'GET', url: ME, headers: { Satoken: 'not-a-session' } });
    expect(header.json().status).toBe(11012);
    expect(header.cookies).toEqual([]);
  });

  it('a public call (login) with a cookie and no proof runs as anonymous: it neither fails nor uses the session', async () => {
    const { jar } = await browserLogin();
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      cookies: withCookies(jar),
      headers: WEB,
      payload: { loginType: 'password', username: 'zhangsan', password: 'demo12345' },
    });
    expect(res.json().status).toBe(200);
    // The browser now holds zhangsan's new session; demo's is untouched.
    expect(cookie(res, 'token')!.value).not.toBe(jar.token);
    expect((await t.call('GET', ME, undefined, jar.token)).data.username).toBe(DEMO.username);
  });

  it('the QR desk poll that gets the session sets the cookies for the web client only (no login by a foreign link)', async () => {
    const confirmWith = async () => {
      const ticket = (await t.call('GET', '/api/admin/wechat/generateAWeChatQRCode')).data.ticket as string;
      const phone = await t.login(DEMO.username, DEMO.password);
      expect((await t.call('POST', '/api/admin/wechat/confirmQrLogin', { ticket }, phone)).status).toBe(200);
      return ticket;
    };
    const desk = await t.app.inject({
      method: 'GET',
      url: `/api/admin/wechat/qrStatus?ticket=${await confirmWith()}`,
      headers: WEB,
    });
    expect(desk.json().data.status).toBe('confirmed');
    expect(cookie(desk, 'token')).toMatchObject({ value: desk.json().data.token, httpOnly: true, sameSite: 'Lax' });
    expect(cookie(desk, 'XSRF-TOKEN')).toBeDefined();
    // A link of another site opening the poll URL (no header): the browser gets no session.
    const link = await t.app.inject({ method: 'GET', url: `/api/admin/wechat/qrStatus?ticket=${await confirmWith()}` });
    expect(link.json().data.status).toBe('confirmed');
    expect(link.cookies).toEqual([]);
  });

  describe('registration, password change and deactivation', () => {
    const ageSms = (mobile: string) =>
      sql`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE mobile = ${mobile}`.execute(t.db);

    it('registering logs the browser in with the cookies; changing the password and deactivating clear them', async () => {
      const mobile = '13712345678';
      await ageSms(mobile);
      expect((await t.call('GET', `/api/admin/captcha/getSmsCaptcha?mobile=${mobile}&scene=register`)).status).toBe(
        200,
      );
      const code = t.lastSmsCode(mobile, 'register');
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sysuser/registerAccountInitial',
        headers: WEB,
        payload: { username: 'cookieuser', mobile, code, password: 'secret123', rePassword: 'secret123' },
      });
      expect(reg.json().status, reg.json().message).toBe(200);
      expect(cookie(reg, 'token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const jar = { token: cookie(reg, 'token')!.value, csrf: cookie(reg, 'XSRF-TOKEN')!.value };

      const change = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sysuserdetail/updatePassword',
        cookies: withCookies(jar),
        headers: { 'x-xsrf-token': jar.csrf },
        payload: { password: 'secret123', newPassword: 'secret456', rePassword: 'secret456' },
      });
      expect(change.json().status, change.json().message).toBe(200);
      expect(cookie(change, 'token')!.value).toBe('');
      expect(cookie(change, 'XSRF-TOKEN')!.value).toBe('');

      const { jar: again } = await browserLogin('cookieuser', 'secret456');
      const cookieOnly = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sysuser/deactivate',
        cookies: withCookies(again),
        payload: { password: 'secret456' },
      });
      expect(cookieOnly.json()).toEqual(REFUSED);
      expect(
        (await t.db.selectFrom('users').select('status').where('username', '=', 'cookieuser').executeTakeFirstOrThrow())
          .status,
      ).toBe('active');
      const gone = await t.app.inject({
        method: 'POST',
        url: '/api/admin/sysuser/deactivate',
        cookies: withCookies(again),
        headers: { 'x-xsrf-token': again.csrf },
        payload: { password: 'secret456' },
      });
      expect(gone.json().status, gone.json().message).toBe(200);
      expect(cookie(gone, 'token')!.value).toBe('');
      expect(cookie(gone, 'XSRF-TOKEN')!.value).toBe('');
    });
  });
});
