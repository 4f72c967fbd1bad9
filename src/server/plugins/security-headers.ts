// Security headers on every answer — pages, assets, API, docs and error envelopes alike (issue 15 point 4),
// through @fastify/helmet (a maintained wrapper of helmet) rather than hand-written headers.
// The SPA's index.html loads only same-origin module scripts, so scripts need no 'unsafe-inline'; antd's
// CSS-in-JS writes <style> tags, so styles do. Uploaded images preview as blob:/data: URLs.
// 'unsafe-eval': the page engine validates each page schema in the browser with ajv, which compiles the
// meta-schema into a function at run time. Validating at build time (ajv standalone code) would let it go.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; over http it is set below only when the request came in as https.
    strictTransportSecurity: false,
    // The app opens its own PDFs in a new tab; COEP would block nothing we need but breaks blob: previews.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
});
