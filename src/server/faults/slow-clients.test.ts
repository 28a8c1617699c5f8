/**
 * Slow and greedy clients against a real listening server (docs/operations.md, "Slow and greedy
 * clients"): headers or a body trickled a byte at a time are cut off by the timeouts; idle
 * keep-alive connections are closed when connections near the limit and after their idle time;
 * a flood beyond capacity is answered 503 with Retry-After at once instead of queueing; a lagging
 * event loop sheds load; health checks are answered throughout. The limits are lowered here
 * (HTTP_LIMITS has the production values) so that each takes a second, not a minute.
 */
import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { createTestApp, type TestContext } from '#tests/test-app.ts';

const LIMITS = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  keepAliveTimeoutMs: 60_000,
  checkEveryMs: 200,
  maxConnections: 100,
  maxInFlight: 20,
  maxEventLoopDelayMs: 200,
};

/** Requests at once in the flood: beyond maxInFlight, within maxConnections. */
const FLOOD = 90;

let t: TestContext;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ deps: { http: LIMITS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a connection of its own: status, headers and body. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; at: number }>(
    (resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body, at: performance.now() }),
        );
      });
      req.on('error', reject);
    },
  );
}

/** A raw connection that sends `head` at once, then `trickle` one byte every `everyMs`: what came back, and when it closed. */
function trickle(head: string, trickleText: string, everyMs: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  const started = performance.now();
  socket.setEncoding('utf8');
  socket.on('data', (d) => (answer += d));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(performance.now() - started)),
  );
  socket.write(head);
  let i = 0;
  const timer = setInterval(() => {
    if (i < trickleText.length && !socket.destroyed) socket.write(trickleText[i++]!);
  }, everyMs);
  return {
    closed: closed.then((ms) => {
      clearInterval(timer);
      return { ms, answer };
    }),
    destroy: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('slow and greedy clients', () => {
  it('headers trickled a byte at a time: cut off after the headers timeout, while others are served', async () => {
    const slow = trickle('GET /healthz HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1234567890'.repeat(10), 250);
    const others = [];
    for (let i = 0; i < 5; i++) {
      others.push(await get('/healthz'));
      await sleep(100);
    }
    const { ms, answer } = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(20_000); // Node's own default would keep it for a minute or more
    expect(others.map((o) => o.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('a body trickled a byte at a time: cut off after the request timeout', async () => {
    const body = JSON.stringify({ email: 'someone@shop.example', password: 'x'.repeat(200) });
    const slow = trickle(
      `POST /api/v1/auth/signin HTTP/1.1\r\nHost: localhost:80\r\nOrigin: ${ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      250,
    );
    const { ms, answer } = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(20_000); // Fastify's default has no request timeout at all
  });

  it('idle keep-alive connections do not crowd out new clients: closed as connections near the limit', async () => {
    // 150 clients one after another, each keeping its connection open and idle after its request
    // (their keep-alive time, 60 s, is far off); the limit is 100 connections.
    const agents: http.Agent[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const agent = new http.Agent({ keepAlive: true });
      agents.push(agent);
      statuses.push(
        await new Promise<number>((resolve) => {
          http
            .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            })
            .on('error', () => resolve(0));
        }),
      );
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await get('/healthz')).status).toBe(200);
    for (const agent of agents) agent.destroy();
  });

  it('a flood beyond capacity is answered 503 with Retry-After at once, not queued; health checks still answer', async () => {
    const buyer = await signUpBuyer(t.app);
    // Hold the buyers' carts for a while (the embedded database whole): every cart read waits.
    const held = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table cart_items in access exclusive mode`);
      await tx.execute(sql`select pg_sleep(3)`);
    });
    await sleep(100);
    const flood = Array.from({ length: FLOOD }, () =>
      get('/api/v1/cart', { cookie: buyer.cookie, origin: ORIGIN }),
    );
    await sleep(300);
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    await held;
    const answers = await Promise.all(flood);
    const shed = answers.filter((a) => a.status === 503);
    const served = answers.filter((a) => a.status === 200);
    expect(served.length + shed.length).toBe(FLOOD);
    // At most maxInFlight were let in to wait for the database; the rest were told to come back.
    expect(served.length).toBeLessThanOrEqual(LIMITS.maxInFlight);
    expect(shed.length).toBeGreaterThanOrEqual(FLOOD - LIMITS.maxInFlight);
    for (const a of shed) {
      expect(a.headers['retry-after']).toBe('2');
      expect(JSON.parse(a.body)).toEqual({ message: messages.busy });
    }
    // Shed at once: every refusal came before the first answer the database had held.
    const firstServed = Math.min(...served.map((a) => a.at));
    expect(Math.max(...shed.map((a) => a.at))).toBeLessThan(firstServed);
    // And the store serves again once the flood is over.
    expect((await get('/api/v1/cart', { cookie: buyer.cookie, origin: ORIGIN })).status).toBe(200);
  });

  it('an event loop lagging past its limit sheds requests (503), health checks still answer', async () => {
    // A runaway computation: the loop stalls 400 ms at a time, for three seconds.
    const stalled = (async () => {
      const until = performance.now() + 3_000;
      while (performance.now() < until) {
        const block = performance.now();
        while (performance.now() - block < 400);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answers: { path: string; status: number; retryAfter?: string }[] = [];
    const asking = (async () => {
      for (let i = 0; i < 30; i++)
        for (const path of ['/api/v1/catalogue/menu', '/healthz']) {
          const res = await get(path);
          answers.push({
            path,
            status: res.status,
            retryAfter: res.headers['retry-after'] as string | undefined,
          });
        }
    })();
    await Promise.all([stalled, asking]);
    const shed = answers.filter((a) => a.path !== '/healthz' && a.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.every((a) => a.retryAfter === '2')).toBe(true);
    expect(answers.filter((a) => a.path === '/healthz' && a.status !== 200)).toEqual([]);
  });
});
