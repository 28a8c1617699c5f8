import { describe, expect, it } from 'vitest';
import { pricingFixture } from '#server/modules/pricing/pricing.fixture.ts';
import { QuickOrderAddedSchema } from '#shared/cart/quick-order.schemas.ts';
import { ListDetailSchema, ListListSchema, ListSummarySchema } from '#shared/lists/lists.schemas.ts';
import { PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);
const LISTS = '/api/v1/lists';
const staff = staffHelpers(() => t, clock);

async function newList(cookie: string, name: string) {
  const res = await f.call('POST', LISTS, cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  return ListSummarySchema.parse(res.json());
}
const detail = async (cookie: string, id: number) =>
  ListDetailSchema.parse((await f.call('GET', `${LISTS}/${id}`, cookie)).json());

describe('saved lists', () => {
  it('asks a visitor to log in on every route; another buyer’s list is not found and stays as it was', async () => {
    const owner = await f.verifiedBuyer();
    const other = await f.verifiedBuyer();
    const v = await f.variantWith(20, 1000);
    const list = await newList(owner.cookie, 'Weekly restock');
    expect(
      (
        await f.call('POST', `${LISTS}/${list.id}/items`, owner.cookie, {
          items: [{ variantId: v.sku, quantity: 2 }],
        })
      ).statusCode,
    ).toBe(200);
    const routes = [
      ['GET', LISTS, undefined],
      ['POST', LISTS, { name: 'x' }],
      ['GET', `${LISTS}/${list.id}`, undefined],
      ['PATCH', `${LISTS}/${list.id}`, { name: 'Mine now' }],
      ['DELETE', `${LISTS}/${list.id}`, undefined],
      ['POST', `${LISTS}/${list.id}/items`, { items: [{ variantId: v.sku, quantity: 1 }] }],
      ['PUT', `${LISTS}/${list.id}/items/${v.sku}`, { quantity: 5 }],
      ['DELETE', `${LISTS}/${list.id}/items/${v.sku}`, undefined],
      ['POST', `${LISTS}/${list.id}/to-cart`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const anonymous = await t.app.inject({
        method,
        url,
        payload: body as object,
        headers: { origin: 'http://localhost:80' },
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      if (url === LISTS) continue;
      const res = await t.app.inject({
        method,
        url,
        payload: body as object,
        headers: { origin: 'http://localhost:80', cookie: other.cookie },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('List not found');
    }
    expect(ListListSchema.parse((await f.call('GET', LISTS, other.cookie)).json()).lists).toEqual([]);
    expect(await detail(owner.cookie, list.id)).toMatchObject({
      name: 'Weekly restock',
      items: [{ variantId: v.sku, quantity: 2 }],
    });
    expect(await f.cartOf(other.user.id)).toEqual([]);
    // Ids past int4, and ones that are not numbers, are a clear 400.
    for (const id of ['2147483648', 'abc', '-1'])
      expect((await f.call('GET', `${LISTS}/${id}`, owner.cookie)).statusCode).toBe(400);
  });

  it('staff, with or without their second factor, use the storefront as themselves: their own lists, never a buyer’s', async () => {
    const owner = await f.verifiedBuyer();
    const list = await newList(owner.cookie, 'Buyer only');
    const halfway = await (await staff.newStaff()).signIn();
    const full = (await staff.staffWithTotp()).cookie;
    for (const cookie of [halfway, full]) {
      expect(ListListSchema.parse((await f.call('GET', LISTS, cookie)).json()).lists).toEqual([]);
      for (const [method, url] of [
        ['GET', `${LISTS}/${list.id}`],
        ['DELETE', `${LISTS}/${list.id}`],
        ['POST', `${LISTS}/${list.id}/to-cart`],
      ] as const)
        expect((await f.call(method, url, cookie)).statusCode, `${method} ${url}`).toBe(404);
      expect((await f.call('GET', '/api/v1/alerts', cookie)).statusCode).toBe(200);
      expect(
        (await f.call('POST', '/api/v1/cart/quick-order/check', cookie, { text: 'NO-SUCH 1' })).statusCode,
      ).toBe(200);
    }
    expect((await detail(owner.cookie, list.id)).name).toBe('Buyer only');
  });

  it('names are the buyer’s own, unique whatever their case; rename, delete', async () => {
    const buyer = await f.verifiedBuyer();
    const other = await f.verifiedBuyer();
    const a = await newList(buyer.cookie, 'Weekly restock');
    await newList(other.cookie, 'weekly restock');
    const taken = await f.call('POST', LISTS, buyer.cookie, { name: 'WEEKLY RESTOCK' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      message: 'You already have a list named WEEKLY RESTOCK.',
      field: 'name',
    });
    expect((await f.call('POST', LISTS, buyer.cookie, { name: '   ' })).json().message).toBe(
      'Enter a name for the list.',
    );
    const b = await newList(buyer.cookie, 'Vapes');
    expect(
      (await f.call('PATCH', `${LISTS}/${b.id}`, buyer.cookie, { name: 'weekly restock' })).statusCode,
    ).toBe(400);
    expect(
      (await f.call('PATCH', `${LISTS}/${b.id}`, buyer.cookie, { name: 'Monthly vapes' })).json().message,
    ).toBe('List renamed.');
    expect((await f.call('DELETE', `${LISTS}/${a.id}`, buyer.cookie)).json().message).toBe(
      'List Weekly restock deleted.',
    );
    const lists = ListListSchema.parse((await f.call('GET', LISTS, buyer.cookie)).json()).lists;
    expect(lists.map((l) => l.name)).toEqual(['Monthly vapes']);
  });

  it('saves from anywhere, quantities add up; shows the buyer’s price and what would not go in; fills the cart with what stock and cases allow', async () => {
    const buyer = await f.verifiedBuyer();
    const plenty = await f.variantWith(50, 1000);
    const few = await f.variantWith(3, 800);
    const cased = await f.variantWith(25, 500);
    await t.database.query('update variants set order_increment = 10, min_quantity = 10 where id = $1', [
      cased.id,
    ]);
    const gone = await f.variantWith(10, 700);
    await t.app.catalogue.changed();
    const group = await f.group();
    await f.entry(group, { scope: 'variant', target: plenty.sku, priceCents: 900, tiers: [] });
    await f.join(buyer.user.id, group);
    const list = await newList(buyer.cookie, 'Restock');
    const save = (items: { variantId: string; quantity: number }[]) =>
      f.call('POST', `${LISTS}/${list.id}/items`, buyer.cookie, { items });
    expect(
      (
        await save([
          { variantId: plenty.sku, quantity: 2 },
          { variantId: few.sku, quantity: 5 },
        ])
      ).json().message,
    ).toBe('Saved 2 items to Restock.');
    expect(
      (
        await save([
          { variantId: plenty.sku, quantity: 3 },
          { variantId: cased.sku, quantity: 30 },
          { variantId: gone.sku, quantity: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await save([{ variantId: 'NO-SUCH-SKU', quantity: 1 }])).statusCode).toBe(404);
    await t.database.query(
      'update products set hidden = true where id = (select product_id from variants where id = $1)',
      [gone.id],
    );
    await t.app.catalogue.changed();
    expect(
      (await f.call('PUT', `${LISTS}/${list.id}/items/${plenty.sku}`, buyer.cookie, { quantity: 6 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await f.call('PUT', `${LISTS}/${list.id}/items/${plenty.sku}`, buyer.cookie, { quantity: 0 }))
        .statusCode,
    ).toBe(400);

    const shown = await detail(buyer.cookie, list.id);
    const item = (sku: string) => shown.items.find((i) => i.variantId === sku)!;
    expect(shown.itemCount).toBe(4);
    expect(item(plenty.sku)).toMatchObject({ quantity: 6, unitPriceCents: 900, problem: null });
    expect(item(few.sku)).toMatchObject({ quantity: 5, problem: 'Only 3 in stock.' });
    expect(item(cased.sku)).toMatchObject({ quantity: 30, problem: 'Only 25 in stock.' });
    expect(item(gone.sku)).toMatchObject({
      product: null,
      unitPriceCents: null,
      problem: 'This product is not sold at the moment.',
    });

    const res = await f.call('POST', `${LISTS}/${list.id}/to-cart`, buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const added = QuickOrderAddedSchema.parse(res.json());
    expect(added.message).toBe('Added 3 lines to your cart (2 in part); 1 not added.');
    const line = (sku: string) => added.cart.items.find((i) => i.variantId === sku)?.quantity;
    expect([line(plenty.sku), line(few.sku), line(cased.sku), line(gone.sku)]).toEqual([6, 3, 20, undefined]);
    expect(added.notAdded.find((l) => l.sku === few.sku)).toMatchObject({
      quantity: 5,
      addedQuantity: 3,
      problem: 'Only 3 in stock.',
      unitPriceCents: 800,
      lineTotalCents: 2400,
    });
    // The list is kept as it was.
    expect((await detail(buyer.cookie, list.id)).items.map((i) => i.quantity).sort()).toEqual(
      [1, 30, 5, 6].sort(),
    );
    // Removing an item; a SKU not on the list is 404.
    expect((await f.call('DELETE', `${LISTS}/${list.id}/items/${few.sku}`, buyer.cookie)).statusCode).toBe(
      200,
    );
    expect((await f.call('DELETE', `${LISTS}/${list.id}/items/${few.sku}`, buyer.cookie)).statusCode).toBe(
      404,
    );
  });

  it('reports a line that went in only in part by what went in, priced as the cart prices it, and why the rest did not', async () => {
    const buyer = await f.verifiedBuyer();
    // 18 in stock; the group pays $11.00 each, $10.25 from 20 on: the list's 20 would reach the tier, the 18 added do not.
    const v = await f.variantWith(18, 1500);
    const group = await f.group();
    await f.entry(group, {
      scope: 'variant',
      target: v.sku,
      priceCents: 1100,
      tiers: [{ minQuantity: 20, priceCents: 1025 }],
    });
    await f.join(buyer.user.id, group);
    const list = await newList(buyer.cookie, 'Twenty');
    const saved = await f.call('POST', `${LISTS}/${list.id}/items`, buyer.cookie, {
      items: [{ variantId: v.sku, quantity: 20 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await f.call('POST', `${LISTS}/${list.id}/to-cart`, buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const added = QuickOrderAddedSchema.parse(res.json());
    expect(added.message).toBe('Added 1 line to your cart (1 in part).');
    const cartLine = added.cart.items.find((i) => i.variantId === v.sku)!;
    expect(cartLine).toMatchObject({ quantity: 18, unitPriceCents: 1100, lineTotalCents: 19_800 });
    // The report says what the cart now holds of it (18 at $11.00, $198.00), not 20 × $10.25 = $205.00.
    expect(added.notAdded).toEqual([
      expect.objectContaining({
        sku: v.sku,
        quantity: 20,
        addedQuantity: 18,
        unitPriceCents: cartLine.unitPriceCents,
        lineTotalCents: cartLine.lineTotalCents,
        problem: 'Only 18 in stock.',
      }),
    ]);
  });

  it('Reorder all puts an order back in the cart, what stock allows; another buyer’s order is not found', async () => {
    const buyer = await f.verifiedBuyer({ documents: true });
    const other = await f.verifiedBuyer();
    const a = await f.variantWith(10, 1000);
    const b = await f.variantWith(10, 1000);
    await f.add(buyer.cookie, a.sku, 2);
    await f.add(buyer.cookie, b.sku, 4);
    const placed = await f.call('POST', '/api/v1/orders', buyer.cookie, f.orderBody());
    expect(placed.statusCode, placed.body).toBe(201);
    const number = PlaceOrderResponseSchema.parse(placed.json()).order.orderNumber;
    await t.database.query('update variants set stock = 1 where id = $1', [b.id]);
    await t.app.catalogue.changed();
    expect((await f.call('POST', `/api/v1/orders/${number}/reorder`, other.cookie)).statusCode).toBe(404);
    expect((await f.call('POST', `/api/v1/orders/${number}/reorder`)).statusCode).toBe(401);
    const res = await f.call('POST', `/api/v1/orders/${number}/reorder`, buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const added = QuickOrderAddedSchema.parse(res.json());
    expect(added.message).toBe('Added 2 lines to your cart (1 in part).');
    expect(await f.cartOf(buyer.user.id)).toEqual(
      expect.arrayContaining([
        { variant_id: a.id, quantity: 2 },
        { variant_id: b.id, quantity: 1 },
      ]),
    );
    expect(await f.cartOf(other.user.id)).toEqual([]);
  });
});
