import { describe, expect, it } from 'vitest';
import { pricingFixture } from '#server/modules/pricing/pricing.fixture.ts';
import { type ListingResponse, ListingResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import {
  listingQueryString,
  type RefProduct,
  type RefQuery,
  referenceFacets,
  referenceListing,
  referenceProducts,
} from './listing.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const f = pricingFixture(() => t, clock);

const LISTING = '/api/v1/catalogue/listing';
const keyOf = (i: ListingResponse['items'][number]) => `${i.categoryId}/${i.brandId}/${i.id}`;

async function listing(qs: string, cookie?: string): Promise<ListingResponse> {
  const res = await f.call('GET', `${LISTING}?${qs}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return ListingResponseSchema.parse(res.json());
}

/** Every page of a listing, in order, checking each page's total, page count and size. */
async function allPages(q: RefQuery, pageSize = 60, cookie?: string) {
  const first = await listing(listingQueryString({ ...q, pageSize }), cookie);
  const keys = first.items.map(keyOf);
  for (let page = 2; page <= first.pageCount; page++) {
    const l = await listing(listingQueryString({ ...q, pageSize, page }), cookie);
    expect([l.total, l.pageCount, l.page]).toEqual([first.total, first.pageCount, page]);
    keys.push(...l.items.map(keyOf));
  }
  expect(first.pageCount).toBe(Math.max(1, Math.ceil(first.total / pageSize)));
  expect(keys).toHaveLength(first.total);
  return { first, keys };
}

/** A facet as counts by folded value (what the reference gives). */
const counted = (values: { value: string; count: number }[]) =>
  Object.fromEntries(values.filter((v) => v.count > 0).map((v) => [v.value.toLowerCase(), v.count]));

describe('sorting a listing', () => {
  it.each(['featured', 'name', 'newest', 'price_asc', 'price_desc'] as const)(
    'sort=%s lists every product of ALL in the rule’s order',
    async (sort) => {
      const products = await referenceProducts(t.database);
      const { keys } = await allPages({ categoryId: 'ALL', sort });
      expect(keys).toEqual(referenceListing(products, { categoryId: 'ALL', sort }).map((p) => p.key));
    },
  );

  it('featured is the listing order of before, item for item, and the default', async () => {
    const plain = await listing('categoryId=ALL&pageSize=60&page=2');
    const featured = await listing('categoryId=ALL&pageSize=60&page=2&sort=featured');
    expect(featured.items).toEqual(plain.items);
    expect(featured.total).toBe(plain.total);
  });

  it('sorts within a brand, with the stock filter, by name and by price', async () => {
    const products = await referenceProducts(t.database);
    const brand = products.find((p) => p.categoryId === 'disposable-vapes')!.brandId;
    for (const sort of ['name', 'price_desc'] as const) {
      const q: RefQuery = { categoryId: 'disposable-vapes', brandId: brand, inStock: true, sort };
      expect((await allPages(q, 2)).keys).toEqual(referenceListing(products, q).map((p) => p.key));
    }
  });

  it('names sort without regard to case, ties by id', async () => {
    const [a, b] = await t.database.query<{ id: number }>(
      'select id from products where not hidden and brand_id = (select brand_id from products where not hidden order by id limit 1) order by id limit 2',
    );
    await t.database.query("update products set name = 'aardvark kit' where id = $1", [b!.id]);
    await t.database.query("update products set name = 'AARDVARK KIT' where id = $1", [a!.id]);
    await t.app.catalogue.changed();
    const first = await listing('categoryId=ALL&sort=name&pageSize=2');
    expect(first.items.map((i) => i.name)).toEqual(['AARDVARK KIT', 'aardvark kit']);
  });
});

describe("a grouped buyer's listing sorts and narrows by their own prices", () => {
  it('orders by the price on their cards: the lowest option price when it is below the card’s', async () => {
    const products = await referenceProducts(t.database);
    const vapes = products.filter((p) => p.categoryId === 'disposable-vapes' && p.options.length > 1);
    const [costly, cheap] = [vapes[0]!, vapes[1]!];
    const g = await f.group();
    await f.entry(g, { scope: 'category', target: 'disposable-vapes', basisPoints: 5000 });
    // A product price above the store's: the store's price stands (a group never pays more).
    const [costlySku] = await t.database.query<{ sku: string }>('select sku from products where id = $1', [
      costly.dbId,
    ]);
    await f.entry(g, { scope: 'product', target: costlySku!.sku, priceCents: 100_000 });
    // One option of another product at 5 cents: that product is "from $0.05".
    await f.entry(g, { scope: 'variant', target: cheap.options[1]!.sku, priceCents: 5 });
    const member = await f.verifiedBuyer();
    await f.join(member.user.id, g);

    const theirs = (p: RefProduct) => {
      if (p.categoryId !== 'disposable-vapes' || p === costly) return p.publicCents;
      const half = Math.floor((p.listCents * 5000 + 5000) / 10_000);
      return Math.min(p.publicCents, half, p === cheap ? 5 : half);
    };
    for (const sort of ['price_asc', 'price_desc'] as const) {
      const q: RefQuery = { categoryId: 'ALL', sort };
      const mine = await allPages(q, 60, member.cookie);
      expect(mine.keys).toEqual(referenceListing(products, q, theirs).map((p) => p.key));
      expect(mine.first.items.some((i) => i.yourPrice)).toBe(true);
      const visitor = await allPages(q);
      expect(visitor.keys).toEqual(referenceListing(products, q).map((p) => p.key));
      expect(mine.keys).not.toEqual(visitor.keys);
    }
    const firstOfMine = await listing('categoryId=disposable-vapes&sort=price_asc&pageSize=1', member.cookie);
    expect(firstOfMine.items.map((i) => [keyOf(i), i.yourPrice])).toEqual([
      [cheap.key, { unitPriceCents: 5, from: true }],
    ]);

    // The price range reads the same figure: only the member finds something at 5 cents.
    const range = 'categoryId=ALL&minPrice=0&maxPrice=0.05';
    expect((await listing(range, member.cookie)).items.map(keyOf)).toEqual([cheap.key]);
    expect((await listing(range)).total).toBe(0);
    const q: RefQuery = { categoryId: 'disposable-vapes', minCents: 2000, maxCents: 4000, sort: 'name' };
    expect((await allPages(q, 60, member.cookie)).keys).toEqual(
      referenceListing(products, q, theirs).map((p) => p.key),
    );
  });
});

describe('narrowing a listing', () => {
  it('by flavours (any of them), nicotine, stock and price together, page by page', async () => {
    const products = await referenceProducts(t.database);
    const open = await listing('categoryId=disposable-vapes');
    expect(open.facets.flavours.length).toBeGreaterThan(2);
    expect(open.facets.nicotine.length).toBeGreaterThan(1);
    const [a, b] = [open.facets.flavours[0]!.value, open.facets.flavours[2]!.value];
    const flavoured: RefQuery = { categoryId: 'disposable-vapes', flavours: [a, b] };
    const one = await allPages(flavoured, 5);
    expect(one.keys).toEqual(referenceListing(products, flavoured).map((p) => p.key));
    expect(one.first.total).toBeLessThan(open.total);
    // Each alone lists fewer: several choices are any of them.
    const onlyA = await listing(listingQueryString({ categoryId: 'disposable-vapes', flavours: [a] }));
    expect(onlyA.total).toBeLessThanOrEqual(one.first.total);

    const mg = Number(open.facets.nicotine[0]!.value);
    const prices = products.filter((p) => p.categoryId === 'disposable-vapes').map((p) => p.publicCents);
    const all: RefQuery = {
      categoryId: 'Vape Hardware',
      flavours: [a, b],
      nicotine: [mg],
      inStock: true,
      minCents: Math.min(...prices) + 100,
      maxCents: Math.max(...prices) - 100,
      sort: 'price_asc',
    };
    const expected = referenceListing(products, all).map((p) => p.key);
    expect(expected.length).toBeGreaterThan(3);
    const paged = await allPages(all, 3);
    expect(paged.keys).toEqual(expected);
    expect(paged.first.pageCount).toBe(Math.ceil(expected.length / 3));
  });

  it('each facet counts the listing with every other filter but its own', async () => {
    const products = await referenceProducts(t.database);
    const open = await listing('categoryId=disposable-vapes');
    expect(counted(open.facets.flavours)).toEqual(
      referenceFacets(products, { categoryId: 'disposable-vapes' }).flavours,
    );
    const chosen = open.facets.flavours[1]!.value;
    const mg = Number(open.facets.nicotine[0]!.value);
    const q: RefQuery = { categoryId: 'disposable-vapes', flavours: [chosen], nicotine: [mg], inStock: true };
    const narrowed = await listing(listingQueryString(q));
    const expected = referenceFacets(products, q);
    expect(counted(narrowed.facets.flavours)).toEqual(expected.flavours);
    expect(counted(narrowed.facets.nicotine)).toEqual(expected.nicotine);
    // Choosing a flavour leaves the other flavours offered, so the choice can be widened.
    expect(narrowed.facets.flavours.length).toBeGreaterThan(1);
    expect(narrowed.facets.nicotine.map((n) => n.label)).toContain(`${mg} mg/ml`);
    // A chosen value nothing matches any more stays, at 0, to be unchosen.
    const none = await listing(listingQueryString({ ...q, minCents: 0, maxCents: 1 }));
    expect(none.total).toBe(0);
    expect(none.facets.flavours.find((v) => v.value === chosen)?.count).toBe(0);
  });

  it('offers no facet a listing’s products do not carry; an unknown choice matches nothing', async () => {
    expect((await listing('categoryId=kratom')).facets).toEqual({ flavours: [], nicotine: [] });
    // Hardware options are colours, not flavours.
    expect((await listing('categoryId=vape-hardware')).facets.flavours).toEqual([]);
    const unknown = await listing('categoryId=disposable-vapes&flavour=Chalk%20Dust&nicotine=999');
    expect([unknown.total, unknown.items, unknown.pageCount]).toEqual([0, [], 1]);
    expect(unknown.title).toBe('Disposable Vapes');
  });
});

describe('stock changes applied in place', () => {
  it('the in-stock facets and sorted listings follow a product selling out', async () => {
    const q: RefQuery = { categoryId: 'disposable-vapes', inStock: true, sort: 'name' };
    const before = await listing(listingQueryString(q));
    const sold = (await referenceProducts(t.database)).find((p) => p.inStock && p.flavours.length)!;
    const model = await t.app.catalogue.get();
    const stock = await t.database.query<{ id: number; stock: number }>(
      'select id, stock from variants where product_id = $1',
      [sold.dbId],
    );
    const setStock = async (rows: { id: number; stock: number }[]) => {
      for (const r of rows)
        await t.database.query('update variants set stock = $1 where id = $2', [r.stock, r.id]);
      model.applyStock(rows);
    };
    try {
      await setStock(stock.map((r) => ({ id: r.id, stock: 0 })));
      const products = await referenceProducts(t.database);
      const after = await allPages(q, 4);
      expect(after.keys).toEqual(referenceListing(products, q).map((p) => p.key));
      expect(after.keys).not.toContain(sold.key);
      expect(after.first.total).toBe(before.total - 1);
      expect(counted(after.first.facets.flavours)).toEqual(referenceFacets(products, q).flavours);
      // Without the stock filter nothing changed: every product counts.
      const all = await listing('categoryId=disposable-vapes');
      expect(counted(all.facets.flavours)).toEqual(
        referenceFacets(products, { categoryId: 'disposable-vapes' }).flavours,
      );
    } finally {
      await setStock(stock);
    }
  });
});

describe('"ships to my state" with sorts and filters', () => {
  it('lists the same order and narrowing, less what may not ship to the buyer', async () => {
    const buyer = await f.verifiedBuyer({ licence: 'MA' });
    const done = await f.call('POST', '/api/v1/account/complete', buyer.cookie, {
      streetAddress: '1 Beacon St',
      streetAddress2: '',
      city: 'Boston',
      state: 'MA',
      zipCode: '02108',
    });
    expect(done.statusCode, done.body).toBe(200);
    const open = await listing('categoryId=disposable-vapes');
    const qs = `categoryId=Vape%20Hardware&sort=price_desc&nicotine=${open.facets.nicotine[0]!.value}&pageSize=60`;
    const everything = await listing(qs, buyer.cookie);
    expect(everything.pageCount).toBe(1);
    const res = await f.call('POST', '/api/v1/compliance/my-state/cards', buyer.cookie, {
      cards: everything.items.map(keyOf),
    });
    const blocked = (res.json() as { blocked: string[] }).blocked;
    expect(blocked.length).toBeGreaterThan(0);
    const ships = await f.call('GET', `/api/v1/compliance/listing?${qs}`, buyer.cookie);
    expect(ships.statusCode, ships.body).toBe(200);
    const shipping = ListingResponseSchema.parse(ships.json());
    expect(shipping.items.map(keyOf)).toEqual(
      everything.items.map(keyOf).filter((k) => !blocked.includes(k)),
    );
    expect(shipping.total).toBe(everything.total - blocked.length);
    expect(shipping.total).toBeGreaterThan(0);
    expect(shipping.facets.nicotine.reduce((n, v) => n + v.count, 0)).toBeGreaterThanOrEqual(shipping.total);
  });
});

describe('bad sort and filter input', () => {
  it.each([
    ['sort=cheapest', 'Sort must be one of featured, price_asc, price_desc, name, newest', 'sort'],
    ['minPrice=-1', 'Minimum price must be 0 or more', 'minPrice'],
    ['maxPrice=-0.5', 'Maximum price must be 0 or more', 'maxPrice'],
    ['minPrice=ten', 'Minimum price must be an amount in dollars, like 10 or 12.50', 'minPrice'],
    ['maxPrice=1.999', 'Maximum price must be an amount in dollars, like 10 or 12.50', 'maxPrice'],
    ['minPrice=', 'Minimum price must be an amount in dollars, like 10 or 12.50', 'minPrice'],
    ['maxPrice=1e308', 'Maximum price must be an amount in dollars, like 10 or 12.50', 'maxPrice'],
    ['maxPrice=99999999999999999999999', 'Maximum price must be at most $1,000,000', 'maxPrice'],
    ['minPrice=1000000.01', 'Minimum price must be at most $1,000,000', 'minPrice'],
    ['minPrice=50&maxPrice=10', 'Minimum price must not be more than the maximum price', 'minPrice'],
    ['nicotine=strong', 'Nicotine must be a strength in mg/ml, like 20', 'nicotine.0'],
    ['nicotine=5000', 'Nicotine must be at most 1000 mg/ml', 'nicotine.0'],
    [`flavour=${'x'.repeat(121)}`, 'A flavour is at most 120 characters', 'flavour.0'],
    ['flavour=%20', 'A flavour cannot be empty', 'flavour.0'],
    [
      Array.from({ length: 51 }, (_, i) => `flavour=f${i}`).join('&'),
      'Choose at most 50 flavours',
      'flavour',
    ],
    ['flavour=Mango%00Ice', 'Text cannot contain the NUL character.', 'flavour'],
  ])('?%s → 400 "%s"', async (query, message, field) => {
    const res = await f.call('GET', `${LISTING}?categoryId=ALL&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });
});
