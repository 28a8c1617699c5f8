import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response, set in one call from precomputed objects. (@fastify/helmet
 * runs a chain of connect-style middlewares per request; on the catalogue's hot paths that cost
 * about a third of the throughput, measured in `npm run bench`.) The CSP is only meaningful for
 * documents, so JSON and media responses skip it; a route that sets its own CSP keeps it.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  const always: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (opts.hsts) always['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  // What a browser acts on for something it displays (a page, a picture, a PDF): framing, the
  // referrer it sends from it, its window, prefetching and device features. A JSON answer is never
  // displayed, and each header costs every answer (ten of them: a fifth of a catalogue read's
  // throughput, `npm run bench`), so JSON carries only the two above.
  const displayed: Record<string, string> = {
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'x-dns-prefetch-control': 'off',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
  // A callback hook, not an async one: it runs on every response, and a promise per request shows.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(always);
    // The request's id, as its log lines carry it (reqId): a support question can name it.
    reply.header('x-request-id', req.id);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json')) return done(null, payload);
    // A route may let its answer be framed by our own pages (the console's document preview).
    const framing = reply.getHeader('x-frame-options');
    reply.headers(displayed);
    if (framing) reply.header('x-frame-options', framing);
    const isDocument = typeof type === 'string' && type.startsWith('text/html');
    if (isDocument && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', CSP);
    done(null, payload);
  });
}
