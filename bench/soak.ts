/**
 * `npm run soak` (not part of `npm test`): two instances of the store (`src/server/main.ts`, as
 * deployed) on one PostgreSQL database, a mixed load — 80% browsing and search, 15% cart, 5%
 * checkout — first flat out for SOAK_CEILING_SECONDS (default 30) to measure the ceiling, then at
 * half of it for SOAK_MINUTES (default 10). Prints the 5xx count (must be 0), p50/p99 per kind and
 * each instance's resident memory after the soak's first minute and at its end (flat within 10%),
 * and every minute; exits 1
 * when either fails. BENCH_PG_URL (default as `test:pg`) names the server; the soak makes its own
 * database there and drops it after. SOAK_SIZE: the catalogue (demo, small, large; default small).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { adminUrl, databaseUrl } from '../tests/pg-urls.ts';
import { requestMixes } from './catalogue-bench.ts';
import { createOrderFixtures } from './order-fixtures.ts';

const PG_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CEILING_SECONDS = Number(process.env.SOAK_CEILING_SECONDS ?? 30);
const SIZE = process.env.SOAK_SIZE ?? 'small';
const WORKERS = 24;
const BUYERS = 300;
type Kind = 'browse' | 'cart' | 'checkout';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl(PG_URL), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Instance {
  url: string;
  child: ChildProcess;
}

async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('is running at')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`an instance exited (${code}) before it was ready: ${out}`)),
    );
  });
  child.stdout!.resume();
  return { url: `http://127.0.0.1:${port}`, child };
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

class Recorder {
  readonly times: Record<Kind, number[]> = { browse: [], cart: [], checkout: [] };
  readonly statuses = new Map<string, number>();
  errors = 0;
  fiveHundreds = 0;
  record(kind: Kind, ms: number, status: number) {
    this.times[kind].push(ms);
    const key = `${kind} ${status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (status >= 500) this.fiveHundreds++;
  }
  get total() {
    return this.times.browse.length + this.times.cart.length + this.times.checkout.length;
  }
}

const pct = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))]! : Number.NaN;
};

/** The load: WORKERS at once, each request to the next instance in turn; `rate` per second, or flat out. */
async function load(
  instances: Instance[],
  seconds: number,
  rate: number | null,
  mix: { paths: string[]; cookies: string[]; skus: string[] },
  onMinute?: (minute: number, r: Recorder) => void,
): Promise<Recorder> {
  const r = new Recorder();
  const start = performance.now();
  const end = start + seconds * 1000;
  let sent = 0;
  let turn = 0;
  let minute = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const call = async (kind: Kind, url: string, init: RequestInit = {}) => {
    const t0 = performance.now();
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      r.record(kind, performance.now() - t0, res.status);
    } catch {
      r.errors++;
    }
  };
  const worker = async () => {
    while (performance.now() < end) {
      if (rate) {
        const at = start + (sent++ * 1000) / rate;
        const wait = at - performance.now();
        if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      }
      const base = instances[turn++ % instances.length]!.url;
      const cookie = pick(mix.cookies);
      const headers = { cookie, origin: base, 'content-type': 'application/json' };
      const roll = Math.random();
      if (roll < 0.8)
        await call('browse', `${base}${pick(mix.paths)}`, Math.random() < 0.5 ? { headers } : {});
      else if (roll < 0.95) {
        if (Math.random() < 0.5) await call('cart', `${base}/api/v1/cart`, { headers });
        else {
          const items = [{ variantId: pick(mix.skus), quantity: 1 }];
          await call('cart', `${base}/api/v1/cart/items`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ items }),
          });
        }
      } else {
        // Checkout: one option in the cart, then the order (timed as checkout).
        const items = [{ variantId: pick(mix.skus), quantity: 1 }];
        await fetch(`${base}/api/v1/cart/items`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ items }),
        }).then(
          (res) => res.arrayBuffer(),
          () => r.errors++,
        );
        const body = {
          shippingDetails: {
            name: 'Soak Buyer',
            businessName: 'Soak Shop',
            address: '1 Soak St',
            city: 'Dallas',
            state: 'TX',
            postalCode: '75201',
          },
          shippingType: 'Shiptoaddress',
          comments: '',
          idempotencyKey: randomUUID(),
        };
        await call('checkout', `${base}/api/v1/orders`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
      }
      const m = Math.floor((performance.now() - start) / 60_000);
      if (m > minute) {
        minute = m;
        onMinute?.(m, r);
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return r;
}

function report(r: Recorder, seconds: number) {
  for (const kind of ['browse', 'cart', 'checkout'] as const) {
    const t = r.times[kind];
    console.log(
      `  ${kind.padEnd(9)} ${String(t.length).padStart(7)} requests  p50 ${pct(t, 0.5).toFixed(1)} ms  p99 ${pct(t, 0.99).toFixed(1)} ms`,
    );
  }
  console.log(
    `  ${(r.total / seconds).toFixed(0)} req/s; answers: ${JSON.stringify(Object.fromEntries([...r.statuses].sort()))}`,
  );
  console.log(`  5xx: ${r.fiveHundreds}; network errors: ${r.errors}`);
}

async function main() {
  const name = `smokestack_soak_${Date.now().toString(36)}`;
  try {
    await admin(`create database ${name}`);
  } catch (err) {
    console.error(`soak: no PostgreSQL server answers at ${adminUrl(PG_URL)} (${(err as Error).message})`);
    process.exit(1);
  }
  const url = databaseUrl(PG_URL, name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-soak-'));
  const instances: Instance[] = [];
  try {
    console.log(`soak: seeding the ${SIZE} catalogue…`);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/seed.ts', '--size', SIZE],
      {
        env: { ...process.env, ...env },
        stdio: 'inherit',
      },
    );
    if (seeded.status !== 0) throw new Error('seeding failed');
    const database = await openPostgres(url, 2);
    const fixtures = await createOrderFixtures(database, { buyers: BUYERS, pool: 300, hotStock: 1_000_000 });
    const skus = (
      await database.query<{ sku: string }>('select sku from variants where stock >= 1000000')
    ).map((v) => v.sku);
    await database.close();

    const common = {
      ...env,
      SEED_DEMO: 'false',
      BUILD_WEB: 'false',
      SECRET_KEY: randomBytes(32).toString('hex'),
    };
    instances.push(await startInstance(common), await startInstance(common));
    const { productPaths, listingPaths, searchPaths } = await requestMixes(instances[0]!.url);
    const mix = {
      paths: [...productPaths, ...listingPaths, ...searchPaths, '/api/v1/catalogue/menu'],
      cookies: fixtures.cookies,
      skus,
    };

    console.log(
      `soak: measuring the ceiling (${CEILING_SECONDS} s flat out, ${WORKERS} at once, two instances)…`,
    );
    const ceiling = await load(instances, CEILING_SECONDS, null, mix);
    const ceilingRate = ceiling.total / CEILING_SECONDS;
    report(ceiling, CEILING_SECONDS);
    const rate = Math.max(1, Math.floor(ceilingRate / 2));
    console.log(
      `soak: ${MINUTES} min at ${rate} req/s (half the ceiling); resident memory now ${instances.map((i) => `${rssMb(i.child.pid!).toFixed(0)} MB`).join(', ')}`,
    );
    // The start is read after the first minute: the flat-out run leaves garbage a first collection clears.
    let rssStart = instances.map((i) => rssMb(i.child.pid!));
    const soak = await load(instances, MINUTES * 60, rate, mix, (m, r) => {
      const now = instances.map((i) => rssMb(i.child.pid!));
      if (m === 1) rssStart = now;
      console.log(
        `  minute ${m}: ${r.total} requests, 5xx ${r.fiveHundreds}, memory ${now.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}`,
      );
    });
    const rssEnd = instances.map((i) => rssMb(i.child.pid!));
    console.log('soak: done');
    report(soak, MINUTES * 60);
    const growth = rssEnd.map((end, i) => end / rssStart[i]! - 1);
    for (const [i, start] of rssStart.entries())
      console.log(
        `  instance ${'AB'[i]}: resident memory ${start.toFixed(0)} MB → ${rssEnd[i]!.toFixed(0)} MB (${(growth[i]! * 100).toFixed(1)}%)`,
      );
    const failed =
      soak.fiveHundreds > 0 || ceiling.fiveHundreds > 0 || soak.errors > 0 || growth.some((g) => g > 0.1);
    console.log(failed ? 'soak: FAILED (5xx, network errors or memory growth over 10%)' : 'soak: passed');
    process.exitCode = failed ? 1 : 0;
  } finally {
    for (const i of instances) i.child.kill('SIGTERM');
    await Promise.all(
      instances.map(
        (i) => new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.once('exit', r))),
      ),
    );
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
