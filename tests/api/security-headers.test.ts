// Issue 15 points 4 and 5: every answer refuses framing and sniffing and carries a CSP whose scripts are
// same-origin only (no eval either); X-Forwarded-* headers count only from proxies listed in TRUST_PROXY; PUBLIC_URL
// wins; a Host header never names the origin of a link. Answers written before any route or hook runs (a path that
// is not UTF-8, the body parser's refusals, 404s) carry the same headers.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

const dialect = testDialects()[0]; // headers and proxies do not depend on the database

function expectSecured(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toMatch(/frame-ancestors 'none'/);
  const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(script, what).toContain("'self'");
  expect(script, what).not.toContain('unsafe-inline');
  expect(script, what).not.toContain('unsafe-eval');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

describe('security headers and proxies', () => {
  let plain: TestApp;
  let proxied: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'yiguan-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>易管</title><script type="module" src="/assets/app-1.js"></script>',
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    plain = await createTestApp(dialect, { webDir });
    // inject() calls come from 127.0.0.1: that address is the trusted proxy here.
    proxied = await createTestApp(dialect, { webDir, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('are on pages, assets, API answers, error envelopes and the API docs', async () => {
    const token = await plain.login('demo', 'demo12345');
    const answers = {
      page: await plain.app.inject({ url: '/reimburseManage' }),
      asset: await plain.app.inject({ url: '/assets/app-1.js' }),
      missingAsset: await plain.app.inject({ url: '/assets/none.js' }),
      health: await plain.app.inject({ url: '/api/health' }),
      refused: await plain.app.inject({ url: '/api/admin/getSysUser' }),
      unknown: await plain.app.inject({ url: '/api/nope', headers: { Satoken: token } }),
      badJson: await plain.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      docs: await plain.app.inject({ url: '/api/docs/' }),
      docsScript: await plain.app.inject({ url: '/api/docs/static/swagger-initializer.js' }),
    };
    for (const [what, res] of Object.entries(answers)) expectSecured(res.headers, what);
    expect(answers.page.body).toContain('<title>易管</title>');
    expect(answers.docs.statusCode).toBe(200);
    expect(answers.docs.body).toContain('swagger-initializer.js');
  });

  it('sends HSTS only for https, and believes X-Forwarded-Proto only from a listed proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
    expect((await plain.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    expect(
      (await plain.app.inject({ url: '/api/health', headers: forwarded })).headers['strict-transport-security'],
    ).toBeUndefined();
    const viaProxy = await proxied.app.inject({ url: '/api/health', headers: forwarded });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it("builds QR and share links on PUBLIC_URL, a trusted proxy's forwarded host or its own address, never on a forged Host", async () => {
    const forged = { host: 'evil.example:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const qrUrl = async (t: TestApp) =>
      (await t.app.inject({ url: '/api/admin/wechat/generateAWeChatQRCode', headers: forged })).json().data
        .url as string;
    const shareUrl = async (t: TestApp) => {
      const token = await t.login('demo', 'demo12345');
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/systenant/createShareLink',
          headers: { ...forged, Satoken: token },
          payload: {},
        })
      ).json().data.url as string;
    };
    // No socket address under inject: the configured one (HOST 0.0.0.0 → localhost, PORT 8080).
    expect(new URL(await qrUrl(plain)).origin).toBe('http://localhost:8080');
    expect(new URL(await shareUrl(plain)).origin).toBe('http://localhost:8080');
    expect(new URL(await qrUrl(proxied)).origin).toBe('https://evil.example');
    // A forwarded host that is no host is not believed even from the proxy.
    const odd = await proxied.app.inject({
      url: '/api/admin/wechat/generateAWeChatQRCode',
      headers: { 'x-forwarded-host': 'a@evil.example/x' },
    });
    expect(new URL(odd.json().data.url).origin).toBe('http://localhost:8080');
    const fixed = await createTestApp(dialect, { publicUrl: 'https://yiguan.example.cn/' });
    try {
      expect(new URL(await qrUrl(fixed)).origin).toBe('https://yiguan.example.cn');
      expect(new URL(await shareUrl(fixed)).origin).toBe('https://yiguan.example.cn');
    } finally {
      await fixed.close();
    }
  });

  it('over a real connection, links carry the address the client reached, whatever Host it sends', async () => {
    const address = await plain.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = plain.app.server.address() as AddressInfo;
    const url = await new Promise<string>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/admin/wechat/generateAWeChatQRCode',
            headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
          },
          (res) => {
            let body = '';
            res.on('data', (d) => {
              body += d;
            });
            res.on('end', () => resolve(JSON.parse(body).data.url));
          },
        )
        .on('error', reject);
    });
    expect(new URL(url).origin).toBe(address);
    expect(address).toBe(`http://127.0.0.1:${port}`);
  });

  it("are on answers written before any hook: a path that is not UTF-8, a too long path, the body parser's refusals, 404s", async () => {
    const token = await plain.login('demo', 'demo12345');
    const json = { Satoken: token, 'content-type': 'application/json' };
    const page = '/api/data/reimburseManage/page';
    const answers = {
      badEncoding: await plain.app.inject({
        method: 'POST',
        url: '/api/data/%ff%fe/page',
        headers: { Satoken: token },
        payload: {},
      }),
      badEncodingGet: await plain.app.inject({ url: '/api/data/%ff%fe/get?id=1' }),
      longSegment: await plain.app.inject({
        url: `/api/data/${'m'.repeat(200)}/get?id=1`,
        headers: { Satoken: token },
      }),
      malformedJson: await plain.app.inject({ method: 'POST', url: page, headers: json, payload: '{"pageNum":' }),
      tooLarge: await plain.app.inject({
        method: 'POST',
        url: page,
        headers: json,
        payload: JSON.stringify({ keyword: 'x'.repeat(3 * 1024 * 1024) }),
      }),
      wrongType: await plain.app.inject({
        method: 'POST',
        url: page,
        headers: { Satoken: token, 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      apiNotFound: await plain.app.inject({ method: 'PUT', url: '/api/nope' }),
      pageNotFound: await plain.app.inject({ url: '/nope.txt' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBeLessThan(500);
      expectSecured(res.headers, what);
    }
    expect(answers.badEncoding.json()).toEqual({ status: 400, message: '请求地址格式不正确', data: null });
    expect(answers.malformedJson.json()).toMatchObject({ status: 400 });
    expect(answers.tooLarge.json()).toMatchObject({ status: 413 });
    expect(answers.wrongType.json()).toMatchObject({ status: 400 });
  });

  it('puts the same refusals on answers the HTTP parser writes itself (431)', async () => {
    if (!plain.app.server.listening) await plain.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = plain.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (d) => {
        text += d.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 431/);
    expect(raw).toContain('X-Frame-Options: DENY');
    expect(raw).toContain("frame-ancestors 'none'");
    expect(raw).toContain('X-Content-Type-Options: nosniff');
    expect(raw).toContain('Referrer-Policy: strict-origin-when-cross-origin');
  });
});
