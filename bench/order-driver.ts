/**
 * The place-order bench's load (bench/keep-alive-load.ts, light enough to leave the cores to the
 * server): verified buyers with full carts place orders over HTTP against the real app,
 * `concurrency` at a time, each buyer once per round (so no buyer races itself); carts are refilled
 * between rounds, outside the timing. Cart reads (what the drawer waits for) are timed the same way.
 */
import { randomUUID } from 'node:crypto';
import { sendEach } from './keep-alive-load.ts';

type ServerTime = { n: number; p50: number; p95: number; p99: number };

/** CPU per order in the timed rounds (µs), by part (bench/round-profile.ts); absent off Linux. */
export interface CpuPerOrder {
  database: number;
  app: number;
  loadGenerator: number;
  /** Every other process on the machine. */
  other: number;
  idle: number;
  /** The rounds' wall-clock time per order: times the cores, what the parts above add up to. */
  wall: number;
}

/** The bench server's CPU split for one kind of round since the last /reset, per order. */
async function cpuPerOrder(control: string, kind: string, orders: number): Promise<CpuPerOrder | undefined> {
  const split = (
    (await (await fetch(`${control}/orders/cpu`)).json()) as Record<
      string,
      Omit<CpuPerOrder, 'wall'> & { wallMs: number }
    >
  )[kind];
  if (!split || !orders) return undefined;
  const per = (ms: number) => (ms * 1000) / orders;
  return {
    database: per(split.database),
    app: per(split.app),
    loadGenerator: per(split.loadGenerator),
    other: per(split.other),
    idle: per(split.idle),
    wall: per(split.wallMs),
  };
}

export interface OrderBenchResult {
  ordersPerSecond: number;
  placed: number;
  refused: number;
  p50: number;
  p99: number;
  cartReadsPerSecond: number;
  cartP95: number;
  /** The app process's CPU use while reading carts and while placing orders (1 = one core). */
  serverCpuCarts: number;
  serverCpuOrders: number;
  serverCart?: ServerTime;
  serverOrder?: ServerTime;
  cpu?: CpuPerOrder;
  check: { orders: number; unitsSold: number; hotSold: number; hotStock: number; oversold: string[] };
}

const post = async <T>(url: string, body: unknown): Promise<T> => {
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

const cpuMs = async (control: string) =>
  ((await (await fetch(`${control}/cpu`)).json()) as { cpuMs: number }).cpuMs;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const SHIPPING = {
  name: 'Bench Buyer',
  businessName: 'Bench Shop',
  address: '1 Bench St',
  city: 'Dallas',
  state: 'TX',
  postalCode: '75201',
};

/** One request per buyer (each cookie in turn), `concurrency` at a time; `request` shapes it. */
async function oncePerBuyer(
  app: string,
  cookies: string[],
  concurrency: number,
  request: (cookie: string) => { method: 'GET' | 'POST'; path: string; body?: string },
) {
  const r = await sendEach(
    app,
    cookies.map((cookie) => ({
      ...request(cookie),
      headers: { cookie, origin: app, 'content-type': 'application/json' },
    })),
    concurrency,
  );
  const at = (p: number) => percentile(r.latencies, p);
  return { ...r, latency: { p50: at(0.5), p97_5: at(0.975), p99: at(0.99) } };
}

export async function benchOrders(
  app: string,
  control: string,
  {
    seconds,
    concurrency,
    buyers = 2000,
    companySize = 1,
  }: { seconds: number; concurrency: number; buyers?: number; companySize?: number },
): Promise<OrderBenchResult> {
  const { cookies } = await post<{ cookies: string[] }>(`${control}/orders/setup`, {
    buyers,
    pool: 500,
    hotStock: 50,
    companySize,
  });

  // Cart reads: every buyer's full cart, twice over.
  await post(`${control}/orders/fill`, { hotShare: 0 });
  await post(`${control}/reset`, {});
  const cpuBefore = await cpuMs(control);
  const carts = await oncePerBuyer(app, [...cookies, ...cookies], concurrency, () => ({
    method: 'GET',
    path: '/api/v1/cart',
  }));
  const cartCpu = (await cpuMs(control)) - cpuBefore;
  const cartStats = (await (await fetch(`${control}/stats`)).json()) as Record<string, ServerTime>;
  if (Object.keys(carts.codes).some((c) => c !== '200'))
    throw new Error(`cart reads answered ${JSON.stringify(carts.codes)}`);

  // Orders: rounds until `seconds` of ordering time; in the first, 10% of carts compete for 50
  // units of one option (the rest are refused for stock, and change nothing).
  let elapsed = 0;
  let requests = 0;
  const p50s: number[] = [];
  const p99s: number[] = [];
  let orderCpu = 0;
  await post(`${control}/reset`, {});
  for (let round = 0; elapsed < seconds * 1000; round++) {
    const { carts } = await post<{ carts: { variantId: string; quantity: number }[][] }>(
      `${control}/orders/fill`,
      { hotShare: round === 0 ? 0.1 : 0 },
    );
    // Each buyer's checkout sends the lines it shows, as the web app's does.
    const linesOf = new Map(cookies.map((c, i) => [c, carts[i]!]));
    const roundCpu = await cpuMs(control);
    const {
      total,
      latency,
      codes,
      seconds: took,
    } = await oncePerBuyer(app, cookies, concurrency, (cookie) => ({
      method: 'POST',
      path: '/api/v1/orders',
      body: JSON.stringify({
        shippingDetails: SHIPPING,
        shippingType: 'Shiptoaddress',
        comments: '',
        idempotencyKey: randomUUID(),
        lines: linesOf.get(cookie),
      }),
    }));
    if (Object.keys(codes).some((c) => c !== '201' && c !== '409'))
      throw new Error(`orders answered ${JSON.stringify(codes)}`);
    // The round ends when its mail has gone and the change feed has caught up, as the direct one.
    const settled = await post<{ seconds: number }>(`${control}/orders/settle`, {});
    elapsed += (took + settled.seconds) * 1000;
    orderCpu += (await cpuMs(control)) - roundCpu;
    requests += total;
    p50s.push(latency.p50);
    p99s.push(latency.p99);
  }
  const cpu = await cpuPerOrder(control, 'http', requests);
  const check = (await (await fetch(`${control}/orders/check`)).json()) as OrderBenchResult['check'];
  const serverSide = (await (await fetch(`${control}/stats`)).json()) as Record<string, ServerTime>;
  return {
    ordersPerSecond: requests / (elapsed / 1000),
    placed: check.orders,
    refused: requests - check.orders,
    p50: Math.max(...p50s),
    p99: Math.max(...p99s),
    cartReadsPerSecond: carts.total / carts.seconds,
    serverCpuCarts: cartCpu / 1000 / carts.seconds,
    serverCpuOrders: orderCpu / elapsed,
    cartP95: carts.latency.p97_5,
    serverCart: cartStats['/api/v1/cart'] ?? cartStats['/api/v1/cart/'],
    serverOrder: serverSide['/api/v1/orders'] ?? serverSide['/api/v1/orders/'],
    cpu,
    check,
  };
}

export interface DirectBenchResult {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  cpu?: CpuPerOrder;
  check: OrderBenchResult['check'];
}

/**
 * The same rounds as benchOrders (the same buyers, carts and concurrency; 10% on the hot option
 * in the first), but each cart placed by calling place_order in the bench server itself.
 */
export async function benchDirect(
  control: string,
  { seconds, concurrency, kicks = true }: { seconds: number; concurrency: number; kicks?: boolean },
): Promise<DirectBenchResult> {
  let elapsed = 0;
  let calls = 0;
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let round = 0; elapsed < seconds * 1000; round++) {
    await post(`${control}/orders/fill`, { hotShare: round === 0 ? 0.1 : 0 });
    const r = await post<{ seconds: number; placed: number; refused: number; latencies: number[] }>(
      `${control}/orders/direct`,
      { concurrency, kicks },
    );
    elapsed += r.seconds * 1000;
    calls += r.placed + r.refused;
    const sorted = r.latencies.sort((a, b) => a - b);
    p50s.push(percentile(sorted, 0.5));
    p99s.push(percentile(sorted, 0.99));
  }
  const cpu = await cpuPerOrder(control, kicks ? 'direct' : 'direct-no-kicks', calls);
  const check = (await (await fetch(`${control}/orders/check`)).json()) as OrderBenchResult['check'];
  return {
    ordersPerSecond: calls / (elapsed / 1000),
    p50: Math.max(...p50s),
    p99: Math.max(...p99s),
    cpu,
    check,
  };
}
