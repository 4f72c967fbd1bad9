// One replica of the API rig's replica mode (tests/helpers/test-app.ts, API_REPLICAS): the real server
// (main.ts startServer) with the suite's whole configuration, handed over as JSON in YG_TEST_CONFIG.
import { startServer } from '../../src/server/main';

const config = JSON.parse(process.env.YG_TEST_CONFIG ?? '{}');
const { url, app } = await startServer(config, { logger: false });
// The line tests/helpers/server-process.ts waits for (the one main.ts prints).
console.log(`易管已启动: ${url}`);
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.once(sig, async () => {
    await app.close();
    process.exit(0);
  });
}
