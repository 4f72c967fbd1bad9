// Builds the Fastify app: external plugins, then our plugins, then routes (fastify/demo order).
import { fieldOptionRoutes } from './modules/field-options/routes';
import { teamAdminRoutes } from './modules/roles/routes';
import { platformRoutes } from './modules/platform/routes';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { CSRF_COOKIE } from '../common/api';
import type { Config } from './config';
import { proxyTrust } from './origin';
import { openDatabase, type DB } from './db';
import { cacheBusOf } from './db/cache-bus';
import { createServices, type AppServices } from './services';
import { dataSteps, handOverFeatures, schemaChecks } from './features';
import { useHoldersOpen } from './modules/files/access';
import { useEffectLog } from './modules/records/effect-failures';
import { recordHoldersOpen } from './modules/records/file-holders';
import { envelopeClientError, envelopeFrameworkError, envelopePlugin, ok } from './plugins/envelope';
import { inputGuardPlugin } from './plugins/input-guard';
import { lazyValidators } from './plugins/lazy-validators';
import { routeAjv, typed } from './typed-app';
import { securityHeadersPlugin } from './plugins/security-headers';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { authPlugin } from './plugins/auth';
import { requestContextPlugin } from './plugins/request-context';
import { accountRoutes } from './modules/auth/routes';
import { qrLoginRoutes } from './modules/auth/qr-routes';
import { tenantRoutes } from './modules/tenant/routes';
import { fileRoutes } from './modules/files/routes';
import { accountCentreRoutes } from './modules/account/routes';
import { recordRoutes } from './modules/records/routes';
import { auditRoutes } from './modules/audit/routes';
import { excelExportRoutes } from './modules/excel/routes';
import { printRoutes } from './modules/print/routes';
import { documentRoutes } from './modules/print/document-routes';
import { pickerRoutes } from './modules/records/picker-routes';
import { chartRoutes } from './modules/charts/routes';
import { categoryRoutes } from './modules/categories/routes';
import { dictRoutes } from './modules/dict/routes';
import { dictWriteRoutes } from './modules/dict/write-routes';
import { workflowRoutes } from './modules/workflow/routes';
import { notificationRoutes } from './modules/inbox/routes';
import { registerWorkflowDicts } from './modules/workflow/dicts';
import { ocrRoutes } from './modules/ocr/routes';
import { specCallRoutes } from './modules/spec-calls';
import { importRoutes } from './modules/excel/import-routes';

export interface BuiltApp {
  app: FastifyInstance;
  db: DB;
  services: AppServices;
}

export async function buildApp(config: Config, opts: { logger?: boolean | object } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    // One test of which proxies are believed, shared with the links' origin (origin.ts).
    trustProxy: config.trustProxy ? proxyTrust(config.trustProxy) : false,
    bodyLimit: 2 * 1024 * 1024,
    clientErrorHandler: envelopeClientError,
    frameworkErrors: envelopeFrameworkError,
    ajv: routeAjv,
    schemaController: { compilersFactory: { buildValidator: lazyValidators() as never } },
  });
  const db = await openDatabase({ ...config, dataSteps: dataSteps(config) });
  const services = createServices(config, db, app.log, schemaChecks);
  handOverFeatures();
  useHoldersOpen(recordHoldersOpen(services));
  useEffectLog(app.log);

  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      info: {
        title: '易管 Yiguan API',
        version: '0.1.0',
        description: '所有接口返回 {status, message, data}；status 200 表示成功。请求头 Satoken 携带令牌。',
      },
      components: { securitySchemes: { Satoken: { type: 'apiKey', in: 'header', name: 'Satoken' } } },
      security: [{ Satoken: [] }],
    },
  });
  // The docs page's own CSP (its inline-free initializer), framing still refused like every other answer.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(' upgrade-insecure-requests;', ''),
  });
  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(requestContextPlugin);
  // A call sees every change committed before it arrived, in any server process: the caches catch up first
  // (db/cache-bus.ts; nothing to do on PGlite, which is one process).
  const bus = cacheBusOf(db);
  if (bus)
    app.addHook('onRequest', async (req) => {
      if (req.url.startsWith('/api/')) await bus.sync();
    });
  await app.register(authPlugin, { sessions: services.sessions, publicUrl: config.publicUrl });
  await app.register(rateLimitsPlugin, { db, limits: config.rateLimits });

  app.get('/api/health', { config: { public: true }, schema: { tags: ['系统'], summary: '健康检查' } }, async () => {
    await db.selectFrom('users').select('id').limit(1).execute();
    return ok({ ok: true, time: new Date().toISOString() });
  });
  // Routes typed by their schemas (typed-app.ts): the same instance.
  const api = typed(app);
  await accountRoutes(api, services);
  await qrLoginRoutes(api, services);
  await tenantRoutes(api, services);
  await fileRoutes(api, services);
  await accountCentreRoutes(api, services);
  registerWorkflowDicts(services.schemas);
  await recordRoutes(api, services);
  await auditRoutes(api, services);
  await excelExportRoutes(api, services);
  await printRoutes(api, services);
  await documentRoutes(api, services);
  await pickerRoutes(api, services);
  await chartRoutes(api, services);
  await importRoutes(api, services);
  await categoryRoutes(api, services);
  await dictRoutes(api, services);
  await dictWriteRoutes(api, services);
  await workflowRoutes(api, services);
  await notificationRoutes(api, services);
  await ocrRoutes(api, services);
  await specCallRoutes(api, services);
  await fieldOptionRoutes(api, services);
  await teamAdminRoutes(api, services);
  await platformRoutes(api, services);

  // Expression indexes for the fields each module sorts or filters on: now, or after the first seed (indexes.ts).
  await services.recordIndexes.atStart();

  await serveWeb(app, config.webDir, config.webBuilding);
  app.addHook('onClose', async () => {
    await services.ocr.close?.();
    await db.destroy();
  });
  return { app, db, services };
}

/** index.signed-in.html with a modulepreload link to the route's page schema chunk (route-chunks.json), when it has one. */
function signedInPage(webDir: string, route: string): string {
  const html = fs.readFileSync(path.join(webDir, 'index.signed-in.html'), 'utf8');
  let routes: Record<string, unknown>;
  try {
    routes = JSON.parse(fs.readFileSync(path.join(webDir, 'route-chunks.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return html; // an older build without the file
  }
  const chunk = Object.hasOwn(routes, route) ? routes[route] : undefined;
  if (typeof chunk !== 'string' || !/^\/assets\/[\w.-]+\.js$/.test(chunk)) return html;
  return html.replace('</head>', `  <link rel="modulepreload" crossorigin href="${chunk}">\n  </head>`);
}

/** What a page shows while the first build of the web app is under way (a few seconds on a fresh clone). */
const WEB_BUILDING_PAGE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">' +
  '<title>易管</title></head><body style="font-family:sans-serif;color:#555;display:flex;height:90vh;align-items:center;' +
  'justify-content:center"><p>易管正在准备页面，请稍候…</p></body></html>';

/**
 * Serves the built SPA; every non-API path falls back to index.html so client routes work on reload. While the web
 * app is still being built beside the server (`building`), a page is a stand-in that reloads itself every two
 * seconds until the build is there; the API answers meanwhile.
 */
async function serveWeb(app: FastifyInstance, webDir: string, building: boolean) {
  if (!building && !fs.existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web build not found; run `npm run build` to serve the UI');
    return;
  }
  // serve:false: files are sent by the catch-all below, which also does the SPA fallback.
  // preCompressed: sendFile picks the build's <file>.br / <file>.gz twin (scripts/precompress.mjs) the client
  // accepts, br first, with Content-Encoding, the original's Content-Type and Vary: Accept-Encoding.
  await app.register(fastifyStatic, { root: webDir, serve: false, preCompressed: true });
  app.get('/*', { schema: { hide: true }, config: { public: true } }, async (req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.status(404).send({ status: 404, message: '接口不存在', data: null });
    }
    const rel = decodeURIComponent(req.url.split('?')[0]).replace(/^\/+/, '');
    const file = path.join(webDir, rel);
    // The .br/.gz twins are encodings of their original, never resources of their own.
    const twin = /\.(br|gz)$/i.test(rel);
    if (rel && !twin && file.startsWith(webDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply
        .header('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(rel, { cacheControl: false });
    }
    // A missing asset (e.g. from an older build) is a 404, never the page: browsers refuse HTML as a script.
    if (rel.startsWith('assets/') || /\.[a-z0-9]+$/i.test(rel))
      return reply.status(404).type('text/plain').send('Not Found');
    if (!fs.existsSync(path.join(webDir, 'index.html'))) {
      return reply
        .status(503)
        .header('Retry-After', '2')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(WEB_BUILDING_PAGE);
    }
    // index.html is read from disk per request (sendFile does not cache) so a rebuild is served without a restart.
    // A browser holding a session gets the build's index.signed-in.html: the same page, which also preloads the
    // workspace's first chunks and the route's page schema (vite.config.ts signedInPage).
    if (req.cookies?.[CSRF_COOKIE] && fs.existsSync(path.join(webDir, 'index.signed-in.html'))) {
      return reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(signedInPage(webDir, `/${rel}`));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
