/// <reference types="vitest/config" />
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './scripts/precompress.mjs';
import SlowFirstSequencer from './tests/slow-first-sequencer';

// Writes dist/web/version.json so running clients notice a new release (polled every 60 s).
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

// The page meta-schema compiled ahead of time (scripts/page-validator.mjs), refreshed before the dev server, a build
// or Storybook reads src/common/schema/page-validator.generated.js. A production build also checks every bundled
// page schema and fails on an invalid one or on a name one uses that names nothing: the built app renders them without
// the validator (SchemaPage).
function pageValidator(): Plugin {
  let production = false;
  return {
    name: 'yiguan-page-validator',
    configResolved(config) {
      production = config.command === 'build' && config.mode === 'production';
    },
    async buildStart() {
      // @ts-expect-error plain JavaScript script without types
      const { ensurePageValidator, GENERATED } = await import('./scripts/page-validator.mjs');
      await ensurePageValidator();
      if (!production) return;
      // The generated validator itself, loaded at run time by its file URL: this config is bundled before the file is
      // generated (a fresh clone has none), so neither it nor the TypeScript loader that imports it may be a static import.
      const { validate } = (await import(/* @vite-ignore */ pathToFileURL(GENERATED).href)) as {
        validate: ((v: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
      };
      const dir = fileURLToPath(new URL('./schemas', import.meta.url));
      const files = fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.json') && !f.endsWith('page.schema.json'));
      const errors = files.flatMap((f) =>
        validate(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
          ? []
          : (validate.errors ?? []).map((e) => `schemas/${f} ${e.instancePath || '/'} ${e.message ?? ''}`),
      );
      if (errors.length) this.error(`页面配置错误:\n${errors.join('\n')}`);
      // Then the names the pages use (src/common/schema/check.ts, run by `npm run check:schemas`): an expression, effect,
      // picker, permission code or tab naming nothing fails the build too. A child process, since this config is
      // bundled without the TypeScript loader the checker's imports need.
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-schemas.ts'], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        encoding: 'utf8',
      });
      if (run.status !== 0) this.error(`页面配置检查:\n${run.stdout}${run.stderr}`);
    },
  };
}

// index.signed-in.html: index.html plus modulepreload links to the chunks a signed-in page loads first (the workspace and
// the module that starts the page's reads). The server sends it to a browser that holds a session (serveWeb), so those
// chunks download alongside the entry instead of after it has run; /login's page and bytes stay as they are.
// route-chunks.json: each page route's schema chunk (the routes of app/pages/schema-index.ts: /<name> and /<folder>/<name>
// of schemas/<folder>/<name>.json), which the server preloads on that route's signed-in page too.
function signedInPage(): Plugin {
  const first = new Set(['workspace', 'boot']);
  let files: string[] = [];
  let routes: Record<string, string> = {};
  return {
    name: 'yiguan-signed-in-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      files = chunks
        .filter((c) => first.has(c.name))
        .map((c) => c.fileName)
        .sort();
      routes = {};
      for (const c of chunks) {
        const m = /[\\/]schemas[\\/](.+)\.json$/.exec(c.facadeModuleId ?? '');
        if (!m || !c.isDynamicEntry || m[1].endsWith('page.schema')) continue;
        const rel = m[1].split(/[\\/]/);
        routes[`/${rel.at(-1)}`] = `/${c.fileName}`;
        routes[`/${rel.join('/')}`] = `/${c.fileName}`;
      }
    },
    writeBundle(options) {
      const dir = options.dir ?? 'dist/web';
      const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
      const links = files.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('');
      fs.writeFileSync(path.join(dir, 'index.signed-in.html'), html.replace('  </head>', `${links}  </head>`));
      fs.writeFileSync(path.join(dir, 'route-chunks.json'), JSON.stringify(routes));
    },
  };
}

// Writes <file>.br and <file>.gz next to every text file of the build above 1 kB (scripts/precompress.mjs). Not when
// scripts/build.mjs asks for the build without them (PRECOMPRESS=after): it compresses after putting the build in
// place, so a first start serves the pages seconds sooner, uncompressed for those seconds.
function precompress(): Plugin {
  return {
    name: 'yiguan-precompress',
    apply: 'build',
    // 'post' + sequential: after the other plugins have written their files (version.json).
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (process.env.PRECOMPRESS === 'after') return;
        await precompressDir(options.dir ?? 'dist/web');
      },
    },
  };
}

// A NODE_ENV inherited from the shell (vitest's 'test' when the e2e suites run `vite build`) made Vite
// bundle React's and antd's development code: a production build must be a production bundle.
function productionBuild(): Plugin {
  return {
    name: 'yiguan-production-build',
    apply: 'build',
    config(_config, { mode }) {
      if (mode === 'production') process.env.NODE_ENV = 'production';
      // Browsers we support all have ResizeObserver, which the polyfill returns anyway; tests (jsdom) keep it.
      // @formily/grid's ponyfill (@juggle/resize-observer, ~5 kB gzip on every form page) likewise gives way to the native one.
      return {
        resolve: {
          alias: {
            'resize-observer-polyfill': fileURLToPath(
              new URL('./src/web/app/native-resize-observer.ts', import.meta.url),
            ),
            '@juggle/resize-observer': fileURLToPath(
              new URL('./src/web/app/native-resize-observer-named.ts', import.meta.url),
            ),
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [pageValidator(), react(), productionBuild(), versionFile(), signedInPage(), precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The largest chunk is the shared vendor one (~590 kB raw, 190 kB gzip); warn when any grows well past it.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Engine modules only declare things: importing one piece from the barrel must not pull in the rest.
      // The meta-schema's validator too: the built app's pages render without it (SchemaPage), so PageRenderer's
      // import of it must not keep it in the page's chunk.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]src[\\/]web[\\/]engine[\\/]/, sideEffects: false },
          {
            test: /[\\/]src[\\/]common[\\/]schema[\\/](loader\.ts|page-validator\.generated\.js)$/,
            sideEffects: false,
          },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // The libraries every route needs (React, router, antd core, Form): one cacheable file.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            // The app's own modules every route loads (sign-in screens, the request client…): kept out of the groups below.
            { name: 'app', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 4 },
            // The meta-schema's validator (≈ 600 kB raw): a chunk of its own, fetched only when a page is checked.
            {
              name: 'page-validator',
              test: /[\\/]src[\\/]common[\\/]schema[\\/](loader\.ts|page-validator\.generated\.js)$/,
              priority: 3,
            },
            // What starts a module page's first reads (app/boot-requests.ts and what it imports): small, fetched with the
            // page's schema before the screens' code.
            { name: 'boot', test: /[\\/]src[\\/]web[\\/]app[\\/]boot-requests\.ts$/, priority: 2 },
            // The signed-in workspace and a module page as they first show (everything they import statically; what they
            // load on first use stays in chunks of its own): one file instead of some forty small ones, which a
            // browser fetched six at a time.
            {
              name: 'workspace',
              test: /[\\/]src[\\/]web[\\/]app[\\/](WorkspaceShell|pages[\\/]SchemaPage)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  test: {
    // Browser stories and component renders are slow on two busy cores; a stuck test still fails.
    testTimeout: 120000,
    hookTimeout: 120000,
    // PGlite and Chromium are heavy; two cores here, so keep the worker count modest.
    maxWorkers: 2,
    // The longest suites start first in their project (tests/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Four projects (docs/testing.md): `npm run test:unit` needs no database, no DOM and no demo and runs in seconds;
    // `components` renders the engine and the screens in jsdom; `api` and `e2e` share one seeded template per run
    // (tests/global-setup.ts seeds it once even when both run). A test file's extension picks its project: `.ts` is a
    // unit test, `.tsx` renders React.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.{test,spec}.ts', 'tests/unit/**/*.test.ts', 'tests/web/**/*.test.ts'],
          environment: 'node',
          // Pure modules: one module cache per worker is safe and saves re-importing them for every file.
          isolate: false,
          globalSetup: ['tests/page-validator-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          // *.spec.tsx are the engine's component specs: test files like the others, found by their names.
          include: ['src/**/*.{test,spec}.tsx', 'tests/web/**/*.test.tsx'],
          environment: 'jsdom',
          // One module cache and one document per worker, as for unit: antd, the engine and the screens load once per
          // worker instead of once per file (the project's time halves). tests/setup.ts closes what a file left on
          // screen; a file that stubs a module takes the stub away with it (charts/smart-data.test.tsx).
          isolate: false,
          setupFiles: ['tests/setup.ts', 'src/web/app/routes.test-setup.ts'],
          globalSetup: ['tests/page-validator-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.{ts,tsx}'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts', 'tests/e2e/web-build-setup.ts'],
        },
      },
    ],
  },
});
