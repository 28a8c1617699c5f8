/**
 * The shared input rule, through the HTTP surface: NUL characters and lone surrogates anywhere
 * (body, query, path; JSON, CSV, multipart fields) and ids past int4 are a 400 naming the
 * problem, and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOO_DEEP } from '#shared/input/input.ts';
import { inputMessages } from '#shared/messages.ts';
import { ORIGIN, signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, staffWithTotp } = staffHelpers(() => t, clock);

const count = async (sql: string) => (await t.database.query<{ n: number }>(sql))[0]!.n;

describe('the input rule', () => {
  it('sign-in and sign-up: a NUL in the email is a 400 naming the field', async () => {
    for (const [url, body] of [
      ['/api/v1/auth/signin', { email: 'a\u0000b@shop.example', password: 'whatever 1' }],
      [
        '/api/v1/auth/signup',
        {
          businessName: 'X',
          name: 'Y',
          phoneNumber: '+1 555 010 4200',
          email: 'x\u0000@shop.example',
          password: 'password 123',
          confirmPassword: 'password 123',
        },
      ],
    ] as const) {
      const res = await call('POST', url, undefined, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: inputMessages.nul, field: 'email' });
    }
  });

  it('an order with a lone surrogate in its shipping details: 400, no order, stock and cart unchanged', async () => {
    const buyer = await signUpBuyer(t.app);
    await t.database.query('update users set email_verified_at = now() where id = $1', [buyer.user.id]);
    const [v] = await t.database.query<{ sku: string; stock: number }>(
      'select sku, stock from variants where stock > 5 order by id limit 1',
    );
    await call('POST', '/api/v1/cart/items', buyer.cookie, { items: [{ variantId: v!.sku, quantity: 2 }] });
    const orders = await count('select count(*)::int as n from orders');
    const res = await call('POST', '/api/v1/orders', buyer.cookie, {
      shippingDetails: {
        name: 'D',
        businessName: 'B',
        address: '1 Main',
        city: 'Aus\ud800tin',
        state: 'TX',
        postalCode: '78701',
      },
      shippingType: 'Pickup',
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: inputMessages.illFormed, field: 'shippingDetails.city' });
    expect(await count('select count(*)::int as n from orders')).toBe(orders);
    const [after] = await t.database.query<{ stock: number }>('select stock from variants where sku = $1', [
      v!.sku,
    ]);
    expect(after!.stock).toBe(v!.stock);
    expect((await call('GET', '/api/v1/cart', buyer.cookie)).json().items).toHaveLength(1);
  });

  it('a path or query parameter with a NUL: 400', async () => {
    const buyer = await signUpBuyer(t.app);
    for (const url of ['/api/v1/cart/items/a%00b', '/api/v1/orders/SS-1%00', '/api/v1/search?q=a%00b']) {
      const res = await call(url.includes('cart') ? 'DELETE' : 'GET', url, buyer.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(inputMessages.nul);
    }
  });

  it('staff: settings, products and the CSV import refuse such text and keep what they had; ids past int4 are a 400', async () => {
    const staff = await staffWithTotp();
    const before = (await call('GET', '/api/v1/admin/settings', staff.cookie)).json();
    const settings = await call('PUT', '/api/v1/admin/settings', staff.cookie, {
      shortName: before.shortName,
      contact: { ...before.contact, hours: 'Mon\udfff–Fri' },
      social: before.social,
      pickupAddress: before.pickupAddress,
      deliveryFeeCents: 1,
      unverifiedCapCents: before.unverifiedCapCents,
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().field).toBe('contact.hours');
    expect((await call('GET', '/api/v1/admin/settings', staff.cookie)).json()).toEqual(before);

    for (const url of [
      '/api/v1/admin/catalogue/products/2147483648',
      '/api/v1/admin/catalogue/products/9007199254740993',
      '/api/v1/admin/catalogue/products?brandId=2147483648',
      '/api/v1/admin/catalogue/products/1/variants/2147483648',
    ]) {
      const res = await call(url.includes('variants') ? 'DELETE' : 'GET', url, staff.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(inputMessages.badId);
    }
    const [brand] = await t.database.query<{ id: number }>('select id from brands order by id limit 1');
    const products = await count('select count(*)::int as n from products');
    const created = await call('POST', '/api/v1/admin/catalogue/categories', staff.cookie, {
      name: 'Bad\u0000Name',
      group: 'Smoke Shop',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ message: inputMessages.nul, field: 'name' });
    const bigBrand = await call('POST', '/api/v1/admin/catalogue/brands', staff.cookie, {
      categoryId: 2 ** 53,
      name: 'Big',
    });
    expect(bigBrand.statusCode).toBe(400);
    expect(bigBrand.json()).toEqual({ message: inputMessages.badId, field: 'categoryId' });
    expect(brand).toBeTruthy();

    const csv = 'sku,name\nSKU-1,Nul\u0000Name\n';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalogue/import?dryRun=false',
      payload: csv,
      headers: { origin: ORIGIN, cookie: staff.cookie, 'content-type': 'text/csv' },
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().message).toBe(inputMessages.nul);
    expect(await count('select count(*)::int as n from products')).toBe(products);
  });

  it('an order nested 10,000 levels deep in a field is a 400 before any route runs: no order, cart kept', async () => {
    const buyer = await signUpBuyer(t.app);
    await t.database.query('update users set email_verified_at = now() where id = $1', [buyer.user.id]);
    const [v] = await t.database.query<{ sku: string }>(
      'select sku from variants where stock > 5 order by id limit 1',
    );
    await call('POST', '/api/v1/cart/items', buyer.cookie, { items: [{ variantId: v!.sku, quantity: 1 }] });
    const orders = await count('select count(*)::int as n from orders');
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: `{"shippingType":"Pickup","idempotencyKey":"${randomUUID()}","shippingDetails":${deep}}`,
      headers: { origin: ORIGIN, cookie: buyer.cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TOO_DEEP });
    expect(await count('select count(*)::int as n from orders')).toBe(orders);
    expect((await call('GET', '/api/v1/cart', buyer.cookie)).json().items).toHaveLength(1);
  });

  it('query strings stay flat: bracketed keys are names, a repeated key a list; neither a 5xx', async () => {
    const bracketed = `${'a'}${'[b]'.repeat(1_000)}=1`;
    const repeated = Array.from({ length: 1_000 }, (_, i) => `q=${i}`).join('&');
    for (const qs of [bracketed, repeated, `page=${'['.repeat(2_000)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?${qs}` });
      expect(res.statusCode, qs.slice(0, 40)).toBeLessThan(500);
    }
  });

  it("keys that would poison prototypes are still refused, as by Fastify's own parser", async () => {
    // A sign-in body that is otherwise well formed (without the key: 401, wrong password).
    const body = '"email":"nobody@shop.example","password":"not the password"';
    for (const payload of [
      `{${body},"__proto__":{"admin":true}}`,
      `{${body},"constructor":{"prototype":{"admin":true}}}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: `{${body}}`,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
    });
    expect(plain.statusCode).toBe(401);
  });
});
