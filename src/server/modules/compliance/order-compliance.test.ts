import { describe, expect, it } from 'vitest';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { OrderComplianceSchema } from '#shared/compliance/compliance.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock(new Date('2026-11-22T12:00:00Z'));
const t = testAppForFile({ clock });
const { orderBody, verifiedBuyer, variantWith, add, call: buyerCall } = ordersFixture(() => t);
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/compliance';

const FLAVOURED_VAPE = { kind: 'ends_device', flavoured: true, nicotineMgPerMl: 50, liquidMlPerUnit: 10 };
const toNevada = {
  shippingType: 'Shiptoaddress' as const,
  shippingDetails: {
    name: 'Dana',
    businessName: 'Reno Smoke',
    address: '1 Main St',
    city: 'Reno',
    state: 'NV',
    postalCode: '89501',
  },
};

describe("an order's compliance summary for staff", () => {
  it('only staff with their second factor; an unknown order is a 404', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly([['GET', `${api}/orders/SS-100001`]], buyer.cookie);
    const staff = await staffWithTotp();
    const missing = await call('GET', `${api}/orders/SS-999999`, staff.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Order not found');
  });

  it('says what the order was judged by, its PACT filing, and which lines a rule now blocks', async () => {
    const vape = await variantWith(20, 1500, FLAVOURED_VAPE);
    const lighter = await variantWith(20, 300);
    const buyer = await verifiedBuyer({ documents: true, licence: 'NV' });
    await add(buyer.cookie, vape.sku, 2);
    await add(buyer.cookie, lighter.sku, 1);
    const placed = await buyerCall('POST', '/api/v1/orders', buyer.cookie, orderBody(toNevada));
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json().order.orderNumber as string;
    const staff = await staffWithTotp();
    const summary = async () => {
      const res = await call('GET', `${api}/orders/${number}`, staff.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return OrderComplianceSchema.parse(res.json());
    };
    const first = await summary();
    expect(first).toMatchObject({
      orderNumber: number,
      shipTo: { state: 'NV', stateName: 'Nevada', shipping: 'Delivery' },
      licences: ['NV'],
      carrier: 'UPS Ground',
      pact: { state: 'NV', month: '2026-11', dueOn: '2026-12-10', filedAt: null },
    });
    expect(first.judgedByVersion).toBe(first.currentVersion);
    const line = (summary: typeof first, sku: string) => summary.lines.find((l) => l.sku === sku)!;
    expect(first.lines).toHaveLength(2);
    expect(line(first, vape.sku)).toMatchObject({
      attributes: { kind: 'ends_device' },
      inPact: true,
      today: [],
    });
    expect(line(first, lighter.sku)).toMatchObject({
      attributes: { kind: 'accessory' },
      inPact: false,
      today: [],
    });

    // Nevada bans flavoured vapes from today: the order says the vape line should not ship.
    const rule = await call('POST', `${api}/rules`, staff.cookie, {
      name: 'Flavoured vapes paused in Nevada',
      states: ['NV'],
      condition: { kinds: ['ends_device'], flavoured: true },
      effect: 'no_sale',
      effectiveFrom: '2026-11-22',
      effectiveUntil: null,
      source: 'Test notice',
    });
    expect(rule.statusCode).toBe(200);
    const after = await summary();
    expect(after.currentVersion).toBeGreaterThan(after.judgedByVersion!);
    expect(line(after, vape.sku).today).toEqual([
      {
        effect: 'no_sale',
        reason: 'Flavoured vapes paused in Nevada: not sold into Nevada.',
        source: 'Test notice',
      },
    ]);
    expect(line(after, lighter.sku).today).toEqual([]);
    await call('POST', `${api}/rules/${rule.json().id}/retire`, staff.cookie);
  });

  it('a Pickup order is judged at the store’s own state, and nothing of it is a PACT shipment', async () => {
    const vape = await variantWith(20, 1500, FLAVOURED_VAPE);
    const buyer = await verifiedBuyer({ documents: true, licence: 'TX' });
    await add(buyer.cookie, vape.sku, 2);
    const placed = await buyerCall(
      'POST',
      '/api/v1/orders',
      buyer.cookie,
      orderBody({ shippingType: 'Pickup' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const staff = await staffWithTotp();
    const res = await call('GET', `${api}/orders/${placed.json().order.orderNumber}`, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const summary = OrderComplianceSchema.parse(res.json());
    expect(summary.shipTo).toEqual({ state: 'TX', stateName: 'Texas', shipping: 'Pickup' });
    expect(summary.pact).toBeNull();
    expect(summary.lines.map((l) => [l.sku, l.inPact])).toEqual([[vape.sku, false]]);
  });

  it('a cancelled vape line leaves the PACT report; the order’s other vape line keeps it there', async () => {
    const kept = await variantWith(20, 1500, FLAVOURED_VAPE);
    const cancelled = await variantWith(20, 1400, FLAVOURED_VAPE);
    const buyer = await verifiedBuyer({ documents: true, licence: 'NV' });
    await add(buyer.cookie, kept.sku, 1);
    await add(buyer.cookie, cancelled.sku, 1);
    const placed = await buyerCall('POST', '/api/v1/orders', buyer.cookie, orderBody(toNevada));
    expect(placed.statusCode, placed.body).toBe(201);
    const number = placed.json().order.orderNumber as string;
    const staff = await staffWithTotp();
    const cancel = await call(
      'POST',
      `/api/v1/admin/orders/${number}/items/${cancelled.sku}/status`,
      staff.cookie,
      {
        status: 'cancelled',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const summary = OrderComplianceSchema.parse(
      (await call('GET', `${api}/orders/${number}`, staff.cookie)).json(),
    );
    expect(Object.fromEntries(summary.lines.map((l) => [l.sku, l.inPact]))).toEqual({
      [kept.sku]: true,
      [cancelled.sku]: false,
    });
    expect(summary.pact).toMatchObject({ state: 'NV', month: '2026-11' });
  });
});
