// The demo's first start, served at once: the team and its people are seeded first (a second or so), the server
// starts answering and the demo users can log in, and the story (seed.ts fillDemo: the company's year) fills the
// team behind, which stays closed meanwhile (db/tenant-lock.ts: its calls answer 演示数据准备中…), so nothing of
// it is seen before it is whole. The log says how far it is; GET /api/demo-status tells the web app, which shows a
// quiet banner instead of the team's pages until it is done.
// On PGlite the story commits in slices (the one connection is free between them for the server's calls). A file
// in the data folder marks the fill as unfinished until its last slice commits: a process stopped in between leaves
// a half-written demo, and the next start discards that database and seeds again.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DB } from './db';
import type { AppServices } from './services';
import { ok } from './plugins/envelope';
import { closeTenant, openTenant, asTenantWriter } from './db/tenant-lock';
import { fillDemo, type DemoTeam } from './seed';

export const FILLING_MESSAGE = '演示数据准备中，请稍候…';

const markerOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'demo-unfinished');

/** Before the database opens: a PGlite folder whose demo fill never finished is removed, to be seeded again. */
export function discardUnfinishedDemo(config: Pick<Config, 'dataDir' | 'databaseUrl'>, warn: (msg: string) => void) {
  if (config.databaseUrl || !fs.existsSync(markerOf(config))) return;
  warn('[demo] 上次启动的演示数据未写完：重新创建数据库');
  fs.rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  fs.rmSync(markerOf(config));
}

/** Where the fill is, for the status call and the log. */
export class DemoFill {
  tenantCode: string | null = null;
  played = 0;
  planned = 0;
  /** Settles when the demo is whole (at once when there is nothing to fill). */
  done: Promise<void> = Promise.resolve();

  get filling() {
    return this.tenantCode !== null;
  }

  /**
   * Fills the team in the background: closed until its last transaction commits. `log` gets a progress line every
   * few seconds and the end.
   */
  start(
    db: DB,
    services: AppServices,
    config: Pick<Config, 'dataDir' | 'databaseUrl'>,
    team: DemoTeam,
    log: (msg: string) => void,
  ) {
    const sliced = !config.databaseUrl;
    if (sliced) fs.writeFileSync(markerOf(config), `${new Date().toISOString()}\n`);
    this.tenantCode = team.code;
    closeTenant(team.code, FILLING_MESSAGE);
    const started = Date.now();
    let logged = started;
    const progress = (played: number, planned: number) => {
      this.played = played;
      this.planned = planned;
      if (Date.now() - logged < 5_000) return;
      logged = Date.now();
      log(`[demo] 演示数据准备中：${played} / ${planned} 步`);
    };
    this.done = asTenantWriter(team.code, () => fillDemo(db, services, team, { sliced, progress })).then(() => {
      if (sliced) fs.rmSync(markerOf(config), { force: true });
      openTenant(team.code);
      this.tenantCode = null;
      log(`[demo] 演示数据已就绪（${((Date.now() - started) / 1000).toFixed(1)} s）`);
    });
    return this.done;
  }
}

/** GET /api/demo-status: whether the demo team is still being filled (public: the login page may say so too). */
export function demoStatusRoute(app: FastifyInstance, fill: DemoFill) {
  app.get(
    '/api/demo-status',
    { config: { public: true }, schema: { tags: ['系统'], summary: '演示数据准备进度' } },
    async () => ok({ filling: fill.filling, tenantCode: fill.tenantCode, played: fill.played, planned: fill.planned }),
  );
}
