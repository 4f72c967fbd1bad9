// Issue 15 points 4 and 5: every answer refuses framing and sniffing and carries a CSP whose scripts are
// same-origin only; X-Forwarded-* headers count only from proxies listed in TRUST_PROXY; PUBLIC_URL wins.
import fs from 'node:fs';
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
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>易管</title><script type="module" src="/assets/app-1.js"></script>');
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
      badJson: await plain.app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
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
    expect((await plain.app.inject({ url: '/api/health', headers: forwarded })).headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await proxied.app.inject({ url: '/api/health', headers: forwarded });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('builds QR links on the request host, never a forged X-Forwarded-Host, unless the proxy is trusted or PUBLIC_URL is set', async () => {
    const forged = { host: 'yiguan.local:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const qrUrl = async (t: TestApp) => (await t.app.inject({ url: '/api/admin/wechat/generateAWeChatQRCode', headers: forged })).json().data.url as string;
    expect(new URL(await qrUrl(plain)).origin).toBe('http://yiguan.local:8080');
    expect(new URL(await qrUrl(proxied)).origin).toBe('https://evil.example');
    const fixed = await createTestApp(dialect, { publicUrl: 'https://yiguan.example.cn/' });
    try {
      expect(new URL(await qrUrl(fixed)).origin).toBe('https://yiguan.example.cn');
    } finally {
      await fixed.close();
    }
  });

  it('puts the same refusals on answers the HTTP parser writes itself (431)', async () => {
    await plain.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = plain.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      let text = '';
      socket.on('data', (d) => { text += d.toString(); });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 431/);
    expect(raw).toContain('X-Frame-Options: DENY');
    expect(raw).toContain("frame-ancestors 'none'");
    expect(raw).toContain('X-Content-Type-Options: nosniff');
  });
});
