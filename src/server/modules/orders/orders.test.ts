import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OrderListSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { signUpBuyer } from '#tests/accounts.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ordersFixture } from './orders.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });

const { call, orderBody, verifiedBuyer, variantWith, productPage, stockOf, cartOf, add } = ordersFixture(
  () => t,
);

describe('place order', () => {
  it('refuses an unverified email, and an empty cart', async () => {
    const unverified = await signUpBuyer(t.app);
    const v = await variantWith(5);
    await add(unverified.cookie, v.sku, 1);
    const res = await call('POST', '/api/v1/orders', unverified.cookie, orderBody());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email address in My account');
    expect(await stockOf(v.id)).toBe(5);
    const empty = await verifiedBuyer();
    expect((await call('POST', '/api/v1/orders', empty.cookie, orderBody())).json().message).toBe(
      'Your cart is empty.',
    );
    expect((await call('POST', '/api/v1/orders', undefined, orderBody())).statusCode).toBe(401);
  });

  it('takes the stock, snapshots the items at catalogue prices, empties the cart and mails a confirmation', async () => {
    const buyer = await verifiedBuyer();
    const a = await variantWith(10, 1500);
    const b = await variantWith(10, 2500);
    await add(buyer.cookie, a.sku, 2);
    await add(buyer.cookie, b.sku, 3);
    const res = await call(
      'POST',
      '/api/v1/orders',
      buyer.cookie,
      orderBody({ shippingType: 'Shiptoaddress', comments: 'Back door', totalCents: 1, subtotalCents: 1 }),
    );
    expect(res.statusCode).toBe(201);
    const { message, order } = PlaceOrderResponseSchema.parse(res.json());
    expect(message).toBe('Order Placed Successfully');
    expect(order.orderNumber).toMatch(/^SS-\d+$/);
    expect(order.subtotalCents).toBe(2 * 1500 + 3 * 2500);
    expect(order.shippingCents).toBe(2000);
    expect(order.totalCents).toBe(order.subtotalCents + 2000);
    expect(order.items.reduce((s, i) => s + i.lineTotalCents, 0)).toBe(order.subtotalCents);
    expect(order.items.every((i) => i.status === 'pending')).toBe(true);
    expect(order.events.map((e) => e.stage)).toEqual(['placed']);
    expect(order.comments).toBe('Back door');
    expect(await stockOf(a.id)).toBe(8);
    expect(await stockOf(b.id)).toBe(7);
    expect(await cartOf(buyer.user.id)).toEqual([]);
    const mails = await t.database.query<{ subject: string }>(
      'select subject from outbox where "to" = $1 order by id',
      [buyer.body.email],
    );
    expect(mails.map((m) => m.subject)).toContain(`Order ${order.orderNumber} received — Test Wholesale`);
  });

  it('the stock an order took shows on this instance at once: product page, listing and search', async () => {
    const buyer = await verifiedBuyer({ documents: true });
    const v = await variantWith(4, 1000);
    await t.database.query('update variants set stock = 0 where product_id = $1 and id <> $2', [
      v.product_id,
      v.id,
    ]);
    await t.app.catalogue.changed();
    const { url, name } = await productPage(v.product_id);
    const { categoryId, brandId, subBrandId } = Object.fromEntries(new URL(url, 'http://x').searchParams);
    const seen = async () => {
      const page = await call('GET', url);
      const listing = await call(
        'GET',
        `/api/v1/catalogue/listing?categoryId=${categoryId}&brandId=${brandId}&inStock=true`,
      );
      const search = await call('GET', `/api/v1/search?q=${encodeURIComponent(name)}&limit=60`);
      return {
        stock: page.json().variants.find((x: { sku: string }) => x.sku === v.sku).stock,
        listed: listing.json().items.some((c: { id: string }) => c.id === subBrandId),
        searchInStock: search.json().items.find((h: { id: string }) => h.id === subBrandId)?.inStock,
      };
    };
    expect(await seen()).toEqual({ stock: 4, listed: true, searchInStock: true });
    await add(buyer.cookie, v.sku, 4);
    expect((await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).statusCode).toBe(201);
    // At once: not after the change feed's next read (tens of milliseconds later).
    expect(await seen()).toEqual({ stock: 0, listed: false, searchInStock: false });
  });

  it('charges the price of the moment: a change the read model has not heard of yet is caught', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(10, 1500);
    await add(buyer.cookie, v.sku, 2);
    // Staff change the price, but this instance has not heard yet (no NOTIFY processed).
    await t.database.query('update products set price_cents = 1700 where id = $1', [v.product_id]);
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    expect(res.statusCode).toBe(201);
    const { order } = PlaceOrderResponseSchema.parse(res.json());
    expect(order.subtotalCents).toBe(3400);
    expect(order.items[0]!.unitPriceCents).toBe(1700);
    await t.app.catalogue.changed();
  });

  it('place_order refuses lines that are no longer the cart, and changes nothing', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(10, 1500);
    await add(buyer.cookie, v.sku, 2);
    // As if another tab added one more after this checkout read the cart.
    const staleLines = [
      {
        variant_id: v.id,
        sku: v.sku,
        product_name: 'x',
        variant_name: 'y',
        image_url: '/x.svg',
        unit_price_cents: 1500,
        quantity: 1,
        category_slug: 'c',
        brand_slug: 'b',
        product_slug: 'p',
        price_cents: 1500,
        discount_price_cents: null,
        discount_percentage: null,
      },
    ];
    const [row] = await t.database.query<{ r: { status: string } }>(
      `select place_order($1::uuid, $2, now(), $3::jsonb, $4::jsonb, 50000, $5::jsonb,
        (select jsonb_build_object('version', version, 'licences', '[]'::jsonb) from compliance_version)) as r`,
      [
        buyer.user.id,
        randomUUID(),
        JSON.stringify({
          shipping_type: 'Pickup',
          subtotal_cents: 1500,
          shipping_cents: 0,
          total_cents: 1500,
        }),
        JSON.stringify(staleLines),
        JSON.stringify({ to: 'a@b.example', subject: 's', text: 't', html: 'h' }),
      ],
    );
    expect(row!.r.status).toBe('changed');
    expect(await stockOf(v.id)).toBe(10);
    expect(await cartOf(buyer.user.id)).toEqual([{ variant_id: v.id, quantity: 2 }]);
  });

  it('pickup costs nothing to ship', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(3, 999);
    await add(buyer.cookie, v.sku, 1);
    const { order } = PlaceOrderResponseSchema.parse(
      (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json(),
    );
    expect(order).toMatchObject({ shippingCents: 0, totalCents: 999, shippingType: 'Pickup' });
  });

  it('the same idempotency key yields one order, one after the other and concurrently', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(10);
    await add(buyer.cookie, v.sku, 2);
    const body = orderBody();
    const first = await call('POST', '/api/v1/orders', buyer.cookie, body);
    const second = await call('POST', '/api/v1/orders', buyer.cookie, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().order.orderNumber).toBe(first.json().order.orderNumber);

    await add(buyer.cookie, v.sku, 1);
    const twin = orderBody();
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/api/v1/orders', buyer.cookie, twin)),
    );
    expect(new Set(results.map((r) => r.json().order.orderNumber)).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await stockOf(v.id)).toBe(7);
    const list = OrderListSchema.parse((await call('GET', '/api/v1/orders', buyer.cookie)).json());
    expect(list.orders).toHaveLength(2);
  });

  it('caps unverified buyers at $500.00; verified documents lift the cap', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(100, 10_000);
    await add(buyer.cookie, v.sku, 6);
    const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Until your Sales ID and tobacco license are verified, each order is limited to $500.00. Upload them in My Profile: verified documents remove the limit.',
    );
    expect(await stockOf(v.id)).toBe(100);
    const verified = await verifiedBuyer({ documents: true });
    await add(verified.cookie, v.sku, 6);
    expect((await call('POST', '/api/v1/orders', verified.cookie, orderBody())).statusCode).toBe(201);
  });

  it('never oversells: 50 buyers racing for 10 units get exactly 10 units', async () => {
    const v = await variantWith(10);
    const buyers = [];
    for (let i = 0; i < 50; i++) buyers.push(await verifiedBuyer());
    for (const b of buyers)
      await t.database.query('insert into cart_items (user_id, variant_id, quantity) values ($1, $2, 1)', [
        b.user.id,
        v.id,
      ]);
    const results = await Promise.all(
      buyers.map((b) => call('POST', '/api/v1/orders', b.cookie, orderBody())),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.json().message).toMatch(/^Not enough stock for: .*\. Please update your cart\.$/);
    expect(await stockOf(v.id)).toBe(0);
    const [sold] = await t.database.query<{ n: string }>(
      'select coalesce(sum(quantity), 0) as n from order_items where variant_id = $1',
      [v.id],
    );
    expect(Number(sold!.n)).toBe(10);
    const [partial] = await t.database.query<{ n: string }>(
      'select count(*) as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)',
    );
    expect(Number(partial!.n)).toBe(0);
  });

  it('a failure after the stock is taken leaves stock, cart, orders and outbox as they were', async () => {
    const buyer = await verifiedBuyer();
    const v = await variantWith(5);
    await add(buyer.cookie, v.sku, 2);
    const outboxBefore = await t.database.query('select id from outbox order by id');
    // The order's first status event is written after the stock is taken: make it fail there.
    await t.database.query(`create function fail_injected() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.database.query(
      'create trigger inject_failure before insert on order_events for each row execute function fail_injected()',
    );
    try {
      const res = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Oops! Something went wrong.');
    } finally {
      await t.database.query('drop trigger inject_failure on order_events');
      await t.database.query('drop function fail_injected()');
    }
    expect(await stockOf(v.id)).toBe(5);
    expect(await cartOf(buyer.user.id)).toEqual([{ variant_id: v.id, quantity: 2 }]);
    const [n] = await t.database.query<{ n: string }>('select count(*) as n from orders where user_id = $1', [
      buyer.user.id,
    ]);
    expect(Number(n!.n)).toBe(0);
    expect(await t.database.query('select id from outbox order by id')).toEqual(outboxBefore);
  });
});
