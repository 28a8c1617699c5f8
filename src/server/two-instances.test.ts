/**
 * Two app instances on one PostgreSQL database, as behind a load balancer (docs/design.md, "Growing past
 * one machine"): what one does, the other sees at once. Runs in `npm run test:pg` (it needs the
 * PostgreSQL server: PGlite is one process's database).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { ProductBodySchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { createTestApp, type TestContext, testClock } from '#tests/test-app.ts';
import { type App, buildApp } from './app.ts';
import { openPostgres } from './db/client.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { companiesFixture } from './modules/companies/companies.fixture.ts';
import { ordersFixture } from './modules/orders/orders.fixture.ts';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
if (!onServer)
  console.log(
    'two-instances.test.ts: skipped — set TEST_DATABASE_URL (npm run test:pg) to run two instances on PostgreSQL',
  );

/** A mailer that records what it was asked to send. */
function recordingMailer(sent: string[]): Mailer {
  return {
    describe: () => 'recording',
    async send(mail) {
      sent.push(`${mail.to}|${mail.subject}`);
    },
    close() {},
  };
}

describe.skipIf(!onServer)('two instances on one PostgreSQL database', () => {
  const clock = testClock(new Date());
  const sentByA: string[] = [];
  const sentByB: string[] = [];
  let a: TestContext;
  let b: App;
  let closeB: () => Promise<void>;
  const { call, staffWithTotp } = staffHelpers(() => a, clock);
  const orders = ordersFixture(() => a);
  const companies = companiesFixture(() => a);
  const onB = (url: string, cookie?: string) =>
    b.inject({ url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    a = await createTestApp({ clock, mailer: recordingMailer(sentByA) });
    const database = await openPostgres(a.databaseUrl!, 4);
    b = await buildApp({ ...a.deps, database, mailer: recordingMailer(sentByB), instanceId: 'b' });
    await b.ready();
    closeB = async () => {
      await b.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await closeB?.();
    await a?.close();
  });

  async function productQuery(variantId: number) {
    const [row] = await a.database.query<{ c: string; b: string; p: string; product_id: number }>(
      `select c.slug as c, b.slug as b, p.slug as p, p.id as product_id from variants v
        join products p on p.id = v.product_id join brands b on b.id = p.brand_id
        join categories c on c.id = b.category_id where v.id = $1`,
      [variantId],
    );
    return {
      productId: row!.product_id,
      query: `categoryId=${row!.c}&brandId=${row!.b}&subBrandId=${row!.p}`,
    };
  }
  const productOnB = async (query: string) =>
    ProductDetailSchema.parse((await onB(`/api/v1/catalogue/product?${query}`)).json());
  const soon = { timeout: 3000, interval: 20 };

  it('a staff price change on A shows on B at once', async () => {
    const staff = await staffWithTotp();
    const variant = await orders.variantWith(50, 1000);
    const { productId, query } = await productQuery(variant.id);
    expect((await productOnB(query)).priceCents).toBe(1000);
    const admin = (await call('GET', `/api/v1/admin/catalogue/products/${productId}`, staff.cookie)).json();
    const saved = await call(
      'PUT',
      `/api/v1/admin/catalogue/products/${productId}`,
      staff.cookie,
      ProductBodySchema.parse({ ...admin, priceCents: 1234 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(async () => (await productOnB(query)).priceCents, soon).toBe(1234);
  });

  it('a session made on A works on B; stock an order takes on A shows on B', async () => {
    const buyer = await orders.verifiedBuyer({ documents: true });
    const session = await onB('/api/v1/auth/session', buyer.cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json().user?.id).toBe(buyer.user.id);
    const variant = await orders.variantWith(40, 500);
    const { query } = await productQuery(variant.id);
    const stockOnB = async () => (await productOnB(query)).variants.find((v) => v.sku === variant.sku)?.stock;
    await expect.poll(stockOnB, soon).toBe(40);
    expect((await orders.add(buyer.cookie, variant.sku, 7)).statusCode).toBe(200);
    const placed = await orders.call('POST', '/api/v1/orders', buyer.cookie, orders.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    await expect.poll(stockOnB, soon).toBe(33);
  });

  it("a cart change on A reaches the buyer's event stream on B", async () => {
    const buyer = await orders.verifiedBuyer();
    await b.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.server.address() as AddressInfo;
    let received = '';
    const req = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/v1/events',
      headers: { cookie: buyer.cookie },
    });
    const response = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    expect(response.statusCode).toBe(200);
    response.on('data', (chunk) => {
      received += chunk;
    });
    await expect.poll(() => received, soon).toContain(': connected');
    const variant = await orders.variantWith(10, 300);
    expect((await orders.add(buyer.cookie, variant.sku, 1)).statusCode).toBe(200);
    await expect.poll(() => received, soon).toContain('event: cart');
    req.destroy();
  });

  it('the sign-in limiter counts failures on both instances together', async () => {
    const buyer = await signUpBuyer(a.app);
    const attempt = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        remoteAddress: '10.123.45.67',
        headers: { origin: ORIGIN },
        payload: { email: buyer.body.email, password: 'not the password', rememberMe: false },
      });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await attempt(i % 2 ? b : a.app)).statusCode);
    expect(new Set(codes)).toEqual(new Set([401]));
    expect((await attempt(a.app)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
  });

  it('two outbox workers draining together send each mail exactly once', async () => {
    sentByA.length = 0;
    sentByB.length = 0;
    const emails: string[] = [];
    for (let i = 0; i < 24; i++) emails.push((await signUpBuyer(a.app)).body.email as string);
    await Promise.all([a.app.outbox.drain(), b.outbox.drain(), a.app.outbox.drain(), b.outbox.drain()]);
    await Promise.all([a.app.outbox.drain(), b.outbox.drain()]);
    const sent = [...sentByA, ...sentByB].filter((m) => emails.includes(m.split('|')[0]!));
    expect(sent).toHaveLength(24);
    expect(new Set(sent).size).toBe(24);
    const [{ n }] = (await a.database.query<{ n: string }>(
      `select count(*) as n from outbox where status <> 'sent' and "to" = any($1::text[])`,
      [emails],
    )) as [{ n: string }];
    expect(Number(n)).toBe(0);
  });

  it('a settings change on A crosses to B', async () => {
    const staff = await staffWithTotp();
    const current = (await call('GET', '/api/v1/admin/settings', staff.cookie)).json();
    const saved = await call('PUT', '/api/v1/admin/settings', staff.cookie, {
      ...current,
      deliveryFeeCents: current.deliveryFeeCents + 111,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(async () => (await onB('/api/v1/store')).json().deliveryFeeCents, soon)
      .toBe(current.deliveryFeeCents + 111);
  });

  it("an owner's change on A holds on B at the member's next request: removed is signed out, a viewer orders nothing", async () => {
    const c = await companies.company();
    const v = await orders.variantWith(50, 300);
    const orderOnB = (cookie: string) =>
      b.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { origin: ORIGIN, cookie },
        payload: orders.orderBody(),
      });
    // B remembers each member's session from an order placed there.
    for (const m of [c.buyer, c.viewer]) {
      await a.database.query("update company_members set role = 'buyer' where user_id = $1", [m.id]);
      await orders.add(m.cookie, v.sku, 1);
      expect((await orderOnB(m.cookie)).statusCode).toBe(201);
      await orders.add(m.cookie, v.sku, 1);
    }
    await companies.call('PATCH', `/api/v1/company/members/${c.viewer.id}`, c.owner.cookie, {
      role: 'viewer',
    });
    await companies.call('DELETE', `/api/v1/company/members/${c.buyer.id}`, c.owner.cookie);
    expect((await orderOnB(c.viewer.cookie)).statusCode).toBe(403);
    expect((await orderOnB(c.buyer.cookie)).statusCode).toBe(401);
    expect((await onB('/api/v1/orders', c.buyer.cookie)).statusCode).toBe(401);
    expect((await onB('/api/v1/orders', c.viewer.cookie)).statusCode).toBe(200);
  });

  it('an instance killed with SIGKILL mid-load leaves no partial order, and the other keeps serving', async () => {
    const variant = await orders.variantWith(1000, 200);
    const buyers = [];
    for (let i = 0; i < 12; i++) {
      const buyer = await orders.verifiedBuyer({ documents: true });
      expect((await orders.add(buyer.cookie, variant.sku, 2)).statusCode).toBe(200);
      buyers.push(buyer);
    }
    const child = await startInstance(a.databaseUrl!);
    // Every buyer checks out on the child, over and over (each order refills the cart first).
    let stop = false;
    const answers: number[] = [];
    const load = buyers.map(async (buyer) => {
      while (!stop) {
        try {
          await child.post('/api/v1/cart/items', buyer.cookie, {
            items: [{ variantId: variant.sku, quantity: 2 }],
          });
          answers.push(await child.post('/api/v1/orders', buyer.cookie, orders.orderBody()));
        } catch {
          return; // the connection died with the process
        }
      }
    });
    await expect
      .poll(() => answers.filter((c) => c === 201).length, { timeout: 20_000, interval: 10 })
      .toBeGreaterThan(5);
    child.kill();
    stop = true;
    await Promise.all(load);

    // Every order in the database is whole: its lines are there and add up to its totals.
    const broken = await a.database.query<{ id: number }>(
      `select o.id from orders o left join order_items i on i.order_id = o.id
        group by o.id
        having count(i.id) = 0 or o.subtotal_cents <> coalesce(sum(i.unit_price_cents * i.quantity), 0)
            or o.total_cents <> o.subtotal_cents + o.shipping_cents + o.excise_cents`,
    );
    expect(broken).toEqual([]);
    // Stock and what was sold still add up to what there was. Read in one statement (one snapshot):
    // an order the killed instance sent may still commit meanwhile, its connection gone or not.
    const [{ sold, stock }] = (await a.database.query<{ sold: string; stock: number }>(
      `select coalesce((select sum(quantity) from order_items where variant_id = v.id), 0) as sold, v.stock
         from variants v where v.id = $1`,
      [variant.id],
    )) as [{ sold: string; stock: number }];
    expect(stock + Number(sold)).toBe(1000);
    expect(Number(sold)).toBeGreaterThanOrEqual(2 * 6);
    // The other instance serves and takes orders as before.
    expect((await a.app.inject({ url: '/api/v1/catalogue/menu' })).statusCode).toBe(200);
    const buyer = buyers[0]!;
    await orders.add(buyer.cookie, variant.sku, 2);
    expect((await orders.call('POST', '/api/v1/orders', buyer.cookie, orders.orderBody())).statusCode).toBe(
      201,
    );
  });
});

/** `npm start` as a child process on the same database; `kill` sends SIGKILL. */
async function startInstance(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'smokestack-instance-')),
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      BUILD_WEB: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const m = /is running at http:\/\/localhost:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`instance exited ${code}: ${output}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true });
  return {
    post(url: string, cookie: string, body: unknown) {
      return new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${origin}${url}`,
          { method: 'POST', agent, headers: { cookie, origin, 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(body));
      });
    },
    kill() {
      child.kill('SIGKILL');
      agent.destroy();
    },
  };
}
