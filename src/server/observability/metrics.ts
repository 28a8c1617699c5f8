import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '#server/db/client.ts';
import type { NotifiedCache } from '#server/db/notified-cache.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import type { OutboxWorker } from '#server/modules/mail/outbox.ts';
import { messages } from '#shared/messages.ts';

/** What the metrics read when Prometheus scrapes: the services of one app. */
export interface MetricSources {
  database: Database;
  /** The file storage troubles going on (a full disk, a bucket out of reach). */
  storage?: { readonly troubles: readonly string[] };
  outbox: OutboxWorker;
  events: UserEventBus;
  caches: Record<string, NotifiedCache<unknown>>;
}

const STORAGE_TROUBLES = ['disk-full', 'disk', 'object-store'] as const;

const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A counter whose value lives elsewhere (a plain number a service keeps), read at each scrape. */
function countedElsewhere(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * The app's Prometheus metrics (one registry per app: tests build many). Requests by route
 * template (never the raw URL: ids would make a series each) and status, with latency histograms;
 * orders placed and refused; the outbox's depth and failures; SSE subscribers; each in-memory read
 * model's age and last load time; the database pool; and the process (memory, CPU, event loop).
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly orders: Counter<'outcome' | 'status'>;
  /** Label children by method, route and status: looked up once, not hashed per request. */
  private readonly children = new Map<
    string,
    { count: { inc(): void }; time: { observe(seconds: number): void } }
  >();

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by route template',
      labelNames: ['method', 'route'],
      buckets: SECONDS,
      registers,
    });
    this.orders = new Counter({
      name: 'orders_total',
      help: 'Place-order requests: placed (a new order), repeated (same idempotency key) or refused, by status',
      labelNames: ['outcome', 'status'],
      registers,
    });
    this.sourceMetrics(sources);
  }

  private sourceMetrics({ database, storage, outbox, events, caches }: MetricSources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'database_listening',
      help: 'Whether this instance hears the database (1) or its listening connection is down (0)',
      registers,
      collect() {
        this.set(database.listening() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'storage_trouble',
      help: 'File storage trouble going on (1) or not (0): the disk full, the disk failing, the bucket out of reach',
      labelNames: ['trouble'],
      registers,
      collect() {
        for (const trouble of STORAGE_TROUBLES)
          this.set({ trouble }, storage?.troubles.includes(trouble) ? 1 : 0);
      },
    });
    new Gauge({
      name: 'outbox_mails',
      help: 'Mails in the outbox by status (pending is the depth still to send)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await database.query<{ status: string; n: string | number }>(
          "select status, count(*) as n from outbox where status in ('pending', 'failed') group by status",
        );
        this.reset();
        for (const status of ['pending', 'failed']) this.set({ status }, 0);
        for (const row of rows) this.set({ status: row.status }, Number(row.n));
      },
    });
    countedElsewhere(this.registry, 'outbox_sent_total', 'Mails this process sent', () => outbox.counts.sent);
    countedElsewhere(
      this.registry,
      'outbox_send_failures_total',
      'Sending attempts that failed in this process (each is retried later)',
      () => outbox.counts.failedAttempts,
    );
    new Gauge({
      name: 'sse_clients',
      help: "Buyers' live event streams open on this instance",
      registers,
      collect() {
        this.set(events.subscriberCount);
      },
    });
    new Gauge({
      name: 'read_model_age_seconds',
      help: 'Age of the in-memory copy being served (0 while none is loaded)',
      labelNames: ['model'],
      registers,
      collect() {
        for (const [model, cache] of Object.entries(caches))
          this.set({ model }, cache.loadedAt === null ? 0 : (Date.now() - cache.loadedAt) / 1000);
      },
    });
    new Gauge({
      name: 'read_model_load_seconds',
      help: 'How long the last load of the in-memory copy took',
      labelNames: ['model'],
      registers,
      collect() {
        for (const [model, cache] of Object.entries(caches))
          if (cache.lastLoadMs !== null) this.set({ model }, cache.lastLoadMs / 1000);
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections: open, idle, and requests waiting for one (PostgreSQL server)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = database.poolStats?.();
        if (!stats) return;
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  /** Counts one answered request (a callback hook's work: no promise, no label hashing). */
  observe(method: string, route: string | undefined, status: number, ms: number): void {
    const template = route ?? '(unmatched)';
    const key = `${method} ${status} ${template}`;
    let child = this.children.get(key);
    if (!child) {
      child = {
        count: this.requests.labels(method, template, String(status)),
        time: this.latency.labels(method, template),
      };
      this.children.set(key, child);
    }
    child.count.inc();
    child.time.observe(ms / 1000);
    if (method === 'POST' && template === '/api/v1/orders') {
      const outcome = status === 201 ? 'placed' : status === 200 ? 'repeated' : 'refused';
      this.orders.labels(outcome, String(status)).inc();
    }
  }
}

/** The bearer token's check, in constant time. */
function tokenMatches(header: string | undefined, token: Buffer): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  return given.length === token.length && timingSafeEqual(given, token);
}

/**
 * GET /metrics in Prometheus' text format, only with `Authorization: Bearer <METRICS_TOKEN>`
 * (401 otherwise, the same answer whatever was wrong); every request is counted by a callback hook.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricSources, token: string): AppMetrics {
  const metrics = new AppMetrics(sources);
  const secret = Buffer.from(token);
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observe(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!tokenMatches(req.headers.authorization, secret))
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: messages.metricsToken });
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
  return metrics;
}
