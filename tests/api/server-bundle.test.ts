// `npm start` runs the server bundled ahead of time (scripts/build.mjs), not TypeScript through tsx. This proves the
// bundle starts on an existing data folder and answers: a dependency imported in a way only tsx resolves, or a file
// found through the module's own location, would break `npm start` while every in-process suite still passed.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
// @ts-expect-error plain JavaScript build script without types
import { bundleServer, serverNodeFlags, stampOf } from '../../scripts/build.mjs';

const ROOT = path.resolve(__dirname, '../..');

describe('the server bundled for production', () => {
  const outDir = path.join(ROOT, 'dist', `server-test-${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-bundle-'));
  let child: ChildProcess;
  let url = '';

  beforeAll(async () => {
    await bundleServer(path.relative(ROOT, outDir));
    fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    child = spawn(process.execPath, [...serverNodeFlags(), path.join(outDir, 'main.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${out}`)), 90_000);
      const read = (d: Buffer) => {
        out += d;
        const m = /易管已启动: (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited ${code}:\n${out}`));
      });
    });
  }, 120_000);

  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts without tsx, logs in and lists records', async () => {
    expect(fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8')).not.toContain('tsx');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const login = (await (
      await fetch(`${url}/api/admin/login/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginType: 'password', username: 'demo', password: 'demo12345' }),
      })
    ).json()) as { data: { token: string } };
    const page = (await (
      await fetch(`${url}/api/data/reimburseManage/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', satoken: login.data.token },
        body: JSON.stringify({ pageNum: 1, pageSize: 5 }),
      })
    ).json()) as { status: number; data: { list: unknown[] } };
    expect(page.status).toBe(200);
    expect(page.data.list).toHaveLength(5);
  });

  it('runs with the Node flags of npm start and loads OCR (sharp, tesseract.js) only on first use', () => {
    const argv = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    expect(serverNodeFlags()).toContain('--v8-pool-size=1');
    for (const flag of serverNodeFlags()) expect(argv).toContain(flag);
    // sharp's native library is mapped into the process once sharp is imported: a static import anywhere in the
    // bundle's start-up graph (e.g. a re-export of the OCR provider) would load it, and ~12 MB with it, at start.
    const maps = fs.readFileSync(`/proc/${child.pid}/maps`, 'utf8');
    expect(maps).toMatch(/argon2/); // the reading sees native libraries the server does load
    expect(maps).not.toMatch(/libvips|sharp/);
  });

  it('stamps a build with the contents of its inputs, so an unchanged tree is not rebuilt', () => {
    expect(stampOf('server')).toMatch(/^[0-9a-f]{64}$/);
    expect(stampOf('server')).toBe(stampOf('server'));
    expect(stampOf('web')).not.toBe(stampOf('server'));
  });
});
