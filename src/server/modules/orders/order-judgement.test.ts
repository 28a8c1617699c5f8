import { describe, expect, it } from 'vitest';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import { orderMessages } from '#shared/orders/orders.schemas.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ordersFixture } from './orders.fixture.ts';

/**
 * How an order is judged before place_order takes it (order-lines.ts): the lines checkout showed
 * against the cart, the way it ships against the rules, the excise it can and cannot work out,
 * and a case pack this instance's memory has not heard of yet.
 */
const clock = testClock(new Date('2026-11-24T12:00:00Z'));
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, stockOf, cartOf, add } = ordersFixture(() => t);
const staff = staffHelpers(() => t, clock);
const rulesApi = '/api/v1/admin/compliance';

const toTexas = {
  shippingType: 'Shiptoaddress' as const,
  shippingDetails: {
    name: 'Robin',
    businessName: 'Austin Smoke',
    address: '1 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
  },
};
const nameOf = async (sku: string) => {
  const [row] = await t.database.query<{ product: string; option: string }>(
    'select p.name as product, v.name as option from variants v join products p on p.id = v.product_id where v.sku = $1',
    [sku],
  );
  return optionLabel(row!.product, row!.option);
};

describe('an order judged before it is placed', () => {
  it('the lines checkout showed must be the cart line for line: one changed quantity of two refuses it', async () => {
    const buyer = await verifiedBuyer();
    const a = await variantWith(10, 1500);
    const b = await variantWith(10, 2500);
    await add(buyer.cookie, a.sku, 2);
    await add(buyer.cookie, b.sku, 1);
    const shown = [
      { variantId: a.sku, quantity: 2 },
      { variantId: b.sku, quantity: 3 },
    ];
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines: shown }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(orderMessages.cartChangedSinceCheckout);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 10]);
    expect(await cartOf(buyer.user.id)).toHaveLength(2);
  });

  it('a pickup-only rule: Pickup at the store’s state is placed; delivery into that state names the line', async () => {
    const s = await staff.staffWithTotp();
    const rule = await staff.call('POST', `${rulesApi}/rules`, s.cookie, {
      name: 'Lighters: pickup only in Texas',
      states: ['TX'],
      condition: { kinds: ['accessory'] },
      effect: 'no_delivery',
      effectiveFrom: '2026-11-01',
      effectiveUntil: null,
      source: 'Test notice',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    try {
      const lighter = await variantWith(10, 300);
      const buyer = await verifiedBuyer({ documents: true });
      await add(buyer.cookie, lighter.sku, 1);
      const delivered = await call('POST', '/api/v1/orders', buyer.cookie, orderBody(toTexas));
      expect(delivered.statusCode, delivered.body).toBe(409);
      expect(delivered.json().message).toBe(complianceMessages.blockedLines([await nameOf(lighter.sku)]));
      expect(await stockOf(lighter.id)).toBe(10);

      const pickedUp = await call(
        'POST',
        '/api/v1/orders',
        buyer.cookie,
        orderBody({ shippingType: 'Pickup' }),
      );
      expect(pickedUp.statusCode, pickedUp.body).toBe(201);
      expect(await stockOf(lighter.id)).toBe(9);
    } finally {
      await staff.call('POST', `${rulesApi}/rules/${rule.json().id}/retire`, s.cookie);
    }
  });

  it('excise it cannot work out (a per-ml rate, a vape without its ml) refuses the order naming the line', async () => {
    const s = await staff.staffWithTotp();
    const rate = await staff.call('POST', `${rulesApi}/rates`, s.cookie, {
      state: 'TX',
      name: 'Test per-ml vapor tax',
      kinds: ['ends_device'],
      basis: 'per_ml',
      rateMilli: 50,
      effectiveFrom: '2026-11-01',
      effectiveUntil: null,
      collects: true,
      source: 'Test notice',
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const vape = await variantWith(10, 1500, { kind: 'ends_device', flavoured: false, nicotineMgPerMl: 50 });
    const buyer = await verifiedBuyer({ documents: true, licence: 'TX' });
    await add(buyer.cookie, vape.sku, 1);
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody(toTexas));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(complianceMessages.missingFigure([await nameOf(vape.sku)]));
    expect(await stockOf(vape.id)).toBe(10);
  });

  it('a case pack memory has not heard of yet: the database decides, and the order is placed', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(50, 200);
    await add(buyer.cookie, v.sku, 7);
    // Sold in cases of 6 in this instance's memory, by a write it was not told of again; the
    // database (back to singles) is what the order is judged by.
    await t.database.query('update variants set min_quantity = 6, order_increment = 6 where id = $1', [v.id]);
    t.app.catalogue.invalidate();
    expect((await t.app.catalogue.get()).variant(v.id)).toBeTruthy();
    await t.database.query('update variants set min_quantity = 1, order_increment = 1 where id = $1', [v.id]);
    // The lines checkout showed are priced from memory first: there, 7 is not whole cases.
    const lines = [{ variantId: v.sku, quantity: 7 }];
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockOf(v.id)).toBe(43);
  });
});
