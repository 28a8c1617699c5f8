/**
 * `npm run bench`: seeds the large catalogue (≥100,000 variants) into a temporary DATA_DIR, starts
 * bench/server.ts, and measures on 127.0.0.1: the storefront reads with autocannon (each beside a
 * bare Fastify route returning a constant body of the same size), then placing orders and reading
 * carts, on PGlite and on the PostgreSQL server (a database of its own, dropped after). Prints one
 * table; not a test. Last, a 10,000-row catalogue CSV import on both databases.
 * A static file's latency while 24 buyers change their passwords at once, against idle.
 * BENCH_ONLY=catalogue|desk|metrics|hashing|orders|import|receivables|reports runs one part; of orders,
 * BENCH_ONLY=members only members of three-member companies against one-person companies, and
 * BENCH_ONLY=rollups only placing orders with the sales rollups off and on.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import {
  benchCatalogue,
  benchDeskSearch,
  benchOrderChange,
  benchQuickOrder,
  type Percentiles,
} from './catalogue-bench.ts';
import { benchHashing } from './hashing-bench.ts';
import { benchMetricsCost } from './metrics-bench.ts';
import { benchDirect, benchOrders, type DirectBenchResult, type OrderBenchResult } from './order-driver.ts';
import { checkBooks, directRows, meanOf, orderRows, rollupsOnAndOff } from './order-report.ts';
import { benchReceivables } from './receivables-bench.ts';
import { benchReports } from './reports-bench.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Concurrent checkouts: enough to keep the database busy, as many as the default pool has connections. */
const ORDER_CONCURRENCY = Number(process.env.BENCH_ORDER_CONCURRENCY ?? 10);
const ONLY = process.env.BENCH_ONLY;

/** Buyers changing their password at once in the hashing part. */
const HASHING_BURST = Number(process.env.BENCH_HASHING_BURST ?? 24);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function sh(cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

interface BenchServer {
  ready: { appPort: number; barePort: number; readModelMs: number };
  app: string;
  control: string;
  stop(): Promise<void>;
}
const running = new Set<BenchServer>();

/** bench/server.ts on the data dir's PGlite, or on BENCH_DATABASE_URL when `env` gives it. */
async function startBenchServer(dir: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<BenchServer['ready']>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  const server: BenchServer = {
    ready,
    app: `http://127.0.0.1:${ready.appPort}`,
    control: `http://127.0.0.1:${ready.barePort}`,
    async stop() {
      running.delete(server);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
  running.add(server);
  return server;
}

/** A database of the bench's own on the PostgreSQL server, or null when none answers. */
async function createPgDatabase(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `smokestack_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPgDatabase(url: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}

const rows: string[][] = [];
const notes: string[] = [];
const report = { rows, notes };
const serverSide: Record<string, Percentiles> = {};
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smokestack-bench-'));
let pgDatabase: string | null = null;

/** The bench's PostgreSQL database with the large catalogue, made once; false when no server answers. */
async function seededPg(): Promise<boolean> {
  if (pgDatabase) return true;
  pgDatabase = await createPgDatabase();
  if (!pgDatabase) return false;
  console.log('bench: seeding the large catalogue on PostgreSQL…');
  sh('npx', ['tsx', 'src/server/cli/seed.ts', '--size', 'large'], {
    DATABASE_URL: pgDatabase,
    DATA_DIR: path.join(dataDir, 'on-postgres'),
    LOG_LEVEL: 'warn',
  });
  return true;
}

interface ImportTimes {
  exportRows: number;
  exportSeconds: number;
  newDry: { seconds: number };
  newWrite: { seconds: number };
  updateDry: { seconds: number };
  updateWrite: { seconds: number };
}

function importBench(args: string[]): ImportTimes {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/import-bench.ts', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error('bench/import-bench.ts failed');
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
}

function importRows(where: string, t: ImportTimes) {
  const s = (x: { seconds: number }) => `${x.seconds.toFixed(2)} s`;
  rows.push([
    `CSV import 10,000 new rows (${where})`,
    '—',
    '—',
    `dry run ${s(t.newDry)} / write ${s(t.newWrite)}`,
    '—',
    '—',
    '—',
  ]);
  rows.push([
    `CSV import 10,000 changed rows (${where})`,
    '—',
    '—',
    `dry run ${s(t.updateDry)} / write ${s(t.updateWrite)}`,
    '—',
    '—',
    '—',
  ]);
  notes.push(
    `${where}: catalogue CSV export of ${t.exportRows.toLocaleString('en-US')} rows in ${t.exportSeconds.toFixed(2)} s`,
  );
}

try {
  console.log('bench: building the web app…');
  sh('npx', ['vite', 'build', '--logLevel', 'warn']);
  console.log('bench: seeding the large catalogue…');
  const seedStart = Date.now();
  sh('npx', ['tsx', 'src/server/cli/seed.ts', '--size', 'large'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  notes.push(`large seed (PGlite): ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

  if (!ONLY || ONLY === 'catalogue') {
    const server = await startBenchServer(dataDir);
    notes.push(`read model load: ${server.ready.readModelMs.toFixed(0)} ms`);
    const grouped = (await (
      await fetch(`${server.control}/pricing/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ buyers: 20 }),
      })
    ).json()) as { cookies: string[]; quickOrder: string };
    const catalogue = await benchCatalogue(
      server.app,
      server.control,
      { DURATION, CONNECTIONS },
      grouped.cookies,
    );
    rows.push(...catalogue.rows);
    Object.assign(serverSide, catalogue.serverSide);
    const quick = await benchQuickOrder(
      server.app,
      server.control,
      { DURATION },
      grouped.cookies,
      grouped.quickOrder,
    );
    rows.push(quick.row);
    serverSide['quick order check (200 lines)'] = quick.serverSide;

    // Home page JavaScript: the entry script and everything it preloads, gzipped.
    const html = readFileSync('dist/web/index.html', 'utf8');
    const jsFiles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const jsGzip = jsFiles.reduce(
      (n, f) => n + gzipSync(readFileSync(path.join('dist/web', f)), { level: 9 }).length,
      0,
    );
    const entry = jsFiles[0]!;
    const assetRes = await fetch(`${server.app}${entry}`, { headers: { 'accept-encoding': 'br, gzip' } });
    notes.push(
      `home page initial JavaScript: ${(jsGzip / 1024).toFixed(1)} kB gzipped in ${jsFiles.length} files (target < 150 kB)`,
      `hashed asset ${entry}: content-encoding ${assetRes.headers.get('content-encoding')}, cache-control ${assetRes.headers.get('cache-control')}`,
    );
    await server.stop();
  }

  if (!ONLY || ONLY === 'desk') {
    console.log("bench: the order desk's search…");
    const server = await startBenchServer(dataDir);
    const post = async (path: string, body: unknown) =>
      (
        await fetch(`${server.control}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    await post('/pricing/setup', { buyers: 1 });
    const desk = (await post('/desk/setup', {})) as {
      cookie: string;
      companyId: string;
      skus: string[];
      orderSkus: string[];
    };
    const result = await benchDeskSearch(server.app, server.control, { DURATION }, desk);
    rows.push(...result.rows);
    Object.assign(serverSide, result.serverSide);
    const changing = await benchOrderChange(server.app, server.control, desk);
    rows.push(...changing.rows);
    Object.assign(serverSide, changing.serverSide);
    await server.stop();
  }

  if (!ONLY || ONLY === 'hashing') {
    console.log('bench: a static file while buyers change their passwords…');
    const server = await startBenchServer(dataDir);
    const h = await benchHashing(server.app, server.control, { burst: HASHING_BURST });
    const ms = (p: { p50: number; p99: number }) => `${p.p50.toFixed(1)} / ${p.p99.toFixed(1)} ms`;
    rows.push([
      `static file during ${HASHING_BURST} password changes`,
      '—',
      '—',
      ms(h.during),
      '—',
      `${ms(h.idle)} (idle)`,
      `p99 ×${(h.during.p99 / h.idle.p99).toFixed(1)}`,
    ]);
    notes.push(
      `hashing: ${HASHING_BURST} password changes (2 OWASP scrypt each) answered in ${h.burstSeconds.toFixed(1)} s ` +
        `(${JSON.stringify(h.answered)}); static file max ${h.during.max.toFixed(0)} ms over ${h.during.n} reads during the burst, ` +
        `${h.idle.max.toFixed(0)} ms idle`,
    );
    await server.stop();
  }

  if (!ONLY || ONLY === 'metrics') {
    console.log('bench: metrics on and off…');
    const metricsRows = await benchMetricsCost(
      (on) => startBenchServer(dataDir, on ? { BENCH_METRICS_TOKEN: 'bench-metrics' } : {}),
      { DURATION, CONNECTIONS },
    );
    rows.push(...metricsRows);
  }

  if (!ONLY || ONLY === 'orders' || ONLY === 'members' || ONLY === 'rollups') {
    const orderOptions = { seconds: DURATION, concurrency: ORDER_CONCURRENCY };
    // Decision 015: buyers who are members of three-member companies, against one-person
    // companies, the rules on, interleaved (one, three, one, three), each the mean of two.
    const companySizes = async (where: string, server: { app: string; control: string }) => {
      if (ONLY === 'members') await benchOrders(server.app, server.control, orderOptions); // warm-up
      const sized: Record<'one' | 'three', OrderBenchResult[]> = { one: [], three: [] };
      for (const size of [1, 3, 1, 3]) {
        const r = await benchOrders(server.app, server.control, { ...orderOptions, companySize: size });
        checkBooks(`${where}, companies of ${size}`, r);
        sized[size === 1 ? 'one' : 'three'].push(r);
      }
      const one = meanOf(sized.one);
      const three = meanOf(sized.three);
      if (ONLY === 'members') orderRows(report, `${where}, one-person companies`, one);
      orderRows(report, `${where}, members of 3-member companies`, three);
      notes.push(
        `${where}: a member of a three-member company places orders at ${((three.ordersPerSecond / one.ordersPerSecond) * 100).toFixed(0)}% ` +
          `and reads the cart at ${((three.cartReadsPerSecond / one.cartReadsPerSecond) * 100).toFixed(0)}% of a one-person company's rate (target: 90% or more)`,
      );
    };
    /**
     * Orders with the state rules and rates off (all retired) and on (as seeded), on one server:
     * a warm-up run, then off, on, off, on, each figure the mean of its two runs (the first runs on
     * a fresh server are slower, and the machine is shared: single runs drift).
     */
    const rulesOnAndOff = async (where: string, server: { app: string; control: string }) => {
      const rules = (on: boolean) =>
        fetch(`${server.control}/compliance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ on }),
        });
      await benchOrders(server.app, server.control, orderOptions);
      const runs: Record<'on' | 'off', OrderBenchResult[]> = { on: [], off: [] };
      const direct: DirectBenchResult[] = [];
      const alone: DirectBenchResult[] = [];
      for (const on of [false, true, false, true]) {
        await rules(on);
        runs[on ? 'on' : 'off'].push(await benchOrders(server.app, server.control, orderOptions));
        // The database's own limit, right after the HTTP run it is compared with.
        if (on) direct.push(await benchDirect(server.control, orderOptions));
        if (on) alone.push(await benchDirect(server.control, { ...orderOptions, kicks: false }));
      }
      for (const r of [...runs.off, ...runs.on]) checkBooks(where, r);
      const off = meanOf(runs.off);
      const on = meanOf(runs.on);
      orderRows(report, `${where}, rules off`, off);
      orderRows(report, where, on);
      directRows(report, where, on, direct, alone);
      notes.push(
        `${where}: with the state rules on, place order runs at ${((on.ordersPerSecond / off.ordersPerSecond) * 100).toFixed(0)}% ` +
          `and cart read at ${((on.cartReadsPerSecond / off.cartReadsPerSecond) * 100).toFixed(0)}% of the rate with them off (target: 90% or more)`,
      );
    };
    console.log('bench: placing orders on PGlite…');
    const onPglite = await startBenchServer(dataDir);
    if (!ONLY || ONLY === 'orders') await rulesOnAndOff('PGlite', onPglite);
    if (ONLY !== 'members') await rollupsOnAndOff('PGlite', onPglite, orderOptions, report);
    if (ONLY !== 'rollups') await companySizes('PGlite', onPglite);
    await onPglite.stop();

    if (!(await seededPg())) notes.push(`PostgreSQL: nothing answers at ${PG_URL}; skipped`);
    else {
      console.log('bench: placing orders on PostgreSQL…');
      const onPg = await startBenchServer(dataDir, { BENCH_DATABASE_URL: pgDatabase! });
      if (!ONLY || ONLY === 'orders') await rulesOnAndOff('PostgreSQL', onPg);
      if (ONLY !== 'members') await rollupsOnAndOff('PostgreSQL', onPg, orderOptions, report);
      if (ONLY !== 'rollups') await companySizes('PostgreSQL', onPg);
      await onPg.stop();
    }
  }

  if (!ONLY || ONLY === 'import') {
    console.log('bench: importing catalogue CSV on PGlite…');
    importRows('PGlite', importBench([dataDir]));
    if (await seededPg()) {
      console.log('bench: importing catalogue CSV on PostgreSQL…');
      importRows('PostgreSQL', importBench([dataDir, pgDatabase!]));
    }
  }

  if (!ONLY || ONLY === 'reports') {
    // Decision 018: a year of a busy distributor, each report and the dashboard.
    console.log('bench: reports on PGlite and PostgreSQL…');
    for (const [what, p50, p95] of await benchReports(PG_URL))
      rows.push([what!, '—', '—', `${p50} / ${p95} (p50 / p95)`, '—', '—', '—']);
  }

  if (!ONLY || ONLY === 'receivables') {
    // Decision 017: statements, aging and the credit check, on databases of their own.
    console.log('bench: receivables on PGlite and PostgreSQL…');
    for (const [what, p50, p95] of await benchReceivables(PG_URL))
      rows.push([what!, '—', '—', `${p50} / ${p95} (p50 / p95)`, '—', '—', '—']);
  }

  const pad = (cells: string[], widths: number[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  const header = ['endpoint', 'body', 'req/s', 'p50 / p99', 'bare req/s', 'bare p50 / p99', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(
    `\nSmokestack bench — large catalogue, 127.0.0.1, ${os.cpus().length} cores. Storefront: ${CONNECTIONS} connections, 2 × ${DURATION} s per endpoint (mean req/s, worse latency). Orders: ${ORDER_CONCURRENCY} concurrent checkouts for ${DURATION} s, 3–4 lines each, delivery, confirmation mail queued.`,
  );
  console.log(pad(header, widths));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(pad(r, widths));
  if (Object.keys(serverSide).length) {
    console.log('\nserver-side time (Fastify elapsedTime under load):');
    for (const [name, s] of Object.entries(serverSide))
      console.log(
        `  ${name.padEnd(15)} p50 ${s.p50.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms`,
      );
  }
  console.log('');
  for (const n of notes) console.log(n);
} finally {
  for (const server of running) await server.stop();
  if (pgDatabase) await dropPgDatabase(pgDatabase).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
