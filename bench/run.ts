/**
 * `npm run bench`: seeds the large catalogue (≥100,000 variants) into a temporary DATA_DIR,
 * starts bench/server.ts, and measures with autocannon on 127.0.0.1, each endpoint beside a bare
 * Fastify route returning a constant body of the same size. Prints a table; not a test.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function sh(cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-bench-'));
let child: ChildProcess | undefined;
try {
  console.log('bench: building the web app…');
  sh('npx', ['vite', 'build', '--logLevel', 'warn']);
  console.log('bench: seeding the large catalogue…');
  const seedStart = Date.now();
  sh('npx', ['tsx', 'src/server/cli/seed.ts', '--size', 'large'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const seedSeconds = (Date.now() - seedStart) / 1000;

  child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ appPort: number; barePort: number; readModelMs: number }>(
    (resolve, reject) => {
      let buf = '';
      child!.stdout!.on('data', (d) => {
        buf += d;
        const line = buf.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line));
      });
      child!.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
    },
  );
  const app = `http://127.0.0.1:${ready.appPort}`;
  const bare = `http://127.0.0.1:${ready.barePort}`;

  // Request mixes: many products, listings and queries, so no single cached answer is measured.
  const listing = (await (
    await fetch(`${app}/api/v1/catalogue/listing?categoryId=ALL&pageSize=60`)
  ).json()) as {
    items: { id: string; categoryId: string; brandId: string }[];
  };
  const menu = (await (await fetch(`${app}/api/v1/catalogue/menu`)).json()) as {
    categories: { id: string; brands: { id: string }[] }[];
  };
  const productPaths: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const l = (await (
      await fetch(`${app}/api/v1/catalogue/listing?categoryId=ALL&pageSize=20&page=${page * 37}`)
    ).json()) as typeof listing;
    for (const i of l.items)
      productPaths.push(
        `/api/v1/catalogue/product?categoryId=${i.categoryId}&brandId=${i.brandId}&subBrandId=${i.id}`,
      );
  }
  const listingPaths = menu.categories.flatMap((c) => [
    `/api/v1/catalogue/listing?categoryId=${c.id}`,
    `/api/v1/catalogue/listing?categoryId=${c.id}&page=3`,
    `/api/v1/catalogue/listing?categoryId=${c.id}&brandId=${c.brands[0]!.id}&inStock=true`,
  ]);
  listingPaths.push(
    '/api/v1/catalogue/listing?categoryId=ALL&page=250',
    '/api/v1/catalogue/listing?categoryId=Smoke%20Shop&page=2',
  );
  const queries = [
    'mango ice',
    'nimbusbar',
    'blue dream',
    'grinder',
    'kratom',
    'papers',
    'beaker',
    'red bali',
    'pod kit',
    'ice',
    'series 7',
    'helix',
    'mylar',
    'quartz',
    'zzqq',
    'cool mint',
    '10000 puffs',
    'delta-8',
    'rose gold',
    'tank x1',
  ];
  const searchPaths = queries.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`);

  async function averageSize(paths: string[]): Promise<number> {
    let total = 0;
    for (const p of paths) total += (await (await fetch(app + p)).text()).length;
    return Math.round(total / paths.length);
  }

  async function cannon(url: string, paths: string[]) {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    if (result.non2xx || result.errors)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  }

  type Run = Awaited<ReturnType<typeof cannon>>;
  type Percentiles = { p50: number; p95: number; p99: number };
  const meanOf = (x: Run, y: Run): Run => ({
    rps: (x.rps + y.rps) / 2,
    p50: Math.max(x.p50, y.p50),
    p99: Math.max(x.p99, y.p99),
  });
  const rows: string[][] = [];
  const serverSide: Record<string, Percentiles> = {};
  for (const [name, paths, route] of [
    ['product detail', productPaths, '/api/v1/catalogue/product'],
    ['listing', listingPaths, '/api/v1/catalogue/listing'],
    ['search', searchPaths, '/api/v1/search'],
  ] as const) {
    const size = await averageSize([...paths]);
    await cannon(app, [...paths].slice(0, 5)); // warm-up
    await fetch(`${bare}/reset`, { method: 'POST' });
    // Two rounds, interleaved, averaged: the load generator shares the 2 cores, so single runs drift.
    const a1 = await cannon(app, [...paths]);
    const b1 = await cannon(bare, [`/bare/${size}`]);
    const a2 = await cannon(app, [...paths]);
    const b2 = await cannon(bare, [`/bare/${size}`]);
    const stats = (await (await fetch(`${bare}/stats`)).json()) as Record<string, Percentiles>;
    serverSide[name] = stats[route]!;
    const measured = meanOf(a1, a2);
    const baseline = meanOf(b1, b2);
    rows.push([
      name,
      `${size} B`,
      measured.rps.toFixed(0),
      `${measured.p50} / ${measured.p99} ms`,
      baseline.rps.toFixed(0),
      `${baseline.p50} / ${baseline.p99} ms`,
      `${((measured.rps / baseline.rps) * 100).toFixed(0)}%`,
    ]);
  }

  // Home page JavaScript: the entry script and everything it preloads, gzipped.
  const html = readFileSync('dist/web/index.html', 'utf8');
  const jsFiles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const jsGzip = jsFiles.reduce(
    (n, f) => n + gzipSync(readFileSync(path.join('dist/web', f)), { level: 9 }).length,
    0,
  );
  const entry = jsFiles[0]!;
  const assetRes = await fetch(`${app}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } });

  const pad = (cells: string[], widths: number[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  const header = ['endpoint', 'body', 'req/s', 'p50 / p99', 'bare req/s', 'bare p50 / p99', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(
    `\nSmokestack bench — large catalogue, ${CONNECTIONS} connections, 2 × ${DURATION} s per endpoint (mean req/s, worse latency), 127.0.0.1, ${os.cpus().length} cores`,
  );
  console.log(pad(header, widths));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(pad(r, widths));
  console.log('\nserver-side time (Fastify elapsedTime under load):');
  for (const [name, s] of Object.entries(serverSide)) {
    console.log(
      `  ${name.padEnd(15)} p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms`,
    );
  }
  console.log(
    `\nlarge seed: ${seedSeconds.toFixed(1)} s; read model load: ${ready.readModelMs.toFixed(0)} ms`,
  );
  console.log(
    `home page initial JavaScript: ${(jsGzip / 1024).toFixed(1)} kB gzipped in ${jsFiles.length} files (target < 150 kB)`,
  );
  console.log(
    `hashed asset ${entry}: content-encoding ${assetRes.headers.get('content-encoding')}, cache-control ${assetRes.headers.get('cache-control')}`,
  );
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
