import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendEach } from './keep-alive-load.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A keep-alive server whose answers depend on the request: what the ordering rounds meet. */
async function start(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => resolve(body));
  });

describe('sendEach (the ordering rounds’ load generator)', () => {
  it('sends every request once with its headers and body, and counts the answers by status', async () => {
    const seen: { cookie?: string; body: string; path?: string }[] = [];
    const app = await start(async (req, res) => {
      const body = await readBody(req);
      seen.push({ cookie: req.headers.cookie, body, path: req.url });
      const n = Number(JSON.parse(body).n);
      const answer = JSON.stringify({ n, pad: 'x'.repeat(n * 500) });
      // Odd ones: refused, with a body long enough to arrive in several reads.
      res.writeHead(n % 2 ? 409 : 201, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(answer),
      });
      res.end(answer);
    });
    const requests = Array.from({ length: 40 }, (_, n) => ({
      method: 'POST' as const,
      path: '/api/v1/orders',
      headers: { cookie: `sid=${n}`, 'content-type': 'application/json' },
      body: JSON.stringify({ n, name: 'Café — Bench' }),
    }));
    const r = await sendEach(app, requests, 3);
    expect(r.total).toBe(40);
    expect(r.codes).toEqual({ '201': 20, '409': 20 });
    expect(r.latencies).toHaveLength(40);
    expect(r.latencies).toEqual([...r.latencies].sort((a, b) => a - b));
    expect(seen.map((s) => s.cookie).sort()).toEqual(requests.map((q) => q.headers.cookie).sort());
    expect(seen.every((s) => s.path === '/api/v1/orders' && JSON.parse(s.body).name === 'Café — Bench')).toBe(
      true,
    );
  });

  it('reads chunked answers and answers sent in pieces', async () => {
    const app = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }); // no length: chunked
      res.write('first part, ');
      setTimeout(() => res.end('and the last'), 5);
    });
    const r = await sendEach(
      app,
      Array.from({ length: 6 }, () => ({ method: 'GET' as const, path: '/cart', headers: {} })),
      2,
    );
    expect(r.codes).toEqual({ '200': 6 });
  });

  it('fails when the server closes a connection instead of answering', async () => {
    const app = await start((req) => req.socket.destroy());
    await expect(sendEach(app, [{ method: 'GET', path: '/', headers: {} }], 1)).rejects.toThrow(/closed/);
  });
});
