/**
 * The bench's server process: the real app on the large catalogue (port A), a bare Fastify app
 * answering constant JSON bodies (port B), and a stats endpoint with server-side timings.
 * Started by bench/run.ts; prints one JSON line with its ports when ready.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { openPglite } from '../src/server/db/client.ts';

const dataDir = process.argv[2]!;
const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
await database.migrate();
const app = await buildApp({
  database,
  mediaDir: path.join(dataDir, 'media'),
  privateDir: path.join(dataDir, 'private'),
  webDist: path.resolve('dist/web'),
  storeName: 'Bench Wholesale',
  storeShortName: 'Bench',
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
bare.post('/reset', () => {
  timings.clear();
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
