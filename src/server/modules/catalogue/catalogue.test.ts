import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BannersResponseSchema,
  ListingResponseSchema,
  MenuResponseSchema,
  NewArrivalsResponseSchema,
  ProductDetailSchema,
  ProductListResponseSchema,
  SkuExampleSchema,
} from '#shared/catalogue/catalogue.schemas.ts';
import { testAppForFile } from '#tests/test-app.ts';
import { CATALOGUE_CHANNEL } from './catalogue-cache.ts';
import { CatalogueReadModel, type ProductEntry } from './catalogue-read-model.ts';

const t = testAppForFile();

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function counts() {
  const rows = await t.database.query<{ products: string; categories: string }>(
    'select (select count(*) from products) as products, (select count(*) from categories) as categories',
  );
  return { products: Number(rows[0]!.products), categories: Number(rows[0]!.categories) };
}

describe('GET /api/v1/catalogue/menu', () => {
  it('lists the nine categories with their brands and groups', async () => {
    const res = await get('/api/v1/catalogue/menu');
    expect(res.statusCode).toBe(200);
    const menu = MenuResponseSchema.parse(res.json());
    expect(menu.categories).toHaveLength(9);
    expect(menu.groups).toEqual(['Vape Hardware', 'Smoke Shop']);
    expect(menu.categories.find((c) => c.id === 'kratom')?.group).toBeNull();
    expect(menu.categories.find((c) => c.id === 'disposable-vapes')?.group).toBe('Vape Hardware');
    expect(menu.categories.find((c) => c.id === 'water-pipes')?.group).toBe('Smoke Shop');
    const total = menu.categories.reduce((n, c) => n + c.productCount, 0);
    expect(total).toBe((await counts()).products);
    // The demo catalogue is generated from a fixed seed: its brands per category are known.
    expect(Object.fromEntries(menu.categories.map((c) => [c.id, c.brands.length]))).toEqual({
      'delta-products': 5,
      'dispensary-supply': 3,
      'disposable-vapes': 8,
      kratom: 4,
      'nectar-collectors': 2,
      'rolling-papers': 5,
      'smoke-shop-supplies': 3,
      'vape-hardware': 6,
      'water-pipes': 4,
    });
    for (const c of menu.categories) expect(c.brands.every((b) => b.categoryId === c.id)).toBe(true);
  });
});

describe('GET /api/v1/catalogue/listing', () => {
  it('lists everything for ALL, twenty a page, with the total', async () => {
    const { products } = await counts();
    const res = await get('/api/v1/catalogue/listing?categoryId=ALL');
    expect(res.statusCode).toBe(200);
    const body = ListingResponseSchema.parse(res.json());
    expect(body.total).toBe(products);
    expect(body.items).toHaveLength(20);
    expect(body.pageCount).toBe(Math.ceil(products / 20));
    expect(body.title).toBe('All Products');
  });

  it('pages do not overlap and together list every product once', async () => {
    const first = ListingResponseSchema.parse(
      (await get('/api/v1/catalogue/listing?categoryId=ALL&page=1')).json(),
    );
    const seen = new Set<string>();
    for (let page = 1; page <= first.pageCount; page++) {
      const body = ListingResponseSchema.parse(
        (await get(`/api/v1/catalogue/listing?categoryId=ALL&page=${page}`)).json(),
      );
      for (const item of body.items) seen.add(`${item.categoryId}/${item.brandId}/${item.id}`);
    }
    expect(seen.size).toBe(first.total);
  });

  it('a group lists only its categories', async () => {
    const body = ListingResponseSchema.parse(
      (
        await get(`/api/v1/catalogue/listing?categoryId=${encodeURIComponent('Smoke Shop')}&pageSize=60`)
      ).json(),
    );
    const menu = MenuResponseSchema.parse((await get('/api/v1/catalogue/menu')).json());
    const smokeShop = new Set(menu.categories.filter((c) => c.group === 'Smoke Shop').map((c) => c.id));
    expect(body.total).toBe(
      menu.categories.filter((c) => smokeShop.has(c.id)).reduce((n, c) => n + c.productCount, 0),
    );
    expect(body.items.every((i) => smokeShop.has(i.categoryId))).toBe(true);
  });

  it('filters by brand and by stock', async () => {
    const menu = MenuResponseSchema.parse((await get('/api/v1/catalogue/menu')).json());
    const cat = menu.categories.find((c) => c.id === 'disposable-vapes')!;
    const brand = cat.brands[0]!;
    const body = ListingResponseSchema.parse(
      (await get(`/api/v1/catalogue/listing?categoryId=${cat.id}&brandId=${brand.id}`)).json(),
    );
    expect(body.total).toBe(brand.productCount);
    expect(body.items.every((i) => i.brandId === brand.id)).toBe(true);
    expect(body.brandsYouMayLike.length).toBeLessThanOrEqual(5);
    expect(body.brandsYouMayLike.some((b) => b.id === brand.id)).toBe(false);

    const all = ListingResponseSchema.parse(
      (await get('/api/v1/catalogue/listing?categoryId=ALL&pageSize=60')).json(),
    );
    const inStock = ListingResponseSchema.parse(
      (await get('/api/v1/catalogue/listing?categoryId=ALL&inStock=true&pageSize=60')).json(),
    );
    expect(inStock.items.every((i) => i.inStock)).toBe(true);
    const [row] = await t.database.query<{ n: string }>(
      'select count(*) as n from products p where exists (select 1 from variants v where v.product_id = p.id and v.stock > 0)',
    );
    expect(inStock.total).toBe(Number(row!.n));
    expect(inStock.total).toBeLessThan(all.total);
  });

  it('a page past the end is empty, not an error', async () => {
    const body = ListingResponseSchema.parse(
      (await get('/api/v1/catalogue/listing?categoryId=ALL&page=999')).json(),
    );
    expect(body.items).toEqual([]);
  });

  it.each([
    ['categoryId=nope', 404, 'Category not found'],
    ['categoryId=kratom&brandId=nope', 404, 'Brand not found'],
    ['categoryId=kratom&brandId=nimbus-bar', 404, 'Brand not found'],
    ['categoryId=ALL&page=-1', 400, 'Page must be 1 or more'],
    ['categoryId=ALL&page=0', 400, 'Page must be 1 or more'],
    ['categoryId=ALL&page=abc', 400, 'Page must be a whole number'],
    ['categoryId=ALL&page=1.5', 400, 'Page must be a whole number'],
    ['categoryId=ALL&pageSize=1000000', 400, 'pageSize must be at most 60'],
    ['categoryId=ALL&inStock=maybe', 400, 'Must be true or false'],
    ['', 400, undefined],
    [`categoryId=${'x'.repeat(10_000)}`, 400, 'Too long'],
  ])('?%s answers %i', async (query, status, message) => {
    const res = await get(`/api/v1/catalogue/listing?${query}`);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toBe(message);
    else expect(typeof res.json().message).toBe('string');
  });
});

describe('GET /api/v1/catalogue/product', () => {
  async function someProduct() {
    const body = ListingResponseSchema.parse(
      (await get('/api/v1/catalogue/listing?categoryId=disposable-vapes')).json(),
    );
    return body.items[0]!;
  }

  it('returns the product with its variants, stock and derived availability', async () => {
    const card = await someProduct();
    const res = await get(
      `/api/v1/catalogue/product?categoryId=${card.categoryId}&brandId=${card.brandId}&subBrandId=${card.id}`,
    );
    expect(res.statusCode).toBe(200);
    const p = ProductDetailSchema.parse(res.json());
    expect(p.name).toBe(card.name);
    const rows = await t.database.query<{ name: string; stock: number }>(
      'select v.name, v.stock from variants v join products p on p.id = v.product_id where p.sku = $1 order by v.position',
      [p.sku],
    );
    expect(p.variants.map((v) => [v.name, v.stock])).toEqual(rows.map((r) => [r.name, r.stock]));
    expect(p.inStock).toBe(rows.some((r) => r.stock > 0));
    const [stored] = await t.database.query<{
      rating: number;
      specifications: unknown[];
      images: { url: string }[];
    }>('select rating, specifications, images from products where sku = $1', [p.sku]);
    expect(p.rating).toBe(stored!.rating);
    expect(p.specifications).toEqual(stored!.specifications);
    expect(p.images.map((i) => i.url)).toEqual(stored!.images.map((i) => i.url));
  });

  it('marks a product whose variants are all sold out as out of stock', async () => {
    const [row] = await t.database.query<{ c: string; b: string; p: string }>(
      `select c.slug as c, b.slug as b, p.slug as p from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id
        where not exists (select 1 from variants v where v.product_id = p.id and v.stock > 0) limit 1`,
    );
    expect(row).toBeDefined();
    const p = ProductDetailSchema.parse(
      (
        await get(`/api/v1/catalogue/product?categoryId=${row!.c}&brandId=${row!.b}&subBrandId=${row!.p}`)
      ).json(),
    );
    expect(p.inStock).toBe(false);
    expect(p.variants.every((v) => !v.inStock && v.stock === 0)).toBe(true);
  });

  it('404s for unknown ids and for a product under the wrong brand', async () => {
    const card = await someProduct();
    for (const q of [
      `categoryId=${card.categoryId}&brandId=${card.brandId}&subBrandId=nope`,
      `categoryId=kratom&brandId=${card.brandId}&subBrandId=${card.id}`,
      `categoryId=${card.categoryId}&brandId=cloudtide-x&subBrandId=${card.id}`,
    ]) {
      const res = await get(`/api/v1/catalogue/product?${q}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found' });
    }
  });

  it('400s for over-long or SQL-looking ids without touching the database', async () => {
    const long = 'x'.repeat(10_000);
    const res = await get(`/api/v1/catalogue/product?categoryId=${long}&brandId=a&subBrandId=b`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Too long');
    const sqlish = await get(
      `/api/v1/catalogue/product?categoryId=${encodeURIComponent("kratom' or '1'='1")}&brandId=a&subBrandId=b`,
    );
    expect(sqlish.statusCode).toBe(404);
    expect((await get(`/api/v1/catalogue/new-arrivals?tab=${long}`)).statusCode).toBe(400);
  });

  it('400s when a parameter is missing', async () => {
    const res = await get('/api/v1/catalogue/product?categoryId=kratom&brandId=x');
    expect(res.statusCode).toBe(400);
  });

  it('related: up to 20 of the same category, never the product itself', async () => {
    const card = await someProduct();
    const res = await get(
      `/api/v1/catalogue/product/related?categoryId=${card.categoryId}&brandId=${card.brandId}&subBrandId=${card.id}`,
    );
    expect(res.statusCode).toBe(200);
    const { items } = ProductListResponseSchema.parse(res.json());
    const [others] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id
        where c.slug = $1 and not p.hidden and not (p.slug = $2 and b.slug = $3)`,
      [card.categoryId, card.id, card.brandId],
    );
    expect(items).toHaveLength(Math.min(20, others!.n));
    expect(items.every((i) => i.categoryId === card.categoryId)).toBe(true);
    expect(items.some((i) => i.id === card.id && i.brandId === card.brandId)).toBe(false);
    expect(new Set(items.map((i) => `${i.brandId}/${i.id}`)).size).toBe(items.length);
  });
});

describe('GET /api/v1/catalogue/new-arrivals', () => {
  it.each([
    ['ALL', 50, null],
    ['ROLLING PAPERS', 20, 'rolling-papers'],
    ['KRATOM', 50, 'kratom'],
  ] as const)('%s: only new products, at most %i', async (tab, limit, category) => {
    const res = await get(`/api/v1/catalogue/new-arrivals?tab=${encodeURIComponent(tab)}`);
    expect(res.statusCode).toBe(200);
    const body = NewArrivalsResponseSchema.parse(res.json());
    const [fresh] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id
        where p.is_new and not p.hidden and ($1::text is null or c.slug = $1)`,
      [category],
    );
    expect(body.items).toHaveLength(Math.min(limit, fresh!.n));
    expect(body.items.every((i) => i.isNew)).toBe(true);
    if (category) expect(body.items.every((i) => i.categoryId === category)).toBe(true);
    expect(body.viewAllCategoryId).toBe(category ?? 'ALL');
  });

  it('rejects an unknown tab', async () => {
    expect((await get('/api/v1/catalogue/new-arrivals?tab=CIGARS')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/catalogue/banners', () => {
  it('fills every home slot', async () => {
    const body = BannersResponseSchema.parse((await get('/api/v1/catalogue/banners')).json());
    expect(body.main).toHaveLength(8);
    expect(body.second).toHaveLength(22);
    expect(body.brand_tile).toHaveLength(5);
    expect(body.vertical).toHaveLength(4);
    expect(body.promo).toHaveLength(4);
  });

  it('serves banner images from /media with an immutable cache lifetime', async () => {
    const body = BannersResponseSchema.parse((await get('/api/v1/catalogue/banners')).json());
    const res = await get(body.main[0]!.image.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('GET /api/v1/catalogue/sku-example (quick order, decision 014 item 3)', () => {
  it('is an in-stock option of this catalogue, ten of it rounded to what it is sold in; none when nothing is in stock', async () => {
    const body = SkuExampleSchema.parse((await get('/api/v1/catalogue/sku-example')).json());
    const [option] = await t.database.query<{ stock: number; min: number; step: number; product: string }>(
      `select v.stock, v.min_quantity as min, v.order_increment as step, p.name as product
         from variants v join products p on p.id = v.product_id where v.sku = $1`,
      [body.example!.sku],
    );
    expect(option!.stock).toBeGreaterThan(0);
    expect(body.example!.sku).toMatch(/^SS-\d+-\d{2}$/);
    expect(body.example!.quantity % option!.step).toBe(0);
    expect(body.example!.quantity).toBeGreaterThanOrEqual(Math.max(option!.min, 10));
    // The first product in name order that has anything in stock.
    const [first] = await t.database.query<{ name: string }>(
      `select p.name from products p where exists (select 1 from variants v where v.product_id = p.id and v.stock > 0)
        order by p.name collate "C" limit 1`,
    );
    expect(option!.product).toBe(first!.name);

    const stock = await t.database.query<{ id: number; stock: number }>('select id, stock from variants');
    await t.database.db.execute(sql`update variants set stock = 0`);
    await t.app.catalogue.changed();
    expect(SkuExampleSchema.parse((await get('/api/v1/catalogue/sku-example')).json())).toEqual({
      example: null,
    });
    await t.database.query(
      'update variants v set stock = s.stock from unnest($1::int[], $2::int[]) as s(id, stock) where v.id = s.id',
      [stock.map((r) => r.id), stock.map((r) => r.stock)],
    );
    await t.app.catalogue.changed();
  });
});

describe('catalogue read model invalidation', () => {
  it('shows a changed price at once after a catalogue change', async () => {
    const before = ListingResponseSchema.parse(
      (await get('/api/v1/catalogue/listing?categoryId=kratom')).json(),
    );
    const card = before.items[0]!;
    await t.database.db.execute(
      sql`update products set price_cents = 4321, discount_price_cents = null, discount_percentage = null where slug = ${card.id}`,
    );
    await t.app.catalogue.changed();
    const after = ListingResponseSchema.parse(
      (await get('/api/v1/catalogue/listing?categoryId=kratom')).json(),
    );
    expect(after.items.find((i) => i.id === card.id)?.priceCents).toBe(4321);
  });

  it('reloads when another instance NOTIFYs a change', async () => {
    const model = await t.app.catalogue.get();
    await t.database.notify(CATALOGUE_CHANNEL, 'other-instance');
    await expect.poll(async () => (await t.app.catalogue.get()) !== model, { timeout: 5_000 }).toBe(true);
  });
});

describe('stock applied in place', () => {
  it('moves products that sold out or came back to where a fresh load puts them, in every listing', async () => {
    const model = await CatalogueReadModel.load(t.database.db);
    // Every variant of eight products in stock sold out, and one variant of four sold-out ones back.
    const selling = await t.database.query<{ id: number; product_id: number }>(
      `select v.id, v.product_id from variants v where v.product_id in (
         select p.id from products p where exists (select 1 from variants w where w.product_id = p.id and w.stock > 0)
         order by p.id limit 8)`,
    );
    const returning = await t.database.query<{ id: number; product_id: number }>(
      `select distinct on (v.product_id) v.id, v.product_id from variants v where v.product_id in (
         select p.id from products p where not exists (select 1 from variants w where w.product_id = p.id and w.stock > 0)
         order by p.id limit 4) order by v.product_id, v.id`,
    );
    expect(selling.length).toBeGreaterThan(0);
    expect(returning).toHaveLength(4);
    const ids = [...selling, ...returning].map((v) => v.id);
    const before = await t.database.query<{ id: number; stock: number }>(
      'select id, stock from variants where id = any($1::int[])',
      [ids],
    );
    try {
      await t.database.query('update variants set stock = 0 where id = any($1::int[])', [
        selling.map((v) => v.id),
      ]);
      await t.database.query('update variants set stock = 7 where id = any($1::int[])', [
        returning.map((v) => v.id),
      ]);
      model.applyStock(
        await t.database.query<{ id: number; stock: number }>(
          'select id, stock from variants where id = any($1::int[])',
          [ids],
        ),
      );
      const fresh = await CatalogueReadModel.load(t.database.db);
      // The same products in each listing, and the same listing keys in the same order (products
      // whose keys tie may stand in either order).
      const key = (p: ProductEntry) => `${p.card.inStock}|${p.createdAt}|${p.card.name}`;
      const same = (a: ProductEntry[], b: ProductEntry[]) => {
        expect(a.map(key)).toEqual(b.map(key));
        expect(new Set(a.map((p) => p.dbId))).toEqual(new Set(b.map((p) => p.dbId)));
      };
      same(model.allProducts, fresh.allProducts);
      for (const c of fresh.categories) {
        const mine = model.categoryBySlug.get(c.slug)!;
        same(mine.products, c.products);
        for (const b of c.brands) same(mine.brands.find((x) => x.slug === b.slug)!.products, b.products);
      }
      for (const v of selling) expect(model.productById.get(v.product_id)!.card.inStock).toBe(false);
      for (const v of returning) expect(model.productById.get(v.product_id)!.card.inStock).toBe(true);
      // The in-stock-only listing follows (its cache was dropped).
      const scope = model.scope('ALL');
      expect(
        'products' in scope && model.inStockOnly(scope).some((p) => p.dbId === returning[0]!.product_id),
      ).toBe(true);
    } finally {
      for (const r of before)
        await t.database.query('update variants set stock = $1 where id = $2', [r.stock, r.id]);
    }
  });
});
