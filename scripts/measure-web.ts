// What the browser downloads and how fast a module list shows: the JS+CSS bytes on the wire (encoded
// bodies, cold cache) for /login and, signed in, a module page, and the time from navigation until that
// page shows its first rows. measureWeb() works on any running server, so a bench can reuse it.
// Usage: node --import tsx scripts/measure-web.ts [--web-dir dist/web] [--runs 3] [--path /reimburseManage]
//          [--accept-encoding gzip] [--throttle <kbit/s>,<rtt ms>]
//   Starts the server in-process on a fresh DATA_DIR with the demo data, on the build in --web-dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface PageWeight {
  path: string;
  /** Encoded (on-the-wire) body bytes of the page's scripts and stylesheets. */
  js: number;
  css: number;
  /** Decoded bytes of the same files, for the compression ratio. */
  decoded: number;
  files: number;
  /** Content-Encoding of those files → how many were sent so ('identity' when none). */
  encodings: Record<string, number>;
}

export interface ModulePageMeasure extends PageWeight {
  /** Milliseconds from navigation start until `rows` table rows were visible, one per run. */
  rowsVisibleMs: number[];
  rows: number;
}

export interface WebMeasure {
  acceptEncoding: string;
  login: PageWeight;
  module: ModulePageMeasure;
}

export interface MeasureOptions {
  /** The server's base URL, e.g. http://127.0.0.1:8080. */
  url: string;
  browser?: Browser;
  username?: string;
  password?: string;
  /** The module page to time (default /reimburseManage). */
  modulePath?: string;
  /** How many rows must be visible (default 20, or fewer when the list has fewer). */
  rows?: number;
  /** Cold-cache loads of the module page to time (default 3). */
  runs?: number;
  /** Replaces the browser's Accept-Encoding (e.g. 'gzip'), to see what a client without br gets. */
  acceptEncoding?: string;
  /** Emulated network for every load (Chromium's throttling); unthrottled when absent. */
  network?: { kbps: number; rttMs: number };
}

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Watches a page's script and stylesheet responses for their Content-Encoding. */
function watchEncodings(page: Page): Record<string, number> {
  const seen: Record<string, number> = {};
  page.on('response', (res) => {
    if (!/\.(js|css)(\?|$)/.test(new URL(res.url()).pathname)) return;
    const enc = res.headers()['content-encoding'] ?? 'identity';
    seen[enc] = (seen[enc] ?? 0) + 1;
  });
  return seen;
}

async function throttle(page: Page, network: MeasureOptions['network']) {
  if (!network) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (network.kbps * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: network.rttMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
}

/** Sums the page's JS and CSS from the Resource Timing entries (same origin, so sizes are exposed). */
async function weigh(page: Page, pagePath: string, encodings: Record<string, number>): Promise<PageWeight> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
  );
  const w: PageWeight = { path: pagePath, js: 0, css: 0, decoded: 0, files: 0, encodings };
  for (const e of entries) {
    const kind = new URL(e.name).pathname.match(/\.(js|css)$/)?.[1] as 'js' | 'css' | undefined;
    if (!kind) continue;
    w[kind] += e.encoded;
    w.decoded += e.decoded;
    w.files += 1;
  }
  return w;
}

function newContext(browser: Browser, acceptEncoding?: string): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', extraHTTPHeaders: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : undefined });
}

async function signedInContext(browser: Browser, url: string, username: string, password: string, acceptEncoding?: string): Promise<BrowserContext> {
  const ctx = await newContext(browser, acceptEncoding);
  // As the web client logs in (its CSRF header): the answer's session cookies land in the context's cookie jar.
  const res = await ctx.request.post(`${url}/api/admin/login/user`, { headers: { 'X-XSRF-TOKEN': '' }, data: { loginType: 'password', username, password } });
  const body = await res.json();
  if (body.status !== 200) throw new Error(`login failed: ${body.message}`);
  return ctx;
}

/** Loads /login and a module page with a cold cache each time, and reports bytes and time to rows. */
export async function measureWeb(opts: MeasureOptions): Promise<WebMeasure> {
  const { url, username = 'demo', password = 'demo12345', modulePath = '/reimburseManage', rows = 20, runs = 3 } = opts;
  const browser = opts.browser ?? (await launchChromium());
  try {
    const loginCtx = await newContext(browser, opts.acceptEncoding);
    const loginPage = await loginCtx.newPage();
    const acceptEncoding = loginPage.waitForRequest((r) => r.resourceType() === 'document').then((r) => r.allHeaders()).then((h) => h['accept-encoding'] ?? '');
    const loginEnc = watchEncodings(loginPage);
    await throttle(loginPage, opts.network);
    await loginPage.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await loginPage.getByPlaceholder('用户名 / 手机号').waitFor();
    const login = await weigh(loginPage, '/login', loginEnc);
    await loginCtx.close();

    let module: ModulePageMeasure | undefined;
    for (let run = 0; run < runs; run++) {
      const ctx = await signedInContext(browser, url, username, password, opts.acceptEncoding); // a new context: nothing cached
      const page = await ctx.newPage();
      const enc = watchEncodings(page);
      await throttle(page, opts.network);
      await page.goto(`${url}${modulePath}`, { waitUntil: 'commit' });
      // Visible rows of the list once it stopped loading: `rows`, or all of them when the list is shorter.
      const seen = await page.waitForFunction((want) => {
        const table = document.querySelector('.yg-data-list .ant-table-wrapper');
        if (!table || table.querySelector('.ant-spin-blur')) return false;
        const shown = [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].filter((tr) => (tr as HTMLElement).offsetHeight > 0).length;
        const done = shown >= want || (shown > 0 && !table.querySelector('.ant-spin-spinning'));
        return done ? { ms: performance.now(), shown } : false;
      }, rows, { timeout: 60_000 }).then((h) => h.jsonValue() as Promise<{ ms: number; shown: number }>);
      await page.waitForLoadState('networkidle');
      const weight = await weigh(page, modulePath, enc);
      module ??= { ...weight, rowsVisibleMs: [], rows: seen.shown };
      module.rowsVisibleMs.push(Math.round(seen.ms));
      await ctx.close();
    }
    return { acceptEncoding: await acceptEncoding, login, module: module! };
  } finally {
    if (!opts.browser) await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function formatMeasure(m: WebMeasure): string {
  const line = (w: PageWeight) =>
    `${w.path.padEnd(18)} JS+CSS ${kb(w.js + w.css).padStart(10)} on the wire (JS ${kb(w.js)}, CSS ${kb(w.css)}; ${kb(w.decoded)} decoded) in ${w.files} files, ${JSON.stringify(w.encodings)}`;
  const times = [...m.module.rowsVisibleMs].sort((a, b) => a - b);
  return [
    `Accept-Encoding sent by the browser: ${m.acceptEncoding}`,
    line(m.login),
    line(m.module),
    `${m.module.path}: ${m.module.rows} rows visible after ${times[Math.floor(times.length / 2)]} ms (median of ${times.length} cold loads: ${times.join(', ')} ms)`,
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({ options: { 'web-dir': { type: 'string' }, runs: { type: 'string' }, path: { type: 'string' }, 'accept-encoding': { type: 'string' }, throttle: { type: 'string' } } });
  const [kbps, rttMs] = (values.throttle ?? '').split(',').map(Number);
  const network = values.throttle ? { kbps, rttMs: rttMs || 0 } : undefined;
  const webDir = path.resolve(values['web-dir'] ?? 'dist/web');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`no web build in ${webDir}: run npx vite build`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-measure-'));
  const { startServer } = await import('../src/server/main');
  const browserReady = launchChromium();
  const server = await startServer({ dataDir, databaseUrl: undefined, webDir, port: 0, host: '127.0.0.1', seedDemo: true, logLevel: 'warn' }, { logger: false });
  const browser = await browserReady;
  try {
    const m = await measureWeb({ url: server.url.replace('localhost', '127.0.0.1'), browser, modulePath: values.path, runs: values.runs ? Number(values.runs) : undefined, acceptEncoding: values['accept-encoding'], network });
    console.log(`web build: ${webDir}${network ? ` (network ${network.kbps} kbit/s, ${network.rttMs} ms RTT)` : ''}\n${formatMeasure(m)}`);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
