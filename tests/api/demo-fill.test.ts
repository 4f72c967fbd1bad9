// A fresh start answers before the demo is whole (`npm start`: startServer with fillBehind): the demo users log in
// at once, while every call into the demo team answers 演示数据准备中 until the story's last transaction commits, so
// nothing half-made is ever seen; then the team opens whole. A fill that never finished is discarded at the next
// start. PGlite only: that is where the story is played in slices (on PostgreSQL it is one transaction).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/main';
import { discardUnfinishedDemo, FILLING_MESSAGE } from '../../src/server/demo-fill';
import { DEMO } from '../../src/server/seed';

const call = async (url: string, pathName: string, body?: object, token?: string) => {
  const r = await fetch(`${url}${pathName}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { satoken: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await r.json()) as { status: number; message: string; data: any };
};

describe('the demo filled behind a fresh start (PGlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-fill-'));
  let close: (() => Promise<unknown>) | undefined;
  afterAll(async () => {
    await close?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers and logs the demo users in while the team stays closed, then opens it whole', async () => {
    const server = await startServer(
      {
        dataDir,
        databaseUrl: undefined,
        webDir: path.join(dataDir, 'no-web'),
        port: 0,
        host: '127.0.0.1',
        seedDemo: true,
        logLevel: 'warn',
      },
      { logger: false, fillBehind: true },
    );
    close = server.close;
    const { url, demo } = server;
    expect(demo.filling).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'demo-unfinished'))).toBe(true);
    const status = await call(url, '/api/demo-status');
    expect(status.data).toMatchObject({ filling: true, tenantCode: DEMO.tenantCode });

    const login = await call(url, '/api/admin/login/user', {
      loginType: 'password',
      username: DEMO.username,
      password: DEMO.password,
    });
    expect(login.status).toBe(200);
    const token = login.data.token as string;
    // The team's menu is there (roles and people are whole before the server listens); its records are not shown.
    const page = await call(url, '/api/data/reimburseManage/page', { pageNum: 1, pageSize: 5 }, token);
    expect(demo.filling).toBe(true);
    expect(page).toMatchObject({ status: 423, message: FILLING_MESSAGE, data: { teamFilling: true } });

    await demo.done;
    expect((await call(url, '/api/demo-status')).data).toMatchObject({ filling: false, tenantCode: null });
    expect(fs.existsSync(path.join(dataDir, 'demo-unfinished'))).toBe(false);
    const whole = await call(url, '/api/data/reimburseManage/page', { pageNum: 1, pageSize: 5 }, token);
    expect(whole.status).toBe(200);
    // The README's demo: 24 claims of the story and three drafts made from 车辆费用.
    expect(whole.data.total).toBe(27);
  }, 600_000);

  it('discards a PGlite folder whose fill never finished', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-unfinished-'));
    fs.mkdirSync(path.join(dir, 'pglite'));
    fs.writeFileSync(path.join(dir, 'demo-unfinished'), 'x');
    const warned: string[] = [];
    discardUnfinishedDemo({ dataDir: dir, databaseUrl: undefined }, (m) => warned.push(m));
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'demo-unfinished'))).toBe(false);
    expect(warned).toHaveLength(1);
    // A finished folder (no mark) and PostgreSQL are left alone.
    fs.mkdirSync(path.join(dir, 'pglite'));
    discardUnfinishedDemo({ dataDir: dir, databaseUrl: undefined }, (m) => warned.push(m));
    fs.writeFileSync(path.join(dir, 'demo-unfinished'), 'x');
    discardUnfinishedDemo({ dataDir: dir, databaseUrl: 'postgres://x' }, (m) => warned.push(m));
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(true);
    expect(warned).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
