import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '#shared/messages.ts';
import { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/client.ts';
import { cookieSettings } from './http/cookie-settings.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { OWASP_SCRYPT, type ScryptCost } from './modules/accounts/password.ts';
import { alertsModule } from './modules/alerts/alerts.module.ts';
import { cartModule } from './modules/cart/cart.module.ts';
import { catalogueModule } from './modules/catalogue/catalogue.module.ts';
import { CatalogueCache, STOCK_CHANNEL } from './modules/catalogue/catalogue-cache.ts';
import { companiesModule } from './modules/companies/companies.module.ts';
import { sendExpiryReminders } from './modules/companies/document-expiry.service.ts';
import { complianceModule } from './modules/compliance/compliance.module.ts';
import { ComplianceCache } from './modules/compliance/compliance-cache.ts';
import { USER_EVENTS_CHANNEL, UserEventBus } from './modules/events/event-bus.ts';
import { eventsModule } from './modules/events/events.module.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { listsModule } from './modules/lists/lists.module.ts';
import { mailModule } from './modules/mail/mail.module.ts';
import { logMailer, type Mailer } from './modules/mail/mailer.ts';
import { OutboxWorker } from './modules/mail/outbox.ts';
import type { AppModule, ModuleDeps } from './modules/module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import { pricingModule } from './modules/pricing/pricing.module.ts';
import { PricingCache } from './modules/pricing/pricing-cache.ts';
import { invoiceAttachments } from './modules/receivables/invoice-files.ts';
import { sendInvoiceMails } from './modules/receivables/invoice-mails.service.ts';
import { receivablesModule } from './modules/receivables/receivables.module.ts';
import { reportsModule } from './modules/reports/reports.module.ts';
import { foldSalesRollups } from './modules/reports/rollup-reads.ts';
import { searchModule } from './modules/search/search.module.ts';
import { staffModule } from './modules/staff/staff.module.ts';
import { storeModule } from './modules/store/store.module.ts';
import { StoreSettings } from './modules/store/store-settings.ts';
import { type AppMetrics, registerMetrics } from './observability/metrics.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { HTTP_LIMITS, type HttpLimits, registerLoadShedding } from './plugins/load-shedding.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { SecretBox } from './security/secret-box.ts';
import { mediaFromBucketRoutes, mediaFromDiskRoutes } from './storage/media.routes.ts';
import { MediaStore } from './storage/media-store.ts';
import { DiskObjectStore, type ObjectStore } from './storage/object-store.ts';
import { PrivateStore } from './storage/private-store.ts';
import { StorageHealth, WatchedObjectStore } from './storage/storage-health.ts';

export interface AppDeps {
  database: Database;
  /**
   * Where files live (STORAGE_URL): `media/…` public catalogue pictures served at /media,
   * `private/…` buyers' documents, never served directly.
   */
  storage: ObjectStore;
  /** A directory on this machine where uploads land while they are checked. */
  uploadDir: string;
  /** The built SPA; when missing, only the API is served. */
  webDist?: string;
  storeName: string;
  storeShortName: string;
  production?: boolean;
  trustProxy?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The site's public address (links in mail, the allowed Origin behind a proxy). */
  publicUrl?: string;
  /** Cost of password hashing; OWASP's by default, cheaper in tests. */
  scryptCost?: ScryptCost;
  /** Secure cookies (HTTPS); on in production. */
  secureCookies?: boolean;
  /** The time, for expiry rules; tests pass a controlled clock. */
  clock?: () => Date;
  /** Where mail goes; by default it is printed to the log. */
  mailer?: Mailer;
  /** Turns GET /metrics on, answering only requests that carry this bearer token. */
  metricsToken?: string;
  /** Each instance's request ids start with this (random by default), so logs of several can be told apart. */
  instanceId?: string;
  /** Seals staff TOTP keys at rest; a random key (lost at exit) when not given, as in tests. */
  secretBox?: SecretBox;
  /** Timeouts and load shedding for slow, idle and greedy clients (HTTP_LIMITS by default). */
  http?: Partial<HttpLimits>;
}

export interface App extends FastifyInstance {
  catalogue: CatalogueCache;
  compliance: ComplianceCache;
  pricing: PricingCache;
  settings: StoreSettings;
  outbox: OutboxWorker;
  jobs: {
    expiryReminders: () => Promise<number>;
    invoiceMails: () => Promise<number>;
    salesRollups: () => Promise<number>;
  };
  events: UserEventBus;
  /** Changes written inside transactions (orders), heard after commit. */
  changes: ChangeFeed;
  /** Where files live (the data directory or a bucket). */
  storage: ObjectStore;
  /** Prometheus metrics, when METRICS_TOKEN turns them on. */
  metrics?: AppMetrics;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Request ids: this instance's prefix and a counter (cheap, unique across instances). Behind a
 * trusted proxy, a well-formed X-Request-Id from it is kept, so one id follows a request through.
 */
function requestIds(deps: AppDeps) {
  const prefix = deps.instanceId ?? randomBytes(4).toString('hex');
  let n = 0;
  return (req: IncomingMessage): string => {
    const given = deps.trustProxy ? req.headers['x-request-id'] : undefined;
    if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return `${prefix}-${(++n).toString(36)}`;
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The domain modules, each one Fastify plugin on the same dependencies, under /api/v1. */
const MODULES: AppModule[] = [
  catalogueModule,
  complianceModule,
  pricingModule,
  searchModule,
  accountsModule,
  companiesModule,
  eventsModule,
  cartModule,
  listsModule,
  alertsModule,
  ordersModule,
  receivablesModule,
  reportsModule,
  staffModule,
  storeModule,
  mailModule,
];

export async function buildApp(deps: AppDeps): Promise<App> {
  const limits = { ...HTTP_LIMITS, ...deps.http };
  const app = Fastify({
    // Slow clients: headers, then the whole request, must arrive in time; idle connections close.
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkEveryMs },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    // Bad input gets a 400 from our schemas; keep Fastify's own limits sane as well.
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Every log line of a request carries its id (reqId), and the answer names it (x-request-id).
    requestIdHeader: false,
    genReqId: requestIds(deps),
  }) as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerLoadShedding(app, limits);
  registerInputGuard(app);

  registerSecurityHeaders(app, { hsts: deps.production ?? false });
  await app.register(fastifyCookie);
  const moduleDeps = await startServices(app, deps);
  registerRequestContext(app, moduleDeps);
  registerOriginCheck(app, {
    publicOrigin: deps.publicUrl ? new URL(deps.publicUrl).origin : undefined,
    cookieName: moduleDeps.cookie.name,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${deps.storeName} API`,
        version: '1.0.0',
        description: 'Storefront API. Money is in integer cents.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  if (deps.metricsToken)
    app.decorate(
      'metrics',
      startMetrics(app, deps.database, moduleDeps.privateStore.health, deps.metricsToken),
    );
  await app.register(healthRoutes, { database: deps.database });

  await app.register(
    async (api) => {
      for (const module of MODULES) await api.register(module, moduleDeps);
    },
    { prefix: '/api/v1' },
  );

  await registerFiles(app, deps, moduleDeps.media, moduleDeps.privateStore.health);
  return app;
}

/** /metrics and the request counting, over this app's services. */
function startMetrics(
  app: App,
  database: Database,
  storage: StorageHealth | undefined,
  token: string,
): AppMetrics {
  const { outbox, events, catalogue, compliance, pricing, settings } = app;
  return registerMetrics(
    app,
    { database, storage, outbox, events, caches: { catalogue, compliance, pricing, settings } },
    token,
  );
}

/**
 * The services every module shares (catalogue read model, settings, outbox, events, mail), started
 * and stopped with the app, as the one dependencies object each module receives.
 */
async function startServices(app: App, deps: AppDeps): Promise<ModuleDeps> {
  const storeDefaults = { storeName: deps.storeName, shortName: deps.storeShortName };
  const catalogue = new CatalogueCache(deps.database);
  await catalogue.listen();
  app.decorate('catalogue', catalogue);
  app.addHook('onClose', async () => catalogue.close());
  const compliance = new ComplianceCache(deps.database);
  await compliance.listen();
  app.decorate('compliance', compliance);
  app.addHook('onClose', async () => compliance.close());
  const pricing = new PricingCache(deps.database);
  await pricing.listen();
  app.decorate('pricing', pricing);
  app.addHook('onClose', async () => pricing.close());
  const settings = new StoreSettings(deps.database, storeDefaults);
  await settings.listen();
  app.decorate('settings', settings);
  app.addHook('onClose', async () => settings.close());

  const cookie = cookieSettings(deps.secureCookies ?? deps.production ?? false);
  const clock = deps.clock ?? (() => new Date());
  const mailer = deps.mailer ?? logMailer((text) => app.log.info(text));
  const outbox = new OutboxWorker(deps.database.db, mailer, clock, {
    log: app.log,
    attach: (refs) => invoiceAttachments(deps.database.db, settings, refs),
  });
  app.decorate('outbox', outbox);
  const events = new UserEventBus(deps.database, app.log);
  await events.start();
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  // Once when the database goes out of reach and once when it is back, not on every request.
  deps.database.onConnection((event) =>
    event === 'lost'
      ? app.log.error('database: connection lost; serving the catalogue from memory, writes answer 503')
      : app.log.info('database: connection restored; listening again and catching up'),
  );
  // What orders write inside their transactions reaches the storefront and buyers' pages after commit.
  const changes = new ChangeFeed(deps.database, {
    shared: deps.database.kind === 'postgres',
    onError: (err) => app.log.error({ err }, 'change feed'),
  });
  changes.on(STOCK_CHANNEL, (payload) => catalogue.stockChanged(payload));
  changes.on(USER_EVENTS_CHANNEL, (payload) => events.deliver(payload));
  await changes.start();
  app.decorate('changes', changes);
  app.addHook('onClose', async () => changes.close());
  app.addHook('onClose', async () => outbox.stop());
  app.decorate('storage', deps.storage);
  // A full disk or a bucket that is down is logged once while it lasts, not per request.
  const storageHealth = new StorageHealth(app.log);
  const objects = new WatchedObjectStore(deps.storage, storageHealth);
  const privateStore = new PrivateStore(objects, deps.uploadDir, storageHealth);
  const mail = {
    storeName: deps.storeName,
    publicUrl: (deps.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
    // Sent moments later, off the request (a burst in one round); failures stay for the next.
    kick: () => outbox.kick(),
  };
  // Scheduled work, run by main.ts (and by tests, on their clock).
  app.decorate('jobs', {
    expiryReminders: () => sendExpiryReminders(deps.database.db, mail, clock()),
    invoiceMails: () =>
      sendInvoiceMails(deps.database.db, mail, async () => (await settings.get()).contact.phone, clock()),
    // Documents issued since the last fold, added to the sales rollups (decision 018).
    salesRollups: () => foldSalesRollups(deps.database.db),
  });
  // Every domain module gets the same dependencies and registers its storefront and staff routes.
  return {
    database: deps.database,
    db: deps.database.db,
    cookie,
    clock,
    mail,
    events,
    changes,
    settings,
    catalogue,
    compliance,
    pricing,
    privateStore,
    media: new MediaStore(objects),
    secretBox: deps.secretBox ?? SecretBox.random(),
    scryptCost: deps.scryptCost ?? OWASP_SCRYPT,
    issuer: deps.storeName,
  };
}

/** Catalogue pictures under /media, the built web app under /, and the 404 for everything else. */
async function registerFiles(app: App, deps: AppDeps, media: MediaStore, health?: StorageHealth) {
  // Media names carry a content hash: a changed picture gets a new URL, so a year's caching is safe.
  if (deps.storage instanceof DiskObjectStore) {
    const root = path.resolve(deps.storage.root('media'));
    await app.register(mediaFromDiskRoutes, { root, cacheControl: IMMUTABLE, health });
  } else {
    await app.register(mediaFromBucketRoutes, { media, cacheControl: IMMUTABLE });
  }

  const indexHtml = deps.webDist ? path.join(deps.webDist, 'index.html') : null;
  const hasSpa = indexHtml !== null && existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: deps.webDist!,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // /metrics is never a page, on or off (METRICS_TOKEN): without a token it is a plain 404.
    const isApi =
      url.startsWith('/api/') || url.startsWith('/media/') || url === '/api' || url === '/metrics';
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApi && !path.extname(url);
    if (hasSpa && wantsPage) {
      // Client routes (/categories, /product, …) are the SPA's; unknown ones it sends to /.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', deps.webDist!);
    }
    return reply.status(404).send({ message: messages.notFound });
  });
}
