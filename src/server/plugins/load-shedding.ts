import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.ts';

/**
 * How the server treats slow, idle and greedy clients (docs/operations.md, "Slow and greedy
 * clients"). Every value is a default a test may lower.
 */
export interface HttpLimits {
  /** A request's headers must all arrive within this (Node's default is 60 s). */
  headersTimeoutMs: number;
  /** A whole request, body included, must arrive within this (Fastify's default is none at all). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this: above a proxy's own idle timeout (60 s). */
  keepAliveTimeoutMs: number;
  /** How often the timeouts above are checked (Node's default, 30 s, lets a slow client linger). */
  checkEveryMs: number;
  /** Connections held at once; a connection beyond them is closed as soon as it is accepted. */
  maxConnections: number;
  /**
   * Requests being answered at once (the event stream and health checks aside); beyond it a
   * request is answered 503 at once rather than queued behind the others.
   */
  maxInFlight: number;
  /** The event loop's mean delay over a second above which requests are shed (503); 0: never. */
  maxEventLoopDelayMs: number;
  /** The share of V8's heap limit in use above which requests are shed (503); 0: never. */
  maxHeapShare: number;
}

export const HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  checkEveryMs: 1_000,
  maxConnections: 4_096,
  maxInFlight: 512,
  maxEventLoopDelayMs: 500,
  maxHeapShare: 0.85,
};

/** Seconds a shed request is asked to wait. */
const SHED_RETRY_AFTER_S = 2;

/** Liveness, readiness and metrics are always answered; the event stream lives for hours. */
const EXEMPT = /^\/(healthz|readyz|metrics)(\?|$)|^\/api\/v1\/events(\?|$)/;

function shed(reply: FastifyReply) {
  reply.status(503).header('retry-after', String(SHED_RETRY_AFTER_S));
  return { message: messages.busy };
}

/**
 * Sheds load instead of letting every answer wait: a request is answered 503 with Retry-After at
 * once when the event loop is lagging or the heap nearly full (@fastify/under-pressure, sampled
 * every second), or when `maxInFlight` requests are already being answered. Idle keep-alive
 * connections are closed when connections near `maxConnections`, so that idle clients cannot
 * crowd out working ones.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: HttpLimits): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * limits.maxHeapShare),
    // What the handler returns is sent (its types say void; undefined lets the request through).
    pressureHandler: (req: FastifyRequest, reply: FastifyReply) =>
      (EXEMPT.test(req.url) ? undefined : shed(reply)) as unknown as undefined,
  });

  let inFlight = 0;
  // One function for every request ('close' comes once, whether the answer was sent or the client
  // went away): no closure and no `once` wrapper per request on the hottest path there is.
  const release = () => {
    inFlight--;
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (EXEMPT.test(req.url)) return done();
    if (inFlight >= limits.maxInFlight) return void reply.send(shed(reply));
    inFlight++;
    reply.raw.on('close', release);
    done();
  });

  const server = app.server;
  server.maxConnections = limits.maxConnections;
  const nearlyFull = Math.floor(limits.maxConnections * 0.8);
  let open = 0;
  let lastSweep = 0;
  server.on('connection', (socket) => {
    open++;
    socket.once('close', () => open--);
    if (open < nearlyFull || Date.now() - lastSweep < 1_000) return;
    lastSweep = Date.now();
    server.closeIdleConnections();
  });
}
