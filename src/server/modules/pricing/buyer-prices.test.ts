import { describe, expect, it } from 'vitest';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import {
  ListingResponseSchema,
  ProductDetailSchema,
  SearchResponseSchema,
} from '#shared/catalogue/catalogue.schemas.ts';
import { PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { pricingFixture } from './pricing.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);

/** A Chain group with a price for one option (tiers at 10 and 50) and 10 % off its brand. */
async function chainSetUp() {
  const g = await f.group();
  const v = await f.variantWith(100, 2000);
  const where = await f.whereIs(v.id);
  await f.entry(g, {
    scope: 'variant',
    target: v.sku,
    priceCents: 1600,
    tiers: [
      { minQuantity: 10, priceCents: 1500 },
      { minQuantity: 50, priceCents: 1400 },
    ],
  });
  await f.entry(g, { scope: 'brand', target: where.brand, basisPoints: 1000 });
  const member = await f.verifiedBuyer();
  await f.join(member.user.id, g);
  const other = await f.verifiedBuyer();
  return { g, v, where, member, other };
}

const get = (url: string, cookie?: string) => f.call('GET', url, cookie);
const cartOf = async (cookie: string) => CartSchema.parse((await get('/api/v1/cart', cookie)).json());

describe('a grouped buyer sees their own prices; nobody else does', () => {
  it('product page, listing and search: the group price and tiers for the member, the list price for others', async () => {
    const { v, where, member, other } = await chainSetUp();
    const productUrl = `/api/v1/catalogue/product?${where.query}`;
    const listingUrl = `/api/v1/catalogue/listing?categoryId=${where.c}&brandId=${where.b}&pageSize=60`;
    const [visitor, others, mine] = await Promise.all([
      get(productUrl),
      get(productUrl, other.cookie),
      get(productUrl, member.cookie),
    ]);
    // Visitors and buyers without a group: the public answer, word for word.
    expect(others.body).toBe(visitor.body);
    expect(visitor.body).not.toContain('yourPrice');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toContain('Cookie');
    const detail = ProductDetailSchema.parse(mine.json());
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers.etag).not.toBe(visitor.headers.etag);
    const option = detail.variants.find((o) => o.sku === v.sku)!;
    expect(option.yourPrice).toEqual({
      unitPriceCents: 1600,
      tiers: [
        { minQuantity: 10, unitPriceCents: 1500 },
        { minQuantity: 50, unitPriceCents: 1400 },
      ],
    });
    // The other options of the product get the brand's 10 % off; the card shows the lowest.
    for (const o of detail.variants.filter((x) => x.sku !== v.sku))
      expect(o.yourPrice?.unitPriceCents).toBe(1800);
    expect(detail.yourPrice).toEqual({ unitPriceCents: 1600, from: detail.variants.length > 1 });

    const listing = ListingResponseSchema.parse((await get(listingUrl, member.cookie)).json());
    const card = listing.items.find((i) => i.id === where.p)!;
    expect(card.yourPrice?.unitPriceCents).toBe(1600);
    // Every other card of the brand: 10 % off its list price, rounded half up.
    for (const c of listing.items.filter((i) => i.id !== where.p && i.priceCents > 0))
      expect(c.yourPrice?.unitPriceCents ?? null).toBe(
        Math.floor((c.priceCents * 9000 + 5000) / 10_000) <
          Math.min(c.priceCents, c.discountPriceCents ?? Infinity)
          ? Math.floor((c.priceCents * 9000 + 5000) / 10_000)
          : null,
      );
    for (const who of [undefined, other.cookie])
      expect((await get(listingUrl, who)).body).not.toContain('yourPrice');

    const searchUrl = `/api/v1/search?q=${encodeURIComponent(where.name)}&limit=60`;
    const found = SearchResponseSchema.parse((await get(searchUrl, member.cookie)).json());
    expect(found.items.find((i) => i.id === where.p)?.yourPrice?.unitPriceCents).toBe(1600);
    for (const who of [undefined, other.cookie])
      expect((await get(searchUrl, who)).body).not.toContain('yourPrice');
    // A forged or ended session sees the public answer.
    expect((await get(productUrl, 'sid=forged-token-value')).body).toBe(visitor.body);
  });

  it('the cart prices each line at its quantity, tiers at their edges; other buyers pay the list price', async () => {
    const { v, member, other } = await chainSetUp();
    const expectLine = async (cookie: string, quantity: number, unit: number, source: string) => {
      await f.call('POST', '/api/v1/cart/items', cookie, { items: [{ variantId: v.sku, quantity }] });
      const line = (await cartOf(cookie)).items.find((l) => l.variantId === v.sku)!;
      expect([line.quantity, line.unitPriceCents, line.lineTotalCents, line.priceSource]).toEqual([
        quantity,
        unit,
        unit * quantity,
        source,
      ]);
      return line;
    };
    const one = await expectLine(member.cookie, 1, 1600, 'group');
    expect(one.nextTier).toEqual({ minQuantity: 10, unitPriceCents: 1500 });
    await f.call('PUT', `/api/v1/cart/items/${v.sku}`, member.cookie, { quantity: 9 });
    expect((await cartOf(member.cookie)).items[0]!.unitPriceCents).toBe(1600);
    await f.call('PUT', `/api/v1/cart/items/${v.sku}`, member.cookie, { quantity: 10 });
    const ten = (await cartOf(member.cookie)).items[0]!;
    expect([ten.unitPriceCents, ten.nextTier]).toEqual([1500, { minQuantity: 50, unitPriceCents: 1400 }]);
    await f.call('PUT', `/api/v1/cart/items/${v.sku}`, member.cookie, { quantity: 50 });
    const fifty = await cartOf(member.cookie);
    expect([fifty.items[0]!.unitPriceCents, fifty.items[0]!.nextTier, fifty.subtotalCents]).toEqual([
      1400,
      null,
      70_000,
    ]);
    await expectLine(other.cookie, 10, 2000, 'list');
  });

  it('place order charges what the cart showed; a list changed underneath is priced again or refused', async () => {
    const { g, v, member } = await chainSetUp();
    await f.add(member.cookie, v.sku, 10);
    const cart = await cartOf(member.cookie);
    expect(cart.subtotalCents).toBe(15_000);
    // Staff lower the tier while checkout is open: an order expecting the old total is refused…
    await f.entry(g, {
      scope: 'variant',
      target: v.sku,
      priceCents: 1600,
      tiers: [{ minQuantity: 10, priceCents: 1450 }],
    });
    const stale = await f.call(
      'POST',
      '/api/v1/orders',
      member.cookie,
      f.orderBody({ expectedTotalCents: 15_000 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Prices in your cart changed since you opened checkout. Please check the new total and place the order again.',
    );
    expect(await f.stockOf(v.id)).toBe(100);
    expect((await cartOf(member.cookie)).subtotalCents).toBe(14_500);
    // …and one expecting the new total is placed at it.
    const placed = await f.call(
      'POST',
      '/api/v1/orders',
      member.cookie,
      f.orderBody({ expectedTotalCents: 14_500 }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = PlaceOrderResponseSchema.parse(placed.json());
    expect([order.subtotalCents, order.items[0]!.unitPriceCents]).toEqual([14_500, 1450]);
    const [stored] = await t.database.query<{ unit_price_cents: number }>(
      'select unit_price_cents from order_items i join orders o on o.id = i.order_id where o.number = $1',
      [order.orderNumber],
    );
    expect(stored!.unit_price_cents).toBe(1450);
  });

  it("the database is the judge: a price list this instance has not heard of is caught by the group's version", async () => {
    const { g, v, member } = await chainSetUp();
    await f.add(member.cookie, v.sku, 2);
    // Another instance changed the price list; this one's memory still has the old one.
    await t.database.query(
      `update price_list_entries set price_cents = 1234, tiers = '[]' where group_id = $1 and scope = 'variant'`,
      [g],
    );
    await t.database.query('update customer_groups set version = version + 1 where id = $1', [g]);
    const res = await f.call('POST', '/api/v1/orders', member.cookie, f.orderBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(PlaceOrderResponseSchema.parse(res.json()).order.items[0]!.unitPriceCents).toBe(1234);
    // Moved out of the group while the memory thinks otherwise: the list price.
    await f.add(member.cookie, v.sku, 1);
    await t.database.query('delete from customer_group_members where user_id = $1', [member.user.id]);
    const after = await f.call('POST', '/api/v1/orders', member.cookie, f.orderBody());
    expect(PlaceOrderResponseSchema.parse(after.json()).order.items[0]!.unitPriceCents).toBe(2000);
    await t.app.pricing.changed();
  });

  it("a staff change to the list reaches the member's open pages (SSE) and nobody else's", async () => {
    const { g, v, member, other } = await chainSetUp();
    const heard: string[] = [];
    const stops = [member, other].map((b) =>
      t.app.events.subscribe(b.user.id, (type) => heard.push(`${b === member ? 'member' : 'other'}:${type}`)),
    );
    await f.entry(g, { scope: 'variant', target: v.sku, priceCents: 1590 });
    await expect.poll(() => heard).toEqual(['member:prices']);
    for (const stop of stops) stop();
  });

  it('visitors, other buyers and signed-out sessions never see a group price', async () => {
    const { where, member } = await chainSetUp();
    const url = `/api/v1/catalogue/product?${where.query}`;
    expect((await get(url, member.cookie)).body).toContain('yourPrice');
    const out = await f.call('POST', '/api/v1/auth/signout', member.cookie);
    expect(out.statusCode).toBeLessThan(300);
    expect((await get(url, member.cookie)).body).not.toContain('yourPrice');
    const newcomer = await signUpBuyer(t.app);
    expect((await get(url, newcomer.cookie)).body).not.toContain('yourPrice');
  });
});
