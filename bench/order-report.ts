/**
 * The ordering part's rows and notes in the bench's table (bench/run.ts): HTTP ordering and cart
 * reads, place_order called straight beside it with the ratio and each one's CPU per order, and the
 * books' balance (no oversell), which fails the bench when wrong.
 */
import os from 'node:os';
import {
  benchOrders,
  type CpuPerOrder,
  type DirectBenchResult,
  type OrderBenchResult,
} from './order-driver.ts';

/** The bench's table rows (7 cells) and the notes printed under it. */
export interface Report {
  rows: string[][];
  notes: string[];
}

export function orderRows({ rows, notes }: Report, where: string, r: OrderBenchResult) {
  rows.push([
    `place order (${where})`,
    '—',
    r.ordersPerSecond.toFixed(0),
    `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms`,
    '—',
    '—',
    '—',
  ]);
  rows.push([
    `cart read (${where})`,
    '—',
    r.cartReadsPerSecond.toFixed(0),
    `p95 ${r.cartP95.toFixed(1)} ms`,
    '—',
    '—',
    '—',
  ]);
  const ms = (t?: { p50: number; p95: number; p99: number }) =>
    t ? `p50 ${t.p50.toFixed(1)} / p95 ${t.p95.toFixed(1)} / p99 ${t.p99.toFixed(1)} ms` : 'n/a';
  notes.push(
    `${where} server-side: place order ${ms(r.serverOrder)}; cart read ${ms(r.serverCart)}; ` +
      `app process CPU ${(r.serverCpuOrders * 100).toFixed(0)}% of a core while ordering, ${(r.serverCpuCarts * 100).toFixed(0)}% while reading carts`,
  );
  const c = r.check;
  notes.push(
    `${where} (last run): ${r.placed} orders placed, ${r.refused} refused for stock; ${c.unitsSold} units sold; ` +
      `hot option sold ${c.hotSold} of ${c.hotStock}; oversell: ${c.oversold.length ? c.oversold.join('; ') : 'none'}`,
  );
  checkBooks(where, r);
}

/**
 * place_order called straight (mean of its runs) against ordering over HTTP, rules on. `alone`:
 * the same loop without telling the mail and the change feed of its orders (the database's
 * function by itself, the mail and stock news left to their polls), shown beside it.
 */
export function directRows(
  { rows, notes }: Report,
  where: string,
  http: OrderBenchResult,
  runs: DirectBenchResult[],
  alone: DirectBenchResult[],
) {
  const aloneRate = alone.reduce((n, r) => n + r.ordersPerSecond, 0) / alone.length;
  const perSecond = runs.reduce((n, r) => n + r.ordersPerSecond, 0) / runs.length;
  const p50 = Math.max(...runs.map((r) => r.p50));
  const p99 = Math.max(...runs.map((r) => r.p99));
  rows.push([
    `place_order direct (${where})`,
    '—',
    perSecond.toFixed(0),
    `${p50.toFixed(1)} / ${p99.toFixed(1)} ms`,
    '—',
    '—',
    '—',
  ]);
  rows.push([
    `place_order direct, no mail or feed kick (${where})`,
    '—',
    aloneRate.toFixed(0),
    `${Math.max(...alone.map((r) => r.p50)).toFixed(1)} / ${Math.max(...alone.map((r) => r.p99)).toFixed(1)} ms`,
    '—',
    '—',
    '—',
  ]);
  notes.push(
    `${where}: ordering over HTTP runs at ${((http.ordersPerSecond / perSecond) * 100).toFixed(0)}% of place_order called straight ` +
      `(${http.ordersPerSecond.toFixed(0)} vs ${perSecond.toFixed(0)} orders/s, same buyers, carts and concurrency, each kicking the mail and the change feed as the route does; target: 70% or more); ` +
      `${((http.ordersPerSecond / aloneRate) * 100).toFixed(0)}% of the loop that kicks neither (${aloneRate.toFixed(0)} orders/s)`,
  );
  const split = (label: string, list: (CpuPerOrder | undefined)[]) => {
    const m = meanCpu(list);
    if (!m) return '';
    const f = (k: keyof CpuPerOrder) => m[k].toFixed(0);
    return (
      `${label}: database ${f('database')}, app ${f('app')}, load generator ${f('loadGenerator')}, ` +
      `other ${f('other')}, idle ${f('idle')} (of ${(m.wall * os.cpus().length).toFixed(0)} µs of the cores' time an order)`
    );
  };
  const cpuNote = [
    split('over HTTP', http.cpu ? [http.cpu] : []),
    split(
      'direct',
      runs.map((r) => r.cpu),
    ),
  ];
  if (cpuNote.every(Boolean))
    notes.push(
      `${where}: CPU per order in the timed rounds (µs; PGlite's is the app's): ${cpuNote.join('; ')}`,
    );
  for (const r of [...runs, ...alone])
    if (r.check.oversold.length || r.check.hotSold > r.check.hotStock)
      throw new Error(`${where}: place_order direct: the books do not balance: ${JSON.stringify(r.check)}`);
}

/** Every run's books balance: no option oversold, the hot one within its stock, every order counted. */
export function checkBooks(where: string, r: OrderBenchResult) {
  const c = r.check;
  if (c.oversold.length || c.hotSold > c.hotStock || c.orders !== r.placed)
    throw new Error(`${where}: the books do not balance: ${JSON.stringify(c)}`);
}

/** The mean of the CPU splits given, part by part; undefined when there are none. */
export function meanCpu(list: (CpuPerOrder | undefined)[]): CpuPerOrder | undefined {
  const all = list.filter((c): c is CpuPerOrder => !!c);
  if (!all.length) return undefined;
  const mean = (k: keyof CpuPerOrder) => all.reduce((n, c) => n + c[k], 0) / all.length;
  return {
    database: mean('database'),
    app: mean('app'),
    loadGenerator: mean('loadGenerator'),
    other: mean('other'),
    idle: mean('idle'),
    wall: mean('wall'),
  };
}

/** Two runs' figures as one: rates their mean, latencies the worse (single runs drift). */
export const meanOf = ([a, b]: OrderBenchResult[]): OrderBenchResult => ({
  ...b!,
  ordersPerSecond: (a!.ordersPerSecond + b!.ordersPerSecond) / 2,
  cartReadsPerSecond: (a!.cartReadsPerSecond + b!.cartReadsPerSecond) / 2,
  p50: Math.max(a!.p50, b!.p50),
  p99: Math.max(a!.p99, b!.p99),
  cartP95: Math.max(a!.cartP95, b!.cartP95),
  cpu: a!.cpu && b!.cpu ? meanCpu([a!.cpu, b!.cpu]) : undefined,
});

/**
 * Orders with the sales rollups off and on (decision 018), in the order off, on, on, off (a
 * machine slowing down as its tables grow weighs on both alike) after a run to warm up, each figure
 * the mean of its two runs: what keeping the reports up to date (the queue's
 * insert in the order's transaction, the fold every second) costs placing an order.
 */
export async function rollupsOnAndOff(
  where: string,
  server: { app: string; control: string },
  orderOptions: { seconds: number; concurrency: number },
  report: Report,
): Promise<void> {
  const rollups = (on: boolean) =>
    fetch(`${server.control}/rollups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on }),
    });
  const runs: Record<'on' | 'off', OrderBenchResult[]> = { on: [], off: [] };
  // A first run, not counted, warms the server and the database up (caches, plans, the JIT).
  await benchOrders(server.app, server.control, orderOptions);
  for (const on of [false, true, true, false]) {
    await rollups(on);
    const run = await benchOrders(server.app, server.control, orderOptions);
    runs[on ? 'on' : 'off'].push(run);
    console.log(`bench: ${where}, sales rollups ${on ? 'on' : 'off'}: ${run.ordersPerSecond.toFixed(0)} orders/s`);
  }
  await rollups(true);
  const off = meanOf(runs.off);
  const on = meanOf(runs.on);
  orderRows(report, `${where}, sales rollups off`, off);
  report.notes.push(
    `${where}: with the sales rollups kept (queued in the order's transaction, folded every second), place order runs at ${((on.ordersPerSecond / off.ordersPerSecond) * 100).toFixed(0)}% ` +
      `of the rate without them, p50 ${on.p50.toFixed(1)} ms against ${off.p50.toFixed(1)} ms (target: within noise, 90% or more)`,
  );
}
