// What the browser downloads and how fast a module list shows: the JS+CSS bytes on the wire (encoded
// bodies, cold cache) for /login and, signed in, a module page, and the time from navigation until that
// page shows its first rows. measureWeb() works on any running server, so a bench can reuse it.
// Usage: node --import tsx scripts/measure-web.ts [--web-dir dist/web] [--runs 3] [--path /reimburseManage]
//          [--accept-encoding gzip] [--throttle <kbit/s>,<rtt ms>]
//          [--data-dir <seeded folder>] [--url http://host:port] [--keys 20] [--files] [--waterfall]
//   Starts the server in-process on a fresh DATA_DIR with the demo data, on the build in --web-dir. Quicker:
//   --data-dir copies an already seeded data folder (e.g. a test template under TEMPLATE_CACHE) and skips the seed;
//   --url measures a server that is already running (its own build and data).
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
  /** Each file's path and encoded size, largest first (printed with --files). */
  list: { path: string; encoded: number }[];
}

export interface ModulePageMeasure extends PageWeight {
  /** Milliseconds from navigation start until `rows` table rows were visible, one per run. */
  rowsVisibleMs: number[];
  rows: number;
  /** The first cold load's requests (start and end, ms after navigation) and main-thread tasks over 50 ms. */
  waterfall?: {
    requests: { path: string; start: number; end: number; bytes: number }[];
    longTasks: { start: number; ms: number }[];
  };
}

export interface KeystrokeMeasure {
  /** Lines of the record whose drawer was open, and the line typed in (1-based). */
  lines: number;
  line: number;
  /** Milliseconds from each keydown until the frame after it (rAF, then a task after that frame's paint). */
  ms: number[];
  /** Why the figure is missing, when the run failed. */
  error?: string;
}

export interface WebMeasure {
  acceptEncoding: string;
  login: PageWeight;
  module: ModulePageMeasure;
  /** Typing in a line of a long record's drawer (only for a module with line items: /reimburseManage). */
  keystroke?: KeystrokeMeasure;
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
  /** Keys typed in line 150 of a 200-line reimbursement's drawer (default 20; 0 skips; only on /reimburseManage). */
  keys?: number;
  /** Records the first cold load's requests and long tasks (printed with --waterfall). */
  waterfall?: boolean;
}

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.rttMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/** Sums the page's JS and CSS from the Resource Timing entries (same origin, so sizes are exposed). */
async function weigh(page: Page, pagePath: string, encodings: Record<string, number>): Promise<PageWeight> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      name: e.name,
      encoded: e.encodedBodySize,
      decoded: e.decodedBodySize,
    })),
  );
  const w: PageWeight = { path: pagePath, js: 0, css: 0, decoded: 0, files: 0, encodings, list: [] };
  for (const e of entries) {
    const kind = new URL(e.name).pathname.match(/\.(js|css)$/)?.[1] as 'js' | 'css' | undefined;
    if (!kind) continue;
    w[kind] += e.encoded;
    w.decoded += e.decoded;
    w.files += 1;
    w.list.push({ path: new URL(e.name).pathname, encoded: e.encoded });
  }
  w.list.sort((a, b) => b.encoded - a.encoded);
  return w;
}

function newContext(browser: Browser, acceptEncoding?: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    extraHTTPHeaders: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : undefined,
  });
}

async function signedInContext(
  browser: Browser,
  url: string,
  username: string,
  password: string,
  acceptEncoding?: string,
): Promise<BrowserContext> {
  const ctx = await newContext(browser, acceptEncoding);
  // As the web client logs in (its CSRF header): the answer's session cookies land in the context's cookie jar.
  const res = await ctx.request.post(`${url}/api/admin/login/user`, {
    headers: { 'X-XSRF-TOKEN': '' },
    data: { loginType: 'password', username, password },
  });
  const body = await res.json();
  if (body.status !== 200) throw new Error(`login failed: ${body.message}`);
  return ctx;
}

export const GOALS = { loginKb: 200, moduleKb: 450, rowsMs: 1000, keyMs: 50 };

/**
 * A reimbursement with `lines` lines, made through the API as the demo user, then its drawer (修改) opened in the
 * list; `keys` characters typed one at a time into line `line`'s 说明 (description) input. Each key is timed from its
 * keydown (the event's timestamp) to the frame after it: a requestAnimationFrame callback, then a task queued
 * from it, which runs once that frame was painted.
 */
async function measureKeystrokes(
  browser: Browser,
  url: string,
  username: string,
  password: string,
  keys: number,
  lines = 200,
  line = 150,
): Promise<KeystrokeMeasure> {
  const login = (await (
    await fetch(`${url}/api/admin/login/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginType: 'password', username, password }),
    })
  ).json()) as { data: { token: string } };
  const headers = { 'content-type': 'application/json', satoken: login.data.token };
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = (await (await fetch(`${url}${p}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as {
      status: number;
      message: string;
      data: T;
    };
    if (res.status !== 200) throw new Error(`${p}: ${res.message}`);
    return res.data;
  };
  const dict = await post<Record<string, { id: number; children?: { id: number }[] }[]>>(
    '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
    ['dept', 'expenseType'],
  );
  const expenseType = dict.expenseType[0].children?.[0].id ?? dict.expenseType[0].id;
  const reason = `键入测速 ${Date.now()}`;
  await post('/api/data/reimburseManage/add', {
    applicantId: 1,
    deptId: dict.dept[0].id,
    applyDate: '2026-11-20',
    reason,
    lines: Array.from({ length: lines }, (_, i) => ({
      expenseType,
      occurDate: '2026-11-20',
      description: `第 ${i + 1} 行`,
      price: 10 + i,
    })),
  });
  // Newest first: the record just made heads page 1; its system code finds its row in the list.
  const newest = await post<{ list: { code?: string; reason?: string }[] }>('/api/data/reimburseManage/page', {
    pageNum: 1,
    pageSize: 1,
  });
  const code = newest.list[0]?.reason === reason ? newest.list[0].code : undefined;
  if (!code) throw new Error('the 200-line reimbursement is not first in its list');
  const ctx = await signedInContext(browser, url, username, password);
  try {
    const page = await ctx.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${url}/reimburseManage`);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: code });
    await row.locator('button', { hasText: /^编\s*辑$/ }).click();
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.locator('.ant-table-row input').first().waitFor();
    // A long line table renders only the rows in view (virtual): scroll until line `line`'s input is there.
    await page.waitForFunction(
      (want) => {
        const drawerEl = [...document.querySelectorAll('.ant-drawer-content')].find(
          (d) => (d as HTMLElement).offsetParent,
        );
        const hit = [...(drawerEl?.querySelectorAll('input') ?? [])].find((i) => i.value === want);
        if (hit) {
          hit.scrollIntoView({ block: 'center' });
          hit.setAttribute('data-yg-measure', 'typing');
          return true;
        }
        const holder = drawerEl?.querySelector('.ant-table-tbody-virtual-holder, .ant-table-body');
        if (holder) holder.scrollTop += 200;
        return false;
      },
      `第 ${line} 行`,
      { polling: 100 },
    );
    const input = page.locator('input[data-yg-measure="typing"]');
    await input.click();
    await page.keyboard.press('End');
    await page.evaluate(() => {
      const w = window as unknown as { __ygKeys: number[] };
      w.__ygKeys = [];
      document.addEventListener(
        'keydown',
        (e) => {
          const t0 = e.timeStamp;
          requestAnimationFrame(() => setTimeout(() => w.__ygKeys.push(performance.now() - t0), 0));
        },
        { capture: true },
      );
    });
    const text = 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(keys / 26)).slice(0, keys);
    for (let i = 0; i < keys; i++) {
      await page.keyboard.press(text[i]);
      await page.waitForFunction((n) => (window as unknown as { __ygKeys: number[] }).__ygKeys.length >= n, i + 1);
    }
    const typed = await input.inputValue();
    if (!typed.endsWith(text)) throw new Error(`line ${line} reads ${typed}, not …${text}`);
    const ms = await page.evaluate(() =>
      (window as unknown as { __ygKeys: number[] }).__ygKeys.map((v) => Math.round(v * 10) / 10),
    );
    return { lines, line, ms };
  } finally {
    await ctx.close();
  }
}

/** Loads /login and a module page with a cold cache each time, and reports bytes and time to rows. */
export async function measureWeb(opts: MeasureOptions): Promise<WebMeasure> {
  const { url, username = 'demo', password = 'demo12345', modulePath = '/reimburseManage', rows = 20, runs = 3 } = opts;
  const browser = opts.browser ?? (await launchChromium());
  try {
    const loginCtx = await newContext(browser, opts.acceptEncoding);
    const loginPage = await loginCtx.newPage();
    const acceptEncoding = loginPage
      .waitForRequest((r) => r.resourceType() === 'document')
      .then((r) => r.allHeaders())
      .then((h) => h['accept-encoding'] ?? '');
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
      if (opts.waterfall && run === 0) {
        await page.addInitScript(() => {
          const w = window as unknown as { __ygLong: { start: number; ms: number }[] };
          w.__ygLong = [];
          new PerformanceObserver((l) => {
            for (const e of l.getEntries())
              w.__ygLong.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
          }).observe({ type: 'longtask', buffered: true });
        });
      }
      await page.goto(`${url}${modulePath}`, { waitUntil: 'commit' });
      // Visible rows of the list once it stopped loading: `rows`, or all of them when the list is shorter.
      const seen = await page
        .waitForFunction(
          (want) => {
            const table = document.querySelector('.yg-data-list .ant-table-wrapper');
            if (!table || table.querySelector('.ant-spin-blur')) return false;
            const shown = [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].filter(
              (tr) => (tr as HTMLElement).offsetHeight > 0,
            ).length;
            const done = shown >= want || (shown > 0 && !table.querySelector('.ant-spin-spinning'));
            return done ? { ms: performance.now(), shown } : false;
          },
          rows,
          { timeout: 60_000 },
        )
        .then((h) => h.jsonValue() as Promise<{ ms: number; shown: number }>);
      await page.waitForLoadState('networkidle');
      const weight = await weigh(page, modulePath, enc);
      const waterfall =
        opts.waterfall && run === 0
          ? await page.evaluate(() => ({
              requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
                .map((e) => ({
                  path: new URL(e.name).pathname,
                  start: Math.round(e.startTime),
                  end: Math.round(e.responseEnd),
                  bytes: e.encodedBodySize,
                }))
                .sort((a, b) => a.start - b.start),
              longTasks: (window as unknown as { __ygLong: { start: number; ms: number }[] }).__ygLong,
            }))
          : undefined;
      module ??= { ...weight, rowsVisibleMs: [], rows: seen.shown, waterfall };
      module.rowsVisibleMs.push(Math.round(seen.ms));
      await ctx.close();
    }
    const keys = opts.keys ?? 20;
    const keystroke =
      keys > 0 && modulePath === '/reimburseManage'
        ? await measureKeystrokes(browser, url, username, password, keys).catch((err: Error) => ({
            lines: 0,
            line: 0,
            ms: [],
            error: err.message.split('\n')[0],
          }))
        : undefined;
    return { acceptEncoding: await acceptEncoding, login, module: module!, keystroke };
  } finally {
    if (!opts.browser) await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pct = (v: number, goal: number) => `${Math.round((v / goal) * 100)} % of goal`;
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

/** Every figure with its goal and ratio (the web goals: the bytes are the gzip ones when sent gzip). */
export function formatMeasure(m: WebMeasure, files = false, waterfall = false): string {
  const line = (w: PageWeight, goalKb: number) =>
    `${w.path.padEnd(18)} JS+CSS ${kb(w.js + w.css).padStart(10)} on the wire (JS ${kb(w.js)}, CSS ${kb(w.css)}; ${kb(w.decoded)} decoded) in ${w.files} files, ${JSON.stringify(w.encodings)}; goal ≤ ${goalKb} KB gzip${w.encodings.gzip ? `: ${pct((w.js + w.css) / 1024, goalKb)}` : ' (not sent gzip here: --accept-encoding gzip measures it)'}`;
  const times = [...m.module.rowsVisibleMs].sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const out = [
    `Accept-Encoding sent by the browser: ${m.acceptEncoding}`,
    line(m.login, GOALS.loginKb),
    line(m.module, GOALS.moduleKb),
    ...(files ? m.module.list.map((f) => `  ${kb(f.encoded).padStart(10)}  ${f.path}`) : []),
    ...(waterfall && m.module.waterfall
      ? [
          `first cold load of ${m.module.path} (ms after navigation; rows visible at ${m.module.rowsVisibleMs[0]}):`,
          ...m.module.waterfall.requests.map(
            (r) =>
              `  ${String(r.start).padStart(6)} → ${String(r.end).padStart(6)}  ${kb(r.bytes).padStart(9)}  ${r.path}`,
          ),
          `  main-thread tasks over 50 ms (start: ms): ${m.module.waterfall.longTasks.map((t) => `${t.start}: ${t.ms}`).join(', ')}`,
        ]
      : []),
    `${m.module.path}: ${m.module.rows} rows visible after ${median} ms (median of ${times.length} cold loads: ${times.join(', ')} ms); goal ≤ ${GOALS.rowsMs} ms: ${pct(median, GOALS.rowsMs)}`,
  ];
  const k = m.keystroke;
  if (k?.error) out.push(`keystroke in a long drawer: not measured (${k.error})`);
  else if (k) {
    const p50 = quantile(k.ms, 0.5);
    const p95 = quantile(k.ms, 0.95);
    out.push(
      `keystroke in line ${k.line} of a ${k.lines}-line drawer, keydown → next frame over ${k.ms.length} keys: median ${p50} ms, p95 ${p95} ms (max ${Math.max(...k.ms)}); goal ≤ ${GOALS.keyMs} ms: ${pct(p50, GOALS.keyMs)} (p95 ${pct(p95, GOALS.keyMs)})`,
    );
  }
  return out.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      'web-dir': { type: 'string' },
      runs: { type: 'string' },
      path: { type: 'string' },
      'accept-encoding': { type: 'string' },
      throttle: { type: 'string' },
      'data-dir': { type: 'string' },
      url: { type: 'string' },
      keys: { type: 'string' },
      files: { type: 'boolean' },
      waterfall: { type: 'boolean' },
    },
  });
  const [kbps, rttMs] = (values.throttle ?? '').split(',').map(Number);
  const network = values.throttle ? { kbps, rttMs: rttMs || 0 } : undefined;
  const webDir = path.resolve(values['web-dir'] ?? 'dist/web');
  const opts = {
    modulePath: values.path,
    runs: values.runs ? Number(values.runs) : undefined,
    acceptEncoding: values['accept-encoding'],
    network,
    keys: values.keys ? Number(values.keys) : undefined,
    waterfall: values.waterfall,
  };
  const where = network ? ` (network ${network.kbps} kbit/s, ${network.rttMs} ms RTT)` : '';
  if (values.url) {
    console.log(
      `server: ${values.url}${where}\n${formatMeasure(await measureWeb({ url: values.url, ...opts }), values.files, values.waterfall)}`,
    );
    return;
  }
  if (!fs.existsSync(path.join(webDir, 'index.html'))) throw new Error(`no web build in ${webDir}: run npx vite build`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-measure-'));
  if (values['data-dir']) fs.cpSync(values['data-dir'], dataDir, { recursive: true });
  const { startServer } = await import('../src/server/main');
  const browserReady = launchChromium();
  const server = await startServer(
    {
      dataDir,
      databaseUrl: undefined,
      webDir,
      port: 0,
      host: '127.0.0.1',
      seedDemo: !values['data-dir'],
      logLevel: 'warn',
    },
    { logger: false },
  );
  const browser = await browserReady;
  try {
    const m = await measureWeb({ url: server.url.replace('localhost', '127.0.0.1'), browser, ...opts });
    console.log(`web build: ${webDir}${where}\n${formatMeasure(m, values.files, values.waterfall)}`);
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
