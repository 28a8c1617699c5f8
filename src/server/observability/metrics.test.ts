import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { loggerOptions } from '#server/plugins/logging.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { createTestApp, type TestContext } from '#tests/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const lines: string[] = [];
let t: TestContext;
let plain: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    deps: { metricsToken: TOKEN, trustProxy: true, instanceId: 'inst-a' },
    logger: loggerOptions('info', { write: (line: string) => void lines.push(line) }),
  });
  plain = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};
/** The value of one series in Prometheus' text format, or undefined. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('answers only with the bearer token; without METRICS_TOKEN it does not exist', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().message).toBe('Metrics need the bearer token set in METRICS_TOKEN.');
    }
    // A session is not the token: a buyer's cookie is refused like anyone's.
    const buyer = await signUpBuyer(t.app);
    expect((await t.app.inject({ url: '/metrics', headers: { cookie: buyer.cookie } })).statusCode).toBe(401);
    expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect(
      (await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
    // Not part of the API reference.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('counts requests by route template and status, with latency, never by raw URL', async () => {
    const before = await scrape();
    const menu = 'http_requests_total{method="GET",route="/api/v1/catalogue/menu",status="200"}';
    const start = value(before, menu) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/v1/catalogue/menu' });
    await t.app.inject({ url: '/api/v1/no/such/thing/12345' });
    await t.app.inject({ url: '/api/v1/catalogue/product?productId=999999999' });
    const after = await scrape();
    expect(value(after, menu)).toBe(start + 3);
    expect(
      value(after, 'http_requests_total{method="GET",route="(unmatched)",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    // No label holds a raw URL or its ids (a value such as a byte count may hold any digits).
    const labels = after.match(/\{[^}]*\}/g) ?? [];
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.filter((l) => l.includes('12345') || l.includes('999999999') || l.includes('?'))).toEqual(
      [],
    );
    expect(
      value(after, 'http_request_duration_seconds_count{method="GET",route="/api/v1/catalogue/menu"}'),
    ).toBe(start + 3);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/catalogue\/menu"\} \d+/,
    );
  });

  it('reports orders refused, the outbox, SSE clients, read models, the process', async () => {
    const buyer = await signUpBuyer(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { origin: ORIGIN, cookie: buyer.cookie, 'idempotency-key': 'k-1234567890abcdef' },
      payload: { shippingMethod: 'pickup', comments: '' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await t.app.catalogue.get();
    // A mail waiting out its retry back-off is pending (the sign-up's own mail may already be sent:
    // its kick drains the outbox 25 ms later).
    await enqueueMail(
      t.database.db,
      { to: 'later@example.com', subject: 'Later', text: 'later', html: '<p>later</p>' },
      new Date(Date.now() + 3_600_000),
    );
    const text = await scrape();
    expect(value(text, `orders_total{outcome="refused",status="${refused.statusCode}"}`)).toBe(1);
    expect(value(text, 'outbox_mails{status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'outbox_mails{status="failed"}')).toBe(0);
    expect(value(text, 'outbox_send_failures_total')).toBe(0);
    expect(value(text, 'sse_clients')).toBe(0);
    expect(value(text, 'read_model_age_seconds{model="catalogue"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'read_model_load_seconds{model="catalogue"}')).toBeGreaterThan(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(value(text, 'database_listening')).toBe(1);
    expect(value(text, 'storage_trouble{trouble="disk-full"}')).toBe(0);
    expect(value(text, 'storage_trouble{trouble="object-store"}')).toBe(0);
    if (t.database.kind === 'postgres')
      expect(value(text, 'db_pool_connections{state="open"}')).toBeGreaterThan(0);
  });
});

describe('request ids', () => {
  it('each answer names its id, and every log line of that request carries it', async () => {
    const a = await t.app.inject({ url: '/api/v1/catalogue/menu' });
    const b = await t.app.inject({ url: '/api/v1/catalogue/menu' });
    const ids = [a.headers['x-request-id'], b.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^inst-a-[0-9a-z]+$/);
    expect(ids[0]).not.toBe(ids[1]);
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const mine = logged.filter((l) => l.reqId === ids[0]);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    const unrelated = (await plain.app.inject({ url: '/api/v1/catalogue/menu' })).headers['x-request-id'];
    expect(unrelated).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });

  it('behind a trusted proxy its well-formed X-Request-Id is kept; anything else is replaced', async () => {
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.9:1' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.9:1');
    for (const bad of ['has space', 'x'.repeat(65), 'new\nline', '<script>'])
      expect(
        (await t.app.inject({ url: '/healthz', headers: { 'x-request-id': bad } })).headers['x-request-id'],
      ).toMatch(/^inst-a-/);
    // Without proxy trust a caller cannot choose its id.
    const ignored = await plain.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'chosen-by-caller' },
    });
    expect(ignored.headers['x-request-id']).not.toBe('chosen-by-caller');
  });
});
