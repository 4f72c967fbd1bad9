// The built SPA is served from the build's precompressed twins (<file>.br / <file>.gz, scripts/precompress.ts):
// br when the client accepts it, else gzip, else the file itself, always with the original's type and caching.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SCRIPT = `console.log(${JSON.stringify('易管 '.repeat(400))});\n`;
const STYLE = `.yg-a { color: red; }\n`.repeat(100);
const PAGE = `<!doctype html><title>易管</title><script type="module" src="/assets/app-1.js"></script>${'<!-- pad -->'.repeat(100)}`;

/** Writes a file and its twins the way the build does. */
function withTwins(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}

describe('serving precompressed web files', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'yiguan-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    withTwins(path.join(webDir, 'index.html'), PAGE);
    withTwins(path.join(webDir, 'assets', 'app-1.js'), SCRIPT);
    withTwins(path.join(webDir, 'assets', 'app-1.css'), STYLE);
    fs.writeFileSync(path.join(webDir, 'assets', 'tiny-1.js'), 'export {};'); // below the build's threshold: no twins
    t = await createTestApp(testDialects()[0], { webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends br when accepted, with the original type, Vary and immutable caching', async () => {
    const res = await get('/assets/app-1.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    // br wins whatever the order it is listed in, unless the client weighs it lower or refuses it.
    expect((await get('/assets/app-1.js', 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await get('/assets/app-1.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    for (const accept of ['gzip', 'gzip, deflate']) {
      const res = await get('/assets/app-1.css', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(STYLE);
    }
  });

  it('sends the file itself otherwise, still saying it varies on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/app-1.js', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.body).toBe(SCRIPT);
    }
    // A file without twins is sent as it is to a br client.
    const tiny = await get('/assets/tiny-1.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
  });

  it('negotiates index.html for client routes too, never cached', async () => {
    const res = await get('/reimburseManage?x=1', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    const plain = await get('/', undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });

  it('answers 404 for missing assets and for the twins asked by their own names', async () => {
    for (const url of [
      '/assets/app-0.js',
      '/assets/app-1.js.br',
      '/assets/app-1.js.gz',
      '/index.html.br',
      '/assets/tiny-1.js.gz',
    ]) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
