import Fastify from 'fastify';
import autocannon from 'autocannon';
const ascii = JSON.stringify({ pad: 'x'.repeat(4300) });
const always: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cache-control': 'no-cache',
  etag: 'W/"abcdefghijk.123"',
  vary: 'Cookie',
};
const app = Fastify();
app.get('/a', (_q, r) => r.type('application/json').send(ascii));
app.get('/h', (_q, r) => r.headers(always).type('application/json').send(ascii));
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
for (let i = 0; i < 2; i++)
  for (const p of ['/a', '/h']) {
    const r = await autocannon({ url: url + p, connections: 50, duration: 5 });
    console.log(p, r.requests.average.toFixed(0));
  }
await app.close();
