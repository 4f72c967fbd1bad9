// Shared pieces of the Chromium suites: build freshness, browser launch, outbox reading, screenshots.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { oneDialect } from '../helpers/databases';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = fs.existsSync(CHROMIUM);
export const SCREENSHOTS = path.join(ROOT, 'screenshots');
/** How long a suite waits for the server's answer to show on screen (CI runs the API suites beside these). */
export const WAIT_MS = 45_000;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const BUILDING = Symbol.for('yiguan.web-build');

/**
 * Builds dist/web when it is older than the web sources. One build per process at a time: the global setup starts
 * it beside the seeding of the templates (tests/global-setup.ts) and the e2e project's setup then waits for that
 * same build instead of starting a second one into the same folder.
 */
export function ensureWebBuild(): Promise<void> {
  const g = globalThis as { [BUILDING]?: Promise<void> };
  const running = (g[BUILDING] ??= buildWebIfStale());
  return running.finally(() => {
    if (g[BUILDING] === running) delete g[BUILDING];
  });
}

/** Builds dist/web when index.html is missing or older than anything under src/web or src/common. */
async function buildWebIfStale(): Promise<void> {
  const index = path.join(ROOT, 'dist/web/index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'src/web')),
    newestMtime(path.join(ROOT, 'src/common')),
    fs.statSync(path.join(ROOT, 'index.html')).mtimeMs,
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), 170_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (exit ${code}):\n${out}`));
    });
  });
}

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface SmsLine {
  mobile: string;
  scene: string;
  code: string;
  at: string;
}

/** Waits for the newest code sent to mobile for scene after `since` (ms) in DATA_DIR/sms-outbox.jsonl. */
export async function readSmsCode(
  dataDir: string,
  mobile: string,
  scene: string,
  since: number,
  timeoutMs = 10_000,
): Promise<string> {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(file)) {
      const lines = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as SmsLine);
      const hit = lines
        .reverse()
        .find((l) => l.mobile === mobile && l.scene === scene && new Date(l.at).getTime() >= since - 1000);
      if (hit) return hit.code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${mobile}/${scene} in ${file}`);
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // Let React settle; animations: 'disabled' fast-forwards antd's enter motions (messages, modals, dropdowns).
  await page.waitForTimeout(120);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

/** The session cookie the server set in this browser (HttpOnly: the page's scripts cannot see it). */
export async function tokenCookie(ctx: BrowserContext) {
  return (await ctx.cookies()).find((c) => c.name === 'token');
}

/**
 * Signs a browser context in through the API as the web client does (its CSRF header, empty before a session),
 * so the answer's session cookies (HttpOnly token, readable XSRF-TOKEN) land in the context's cookie jar.
 * Returns the login answer; its token serves the suites' own API calls (Satoken header).
 */
export async function signIn(ctx: BrowserContext, base: string, username: string, password = 'demo12345') {
  const res = await ctx.request.post(`${base}/api/admin/login/user`, {
    headers: { 'X-XSRF-TOKEN': '' },
    data: { loginType: 'password', username, password },
  });
  const body = (await res.json()) as { status: number; message: string; data: { token: string } };
  if (body.status !== 200) throw new Error(`login of ${username} failed: ${body.message}`);
  return body;
}

/** The text of the visible antd toasts. */
/**
 * Keeps every toast a page of this context shows: antd removes them after 3 s, which a loaded two-core machine
 * can let pass between two polls. toastText reads (and clears) what was kept.
 */
export async function recordToasts(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = window as unknown as { __ygToasts: string[] };
    w.__ygToasts = [];
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (!(n instanceof HTMLElement)) continue;
          for (const el of [n, ...n.querySelectorAll('.ant-message-notice')]) {
            if (el.classList.contains('ant-message-notice') && el.textContent) w.__ygToasts.push(el.textContent);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The toasts on screen, and those shown since the last call in a context that records them. */
export async function toastText(page: Page): Promise<string> {
  const visible = await page.locator('.ant-message-notice').allInnerTexts();
  const kept = await page
    .evaluate(() => {
      const w = window as unknown as { __ygToasts?: string[] };
      const seen = w.__ygToasts ?? [];
      w.__ygToasts = [];
      return seen;
    })
    .catch(() => [] as string[]);
  return [...new Set([...visible, ...kept])].join('\n');
}

/** Client-side navigation (no page reload): what a click on an in-app link does. */
export async function spaGo(page: Page, to: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/**
 * A temporary DATA_DIR (uploads, the SMS outbox), holding a copy of the run's migrated, seeded PGlite template
 * (tests/global-setup.ts) when the suite's database is PGlite.
 */
export async function freshDataDir(withPglite = true): Promise<string> {
  const os = await import('node:os');
  const { inject } = await import('vitest');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-e2e-'));
  const template = withPglite ? inject('pgliteTemplate') : undefined;
  if (template) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

export interface E2eRig {
  server: { url: string; close(): Promise<void>; db: import('../../src/server/db').DB };
  browser: Browser;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The Chromium suites' setup: a DATA_DIR from the template, a fresh web build when stale, the server in-process
 * on a free port (it waits for the build), and Chromium starting meanwhile.
 */
export async function startRig(): Promise<E2eRig> {
  // The suite's own database, cloned from the run's seeded template: suites run in parallel and must not share one
  // (a claim filed by one suite would change another's list). PostgreSQL when there is one: its queries then run in
  // the cluster's own processes, natively, instead of in PGlite's WebAssembly on the thread that also drives the
  // browser — the Chromium suites' largest cost.
  const [dialect] = oneDialect();
  const database = await dialect.create();
  const dataDir = await freshDataDir(!database.databaseUrl);
  const serverReady = (async () => {
    await ensureWebBuild();
    const { startServer } = await import('../../src/server/main');
    const { liftedLimits } = await import('../helpers/test-app');
    const { databaseUrl, databaseListenUrl, databasePooler } = database;
    return startServer(
      {
        dataDir,
        databaseUrl,
        databaseListenUrl,
        databasePooler,
        port: 0,
        host: '127.0.0.1',
        seedDemo: true,
        logLevel: 'warn',
        rateLimits: liftedLimits(),
      },
      { logger: false },
    );
  })();
  const browserReady = launchChromium();
  let server: Awaited<typeof serverReady> | undefined;
  try {
    server = await serverReady;
  } catch (err) {
    await (await browserReady).close(); // do not leave Chromium running when the server failed
    throw err;
  }
  const browser = await browserReady;
  return {
    server,
    browser,
    dataDir,
    async close() {
      await browser.close();
      await server!.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signed-in pages of a suite, each in its own browser context, whose uncaught errors and own console errors are
 * collected (library development warnings and failed resource loads are not errors): the suite asserts
 * `errors` is empty after each test and closes the contexts at the end.
 */
export function signedInPages(rig: () => E2eRig) {
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const tokens: Record<string, string> = {};
  return {
    errors,
    tokens,
    async page(username?: string, password = 'demo12345'): Promise<Page> {
      const { browser, server } = rig();
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      contexts.push(ctx);
      await recordToasts(ctx);
      if (username) {
        tokens[username] = (await signIn(ctx, server.url, username, password)).data.token;
      }
      const p = await ctx.newPage();
      p.setDefaultTimeout(WAIT_MS);
      p.on('pageerror', (e) => errors.push(String(e)));
      p.on('console', (m) => {
        if (m.type() === 'error' && !/Failed to load resource|^Warning: /.test(m.text())) errors.push(m.text());
      });
      return p;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
    },
  };
}
