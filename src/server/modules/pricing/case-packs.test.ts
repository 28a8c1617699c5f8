import { describe, expect, it } from 'vitest';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { CASE_PACK_CSV_COLUMNS, ImportReportSchema } from '#shared/catalogue/catalogue-csv.ts';
import { csvLine, parseCsv } from '#shared/csv.ts';
import { PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { ORIGIN } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { pricingFixture } from './pricing.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);

/** An option sold from 20, in cases of 10, at most 100 per order. */
async function casePacked(stock = 200) {
  const v = await f.variantWith(stock, 500);
  await t.database.query(
    'update variants set min_quantity = 20, order_increment = 10, max_quantity = 100 where id = $1',
    [v.id],
  );
  await t.app.catalogue.changed();
  return v;
}
const put = (cookie: string, sku: string, quantity: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/cart/items/${sku}`,
    payload: { quantity },
    headers: { origin: 'http://localhost:80', cookie },
  });
const catalogueApi = '/api/v1/admin/catalogue';
const importCsv = async (csv: string, dryRun: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `${catalogueApi}/import?dryRun=${dryRun}`,
    payload: csv,
    headers: { cookie: await f.staffCookie(), origin: ORIGIN, 'content-type': 'text/csv' },
  });
const cartOf = async (cookie: string) =>
  CartSchema.parse((await f.call('GET', '/api/v1/cart', cookie)).json());

describe('case packs', () => {
  it('the product page shows the rule; add and set quantity accept whole cases only, with the reason', async () => {
    const v = await casePacked();
    const where = await f.whereIs(v.id);
    const detail = ProductDetailSchema.parse(
      (await f.call('GET', `/api/v1/catalogue/product?${where.query}`)).json(),
    );
    expect(detail.variants.find((o) => o.sku === v.sku)!.quantityRule).toEqual({
      minQuantity: 20,
      increment: 10,
      maxQuantity: 100,
    });
    const buyer = await f.verifiedBuyer();
    for (const [quantity, message] of [
      [5, 'Minimum 20'],
      [25, 'Sold in cases of 10'],
      [110, 'Maximum 100 per order'],
    ] as const) {
      const res = await f.add(buyer.cookie, v.sku, quantity);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await f.cartOf(buyer.user.id)).toEqual([]);
    expect((await f.add(buyer.cookie, v.sku, 20)).statusCode).toBe(200);
    // Adding to a line judges the line's new quantity: 20 + 5 is not a whole case.
    expect((await f.add(buyer.cookie, v.sku, 5)).json().message).toBe('Sold in cases of 10');
    expect((await put(buyer.cookie, v.sku, 35)).json().message).toBe('Sold in cases of 10');
    expect((await put(buyer.cookie, v.sku, 120)).json().message).toBe('Maximum 100 per order');
    expect((await put(buyer.cookie, v.sku, 40)).statusCode).toBe(200);
    const line = (await cartOf(buyer.cookie)).items[0]!;
    expect([line.quantity, line.quantityProblem, line.quantityRule.increment]).toEqual([40, null, 10]);
  });

  it('Buy Again puts back whole cases, as many as stock leaves', async () => {
    const v = await casePacked(100);
    const buyer = await f.verifiedBuyer();
    await f.add(buyer.cookie, v.sku, 30);
    const placed = await f.call('POST', '/api/v1/orders', buyer.cookie, f.orderBody());
    const { order } = PlaceOrderResponseSchema.parse(placed.json());
    await t.database.query('update variants set stock = 25 where id = $1', [v.id]);
    await t.app.catalogue.changed();
    const again = await f.call('POST', `/api/v1/orders/${order.orderNumber}/buy-again`, buyer.cookie, {
      variantId: v.sku,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toContain('Added 20 of');
    expect((await cartOf(buyer.cookie)).items[0]!.quantity).toBe(20);
    // Five left beyond the line: not a whole case.
    const more = await f.call('POST', `/api/v1/orders/${order.orderNumber}/buy-again`, buyer.cookie, {
      variantId: v.sku,
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(
      /^Only 5 more of .+ can be added: it is sold in cases of 10, minimum 20\.$/,
    );
  });

  it('a case pack changed under a cart: the line says why, and place order refuses until it is fixed', async () => {
    const v = await casePacked();
    const buyer = await f.verifiedBuyer();
    await f.add(buyer.cookie, v.sku, 30);
    await t.database.query(
      'update variants set min_quantity = 20, order_increment = 20, max_quantity = null where id = $1',
      [v.id],
    );
    await t.app.catalogue.changed();
    expect((await cartOf(buyer.cookie)).items[0]!.quantityProblem).toBe('Sold in cases of 20');
    const refused = await f.call('POST', '/api/v1/orders', buyer.cookie, f.orderBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /not in the quantities they are sold in: .+ \(Sold in cases of 20\)/,
    );
    expect(await f.stockOf(v.id)).toBe(200);
    expect((await put(buyer.cookie, v.sku, 40)).statusCode).toBe(200);
    expect((await f.call('POST', '/api/v1/orders', buyer.cookie, f.orderBody())).statusCode).toBe(201);
  });

  it('a case pack this instance has not heard of is caught by place_order', async () => {
    const v = await casePacked();
    const buyer = await f.verifiedBuyer();
    await f.add(buyer.cookie, v.sku, 30);
    // Changed elsewhere: this instance's memory still says cases of 10.
    await t.database.query(
      'update variants set order_increment = 20, min_quantity = 20, max_quantity = null where id = $1',
      [v.id],
    );
    const refused = await f.call('POST', '/api/v1/orders', buyer.cookie, f.orderBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('(Sold in cases of 20)');
    expect(await f.stockOf(v.id)).toBe(200);
    await t.app.catalogue.changed();
  });

  it('staff set a case pack in the console: checked as whole cases, audited, on the storefront at once', async () => {
    const v = await f.variantWith(80, 500);
    const [row] = await t.database.query<{ name: string }>('select name from variants where id = $1', [v.id]);
    const url = `/api/v1/admin/catalogue/products/${v.product_id}/variants/${v.id}`;
    const body = { name: row!.name, sku: v.sku, stock: 80, position: 0 };
    const cookie = await f.staffCookie();
    const bad = await f.staffCall('PUT', url, cookie, { ...body, minQuantity: 15, orderIncrement: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'The minimum must be a whole number of cases.',
      field: 'minQuantity',
    });
    const ok = await f.staffCall('PUT', url, cookie, {
      ...body,
      minQuantity: 12,
      orderIncrement: 6,
      maxQuantity: 48,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const where = await f.whereIs(v.id);
    const detail = ProductDetailSchema.parse(
      (await f.call('GET', `/api/v1/catalogue/product?${where.query}`)).json(),
    );
    expect(detail.variants.find((o) => o.sku === v.sku)!.quantityRule).toEqual({
      minQuantity: 12,
      increment: 6,
      maxQuantity: 48,
    });
    const [audited] = await t.database.query<{ after: { minQuantity: number } }>(
      `select after from audit_log where entity = 'variant' and entity_id = $1 order by id desc limit 1`,
      [String(v.id)],
    );
    expect(audited?.after.minQuantity).toBe(12);
  });
  it('carries case packs both ways; a file without their columns leaves them as they are', async () => {
    const v = await casePacked();
    const buyer = await f.verifiedBuyer();
    const exported = (await f.staffCall('GET', `${catalogueApi}/export.csv`, await f.staffCookie())).body;
    const { rows } = parseCsv(exported);
    const at = (name: string) => rows[0]!.indexOf(name);
    const mine = rows.find((r) => r[at('sku')] === v.sku)!;
    expect(CASE_PACK_CSV_COLUMNS.map((c) => mine[at(c)])).toEqual(['20', '10', '100']);
    const packOf = async (id: number) =>
      (
        await t.database.query<{
          min_quantity: number;
          order_increment: number;
          max_quantity: number | null;
        }>('select min_quantity, order_increment, max_quantity from variants where id = $1', [id])
      )[0];

    // Sold one by one from now on: the edited export says so, the dry run shows it, the import writes it.
    mine[at('min_quantity')] = '1';
    mine[at('order_increment')] = '';
    mine[at('max_quantity')] = '';
    const edited = `${[rows[0]!, mine].map((r) => csvLine(r)).join('\r\n')}\r\n`;
    const dry = ImportReportSchema.parse((await importCsv(edited, true)).json());
    expect(dry.preview.map((p) => p.summary)).toEqual([
      expect.stringContaining('cases of 10, minimum 20, maximum 100 → one by one'),
    ]);
    expect(await packOf(v.id)).toEqual({ min_quantity: 20, order_increment: 10, max_quantity: 100 });
    expect((await importCsv(edited, false)).statusCode).toBe(200);
    expect(await packOf(v.id)).toEqual({ min_quantity: 1, order_increment: 1, max_quantity: null });
    expect((await f.add(buyer.cookie, v.sku, 1)).statusCode).toBe(200); // the store knows at once

    // A file without the columns (an older export) leaves a case pack alone.
    await t.database.query('update variants set min_quantity = 6, order_increment = 6 where id = $1', [v.id]);
    const older = rows[0]!.flatMap((c, i) => (CASE_PACK_CSV_COLUMNS.includes(c as never) ? [] : [i]));
    const withoutPacks = `${[rows[0]!, mine].map((r) => csvLine(older.map((i) => r[i]!))).join('\r\n')}\r\n`;
    expect((await importCsv(withoutPacks, false)).statusCode).toBe(200);
    expect(await packOf(v.id)).toEqual({ min_quantity: 6, order_increment: 6, max_quantity: null });
    await t.database.query('update variants set min_quantity = 1, order_increment = 1 where id = $1', [v.id]);
  });
});
