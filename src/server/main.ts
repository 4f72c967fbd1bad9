// Entry point: `npm start`. Also used by the e2e tests through startServer().
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { seedTeam, fillDemo, DEMO, DEMO_USERS } from './seed';
import { DemoFill, demoStatusRoute, discardUnfinishedDemo } from './demo-fill';

/**
 * Builds the app, seeds the demo into an empty database and listens. `fillBehind`: listens once the demo's team
 * and people are in (a second or so) and fills its story in the background (demo-fill.ts; `demo.done` settles when
 * it is whole); otherwise the demo is whole before it listens.
 */
export async function startServer(
  overrides: Partial<Config> = {},
  opts: { logger?: boolean | object; fillBehind?: boolean } = {},
) {
  const config = { ...loadConfig(), ...overrides };
  if (config.seedDemo) discardUnfinishedDemo(config, (msg) => console.warn(msg));
  const { app, db, services } = await buildApp(config, opts);
  const demo = new DemoFill();
  demoStatusRoute(app, demo);
  const team = config.seedDemo ? await seedTeam(db, services) : null;
  if (team && !opts.fillBehind) await fillDemo(db, services, team);
  // A demo's fill builds the list indexes at its end (fillDemo); without one, they are brought in step now.
  if (!team) await services.recordIndexes.ensure();
  const address = await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  if (team) app.log.info(`已创建演示团队 ${DEMO.tenantName}：${DEMO_USERS.map((u) => u.username).join('、')}`);
  if (team && opts.fillBehind) demo.start(db, services, config, team, (msg) => app.log.info(msg));
  return { url, address, app, db, services, config, demo, close: () => app.close() };
}

async function main() {
  const { url, app, demo } = await startServer({}, { fillBehind: true });
  // A story that cannot be played is a broken build of the demo: stop, as a failed seed always did.
  demo.done.catch((err) => {
    console.error(err);
    process.exit(1);
  });
  // Printed plainly (not only as a log line) so a person running `npm start` sees where to go.
  const users = DEMO_USERS.map(
    (u) => `  ${u.nickName.padEnd(5, '　')} ${u.username} / ${u.password}（${u.role}）`,
  ).join('\n');
  const filling = demo.filling ? `（演示数据准备中，约半分钟后完整）` : '';
  console.log(
    `\n易管已启动: ${url}\n演示账号（团队 ${DEMO.tenantName}${filling}）:\n${users}\nAPI 文档: ${url}/api/docs\n`,
  );
  let closing = false;
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.on(sig, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ sig }, 'shutting down');
      await app.close();
      process.exit(0);
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
