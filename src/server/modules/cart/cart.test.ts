import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { createTestApp, type TestContext } from '#tests/test-app.ts';

let t: TestContext;
let stocked: {
  sku: string;
  stock: number;
  price_cents: number;
  discount_price_cents: number | null;
  discount_percentage: number | null;
  name: string;
}[];
beforeAll(async () => {
  t = await createTestApp();
  stocked = await t.database.query(
    `select v.sku, v.stock, v.name, p.price_cents, p.discount_price_cents, p.discount_percentage
       from variants v join products p on p.id = v.product_id where v.stock between 5 and 100 order by v.id limit 6`,
  );
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
const unit = (v: (typeof stocked)[number]) =>
  v.discount_price_cents !== null &&
  v.discount_percentage !== null &&
  v.discount_percentage > 0 &&
  v.discount_price_cents < v.price_cents
    ? v.discount_price_cents
    : v.price_cents;

describe('cart', () => {
  it('asks a visitor to log in', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/cart'],
      ['POST', '/api/v1/cart/items'],
      ['DELETE', '/api/v1/cart'],
    ] as const) {
      const res = await call(
        method,
        url,
        undefined,
        method === 'POST' ? { items: [{ variantId: stocked[0]!.sku, quantity: 1 }] } : undefined,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please Login / Register');
    }
  });

  it('adds options with a count above 0, priced from the catalogue whatever the client sends', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const [a, b, c] = stocked;
    const res = await call('POST', '/api/v1/cart/items', cookie, {
      items: [
        { variantId: a!.sku, quantity: 2, priceCents: 1 },
        { variantId: b!.sku, quantity: 3, unitPriceCents: 0 },
        { variantId: c!.sku, quantity: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const cart = CartSchema.parse(res.json());
    expect(cart.items.map((i) => i.variantId).sort()).toEqual([a!.sku, b!.sku].sort());
    const lineA = cart.items.find((i) => i.variantId === a!.sku)!;
    expect(lineA.unitPriceCents).toBe(unit(a!));
    expect(lineA.lineTotalCents).toBe(unit(a!) * 2);
    expect(cart.subtotalCents).toBe(unit(a!) * 2 + unit(b!) * 3);
    expect(cart.subtotalCents).toBe(cart.items.reduce((s, i) => s + i.lineTotalCents, 0));
    expect(cart.itemCount).toBe(5);
    // Adding again adds to the quantity.
    const again = CartSchema.parse(
      (
        await call('POST', '/api/v1/cart/items', cookie, { items: [{ variantId: a!.sku, quantity: 1 }] })
      ).json(),
    );
    expect(again.items.find((i) => i.variantId === a!.sku)!.quantity).toBe(3);
  });

  it('refuses nothing to add, negative counts, unknown options and more than the stock', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const v = stocked[3]!;
    const none = await call('POST', '/api/v1/cart/items', cookie, {
      items: [{ variantId: v.sku, quantity: 0 }],
    });
    expect(none.json().message).toBe('Choose a quantity for at least one option');
    expect(
      (await call('POST', '/api/v1/cart/items', cookie, { items: [{ variantId: v.sku, quantity: -2 }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/v1/cart/items', cookie, {
          items: [{ variantId: 'SS-NOPE-01', quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    const tooMany = await call('POST', '/api/v1/cart/items', cookie, {
      items: [{ variantId: v.sku, quantity: v.stock + 1 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(new RegExp(`^Only ${v.stock} of .*${v.name} available\\.$`));
    expect(CartSchema.parse((await call('GET', '/api/v1/cart', cookie)).json()).items).toEqual([]);
  });

  it('sets quantities within stock, removes and clears', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const [a, b] = [stocked[4]!, stocked[5]!];
    await call('POST', '/api/v1/cart/items', cookie, {
      items: [
        { variantId: a.sku, quantity: 1 },
        { variantId: b.sku, quantity: 1 },
      ],
    });
    const set = CartSchema.parse(
      (await call('PUT', `/api/v1/cart/items/${a.sku}`, cookie, { quantity: 4 })).json(),
    );
    expect(set.items.find((i) => i.variantId === a.sku)!.quantity).toBe(4);
    expect((await call('PUT', `/api/v1/cart/items/${a.sku}`, cookie, { quantity: 0 })).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/v1/cart/items/${a.sku}`, cookie, { quantity: a.stock + 1 })).statusCode,
    ).toBe(409);
    const removed = CartSchema.parse((await call('DELETE', `/api/v1/cart/items/${a.sku}`, cookie)).json());
    expect(removed.items.map((i) => i.variantId)).toEqual([b.sku]);
    const cleared = CartSchema.parse((await call('DELETE', '/api/v1/cart', cookie)).json());
    expect(cleared).toEqual({
      items: [],
      itemCount: 0,
      subtotalCents: 0,
      shipTo: null,
      exciseCents: 0,
      blockedCount: 0,
    });
  });

  it("keeps each buyer's cart to themselves", async () => {
    const owner = await signUpBuyer(t.app);
    const other = await signUpBuyer(t.app);
    await call('POST', '/api/v1/cart/items', owner.cookie, {
      items: [{ variantId: stocked[0]!.sku, quantity: 1 }],
    });
    expect(CartSchema.parse((await call('GET', '/api/v1/cart', other.cookie)).json()).items).toEqual([]);
    expect((await call('DELETE', `/api/v1/cart/items/${stocked[0]!.sku}`, other.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', `/api/v1/cart/items/${stocked[0]!.sku}`, other.cookie, { quantity: 2 })).statusCode,
    ).toBe(404);
    expect(CartSchema.parse((await call('GET', '/api/v1/cart', owner.cookie)).json()).items).toHaveLength(1);
  });

  it('reprices the cart when the catalogue price changes', async () => {
    const { cookie } = await signUpBuyer(t.app);
    const v = stocked[1]!;
    await call('POST', '/api/v1/cart/items', cookie, { items: [{ variantId: v.sku, quantity: 2 }] });
    await t.database.query(
      'update products set price_cents = 1234, discount_price_cents = null, discount_percentage = null where id = (select product_id from variants where sku = $1)',
      [v.sku],
    );
    // What a catalogue write does after it commits (the staff console's): every instance reloads.
    await t.app.catalogue.changed();
    const cart = CartSchema.parse((await call('GET', '/api/v1/cart', cookie)).json());
    expect(cart.subtotalCents).toBe(2468);
  });
});
