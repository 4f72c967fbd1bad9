// Security headers on every answer — pages, assets, API, docs and error envelopes alike,
// through helmet (maintained, and what @fastify/helmet wraps) rather than hand-written headers. helmet's middleware
// is built and run once here: @fastify/helmet builds it again for every request (parsing the CSP each time), a few
// per cent of a list call's CPU.
// The SPA's index.html loads only same-origin module scripts, so scripts need no 'unsafe-inline'; antd's
// CSS-in-JS writes <style> tags, so styles do. Uploaded images preview as blob:/data: URLs.
// No 'unsafe-eval': the browser validates page schemas with the validator compiled at build time
// (common/schema/page-validator.generated.js), and nothing else in the bundle evaluates text as code (Formily's
// `{{ }}` schema compiler is bundled but the engine builds its fields in code, never from a JSON schema).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
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

let fixed: Record<string, string> | undefined;

/**
 * The headers every answer carries. Every directive is a constant (no nonce), so what helmet sets is the same for
 * every request: taken once, from a run against a response that only records its headers, instead of helmet
 * building the CSP text per request. Also read by the answers written outside the request hooks (plugins/envelope.ts).
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  if (fixed) return fixed;
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; over http it is set below only when the request came in as https.
    strictTransportSecurity: false,
    // The app opens its own PDFs in a new tab; COEP would block nothing we need but breaks blob: previews.
    crossOriginEmbedderPolicy: false,
  });
  const taken: Record<string, string> = {};
  headers(
    {} as IncomingMessage,
    {
      setHeader: (k: string, v: string) => {
        taken[k] = v;
      },
      removeHeader: () => {},
    } as unknown as ServerResponse,
    () => {},
  );
  if (!taken['Content-Security-Policy']) throw new Error('security headers: helmet set no Content-Security-Policy');
  fixed = taken;
  return fixed;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders();
  // Before the handler, as @fastify/helmet does, so error envelopes and 404s carry them too.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
});
