import { describe, expect, it } from 'vitest';
import { pricingFixture } from '#server/modules/pricing/pricing.fixture.ts';
import { AlertListSchema } from '#shared/alerts/alerts.schemas.ts';
import { csvLine, parseCsv } from '#shared/csv.ts';
import { PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { ORIGIN } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);
const ALERTS = '/api/v1/alerts';

const subscribe = (cookie: string | undefined, sku: string) =>
  f.call('POST', ALERTS, cookie, { variantId: sku });
const alertsOf = async (cookie: string) =>
  AlertListSchema.parse((await f.call('GET', ALERTS, cookie)).json()).alerts;
/** The back-in-stock mail queued for a buyer (sign-up mail aside). */
const mailTo = (email: string) =>
  t.database.query<{ subject: string; text: string }>(
    `select subject, text from outbox where "to" = $1 and subject like 'Back in stock%' order by id`,
    [email],
  );
async function editStock(staffCookie: string, variantId: number, stock: number) {
  const [v] = await t.database.query<{ product_id: number; name: string; sku: string; position: number }>(
    'select product_id, name, sku, position from variants where id = $1',
    [variantId],
  );
  const res = await f.staffCall(
    'PUT',
    `/api/v1/admin/catalogue/products/${v!.product_id}/variants/${variantId}`,
    staffCookie,
    { name: v!.name, sku: v!.sku, stock, position: v!.position },
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe('back-in-stock alerts', () => {
  it('asks a visitor to log in; only out-of-stock options the storefront sells; another buyer’s alert is theirs', async () => {
    for (const [method, url] of [
      ['GET', ALERTS],
      ['POST', ALERTS],
      ['DELETE', `${ALERTS}/X-1`],
    ] as const) {
      const res = await f.call(method, url, undefined, method === 'POST' ? { variantId: 'X-1' } : undefined);
      expect(res.statusCode).toBe(401);
    }
    const buyer = await f.verifiedBuyer();
    const other = await f.verifiedBuyer();
    const inStock = await f.variantWith(5);
    const out = await f.variantWith(0);
    expect((await subscribe(buyer.cookie, inStock.sku)).json().message).toBe(
      'This option is in stock: add it to your cart.',
    );
    expect((await subscribe(buyer.cookie, 'NO-SUCH-SKU')).statusCode).toBe(404);
    const ok = await subscribe(buyer.cookie, out.sku);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('We will email you once when it is back in stock.');
    expect((await subscribe(buyer.cookie, out.sku)).statusCode).toBe(200);
    expect(await alertsOf(buyer.cookie)).toMatchObject([{ variantId: out.sku }]);
    expect(await alertsOf(other.cookie)).toEqual([]);
    // Another buyer cannot remove it: for them there is no such alert.
    expect((await f.call('DELETE', `${ALERTS}/${out.sku}`, other.cookie)).statusCode).toBe(404);
    expect(await alertsOf(buyer.cookie)).toHaveLength(1);
    expect((await f.call('DELETE', `${ALERTS}/${out.sku}`, buyer.cookie)).json().message).toBe(
      'Alert removed.',
    );
    expect(await alertsOf(buyer.cookie)).toEqual([]);
  });

  it('an option edited above zero in the console: one email to each waiting buyer, and the alerts end', async () => {
    const [a, b, c] = [await f.verifiedBuyer(), await f.verifiedBuyer(), await f.verifiedBuyer()];
    const out = await f.variantWith(0);
    const other = await f.variantWith(0);
    await subscribe(a.cookie, out.sku);
    await subscribe(b.cookie, out.sku);
    await subscribe(c.cookie, other.sku);
    const staff = await f.staffCookie();
    await editStock(staff, out.id, 0);
    expect(await mailTo(a.user.email)).toEqual([]);
    await editStock(staff, out.id, 5);
    for (const buyer of [a, b]) {
      const mail = await mailTo(buyer.user.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toMatch(/^Back in stock: .+ — /);
      expect(mail[0]!.text).toContain('/product?categoryId=');
      expect(await alertsOf(buyer.cookie)).toEqual([]);
    }
    // Once only: a second change sends nothing; the other option's buyer still waits.
    await editStock(staff, out.id, 0);
    await editStock(staff, out.id, 9);
    expect(await mailTo(a.user.email)).toHaveLength(1);
    expect(await mailTo(c.user.email)).toEqual([]);
    expect(await alertsOf(c.cookie)).toHaveLength(1);
  });

  it('a catalogue CSV import and a cancelled order item raise stock and tell the waiting buyer', async () => {
    const staff = await f.staffCookie();
    const waiting = await f.verifiedBuyer();
    // The CSV: the exported catalogue with one option's stock changed from 0 to 7.
    const viaCsv = await f.variantWith(0);
    await subscribe(waiting.cookie, viaCsv.sku);
    const exported = await f.staffCall('GET', '/api/v1/admin/catalogue/export.csv', staff);
    const { rows } = parseCsv(exported.body);
    const header = rows[0]!;
    const sku = header.indexOf('sku');
    const stock = header.indexOf('stock');
    const row = rows.find((r) => r[sku] === viaCsv.sku)!;
    row[stock] = '7';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/import?dryRun=false',
      payload: `${[header, row].map(csvLine).join('\r\n')}\r\n`,
      headers: { cookie: staff, origin: ORIGIN, 'content-type': 'text/csv' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await mailTo(waiting.user.email)).toHaveLength(1);

    // The last units ordered, a buyer waits, staff cancel the item: stock comes back, mail goes.
    const last = await f.variantWith(2);
    const orderer = await f.verifiedBuyer();
    await f.add(orderer.cookie, last.sku, 2);
    const placed = await f.call('POST', '/api/v1/orders', orderer.cookie, f.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const number = PlaceOrderResponseSchema.parse(placed.json()).order.orderNumber;
    expect((await subscribe(waiting.cookie, last.sku)).statusCode).toBe(200);
    const cancelled = await f.staffCall(
      'POST',
      `/api/v1/admin/orders/${number}/items/${last.sku}/status`,
      staff,
      {
        status: 'cancelled',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await mailTo(waiting.user.email)).toHaveLength(2);
    expect(await alertsOf(waiting.cookie)).toEqual([]);
  });
});
