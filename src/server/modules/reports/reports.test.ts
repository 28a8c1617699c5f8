import { beforeAll, describe, expect, it } from 'vitest';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { ExciseFilingListSchema, ExciseReturnSchema } from '#shared/compliance/excise-return.schemas.ts';
import { parseCsv } from '#shared/csv.ts';
import { DASHBOARD_QUEUES, DashboardSchema } from '#shared/reports/dashboard.schemas.ts';
import {
  BreakdownReportSchema,
  CreditedReportSchema,
  LowStockReportSchema,
  MoversReportSchema,
  SalesReportSchema,
  SlowMoversReportSchema,
} from '#shared/reports/reports.schemas.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

/**
 * Every report against a small fixture computed by hand (decision 018). Two companies:
 * - Corner (ships to Connecticut), on 27 November: 3 liquids at $10.00 (e-liquid: CT's 10 % of
 *   wholesale, and a 50¢ per unit rate added here), 2 pods at $5.00 (pod cartridges of 2 ml: CT's
 *   40¢ per ml), 1 lighter at $3.00 (no excise). Goods $43.00; excise $3.00 + $1.50 on the liquids,
 *   $1.60 on the pods. Then the pods are cancelled: a credit note of $10.00 and $1.60 excise.
 * - Texan (ships to Texas), on 26 November: 1 lighter at $3.00.
 */
const clock = testClock(new Date('2026-11-26T17:00:00Z'));
const t = testAppForFile({ clock });
const o = ordersFixture(() => t);
const { call, staffWithTotp } = staffHelpers(() => t, clock);
const ADMIN = '/api/v1/admin';

const LIQUID = { kind: 'e_liquid', liquidMlPerUnit: 30 };
const POD = { kind: 'pod_cartridge', liquidMlPerUnit: 2 };
const shipTo = (state: string) => ({
  shippingType: 'Shiptoaddress' as const,
  shippingDetails: {
    name: 'Dana',
    businessName: 'Shop',
    address: '1 Main St',
    city: 'Town',
    state,
    postalCode: '06101',
  },
});

let admin: Awaited<ReturnType<typeof staffWithTotp>>;
let liquid: { id: number; sku: string };
let pod: typeof liquid;
let lighter: typeof liquid;
let fee: number;
let cornerOrder: string;

async function place(cookie: string, lines: [string, number][], state: string) {
  for (const [sku, n] of lines) expect((await o.add(cookie, sku, n)).statusCode).toBe(200);
  const res = await o.call('POST', '/api/v1/orders', cookie, o.orderBody(shipTo(state)));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order.orderNumber as string;
}

async function get<T>(url: string, schema: { parse(v: unknown): T }): Promise<T> {
  const res = await call('GET', `${ADMIN}${url}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

beforeAll(async () => {
  admin = await staffWithTotp('admin');
  await t.database.query("update receivables_settings set time_zone = 'America/Chicago' where id = 1");
  const rate = await call('POST', `${ADMIN}/compliance/rates`, admin.cookie, {
    state: 'CT',
    name: 'Connecticut liquid unit tax (test)',
    kinds: ['e_liquid'],
    basis: 'per_unit',
    rateMilli: 50_000,
    effectiveFrom: '2026-01-01',
    effectiveUntil: null,
    collects: true,
    source: 'The test',
  });
  expect(rate.statusCode, rate.body).toBe(200);
  liquid = await o.variantWith(20, 1000, LIQUID);
  pod = await o.variantWith(20, 500, POD);
  lighter = await o.variantWith(20, 300);
  const texan = await o.verifiedBuyer({ documents: true, licence: 'TX' });
  await place(texan.cookie, [[lighter.sku, 1]], 'TX');
  clock.advance(86_400_000); // to the 27th
  admin = await staffWithTotp('admin'); // a staff session idles out overnight
  const corner = await o.verifiedBuyer({ documents: true, licence: 'CT' });
  const number = await place(
    corner.cookie,
    [
      [liquid.sku, 3],
      [pod.sku, 2],
      [lighter.sku, 1],
    ],
    'CT',
  );
  const cancelled = await call('POST', `${ADMIN}/orders/${number}/items/${pod.sku}/status`, admin.cookie, {
    status: 'cancelled',
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const [row] = await t.database.query<{ fee: number }>(
    'select shipping_cents as fee from orders where number = $1',
    [number],
  );
  fee = row!.fee;
  cornerOrder = number;
});

const DAY_27 = 'from=2026-11-27&to=2026-11-27';

describe('the sales reports, against the fixture computed by hand', () => {
  it('sales by day: each day, the day before beside it, and totals as the invoices say', async () => {
    const r = await get(`/reports/sales?from=2026-11-26&to=2026-11-27&grain=day`, SalesReportSchema);
    expect(r.previous).toEqual({ from: '2026-11-24', to: '2026-11-25' });
    expect(r.rows.map((row) => [row.bucket, row.current.goodsCents, row.current.orders])).toEqual([
      ['2026-11-26', 300, 1],
      ['2026-11-27', 3300, 1],
    ]);
    expect(r.totals).toMatchObject({
      orders: 2,
      goodsCents: 3600,
      shippingCents: 2 * fee,
      exciseCents: 450,
      totalCents: 3600 + 2 * fee + 450,
      creditedCents: 1160,
    });
    const [invoiced] = await t.database.query<{ n: string }>(
      `select sum(case kind when 'invoice' then total_cents else -total_cents end)::text as n from invoices`,
    );
    expect(r.totals.totalCents).toBe(Number(invoiced!.n));
    const month = await get(`/reports/sales?from=2026-11-01&to=2026-11-30&grain=week`, SalesReportSchema);
    expect(month.rows.map((row) => row.bucket)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    expect(month.rows[4]!.current.goodsCents).toBe(3600);
    // Six weeks against the six weeks before, bucket by bucket.
    expect(month.previous).toEqual({ from: '2026-09-20', to: '2026-10-19' });
    expect(month.rows.map((row) => row.previousBucket)).toEqual([
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
    ]);
  });

  it('by option, product, category, brand, state, company and rep, beside the day before', async () => {
    const byOption = await get(`/reports/breakdown?${DAY_27}&by=option`, BreakdownReportSchema);
    const option = (sku: string) => byOption.rows.find((row) => row.detail === sku)!;
    expect(option(liquid.sku).current).toMatchObject({ quantity: 3, goodsCents: 3000, exciseCents: 450 });
    expect(option(pod.sku).current).toMatchObject({
      quantity: 0,
      goodsCents: 0,
      exciseCents: 0,
      creditedQuantity: 2,
      creditedCents: 1160,
    });
    expect(option(lighter.sku).current).toMatchObject({ quantity: 1, goodsCents: 300 });
    expect(option(lighter.sku).previous).toMatchObject({ quantity: 1, goodsCents: 300 });
    expect(byOption.rows[0]!.detail).toBe(liquid.sku); // highest sales first
    expect(byOption.totals).toMatchObject({ goodsCents: 3300, exciseCents: 450, quantity: 4 });
    expect(byOption.previousTotals).toMatchObject({ goodsCents: 300, quantity: 1 });

    const byState = await get(`/reports/breakdown?${DAY_27}&by=state`, BreakdownReportSchema);
    expect(
      byState.rows.map((row) => [row.key, row.label, row.current.goodsCents, row.previous.goodsCents]),
    ).toEqual([
      ['CT', 'Connecticut', 3300, 0],
      ['TX', 'Texas', 0, 300],
    ]);
    const byCompany = await get(`/reports/breakdown?${DAY_27}&by=company`, BreakdownReportSchema);
    expect(byCompany.rows.map((row) => row.current.goodsCents)).toEqual([3300, 0]);
    expect(byCompany.rows.map((row) => row.current.orders)).toEqual([1, 0]);
    const byRep = await get(`/reports/breakdown?${DAY_27}&by=rep`, BreakdownReportSchema);
    expect(byRep.rows).toEqual([expect.objectContaining({ key: '', label: 'No sales rep' })]);
    for (const by of ['product', 'category', 'brand']) {
      const r = await get(`/reports/breakdown?${DAY_27}&by=${by}`, BreakdownReportSchema);
      expect(r.totals, by).toMatchObject({ goodsCents: 3300, exciseCents: 450, quantity: 4 });
      expect(
        r.rows.every((row) => row.label !== row.key || row.key === ''),
        by,
      ).toBe(true); // named
    }
    const csv = await call('GET', `${ADMIN}/reports/breakdown.csv?${DAY_27}&by=state`, admin.cookie);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(csv.body).rows;
    expect(rows[0]!.slice(0, 5)).toEqual(['Ship-to state', 'Detail', 'Orders', 'Goods', 'Delivery']);
    expect(rows[1]!.slice(0, 5)).toEqual(['Connecticut', 'CT', '1', '33.00', (fee / 100).toFixed(2)]);
    expect(rows.at(-1)!.slice(0, 5)).toEqual(['Total', '', '1', '33.00', (fee / 100).toFixed(2)]);
    const byOptionCsv = parseCsv(
      (await call('GET', `${ADMIN}/reports/breakdown.csv?${DAY_27}&by=option`, admin.cookie)).body,
    ).rows;
    expect(byOptionCsv[0]!.slice(2, 8)).toEqual([
      'Units',
      'Goods',
      'Excise',
      'Total',
      'Units credited',
      'Credited',
    ]);
    expect(byOptionCsv.find((row) => row[1] === pod.sku)!.slice(2, 8)).toEqual([
      '0',
      '0.00',
      '0.00',
      '0.00',
      '2',
      '11.60',
    ]);
  });

  it('cancelled and credited items; movers; slow movers; low stock with its reorder point', async () => {
    const credited = await get(`/reports/credited?${DAY_27}`, CreditedReportSchema);
    expect(credited.rows).toEqual([
      expect.objectContaining({
        sku: pod.sku,
        cancelledQuantity: 2,
        cancelledCents: 1160,
        creditedQuantity: 2,
        creditedCents: 1160,
      }),
    ]);
    const movers = await get(`/reports/movers?${DAY_27}`, MoversReportSchema);
    expect(movers.rising.map((m) => [m.sku, m.quantity, m.previousQuantity, m.change])).toEqual([
      [liquid.sku, 3, 0, 3],
    ]);
    expect(movers.falling).toEqual([]);
    const slow = await get('/reports/slow-movers?days=1&page=1', SlowMoversReportSchema);
    expect(slow.today).toBe('2026-11-27');
    const csv = parseCsv(
      (await call('GET', `${ADMIN}/reports/slow-movers.csv?days=1`, admin.cookie)).body,
    ).rows;
    const skus = csv.slice(1).map((row) => row[0]);
    // Ordered today, even if cancelled since: the pods moved. Options in stock never sold did not.
    expect(skus).not.toContain(pod.sku);
    expect(skus).not.toContain(liquid.sku);
    expect(skus).not.toContain(lighter.sku);
    expect(csv.slice(1).some((row) => row[4] === 'Never')).toBe(true);

    // Only the options given a point of their own, by a default of nothing.
    const settings = await call('PUT', `${ADMIN}/reports/settings`, admin.cookie, { defaultReorderPoint: 0 });
    expect(settings.json()).toEqual({ defaultReorderPoint: 0 });
    const set = await call('PUT', `${ADMIN}/reports/reorder-points/${liquid.id}`, admin.cookie, {
      point: 18,
    });
    expect(set.statusCode, set.body).toBe(200);
    const low = await get('/reports/low-stock', LowStockReportSchema);
    expect(low.total).toBe(1);
    expect(low.defaultReorderPoint).toBe(0);
    expect(low.rows.find((row) => row.sku === liquid.sku)).toMatchObject({
      stock: 17,
      reorderPoint: 18,
      ownPoint: true,
      sold30: 3,
    });
    expect(
      (await call('PUT', `${ADMIN}/reports/reorder-points/${liquid.id}`, admin.cookie, { point: null }))
        .statusCode,
    ).toBe(200);
    const after = await get('/reports/low-stock', LowStockReportSchema);
    expect(after.rows.find((row) => row.sku === liquid.sku)).toBeUndefined();
    const missing = await call('PUT', `${ADMIN}/reports/reorder-points/2147483647`, admin.cookie, {
      point: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the excise return', () => {
  it("Connecticut's November by kind of rate, its lines, CSV, and the filed mark", async () => {
    const r = await get('/compliance/excise-return?month=2026-11&state=CT', ExciseReturnSchema);
    expect(r.totalCents).toBe(450);
    expect(r.byKind.map((k) => [k.kind, k.cents])).toEqual([
      ['percent_wholesale', 300],
      ['per_unit', 150],
    ]);
    // By date, then document number (CN- before INV-), then the document's own order.
    expect(r.lines.map((l) => l.number.slice(0, 3))).toEqual(['CN-', 'INV', 'INV']);
    const lines = r.lines.map((l) => [l.sku, l.kind, l.exciseCents, l.byKind]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [pod.sku, 'credit_note', -160, { per_ml: -160 }],
        [liquid.sku, 'invoice', 450, { percent_wholesale: 300, per_unit: 150 }],
        [pod.sku, 'invoice', 160, { per_ml: 160 }],
      ]),
    );
    expect([r.filed, r.lineCount, lines.length]).toEqual([null, 3, 3]);
    const past = await get('/compliance/excise-return?month=2026-11&state=CT&page=2', ExciseReturnSchema);
    expect([past.lines.length, past.totalCents]).toEqual([0, 450]); // page 2 of 3 lines: none; every line's total
    const raw = (
      await call('GET', `${ADMIN}/compliance/excise-return.csv?month=2026-11&state=CT`, admin.cookie)
    ).body;
    expect(parseCsv(raw).rows.at(-1)!.slice(4, 8)).toEqual(['Total excise CT 2026-11', '', '', '4.50']);
    // A credit note's line is a plain negative number a spreadsheet adds up, not text.
    expect(raw).toContain(',-10.00,-1.60,');
    expect(raw).not.toContain("'-");
    const list = async () => get('/compliance/excise-returns', ExciseFilingListSchema);
    expect((await list()).toFile).toContainEqual(
      expect.objectContaining({ state: 'CT', month: '2026-11', exciseCents: 450 }),
    );
    const mark = await call('POST', `${ADMIN}/compliance/excise-returns`, admin.cookie, {
      state: 'CT',
      month: '2026-11',
      filed: true,
    });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.json().message).toBe('The CT excise return for 2026-11 is marked filed.');
    const filed = await list();
    expect(filed.toFile.find((f) => f.state === 'CT')).toBeUndefined();
    expect(filed.filed[0]).toMatchObject({ state: 'CT', filedCents: 450, changedSinceFiled: false });
    const [audit] = await t.database.query<{ action: string }>(
      "select action from audit_log where entity = 'excise_filing' order by id desc limit 1",
    );
    expect(audit!.action).toBe('excise.filed');
    // Texas had no excise: it has no return to file.
    expect(filed.toFile.find((f) => f.state === 'TX')).toBeUndefined();
  });
});

describe("the console's home", () => {
  it('today, this week and this month beside the days before; the queues; sales per day', async () => {
    const dash = await get('/dashboard', DashboardSchema);
    expect(dash.today).toBe('2026-11-27');
    expect(dash.periods!.today).toMatchObject({
      orders: 1,
      salesCents: 3300 + fee,
      averageOrderCents: 4300 + fee,
      previous: { orders: 1, salesCents: 300 + fee, averageOrderCents: 300 + fee },
    });
    expect(dash.periods!.week).toMatchObject({ orders: 2, salesCents: 3600 + 2 * fee });
    expect(dash.periods!.month).toMatchObject({ orders: 2, salesCents: 3600 + 2 * fee });
    expect(dash.queues.map((q) => q.key)).toEqual([...DASHBOARD_QUEUES]); // admin: every queue
    expect(dash.queues.find((q) => q.key === 'toShip')!.count).toBeGreaterThanOrEqual(2);
    expect(dash.chart!.rows).toHaveLength(30);
    expect(dash.chart!.rows.at(-1)).toEqual({
      day: '2026-11-27',
      salesCents: 3300 + fee,
      previousDay: '2026-10-28',
      previousSalesCents: 0,
    });
    expect(dash.chart!.rows.at(-2)!.salesCents).toBe(300 + fee);
    const ninety = await get('/dashboard?days=90', DashboardSchema);
    expect(ninety.chart!.rows).toHaveLength(90);
    expect(ninety.chart!.rows[0]!.day).toBe('2026-08-30');
  });

  it('shows each role only what it may open: sales figures for reports, each queue for its page', async () => {
    const expected = {
      warehouse: { periods: false, queues: ['toShip', 'approvals'] },
      sales: { periods: false, queues: ['toShip', 'approvals', 'quotes'] },
      accounting: { periods: true, queues: ['toShip', 'approvals', 'overdue'] },
      compliance: { periods: false, queues: ['documents', 'toShip', 'approvals'] },
    } as const;
    for (const [role, want] of Object.entries(expected)) {
      const staff = await staffWithTotp(role as keyof typeof expected);
      const res = await call('GET', `${ADMIN}/dashboard`, staff.cookie);
      expect(res.statusCode, role).toBe(200);
      const dash = DashboardSchema.parse(res.json());
      expect(dash.periods !== null, role).toBe(want.periods);
      expect(dash.chart !== null, role).toBe(want.periods);
      expect(
        dash.queues.map((q) => q.key),
        role,
      ).toEqual(want.queues);
      // A role without `reports` is refused the reports themselves.
      const report = await call('GET', `${ADMIN}/reports/sales?${DAY_27}`, staff.cookie);
      expect(report.statusCode, role).toBe(want.periods ? 200 : 403);
    }
  });
});

describe('an excise return filed, then changed', () => {
  it('is flagged when a credit note after the filing changes what the month owes', async () => {
    // A credit note after filing: the month is flagged as changed since it was filed.
    const cancel = await call(
      'POST',
      `${ADMIN}/orders/${cornerOrder}/items/${liquid.sku}/status`,
      admin.cookie,
      {
        status: 'cancelled',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(
      ExciseFilingListSchema.parse(
        (await call('GET', `${ADMIN}/compliance/excise-returns`, admin.cookie)).json(),
      ).filed[0],
    ).toMatchObject({
      state: 'CT',
      exciseCents: 0,
      filedCents: 450,
      changedSinceFiled: true,
    });
  });
});
