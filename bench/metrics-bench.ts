/**
 * What metrics cost: the same storefront reads on a server with /metrics on (every request
 * counted, METRICS_TOKEN set) and off, each server started in turn on the same data, two rounds
 * each, interleaved (off, on, off, on). Request ids are always on, in both.
 */
import autocannon from 'autocannon';
import { requestMixes } from './catalogue-bench.ts';

export interface MetricsServer {
  app: string;
  stop(): Promise<void>;
}

export async function benchMetricsCost(
  start: (on: boolean) => Promise<MetricsServer>,
  { DURATION, CONNECTIONS }: { DURATION: number; CONNECTIONS: number },
): Promise<string[][]> {
  const rps: Record<string, { on: number[]; off: number[] }> = {};
  for (const on of [false, true, false, true]) {
    const server = await start(on);
    const { productPaths, listingPaths } = await requestMixes(server.app);
    for (const [name, paths] of [
      ['product detail', productPaths],
      ['listing', listingPaths],
    ] as const) {
      const requests = paths.map((path) => ({ method: 'GET' as const, path }));
      await autocannon({ url: server.app, connections: CONNECTIONS, duration: 2, requests }); // warm-up
      const r = await autocannon({ url: server.app, connections: CONNECTIONS, duration: DURATION, requests });
      if (r.non2xx || r.errors) throw new Error(`metrics ${on ? 'on' : 'off'}: ${name} failed`);
      rps[name] ??= { on: [], off: [] };
      rps[name][on ? 'on' : 'off'].push(r.requests.average);
    }
    if (on) {
      // The runs really were counted: /metrics answers with the token and holds the product reads.
      const res = await fetch(`${server.app}/metrics`, {
        headers: { authorization: 'Bearer bench-metrics' },
      });
      const text = await res.text();
      if (res.status !== 200 || !/route="\/api\/v1\/catalogue\/product"/.test(text))
        throw new Error(`metrics on: /metrics answered ${res.status} without the product route`);
    }
    await server.stop();
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return Object.entries(rps).map(([name, r]) => [
    `${name}, metrics on`,
    '—',
    mean(r.on).toFixed(0),
    '—',
    `${mean(r.off).toFixed(0)} (off)`,
    '—',
    `${((mean(r.on) / mean(r.off)) * 100).toFixed(0)}%`,
  ]);
}
