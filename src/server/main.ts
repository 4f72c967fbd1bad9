// Entry point: `npm start`. Also used by the e2e tests through startServer().
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { seedDemo, DEMO, DEMO_USERS } from './seed';

export async function startServer(overrides: Partial<Config> = {}, opts: { logger?: boolean | object } = {}) {
  const config = { ...loadConfig(), ...overrides };
  const { app, db, services } = await buildApp(config, opts);
  const seeded = config.seedDemo ? await seedDemo(db, services) : false;
  await services.recordIndexes.ensure();
  const address = await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  if (seeded) app.log.info(`已创建演示团队 ${DEMO.tenantName}：${DEMO_USERS.map((u) => u.username).join('、')}`);
  return { url, address, app, db, services, config, close: () => app.close() };
}

async function main() {
  const { url, app } = await startServer();
  // Printed plainly (not only as a log line) so a person running `npm start` sees where to go.
  const users = DEMO_USERS.map((u) => `  ${u.nickName.padEnd(5, '　')} ${u.username} / ${u.password}（${u.role}）`).join('\n');
  console.log(`\n易管已启动: ${url}\n演示账号（团队 ${DEMO.tenantName}）:\n${users}\nAPI 文档: ${url}/api/docs\n`);
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
