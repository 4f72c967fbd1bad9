// Seeds the demo into one database, in a process of its own: the global setup (tests/global-setup.ts) seeds the
// PostgreSQL template here while it seeds the PGlite one in its own process, so the two run side by side without
// sharing the server's module state. Usage: node --import tsx tests/helpers/seed-database.ts <databaseUrl> <dataDir>
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemo } from '../../src/server/seed';

const [databaseUrl, dataDir] = process.argv.slice(2);
const { app, db, services } = await buildApp(
  { ...loadConfig({}), dataDir, databaseUrl, webDir: path.join(dataDir, 'no-web') },
  { logger: false },
);
await seedDemo(db, services);
await app.close();
