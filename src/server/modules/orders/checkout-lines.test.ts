import { describe, expect, it } from 'vitest';
import { orderMessages, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ordersFixture } from './orders.fixture.ts';

const clock = testClock(new Date('2026-11-24T12:00:00Z'));
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, stockOf, cartOf, add } = ordersFixture(() => t);

const FLAVOURED_VAPE = { kind: 'ends_device', flavoured: true, nicotineMgPerMl: 50, liquidMlPerUnit: 10 };
const orderCount = async (userId: string) =>
  Number(
    (
      await t.database.query<{ n: string }>('select count(*) as n from orders where user_id = $1', [userId])
    )[0]!.n,
  );

describe('the lines checkout showed', () => {
  it('are placed when they are the cart, in the cart order, at the server prices', async () => {
    const buyer = await verifiedBuyer();
    const a = await variantWith(10, 1500);
    const b = await variantWith(10, 2500);
    await add(buyer.cookie, a.sku, 2);
    await add(buyer.cookie, b.sku, 1);
    const cart = (await call('GET', '/api/v1/cart', buyer.cookie)).json() as {
      items: { variantId: string; quantity: number }[];
    };
    // The client's prices are never read: only SKUs and quantities are sent.
    const lines = [...cart.items].reverse().map((i) => ({ variantId: i.variantId, quantity: i.quantity }));
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }));
    expect(res.statusCode, res.body).toBe(201);
    const { order } = PlaceOrderResponseSchema.parse(res.json());
    expect(order.items.map((i) => i.variantId)).toEqual(cart.items.map((i) => i.variantId));
    expect(order.subtotalCents).toBe(2 * 1500 + 2500);
    expect(await stockOf(a.id)).toBe(8);
    expect(await cartOf(buyer.user.id)).toEqual([]);
  });

  it('are refused, changing nothing, when the cart is no longer them', async () => {
    const buyer = await verifiedBuyer();
    const a = await variantWith(10, 1500);
    const b = await variantWith(10, 2500);
    await add(buyer.cookie, a.sku, 2);
    const stale = [
      // Another tab raised a quantity, added a line, or removed one after checkout was opened.
      [{ variantId: a.sku, quantity: 1 }],
      [
        { variantId: a.sku, quantity: 2 },
        { variantId: b.sku, quantity: 1 },
      ],
      [],
      // An SKU the catalogue does not know: the cart is read from the database, and is not this.
      [{ variantId: 'NO-SUCH-SKU', quantity: 2 }],
    ];
    for (const lines of stale) {
      const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }));
      expect(res.statusCode, JSON.stringify(lines)).toBe(lines.length ? 409 : 400);
      expect(res.json().message).toBe(
        lines.length ? orderMessages.cartChangedSinceCheckout : orderMessages.emptyCart,
      );
    }
    expect(await stockOf(a.id)).toBe(10);
    expect(await cartOf(buyer.user.id)).toEqual([{ variant_id: a.id, quantity: 2 }]);
    expect(await orderCount(buyer.user.id)).toBe(0);
  });

  it('must name each option once, with a whole quantity: else a 400 that changes nothing', async () => {
    const buyer = await verifiedBuyer();
    const a = await variantWith(10, 1500);
    await add(buyer.cookie, a.sku, 2);
    const bad: [unknown, string | RegExp][] = [
      [
        [
          { variantId: a.sku, quantity: 1 },
          { variantId: a.sku, quantity: 1 },
        ],
        orderMessages.repeatedLine,
      ],
      [[{ variantId: a.sku, quantity: 0 }], /./],
      [[{ variantId: a.sku, quantity: 1.5 }], /./],
      [[{ variantId: '', quantity: 2 }], /./],
      [[{ variantId: 'x'.repeat(61), quantity: 2 }], /./],
      [[{ variantId: `${a.sku}\u0000`, quantity: 2 }], /./],
      ['not a list', /./],
    ];
    for (const [lines, message] of bad) {
      const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody({ lines }));
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await stockOf(a.id)).toBe(10);
    expect(await orderCount(buyer.user.id)).toBe(0);
  });

  it('are judged by the licenses this instance remembers only as a first guess: the database decides', async () => {
    const vape = await variantWith(10, 2000, FLAVOURED_VAPE);
    // Pickup is judged for the store's state, Texas: a flavoured vape needs a Texas license.
    const licensed = await verifiedBuyer({ documents: true, licence: 'TX' });
    await add(licensed.cookie, vape.sku, 1);
    const lines = [{ variantId: vape.sku, quantity: 1 }];
    expect((await call('GET', '/api/v1/cart?shipping=Pickup', licensed.cookie)).json().blockedCount).toBe(0);
    // Staff correct the license's state on another instance: this one still remembers Texas.
    await t.database.query(
      `update documents set issuing_state = 'MA' where user_id = $1 and kind = 'tobacco_license'`,
      [licensed.user.id],
    );
    const refused = await call('POST', '/api/v1/orders', licensed.cookie, orderBody({ lines }));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/cannot/);
    expect(await stockOf(vape.id)).toBe(10);
    expect(await orderCount(licensed.user.id)).toBe(0);

    // The other way: remembered without a license, verified since on another instance.
    const later = await verifiedBuyer({ documents: true, licence: 'NV' });
    await add(later.cookie, vape.sku, 1);
    expect((await call('GET', '/api/v1/cart?shipping=Pickup', later.cookie)).json().blockedCount).toBe(1);
    await t.database.query(
      `update documents set issuing_state = 'TX' where user_id = $1 and kind = 'tobacco_license'`,
      [later.user.id],
    );
    const placed = await call('POST', '/api/v1/orders', later.cookie, orderBody({ lines }));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(vape.id)).toBe(9);
  });
});
