/**
 * The bench's server process: the real app on the large catalogue (port A), a bare Fastify app
 * answering constant JSON bodies (port B), and a stats endpoint with server-side timings.
 * Started by bench/run.ts; prints one JSON line with its ports when ready.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { everySecondAfter } from '../src/server/repeat.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite, openPostgres } from '../src/server/db/client.ts';
import { hashPassword } from '../src/server/modules/accounts/password.ts';
import { hashToken } from '../src/server/modules/accounts/session.service.ts';
import { DiskObjectStore } from '../src/server/storage/object-store.ts';
import { createOrderFixtures, type OrderFixtures } from './order-fixtures.ts';
import { RoundProfiler } from './round-profile.ts';

const dataDir = process.argv[2]!;
const profiler = new RoundProfiler(process.env.BENCH_CPU_PROFILE);
const queryTimes = new Map<string, { n: number; ms: number }>();
/** Time spent in each statement (by its first 90 characters), for GET /queries. */
function traced(key: string, t0: number) {
  const e = queryTimes.get(key) ?? { n: 0, ms: 0 };
  e.n++;
  e.ms += performance.now() - t0;
  queryTimes.set(key, e);
}
const statementKey = (q: unknown) =>
  String(typeof q === 'object' && q && 'text' in q ? q.text : q)
    .replace(/\s+/g, ' ')
    .slice(0, 90);
if (process.env.BENCH_TRACE_QUERIES) {
  // The PostgreSQL server's client: pg's Pool calls it with a callback, drizzle without one.
  const pgClient = (await import('pg')).default.Client.prototype as unknown as Record<string, unknown>;
  const pgQuery = pgClient.query as (...a: unknown[]) => unknown;
  pgClient.query = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    const key = statementKey(args[0]);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...r: unknown[]) => {
        traced(key, t0);
        return (last as (...x: unknown[]) => unknown)(...r);
      };
      return pgQuery.apply(this, args);
    }
    const out = pgQuery.apply(this, args);
    if (out instanceof Promise) void out.finally(() => traced(key, t0)).catch(() => {});
    return out;
  };
  // PGlite's thread: every statement, in a transaction or not, goes through query().
  const { PgliteThread } = await import('../src/server/db/pglite-thread.ts');
  const original = PgliteThread.prototype.query;
  PgliteThread.prototype.query = async function (this: unknown, ...args: Parameters<typeof original>) {
    const t0 = performance.now();
    try {
      return await original.apply(this as never, args);
    } finally {
      traced(statementKey(args[0]), t0);
    }
  } as typeof original;
}
// BENCH_DATABASE_URL: the PostgreSQL server (already seeded), with the app's pool (DATABASE_POOL_SIZE
// as the app reads it); otherwise PGlite in the data dir.
const database = process.env.BENCH_DATABASE_URL
  ? await openPostgres(
      process.env.BENCH_DATABASE_URL,
      loadConfig({ DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }).databasePoolSize,
    )
  : await openPglite({ dataDir: path.join(dataDir, 'pglite') });
await database.migrate();
const STORE_NAME = 'Bench Wholesale';
const app = await buildApp({
  // Confirmation mails still go through the outbox; the "SMTP server" accepts and forgets them.
  mailer: { describe: () => 'bench (discarded)', send: async () => {}, close() {} },
  database,
  storage: DiskObjectStore.inDataDir(dataDir),
  uploadDir: path.join(dataDir, 'tmp', 'uploads'),
  webDist: path.resolve('dist/web'),
  storeName: STORE_NAME,
  storeShortName: 'Bench',
  // BENCH_METRICS_TOKEN: /metrics on, every request counted (the bench's "metrics on" runs).
  metricsToken: process.env.BENCH_METRICS_TOKEN,
});
const timings = new Map<string, number[]>();
app.addHook('onResponse', (req, reply, done) => {
  const route = req.routeOptions.url ?? 'other';
  const list = timings.get(route);
  if (list) list.push(reply.elapsedTime);
  else timings.set(route, [reply.elapsedTime]);
  done();
});
const started = performance.now();
await app.catalogue.get();
const readModelMs = performance.now() - started;
await app.listen({ port: 0, host: '127.0.0.1' });

// The bare route: same framework, no work, a constant body of a given size.
const bare = Fastify();
const bodies = new Map<number, string>();
bare.get('/bare/:size', (req, reply) => {
  const size = Number((req.params as { size: string }).size);
  let body = bodies.get(size);
  if (!body) {
    body = JSON.stringify({ pad: 'x'.repeat(Math.max(0, size - 10)) });
    bodies.set(size, body);
  }
  reply.type('application/json').send(body);
});
bare.get('/stats', () => {
  const out: Record<string, { n: number; p50: number; p95: number; p99: number }> = {};
  for (const [route, list] of timings) {
    const s = [...list].sort((a, b) => a - b);
    const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
    out[route] = { n: s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99) };
  }
  return out;
});
/** Buyers with a verified email, each signed in (a session cookie); `each` sets one up further. */
async function buyersWithSessions(
  prefix: string,
  n: number,
  passwordHash: string,
  each: (id: string) => Promise<void> = async () => {},
): Promise<string[]> {
  const users = await database.query<{ id: string }>(
    `insert into users (email, password_hash, business_name, name, phone, is_completed, email_verified_at)
     select $1 || '-' || $2 || '-' || g || '@bench.example', $4, 'Bench Shop', 'Bench Buyer', '+15550100000', true, now()
     from generate_series(1, $3::int) g returning id`,
    [prefix, Date.now().toString(36), n, passwordHash],
  );
  const cookies: string[] = [];
  for (const u of users) {
    const token = randomBytes(32).toString('base64url');
    await database.query(
      `insert into sessions (token_hash, user_id, remember, expires_at) values ($1, $2, true, now() + interval '1 day')`,
      [hashToken(token), u.id],
    );
    await each(u.id);
    cookies.push(`sid=${token}`);
  }
  return cookies;
}
/**
 * The order desk's bench (decision 016): an admin past their second factor, and a company in the
 * newest customer group (the chain's, when /pricing/setup made one) with a location in Pennsylvania
 * licensed there, so each option is priced, taxed and judged; and SKUs to look up.
 */
bare.post('/desk/setup', async () => {
  const [staff] = await database.query<{ id: string }>(
    `insert into users (email, password_hash, business_name, name, phone, is_completed, email_verified_at, role, staff_role)
     values ('desk-' || $1 || '@bench.example', 'x', 'Bench Store', 'Bench Desk', '+15550100000', true, now(), 'staff', 'admin')
     returning id`,
    [Date.now().toString(36)],
  );
  const token = randomBytes(32).toString('base64url');
  await database.query(
    `insert into sessions (token_hash, user_id, remember, expires_at, second_factor_at)
     values ($1, $2, true, now() + interval '1 day', now())`,
    [hashToken(token), staff!.id],
  );
  const [owner] = await buyersWithSessions('desk-buyer', 1, 'x');
  const [company] = await database.query<{ id: string; owner: string }>(
    `select m.company_id as id, m.user_id as owner from company_members m join sessions s on s.user_id = m.user_id
      where s.token_hash = $1`,
    [hashToken(owner!.slice('sid='.length))],
  );
  const [location] = await database.query<{ id: string }>(
    `insert into addresses (user_id, company_id, name, street_address, city, state, zip_code, is_default)
     values ($1, $2, 'Bench shop', '1 Market St', 'Philadelphia', 'PA', '19106', true) returning id`,
    [company!.owner, company!.id],
  );
  for (const kind of ['sales_id', 'tobacco_license'])
    await database.query(
      `insert into documents (uploaded_by, company_id, location_id, kind, storage_key, original_name, content_type, size, md5, status, issuing_state)
       values ($1, $2, $3, $4, 'bench/' || $4, 'x.pdf', 'application/pdf', 1, 'x', 'verified', $5)`,
      [company!.owner, company!.id, location!.id, kind, kind === 'tobacco_license' ? 'PA' : null],
    );
  await database.query(
    `insert into company_groups (company_id, group_id) select $1, id from customer_groups order by id desc limit 1`,
    [company!.id],
  );
  await app.pricing.changed();
  const skus = await database.query<{ sku: string }>(
    `select v.sku from variants v join products p on p.id = v.product_id where not p.hidden order by random() limit 20`,
  );
  // Options to order and change again and again: plenty in stock, sold one by one, allowed in PA.
  const lines = await database.query<{ sku: string }>(
    `update variants set stock = 100000, min_quantity = 1, order_increment = 1, max_quantity = null
      where id in (select v.id from variants v join products p on p.id = v.product_id
        where not p.hidden and coalesce(p.compliance->>'kind', 'accessory') = 'accessory' order by v.id limit 3)
      returning sku`,
  );
  await app.catalogue.changed();
  return {
    cookie: `sid=${token}`,
    companyId: company!.id,
    skus: skus.map((r) => r.sku),
    orderSkus: lines.map((r) => r.sku),
  };
});
let fixtures: OrderFixtures | undefined;
bare.post('/orders/setup', async (req) => {
  fixtures = await createOrderFixtures(
    database,
    req.body as { buyers: number; pool: number; hotStock: number; companySize?: number },
  );
  return { cookies: fixtures.cookies };
});
/** Buyers whose password is real (one OWASP-cost hash, shared), each with a session: the hashing bench. */
bare.post('/hashing/setup', async (req) => {
  const { buyers, password } = req.body as { buyers: number; password: string };
  const hash = await hashPassword(password);
  const cookies = await buyersWithSessions('hash', buyers, hash);
  return { cookies };
});
/**
 * A customer group with a real price list — a percentage off every category, a fixed price with
 * two tiers for 5,000 options, one for 1,000 products — and buyers in it, each with a session:
 * grouped buyers' listing and product pages, priced from memory.
 */
bare.post('/pricing/setup', async (req) => {
  const { buyers } = req.body as { buyers: number };
  const [g] = await database.query<{ id: number }>(
    `insert into customer_groups (name) values ('Bench Chain ' || $1) returning id`,
    [Date.now().toString(36)],
  );
  await database.query(
    `insert into price_list_entries (group_id, scope, target_id, basis_points)
     select $1, 'category', id, 800 from categories`,
    [g!.id],
  );
  await database.query(
    `insert into price_list_entries (group_id, scope, target_id, price_cents, tiers)
     select $1, 'variant', v.id, (p.price_cents * 85 / 100)::int,
       jsonb_build_array(jsonb_build_object('minQuantity', 10, 'priceCents', (p.price_cents * 80 / 100)::int),
                         jsonb_build_object('minQuantity', 50, 'priceCents', (p.price_cents * 75 / 100)::int))
     from variants v join products p on p.id = v.product_id order by random() limit 5000`,
    [g!.id],
  );
  await database.query(
    `insert into price_list_entries (group_id, scope, target_id, price_cents)
     select $1, 'product', id, (price_cents * 90 / 100)::int from products order by random() limit 1000`,
    [g!.id],
  );
  const cookies = await buyersWithSessions('chain', buyers, 'x', async (id) => {
    await database.query('insert into customer_group_members (user_id, group_id) values ($1, $2)', [
      id,
      g!.id,
    ]);
  });
  await app.pricing.changed();
  // A quick order of 200 lines for these buyers: in-stock options of 200 products, a few quantities
  // above stock, a few unknown SKUs (what a pasted spreadsheet holds).
  const options = await database.query<{ sku: string; stock: number }>(
    `select distinct on (v.product_id) v.sku, v.stock from variants v join products p on p.id = v.product_id
      where not p.hidden and v.stock > 0 order by v.product_id, random() limit 190`,
  );
  const lines = options.map((o, i) => `${o.sku} ${i % 20 === 0 ? o.stock + 1 : 1 + (i % 3)}`);
  for (let i = 0; i < 10; i++) lines.push(`NO-SUCH-SKU-${i} 2`);
  return { cookies, quickOrder: lines.join('\n') };
});
/**
 * Fills the carts for the next timed round, after the last round's confirmation mails have gone
 * and the change feed has caught up: each round pays for the mail and stock news of its own
 * orders, not for what an earlier round (over HTTP or direct) left behind.
 */
/**
 * Sends every queued mail and brings the change feed up to date; the seconds it took. Each timed
 * round ends with it (over HTTP and direct alike): an order's work is done when its confirmation
 * has gone and every page has heard of its stock, not when the last answer came back. Otherwise
 * a round that keeps the database busier leaves more of that work behind, untimed.
 */
async function settle(): Promise<number> {
  const t0 = performance.now();
  while ((await app.outbox.drain()) > 0);
  app.changes.wake();
  await app.changes.settled();
  return (performance.now() - t0) / 1000;
}
bare.post('/orders/settle', async () => ({ seconds: await settle() }));
bare.post('/orders/fill', async (req) => {
  await profiler.stop();
  await settle();
  const carts = await fixtures!.fill((req.body as { hotShare: number }).hotShare);
  // The next call is an HTTP round (or /reset before cart reads, or /orders/direct): both stop it.
  await profiler.start('http');
  return { carts };
});
bare.get('/orders/check', async () => {
  await profiler.stop();
  return fixtures!.check();
});
/**
 * place_order straight; each order placed kicks the mail and the change feed, as the route does
 * (`kicks: false`: neither, their polls find the orders). The round's time includes settling.
 */
bare.post('/orders/direct', async (req) => {
  await profiler.stop();
  const { concurrency, kicks } = req.body as { concurrency: number; kicks: boolean };
  const round = await fixtures!.direct(
    concurrency,
    // No PUBLIC_URL here (the load comes from 127.0.0.1): the app's mail links to its default.
    { storeName: STORE_NAME, publicUrl: 'http://localhost:3000' },
    () => {
      if (!kicks) return;
      app.outbox.kick();
      app.changes.committed();
    },
    () => profiler.start(kicks ? 'direct' : 'direct-no-kicks'),
  );
  round.seconds += await settle();
  await profiler.stop();
  return round;
});
/**
 * The state rules and excise rates on (as seeded) or off (every rule and rate retired), to measure
 * what judging orders by them costs; the code path is the same either way.
 */
bare.post('/compliance', async (req) => {
  const on = (req.body as { on: boolean }).on;
  await database.query('update compliance_rules set retired = $1', [!on]);
  await database.query('update excise_rates set retired = $1', [!on]);
  await database.query('update compliance_version set version = version + 1');
  await app.compliance.changed();
  return {};
});
/**
 * The sales rollups on or off (decision 018): what keeping the reports costs an order. On, the
 * trigger queues each document and the job folds the queue a second after each fold, as main.ts runs
 * it; off, neither.
 */
let rollupsOn = true;
everySecondAfter(
  async () => {
    if (rollupsOn) await app.jobs.salesRollups();
  },
  (err) => console.error('sales rollups', err),
);
bare.post('/rollups', async (req) => {
  rollupsOn = (req.body as { on: boolean }).on;
  await database.query(`alter table invoices ${rollupsOn ? 'enable' : 'disable'} trigger invoices_roll_up`);
  return {};
});
bare.get('/queries', () =>
  [...queryTimes]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 25)
    .map(([q, e]) => `${e.n}\t${e.ms.toFixed(0)}ms\t${q}`),
);
/** The server process's CPU time so far (ms): the driver takes differences around its runs. */
bare.get('/cpu', () => {
  const used = process.cpuUsage();
  return { cpuMs: (used.user + used.system) / 1000 };
});
/** The timed ordering rounds' CPU by part and kind of round, since the last /reset. */
bare.get('/orders/cpu', async () => {
  await profiler.stop(); // the last HTTP round is still open until now
  return Object.fromEntries(profiler.split);
});
bare.post('/reset', async () => {
  await profiler.stop();
  profiler.split.clear();
  timings.clear();
  queryTimes.clear();
  return {};
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const port = (s: typeof bare) => (s.server.address() as { port: number }).port;
console.log(JSON.stringify({ appPort: port(app as never), barePort: port(bare), readModelMs }));
process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
