import { describe, expect, it } from 'vitest';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { PactFilingListSchema, PactReportSchema } from '#shared/compliance/pact.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock(new Date('2026-11-22T12:00:00Z'));
const t = testAppForFile({ clock });
const { orderBody, verifiedBuyer, variantWith, add, call: buyerCall } = ordersFixture(() => t);
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/compliance';

const VAPE = { kind: 'ends_device', flavoured: false, nicotineMgPerMl: 50, liquidMlPerUnit: 10 };
const PODS = { kind: 'pod_cartridge', liquidMlPerUnit: 2, cartridgesPerUnit: 4 };
const PAPERS = { kind: 'tobacco' };
const to = (city: string, postalCode: string, state = 'TX') =>
  orderBody({
    shippingType: 'Shiptoaddress',
    shippingDetails: {
      name: `Dana in ${city}`,
      businessName: `${city} Smoke`,
      address: '1 Main St',
      city,
      state,
      postalCode,
    },
  });

/** A Texas-licensed buyer orders these lines for delivery; the order is dated `at`. */
async function sale(body: ReturnType<typeof to>, lines: [string, number][], at: string) {
  const buyer = await verifiedBuyer({ documents: true, licence: body.shippingDetails.state });
  for (const [sku, quantity] of lines) await add(buyer.cookie, sku, quantity);
  const placed = await buyerCall('POST', '/api/v1/orders', buyer.cookie, body);
  expect(placed.statusCode, placed.body).toBe(201);
  const number = placed.json().order.orderNumber as string;
  await t.database.query('update orders set created_at = $1 where number = $2', [at, number]);
  return { number, buyer };
}

describe('the PACT Act report', () => {
  it('only staff with their second factor', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [
        ['GET', `${api}/pact?month=2026-10`],
        ['GET', `${api}/pact.csv?month=2026-10`],
        ['GET', `${api}/pact/filings`],
        ['POST', `${api}/pact/filings`],
      ],
      buyer.cookie,
    );
  });

  it('lists each ENDS and tobacco line delivered into the state that month, by city then ZIP, as CSV too', async () => {
    const vape = await variantWith(50, 1500, VAPE);
    const pods = await variantWith(50, 800, PODS);
    const papers = await variantWith(50, 300, PAPERS);
    const lighter = await variantWith(50, 200);
    const dallas = await sale(
      to('Dallas', '75201'),
      [
        [vape.sku, 2],
        [lighter.sku, 1],
      ],
      '2026-10-15T10:00:00Z',
    );
    const austin = await sale(to('austin', '78701'), [[papers.sku, 3]], '2026-10-20T10:00:00Z');
    const austin2 = await sale(to('Austin', '78702'), [[pods.sku, 5]], '2026-10-31T23:59:00Z');
    // Not in the report: a pickup, a cancelled line, a sale the month before, another state's.
    await sale(orderBody(), [[vape.sku, 1]], '2026-10-16T10:00:00Z');
    const cancelled = await sale(to('Abilene', '79601'), [[vape.sku, 1]], '2026-10-17T10:00:00Z');
    await t.database.query(
      `update order_items set status = 'cancelled' where order_id = (select id from orders where number = $1)`,
      [cancelled.number],
    );
    await sale(to('Abilene', '79601'), [[vape.sku, 1]], '2026-09-30T23:59:00Z');
    const reno = await sale(to('Reno', '89501', 'NV'), [[vape.sku, 1]], '2026-10-05T10:00:00Z');

    const staff = await staffWithTotp();
    const res = await call('GET', `${api}/pact?month=2026-10&state=tx`, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const report = PactReportSchema.parse(res.json());
    expect(report).toMatchObject({ month: '2026-10', state: 'TX', dueOn: '2026-11-10', filedAt: null });
    expect(report.rows.map((r) => [r.city, r.zip, r.orderNumber, r.sku, r.quantity])).toEqual([
      ['austin', '78701', austin.number, papers.sku, 3],
      ['Austin', '78702', austin2.number, pods.sku, 5],
      ['Dallas', '75201', dallas.number, vape.sku, 2],
    ]);
    expect(report.rows[2]).toMatchObject({
      date: '2026-10-15',
      businessName: 'Dallas Smoke',
      contactName: 'Dana in Dallas',
      email: dallas.buyer.user.email,
      address: '1 Main St',
      state: 'TX',
      kind: 'ends_device',
      mlTotal: 20,
      cartridgesTotal: null,
      carrier: 'UPS Ground',
    });
    expect(report.rows[1]).toMatchObject({ mlTotal: 10, cartridgesTotal: 20 });
    expect(report.totals).toEqual({ orders: 3, quantity: 10, mlTotal: 30 });

    const all = PactReportSchema.parse((await call('GET', `${api}/pact?month=2026-10`, staff.cookie)).json());
    // Every state: Nevada's before Texas's.
    expect(all.rows.map((r) => r.orderNumber)).toEqual([
      reno.number,
      austin.number,
      austin2.number,
      dallas.number,
    ]);

    const csv = await call('GET', `${api}/pact.csv?month=2026-10&state=TX`, staff.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="pact-TX-2026-10.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Invoice,Business name,Contact,Email,Phone,Ship-to address,City,State,ZIP,Brand,Product,Option,SKU,Quantity,Ml,Cartridges,Carrier',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(`2026-10-15,${dallas.number},Dallas Smoke,Dana in Dallas,`);
    expect(lines[3]).toMatch(/,2,20,,UPS Ground$/);

    for (const bad of ['month=2026-13', 'month=', 'month=2026-10&state=XX', 'month=2026-10%00']) {
      const refused = await call('GET', `${api}/pact?${bad}`, staff.cookie);
      expect(refused.statusCode, bad).toBe(400);
    }
    expect((await call('GET', `${api}/pact?month=2026-13`, staff.cookie)).json().message).toBe(
      'Choose a month (YYYY-MM).',
    );
  });

  it('lists the states and months still to file, late ones marked; marking one filed is audited', async () => {
    const vape = await variantWith(50, 1500, VAPE);
    await sale(to('Las Vegas', '89101', 'NV'), [[vape.sku, 1]], '2026-08-12T10:00:00Z');
    await sale(to('Las Vegas', '89101', 'NV'), [[vape.sku, 1]], '2026-11-02T10:00:00Z');
    const staff = await staffWithTotp();
    const list = async () =>
      PactFilingListSchema.parse((await call('GET', `${api}/pact/filings`, staff.cookie)).json());
    const nv = (await list()).toFile.filter((f) => f.state === 'NV');
    expect(nv.map((f) => [f.month, f.dueOn, f.overdue, f.open, f.orders])).toEqual(
      expect.arrayContaining([
        ['2026-08', '2026-09-10', true, false, 1],
        ['2026-11', '2026-12-10', false, true, 1],
      ]),
    );
    const mark = (filed: boolean) =>
      call('POST', `${api}/pact/filings`, staff.cookie, { state: 'NV', month: '2026-08', filed });
    expect((await mark(true)).json().message).toBe('Marked as filed.');
    const after = await list();
    expect(after.toFile.some((f) => f.state === 'NV' && f.month === '2026-08')).toBe(false);
    expect(after.filed[0]).toMatchObject({
      state: 'NV',
      month: '2026-08',
      filedBy: staff.email,
      overdue: false,
    });
    const report = PactReportSchema.parse(
      (await call('GET', `${api}/pact?month=2026-08&state=NV`, staff.cookie)).json(),
    );
    expect(report.filedAt).toBe(clock().toISOString());
    await mark(true); // again: nothing new to record
    await mark(false);
    expect((await list()).toFile.some((f) => f.state === 'NV' && f.month === '2026-08')).toBe(true);
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'pact_filing' and entity_id = 'NV/2026-08' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['pact.filed', 'pact.unfiled']);
    const bad = await call('POST', `${api}/pact/filings`, staff.cookie, {
      state: 'ZZ',
      month: '2026-08',
      filed: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Choose a state.', field: 'state' });
  });
});
