import { describe, expect, it } from 'vitest';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { QuickOrderCheckSchema } from '#shared/cart/quick-order.schemas.ts';
import { ListingResponseSchema, ProductDetailSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { ProductFieldsSchema } from '#shared/catalogue/catalogue-staff.schemas.ts';
import { OrderSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { testAppForFile } from '#tests/test-app.ts';

const t = testAppForFile();
const o = ordersFixture(() => t);

describe('what a price buys (decision 014, item 9)', () => {
  it('a product’s selling unit goes with its price everywhere: card, page, cart, quick order, the order kept', async () => {
    const v = await o.variantWith(20);
    await t.database.query("update products set selling_unit = 'box of 10' where id = $1", [v.product_id]);
    await t.app.catalogue.changed();
    const page = await o.productPage(v.product_id);
    const detail = ProductDetailSchema.parse((await o.call('GET', page.url)).json());
    expect(detail.sellingUnit).toBe('box of 10');
    const listing = ListingResponseSchema.parse(
      (
        await o.call(
          'GET',
          `/api/v1/catalogue/listing?categoryId=${detail.categoryId}&brandId=${detail.brandId}&pageSize=60`,
        )
      ).json(),
    );
    expect(listing.items.find((c) => c.id === detail.id)?.sellingUnit).toBe('box of 10');

    const buyer = await o.verifiedBuyer();
    const check = QuickOrderCheckSchema.parse(
      (await o.call('POST', '/api/v1/cart/quick-order/check', buyer.cookie, { text: `${v.sku} 2` })).json(),
    );
    expect(check.lines[0]!.sellingUnit).toBe('box of 10');
    await o.add(buyer.cookie, v.sku, 2);
    const cart = CartSchema.parse((await o.call('GET', '/api/v1/cart', buyer.cookie)).json());
    expect(cart.items.map((i) => i.sellingUnit)).toEqual(['box of 10']);
    const placed = await o.call('POST', '/api/v1/orders', buyer.cookie, o.orderBody());
    expect(placed.statusCode).toBe(201);
    const { order } = PlaceOrderResponseSchema.parse(placed.json());
    expect(order.items.map((i) => i.sellingUnit)).toEqual(['box of 10']);

    // The order keeps the unit it was bought in, whatever the product says later.
    await t.database.query("update products set selling_unit = 'each' where id = $1", [v.product_id]);
    await t.app.catalogue.changed();
    const later = OrderSchema.parse(
      (await o.call('GET', `/api/v1/orders/${order.orderNumber}`, buyer.cookie)).json(),
    );
    expect(later.items.map((i) => i.sellingUnit)).toEqual(['box of 10']);
  });

  it('staff write at most 40 characters; left out, it is not said', () => {
    const base = { brandId: 1, name: 'X', sku: 'SS-X', priceCents: 100 };
    expect(ProductFieldsSchema.parse(base).sellingUnit).toBe('');
    expect(ProductFieldsSchema.safeParse({ ...base, sellingUnit: 'x'.repeat(41) }).success).toBe(false);
    expect(ProductFieldsSchema.parse({ ...base, sellingUnit: '  display of 24 ' }).sellingUnit).toBe(
      'display of 24',
    );
  });
});
