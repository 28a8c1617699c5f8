import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MenuResponseSchema, ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import {
  AdminCatalogueTreeSchema,
  AdminProductListSchema,
  AdminProductSchema,
  type ProductBody,
} from '#shared/catalogue/catalogue-staff.schemas.ts';
import { AuditListSchema } from '#shared/staff/staff.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { catalogueStaffFixture } from './catalogue-staff.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const api = '/api/v1/admin/catalogue';
const { newProduct, storefront, detailOf } = catalogueStaffFixture(() => t, call);

describe('catalogue management', () => {
  it('only staff with their second factor', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [
        ['GET', `${api}/tree`],
        ['POST', `${api}/categories`],
        ['PUT', `${api}/categories/1`],
        ['DELETE', `${api}/categories/1`],
        ['POST', `${api}/brands`],
        ['PUT', `${api}/brands/1`],
        ['DELETE', `${api}/brands/1`],
        ['GET', `${api}/products`],
        ['GET', `${api}/products/1`],
        ['POST', `${api}/products`],
        ['PUT', `${api}/products/1`],
        ['DELETE', `${api}/products/1`],
        ['POST', `${api}/products/1/variants`],
        ['PUT', `${api}/products/1/variants/1`],
        ['DELETE', `${api}/products/1/variants/1`],
        ['GET', `${api}/banners`],
        ['POST', `${api}/banners`],
        ['PUT', `${api}/banners/1`],
        ['DELETE', `${api}/banners/1`],
        ['POST', `${api}/banners/order`],
        ['GET', `${api}/export.csv`],
        ['POST', `${api}/import`],
        ['POST', `${api}/images`],
      ] as const,
      buyer.cookie,
    );
  });

  it('creates a category, brand and product with every field; the storefront shows them at once', async () => {
    const staff = await staffWithTotp();
    const { product, body } = await newProduct(staff.cookie);
    expect(product).toMatchObject({
      name: body.name,
      sku: body.sku,
      priceCents: 1999,
      discountPriceCents: 1499,
      highlights: ['5000 puffs', 'Rechargeable'],
      specifications: [{ title: 'Battery', details: '650 mAh' }],
      hidden: false,
    });
    expect(product.variants.map((v) => [v.name, v.stock])).toEqual([
      ['Mango Ice', 10],
      ['Blue Razz', 10],
    ]);

    const detail = await detailOf(product.storefrontPath);
    expect(detail.statusCode).toBe(200);
    const shown = ProductDetailSchema.parse(detail.json());
    expect(shown).toMatchObject({
      name: body.name,
      discountPriceCents: 1499,
      seller: 'Cloud Co',
      isNew: true,
    });
    const menu = MenuResponseSchema.parse((await storefront('/api/v1/catalogue/menu')).json());
    expect(menu.categories.find((c) => c.name === product.categoryName)?.brands[0]?.name).toBe(
      product.brandName,
    );
    // The storefront search finds it through the search key written with it.
    const search = await storefront(`/api/v1/search?q=${encodeURIComponent(body.name)}`);
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain(product.slug);

    const tree = AdminCatalogueTreeSchema.parse((await call('GET', `${api}/tree`, staff.cookie)).json());
    expect(tree.categories.find((c) => c.name === product.categoryName)?.brands[0]?.productCount).toBe(1);
    const list = AdminProductListSchema.parse(
      (
        await call('GET', `${api}/products?q=${encodeURIComponent(product.variants[0]!.sku)}`, staff.cookie)
      ).json(),
    );
    expect(list.products.map((p) => p.id)).toEqual([product.id]);
    expect(list.products[0]).toMatchObject({ variantCount: 2, stock: 20 });

    const audit = AuditListSchema.parse(
      (await call('GET', `/api/v1/admin/audit?entity=product&entityId=${product.id}`, staff.cookie)).json(),
    );
    expect(audit.entries.map((e) => e.action)).toEqual(['product.created']);
  });

  it('a new price shows in the storefront and in carts at once, and is audited before and after', async () => {
    const staff = await staffWithTotp();
    const { product, body, variantSku } = await newProduct(staff.cookie);
    const buyer = await signUpBuyer(t.app);
    await call('POST', '/api/v1/cart/items', buyer.cookie, {
      items: [{ variantId: variantSku, quantity: 2 }],
    });
    await detailOf(product.storefrontPath); // the read model is warm

    const res = await call('PUT', `${api}/products/${product.id}`, staff.cookie, {
      ...body,
      slug: product.slug,
      priceCents: 2500,
      discountPriceCents: null,
      discountPercentage: null,
    });
    expect(res.statusCode).toBe(200);
    expect(ProductDetailSchema.parse((await detailOf(product.storefrontPath)).json()).priceCents).toBe(2500);
    const cart = (await call('GET', '/api/v1/cart', buyer.cookie)).json();
    expect(cart.subtotalCents).toBe(5000);

    const audit = AuditListSchema.parse(
      (await call('GET', `/api/v1/admin/audit?entity=product&entityId=${product.id}`, staff.cookie)).json(),
    );
    const updated = audit.entries[0]!;
    expect(updated.action).toBe('product.updated');
    expect(updated.before).toMatchObject({ priceCents: 1999 });
    expect(updated.after).toMatchObject({ priceCents: 2500 });
  });

  it('a buyer reloading the product page sees the new price at once: no-cache with an ETag, 304 while unchanged', async () => {
    const staff = await staffWithTotp();
    const { product, body, variantSku } = await newProduct(staff.cookie);
    const first = await detailOf(product.storefrontPath);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const reload = (tag: string) =>
      t.app.inject({
        url: `/api/v1/catalogue/product?${product.storefrontPath.split('?')[1]}`,
        headers: { 'if-none-match': tag },
      });
    const same = await reload(etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers['cache-control']).toBe('no-cache');

    // Staff change the price: the same reload gets the new price, under a new tag.
    const res = await call('PUT', `${api}/products/${product.id}`, staff.cookie, {
      ...body,
      slug: product.slug,
      priceCents: 3100,
      discountPriceCents: null,
      discountPercentage: null,
    });
    expect(res.statusCode).toBe(200);
    const after = await reload(etag);
    expect(after.statusCode).toBe(200);
    expect(ProductDetailSchema.parse(after.json()).priceCents).toBe(3100);
    const newTag = after.headers.etag as string;
    expect(newTag).not.toBe(etag);

    // An order takes stock: the stock shown is fresh too.
    const buyer = await signUpBuyer(t.app);
    await call('POST', '/api/v1/cart/items', buyer.cookie, {
      items: [{ variantId: variantSku, quantity: 1 }],
    });
    await t.database.query('update users set email_verified_at = now() where id = $1', [buyer.user.id]);
    const order = await call('POST', '/api/v1/orders', buyer.cookie, {
      shippingDetails: {
        name: 'D',
        businessName: 'B',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
      },
      shippingType: 'Pickup',
      idempotencyKey: randomUUID(),
    });
    expect(order.statusCode).toBe(201);
    await expect.poll(async () => (await reload(newTag)).statusCode, { timeout: 3000 }).toBe(200);

    // Every catalogue answer that carries prices or stock, and the store's fees, revalidate the same way.
    for (const url of [
      '/api/v1/catalogue/listing?categoryId=ALL',
      '/api/v1/catalogue/new-arrivals?tab=ALL',
      '/api/v1/search?q=a',
      '/api/v1/catalogue/menu',
      '/api/v1/catalogue/banners',
      '/api/v1/store',
    ]) {
      const a = await t.app.inject({ url });
      expect(a.statusCode, url).toBe(200);
      expect(a.headers['cache-control'], url).toBe('no-cache');
      expect(
        (await t.app.inject({ url, headers: { 'if-none-match': a.headers.etag as string } })).statusCode,
        url,
      ).toBe(304);
    }
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const staff = await staffWithTotp();
    const { product, body } = await newProduct(staff.cookie);
    const put = (patch: Partial<ProductBody>) =>
      call('PUT', `${api}/products/${product.id}`, staff.cookie, { ...body, ...patch });
    expect((await put({ discountPriceCents: 2500 })).json().message).toBe(
      'The discount price must be below the price.',
    );
    expect((await put({ discountPercentage: null })).json().message).toBe(
      'Give both a discount price and a discount percentage, or neither.',
    );
    expect((await put({ name: '  ' })).json().message).toBe('Enter a name.');
    expect((await put({ sku: 'no spaces allowed' })).json().message).toBe(
      'A SKU is 1 to 60 letters, digits, dots, dashes or underscores.',
    );
    const other = await newProduct(staff.cookie);
    const taken = await put({ sku: other.body.sku });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'That SKU is already used by another product or option.',
      field: 'sku',
    });
    const variantTaken = await call('POST', `${api}/products/${product.id}/variants`, staff.cookie, {
      name: 'Dup',
      sku: other.variantSku,
      stock: 1,
    });
    expect(variantTaken.statusCode).toBe(409);
    const slugTaken = await call('POST', `${api}/categories`, staff.cookie, { name: product.categoryName });
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json()).toEqual({
      message: 'That web address (slug) is already used here: choose another.',
      field: 'slug',
    });
    expect((await call('PUT', `${api}/products/999999`, staff.cookie, body)).statusCode).toBe(404);

    const after = AdminProductSchema.parse(
      (await call('GET', `${api}/products/${product.id}`, staff.cookie)).json(),
    );
    expect(after).toEqual(product);
  });

  it('a product with orders cannot be deleted but can be hidden: gone from the storefront and carts', async () => {
    const staff = await staffWithTotp();
    const { product, body, variantSku } = await newProduct(staff.cookie);
    const buyer = await signUpBuyer(t.app);
    await t.database.query('update users set email_verified_at = now() where id = $1', [buyer.user.id]);
    await call('POST', '/api/v1/cart/items', buyer.cookie, {
      items: [{ variantId: variantSku, quantity: 1 }],
    });
    const order = await call('POST', '/api/v1/orders', buyer.cookie, {
      shippingDetails: {
        name: 'Dana',
        businessName: 'Shop',
        address: '1 Main St',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
      },
      shippingType: 'Pickup',
      comments: '',
      idempotencyKey: randomUUID(),
    });
    expect(order.statusCode).toBe(201);
    const other = await signUpBuyer(t.app);
    await call('POST', '/api/v1/cart/items', other.cookie, {
      items: [{ variantId: `${variantSku}-2`, quantity: 3 }],
    });

    const refused = await call('DELETE', `${api}/products/${product.id}`, staff.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This product has orders, so it cannot be deleted: hide it instead.');
    const orderedOption = product.variants.find((v) => v.sku === variantSku)!;
    expect(
      (
        await call('DELETE', `${api}/products/${product.id}/variants/${orderedOption.id}`, staff.cookie)
      ).json().message,
    ).toBe('This option has orders, so it cannot be deleted: set its stock to 0 instead.');

    expect(
      (
        await call('PUT', `${api}/products/${product.id}`, staff.cookie, {
          ...body,
          slug: product.slug,
          hidden: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await detailOf(product.storefrontPath)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/cart', other.cookie)).json().items).toEqual([]);
    const add = await call('POST', '/api/v1/cart/items', other.cookie, {
      items: [{ variantId: variantSku, quantity: 1 }],
    });
    expect(add.statusCode).toBe(404);
    // The buyer's order still shows it.
    expect((await call('GET', '/api/v1/orders', buyer.cookie)).json().orders[0].items[0].variantId).toBe(
      variantSku,
    );

    // A product without orders goes for good, its options with it.
    const spare = await newProduct(staff.cookie);
    expect((await call('DELETE', `${api}/products/${spare.product.id}`, staff.cookie)).statusCode).toBe(200);
    expect((await call('GET', `${api}/products/${spare.product.id}`, staff.cookie)).statusCode).toBe(404);
    expect((await detailOf(spare.product.storefrontPath)).statusCode).toBe(404);
  });
});
