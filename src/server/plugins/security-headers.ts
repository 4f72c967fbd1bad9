// Security headers on every answer — pages, assets, API, docs and error envelopes alike (issue 15 point 4),
// through helmet (maintained, and what @fastify/helmet wraps) rather than hand-written headers. helmet's middleware
// is built once here: @fastify/helmet builds it again for every request (parsing the CSP each time), a few per cent
// of a list call's CPU.
// The SPA's index.html loads only same-origin module scripts, so scripts need no 'unsafe-inline'; antd's
// CSS-in-JS writes <style> tags, so styles do. Uploaded images preview as blob:/data: URLs.
// 'unsafe-eval': the page engine validates each page schema in the browser with ajv, which compiles the
// meta-schema into a function at run time. Validating at build time (ajv standalone code) would let it go.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // Served over plain http on a LAN the browser must not rewrite requests to https.
  upgradeInsecureRequests: null,
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; over http it is set below only when the request came in as https.
    strictTransportSecurity: false,
    // The app opens its own PDFs in a new tab; COEP would block nothing we need but breaks blob: previews.
    crossOriginEmbedderPolicy: false,
  });
  // Before the handler, as @fastify/helmet does, so error envelopes and 404s carry them too.
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
});
