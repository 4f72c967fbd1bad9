/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Writes dist/web/version.json so running clients notice a new release (spec §1, §9: polled every 60 s).
function versionFile(): Plugin {
  return {
    name: 'yiguan-version-file',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist/web';
      fs.writeFileSync(path.join(dir, 'version.json'), JSON.stringify({ version: `${Date.now()}` }));
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  build: { outDir: 'dist/web', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Browser stories and component renders are slow on two busy cores; a stuck test still fails.
    testTimeout: 120000,
    hookTimeout: 120000,
    // PGlite and Chromium are heavy; two cores here, so keep the worker count modest.
    maxWorkers: 2,
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
  },
});
