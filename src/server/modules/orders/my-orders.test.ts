import { describe, expect, it } from 'vitest';
import { OrderListSchema, OrderSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ordersFixture } from './orders.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, cartOf, add } = ordersFixture(() => t);

describe('my orders', () => {
  it('lists my orders newest first by tab, and hides them from everybody else', async () => {
    const buyer = await verifiedBuyer();
    const other = await verifiedBuyer();
    const v = await variantWith(10);
    await add(buyer.cookie, v.sku, 1);
    const first = PlaceOrderResponseSchema.parse(
      (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json(),
    ).order;
    clock.advance(60_000);
    await add(buyer.cookie, v.sku, 1);
    const second = PlaceOrderResponseSchema.parse(
      (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json(),
    ).order;

    const all = OrderListSchema.parse(
      (await call('GET', '/api/v1/orders?tab=Orders', buyer.cookie)).json(),
    ).orders;
    expect(all.map((o) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(
      OrderListSchema.parse((await call('GET', '/api/v1/orders?tab=Delivered', buyer.cookie)).json()).orders,
    ).toEqual([]);
    await t.database.query(
      `update order_items set status = 'delivered' where order_id = (select id from orders where number = $1)`,
      [first.orderNumber],
    );
    const delivered = OrderListSchema.parse(
      (await call('GET', '/api/v1/orders?tab=Delivered', buyer.cookie)).json(),
    ).orders;
    expect(delivered.map((o) => o.orderNumber)).toEqual([first.orderNumber]);
    // Both orders 40 days old: the Past Month filter leaves them out.
    await t.database.query(
      `update orders set created_at = created_at - interval '40 days' where user_id = $1`,
      [buyer.user.id],
    );
    expect(
      OrderListSchema.parse((await call('GET', '/api/v1/orders?pastMonth=true', buyer.cookie)).json()).orders,
    ).toEqual([]);

    expect(
      OrderSchema.parse((await call('GET', `/api/v1/orders/${first.orderNumber}`, buyer.cookie)).json())
        .orderNumber,
    ).toBe(first.orderNumber);
    expect((await call('GET', `/api/v1/orders/${first.orderNumber}`, other.cookie)).statusCode).toBe(404);
    expect(OrderListSchema.parse((await call('GET', '/api/v1/orders', other.cookie)).json()).orders).toEqual(
      [],
    );
    expect((await call('GET', '/api/v1/orders')).statusCode).toBe(401);
  });
});

describe('Buy Again', () => {
  async function orderOf(stock: number, quantity: number) {
    const buyer = await verifiedBuyer();
    const v = await variantWith(stock);
    await add(buyer.cookie, v.sku, quantity);
    const { order } = PlaceOrderResponseSchema.parse(
      (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json(),
    );
    return { buyer, v, order };
  }
  const buyAgain = (cookie: string | undefined, number: string, variantId: string) =>
    call('POST', `/api/v1/orders/${number}/buy-again`, cookie, { variantId });

  it('puts the ordered quantity back in the cart, then only what the stock allows', async () => {
    const { buyer, v, order } = await orderOf(10, 4); // 6 left
    const first = await buyAgain(buyer.cookie, order.orderNumber, v.sku);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Added to cart');
    expect(first.json().cart.items).toMatchObject([{ variantId: v.sku, quantity: 4 }]);
    // 4 in the cart, 6 in stock: only 2 more fit.
    const second = await buyAgain(buyer.cookie, order.orderNumber, v.sku);
    expect(second.json().message).toMatch(/^Added 2 of .+ that is all that is left in stock\.$/);
    expect(await cartOf(buyer.user.id)).toEqual([{ variant_id: v.id, quantity: 6 }]);
    const third = await buyAgain(buyer.cookie, order.orderNumber, v.sku);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/^All 6 of .+ in stock are already in your cart\.$/);
    expect(await cartOf(buyer.user.id)).toEqual([{ variant_id: v.id, quantity: 6 }]);
  });

  it('says when the option is sold out, and changes nothing', async () => {
    const { buyer, v, order } = await orderOf(3, 3);
    const res = await buyAgain(buyer.cookie, order.orderNumber, v.sku);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/ is out of stock\.$/);
    expect(await cartOf(buyer.user.id)).toEqual([]);
  });

  it('works only on my own orders and their own items', async () => {
    const { buyer, v, order } = await orderOf(10, 1);
    const other = await verifiedBuyer();
    expect((await buyAgain(undefined, order.orderNumber, v.sku)).statusCode).toBe(401);
    const stranger = await buyAgain(other.cookie, order.orderNumber, v.sku);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Order not found');
    expect(await cartOf(other.user.id)).toEqual([]);
    const elsewhere = await variantWith(10);
    expect((await buyAgain(buyer.cookie, order.orderNumber, elsewhere.sku)).statusCode).toBe(404);
    expect(await cartOf(buyer.user.id)).toEqual([]);
  });
});

describe('the storefront after orders', () => {
  it('shows the stock an order took, and a sold-out product as out of stock', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(3);
    // A variant alone in stock within its product, so selling it out flips the product.
    await t.database.query('update variants set stock = 0 where product_id = $1 and id <> $2', [
      v.product_id,
      v.id,
    ]);
    await t.app.catalogue.changed();
    const [path] = await t.database.query<{ c: string; b: string; p: string }>(
      'select c.slug as c, b.slug as b, p.slug as p from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id where p.id = $1',
      [v.product_id],
    );
    const productUrl = `/api/v1/catalogue/product?categoryId=${path!.c}&brandId=${path!.b}&subBrandId=${path!.p}`;
    const stockShown = async () =>
      (await call('GET', productUrl)).json().variants.find((x: { sku: string }) => x.sku === v.sku).stock;
    expect(await stockShown()).toBe(3);

    await add(buyer.cookie, v.sku, 1);
    await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    await expect.poll(stockShown, { timeout: 5000 }).toBe(2);

    await add(buyer.cookie, v.sku, 2);
    await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    await expect
      .poll(async () => (await call('GET', productUrl)).json().inStock, { timeout: 5000 })
      .toBe(false);
    expect(await stockShown()).toBe(0);
  });
});
