/**
 * The storefront half of the bench: product detail, listing, search and the product page's ZIP
 * check through the real app, each beside a bare Fastify route answering a constant body of the
 * same size.
 */
import autocannon from 'autocannon';

export type Percentiles = { p50: number; p95: number; p99: number };

/** Request mixes: many products, listings, queries and ZIPs, so no single cached answer is measured. */
export async function requestMixes(app: string) {
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
  // The product page's delivery check for a visitor's ZIP: judged from memory (catalogue and rules).
  const zips = ['02108', '75201', '35203', '89501', '10001', '73102'];
  const shipCheckPaths = productPaths.map(
    (p, i) =>
      `${p.replace('/api/v1/catalogue/product?', '/api/v1/compliance/ship-check?')}&zip=${zips[i % zips.length]}`,
  );

  return { productPaths, listingPaths, searchPaths, shipCheckPaths };
}

export async function benchCatalogue(
  app: string,
  bare: string,
  { DURATION, CONNECTIONS }: { DURATION: number; CONNECTIONS: number },
  /** Session cookies of buyers in a customer group with a price list (their own prices). */
  groupedCookies: string[],
): Promise<{ rows: string[][]; serverSide: Record<string, Percentiles> }> {
  const { productPaths, listingPaths, searchPaths, shipCheckPaths } = await requestMixes(app);

  async function averageSize(paths: string[], cookie?: string): Promise<number> {
    let total = 0;
    for (const p of paths)
      total += (await (await fetch(app + p, cookie ? { headers: { cookie } } : {})).text()).length;
    return Math.round(total / paths.length);
  }

  async function cannon(url: string, paths: string[], cookies: string[] = []) {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION,
      // A grouped buyer's requests carry their session cookie (20 buyers, taken in turn).
      requests: paths.map((p, i) => ({
        method: 'GET',
        path: p,
        ...(cookies.length ? { headers: { cookie: cookies[i % cookies.length]! } } : {}),
      })),
    });
    if (result.non2xx || result.errors)
      throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  }

  type Run = Awaited<ReturnType<typeof cannon>>;
  const meanOf = (x: Run, y: Run): Run => ({
    rps: (x.rps + y.rps) / 2,
    p50: Math.max(x.p50, y.p50),
    p99: Math.max(x.p99, y.p99),
  });
  const rows: string[][] = [];
  const serverSide: Record<string, Percentiles> = {};
  const grouped = groupedCookies;
  for (const [name, paths, route, cookies] of [
    ['product detail', productPaths, '/api/v1/catalogue/product', []],
    ['product detail (grouped buyer)', productPaths, '/api/v1/catalogue/product', grouped],
    ['listing', listingPaths, '/api/v1/catalogue/listing', []],
    ['listing (grouped buyer)', listingPaths, '/api/v1/catalogue/listing', grouped],
    ['search', searchPaths, '/api/v1/search', []],
    ['ship check (ZIP)', shipCheckPaths, '/api/v1/compliance/ship-check', []],
  ] as const) {
    const size = await averageSize([...paths], cookies[0]);
    await cannon(app, [...paths].slice(0, 5), [...cookies]); // warm-up
    await fetch(`${bare}/reset`, { method: 'POST' });
    // Two rounds, interleaved, averaged: the load generator shares the 2 cores, so single runs drift.
    const a1 = await cannon(app, [...paths], [...cookies]);
    const b1 = await cannon(bare, [`/bare/${size}`]);
    const a2 = await cannon(app, [...paths], [...cookies]);
    const b2 = await cannon(bare, [`/bare/${size}`]);
    const stats = (await (await fetch(`${bare}/stats`)).json()) as Record<string, Percentiles>;
    serverSide[name] = stats[route]!;
    if (cookies.length) {
      // The answers really were the grouped buyer's: private, with their prices.
      const res = await fetch(app + paths[0]!, { headers: { cookie: cookies[0]! } });
      if (
        res.headers.get('cache-control') !== 'private, no-cache' ||
        !(await res.text()).includes('yourPrice')
      )
        throw new Error(`${name}: not a grouped buyer's answer`);
    }
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

  return { rows, serverSide };
}

/**
 * Quick order: a grouped buyer's 200-line check (POST, judged and priced), a few at a time, with
 * the server-side time of each; the target is under 100 ms.
 */
export async function benchQuickOrder(
  app: string,
  bare: string,
  { DURATION }: { DURATION: number },
  cookies: string[],
  text: string,
): Promise<{ row: string[]; serverSide: Percentiles }> {
  const path = '/api/v1/cart/quick-order/check';
  const body = JSON.stringify({ text });
  const headers = (cookie: string) => ({ cookie, origin: app, 'content-type': 'application/json' });
  const check = await fetch(app + path, { method: 'POST', headers: headers(cookies[0]!), body });
  const checked = (await check.json()) as { okCount: number; problemCount: number; lines: unknown[] };
  if (check.status !== 200 || checked.lines.length !== 200)
    throw new Error(`quick order: ${check.status} ${JSON.stringify(checked).slice(0, 200)}`);
  const result = await autocannon({
    url: app,
    connections: 4,
    duration: DURATION,
    requests: cookies.map((c) => ({ method: 'POST', path, headers: headers(c), body })),
  });
  if (result.non2xx || result.errors)
    throw new Error(`quick order: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const stats = (await (await fetch(`${bare}/stats`)).json()) as Record<string, Percentiles>;
  const server = stats[path]!;
  return {
    row: [
      `quick order check, 200 lines (${checked.okCount} ready)`,
      `${body.length} B in`,
      result.requests.average.toFixed(0),
      `${result.latency.p50} / ${result.latency.p99} ms`,
      '—',
      `server p95 ${server.p95.toFixed(1)} ms`,
      server.p95 < 100 ? 'under 100 ms' : 'OVER 100 ms',
    ],
    serverSide: server,
  };
}
