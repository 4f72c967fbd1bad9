import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('serving the single-page app', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'yiguan-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>易管</title><script src="/assets/app-1.js"></script>',
    );
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    t = await createTestApp(testDialects()[0], { webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers client routes with index.html, assets with long caching, and missing assets with 404', async () => {
    const page = await t.app.inject({ url: '/reimburseManage?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>易管</title>');
    const asset = await t.app.inject({ url: '/assets/app-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/app-0.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/../package.json' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/nope', headers: { Satoken: await t.login('demo', 'demo12345') } });
    expect(api.json()).toMatchObject({ status: 404, message: '接口不存在' });
  });

  it("a browser holding a session gets the page that also preloads the workspace and the route's schema, others index.html", async () => {
    fs.writeFileSync(
      path.join(webDir, 'index.signed-in.html'),
      '<!doctype html><head><title>易管</title><link rel="modulepreload" href="/assets/workspace-1.js"></head>',
    );
    fs.writeFileSync(
      path.join(webDir, 'route-chunks.json'),
      JSON.stringify({ '/reimburseManage': '/assets/reimburseManage-1.js', '/bad': '"><script>' }),
    );
    const signedIn = await t.app.inject({ url: '/reimburseManage?x=1', cookies: { 'XSRF-TOKEN': 'x' } });
    expect(signedIn.body).toContain('href="/assets/workspace-1.js"');
    expect(signedIn.body).toContain('<link rel="modulepreload" crossorigin href="/assets/reimburseManage-1.js">');
    expect(signedIn.headers['content-type']).toContain('text/html');
    expect(signedIn.headers.vary).toContain('Cookie');
    // A route without a schema chunk, or a map entry that is not an asset path, adds nothing.
    for (const url of ['/', '/bad', '/constructor']) {
      const other = await t.app.inject({ url, cookies: { 'XSRF-TOKEN': 'x' } });
      expect(other.body).toContain('workspace-1.js');
      expect(other.body.match(/modulepreload/g)).toHaveLength(1);
    }
    expect((await t.app.inject({ url: '/login' })).body).not.toContain('modulepreload');
    fs.rmSync(path.join(webDir, 'route-chunks.json'));
    fs.rmSync(path.join(webDir, 'index.signed-in.html'));
    expect((await t.app.inject({ url: '/reimburseManage', cookies: { 'XSRF-TOKEN': 'x' } })).body).toContain(
      '<title>易管</title>',
    );
  });

  it('serves a rebuilt index.html without a restart', async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>新版本</title>');
    expect((await t.app.inject({ url: '/' })).body).toContain('新版本');
  });
});
