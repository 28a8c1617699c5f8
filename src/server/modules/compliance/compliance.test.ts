import { describe, expect, it } from 'vitest';
import { ordersFixture } from '#server/modules/orders/orders.fixture.ts';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { ShipCheckResponseSchema, TaxRatesResponseSchema } from '#shared/compliance/compliance.schemas.ts';
import type { RuleBody } from '#shared/compliance/rules.ts';
import { OrderSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { saveRule } from './compliance-staff.service.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, stockOf, add } = ordersFixture(() => t);
const { staffWithTotp } = staffHelpers(() => t, clock);

const FLAVOURED_VAPE = { kind: 'ends_device', flavoured: true, nicotineMgPerMl: 50, liquidMlPerUnit: 10 };
const massachusetts = {
  name: 'Dana Buyer',
  businessName: 'Corner Shop',
  address: '1 Main St',
  city: 'Boston',
  state: 'MA',
  postalCode: '02108',
};
const delivery = (shippingDetails: typeof massachusetts) =>
  orderBody({ shippingType: 'Shiptoaddress', shippingDetails });

async function productPath(variantId: number) {
  const [row] = await t.database.query<{ c: string; b: string; p: string }>(
    `select c.slug as c, b.slug as b, p.slug as p from variants v join products p on p.id = v.product_id
      join brands b on b.id = p.brand_id join categories c on c.id = b.category_id where v.id = $1`,
    [variantId],
  );
  return `categoryId=${row!.c}&brandId=${row!.b}&subBrandId=${row!.p}`;
}

async function staffCtx() {
  const staff = await staffWithTotp();
  return { db: t.database.db, now: clock(), staffId: staff.id, compliance: t.app.compliance };
}

describe('the product page delivery check', () => {
  it('maps the ZIP to its state and says why an option cannot ship there, with the source', async () => {
    const v = await variantWith(5, 1500, FLAVOURED_VAPE);
    const q = await productPath(v.id);
    const res = await call('GET', `/api/v1/compliance/ship-check?${q}&zip=02108`);
    expect(res.statusCode).toBe(200);
    const check = ShipCheckResponseSchema.parse(res.json());
    expect(check).toMatchObject({ state: 'MA', stateName: 'Massachusetts', from: 'zip', ok: false });
    const blocked = check.options.find((o) => o.blocks.length)!;
    expect(blocked.blocks[0]).toMatchObject({
      effect: 'no_sale',
      reason: 'Flavoured vapes are banned: not sold into Massachusetts.',
    });
    expect(blocked.blocks[0]!.source).toContain('M.G.L. c. 270');
    // A visitor in Texas: nothing bans it, but a buyer would need a Texas license.
    const texas = ShipCheckResponseSchema.parse(
      (await call('GET', `/api/v1/compliance/ship-check?${q}&zip=75201`)).json(),
    );
    expect(texas.ok).toBe(true);
    expect(texas.options[0]!.needs.map((n) => n.effect)).toEqual(['licence_required']);
  });

  it('a signed-in buyer sees it for their default address, their own licenses counted', async () => {
    const v = await variantWith(5, 1500, FLAVOURED_VAPE);
    const q = await productPath(v.id);
    const buyer = await verifiedBuyer({ licence: 'FL' });
    await call('POST', '/api/v1/account/complete', buyer.cookie, {
      streetAddress: '5 Pier Rd',
      streetAddress2: '',
      city: 'Tampa',
      state: 'FL',
      zipCode: '33602',
    });
    const mine = ShipCheckResponseSchema.parse(
      (await call('GET', `/api/v1/compliance/ship-check?${q}`, buyer.cookie)).json(),
    );
    expect(mine).toMatchObject({ state: 'FL', from: 'default_address', ok: true });
    expect(mine.options[0]!.needs).toEqual([]);
    const georgia = ShipCheckResponseSchema.parse(
      (await call('GET', `/api/v1/compliance/ship-check?${q}&zip=30301`, buyer.cookie)).json(),
    );
    expect(georgia.ok).toBe(false);
    expect(georgia.options[0]!.blocks[0]!.reason).toBe(
      'Shipping this to Georgia needs your verified tobacco license issued by Georgia.',
    );
    // Pickup is sold in the store's state (Texas here), where a Florida license does not count;
    // an accessory no rule restricts may be picked up (decision 014, item 5).
    expect(georgia.options[0]!.pickupBlocks.map((b) => b.reason)).toEqual([
      'Selling this for pickup in Texas needs your verified tobacco license issued by Texas.',
    ]);
    const pipe = await variantWith(5);
    const free = ShipCheckResponseSchema.parse(
      (await call('GET', `/api/v1/compliance/ship-check?${await productPath(pipe.id)}`, buyer.cookie)).json(),
    );
    expect(free.options.every((o) => o.pickupBlocks.length === 0)).toBe(true);
  });

  it('refuses a ZIP no state uses, and an unknown product', async () => {
    const v = await variantWith(5);
    const q = await productPath(v.id);
    const bad = await call('GET', `/api/v1/compliance/ship-check?${q}&zip=09001`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'That ZIP code is not in a US state we ship to.', field: 'zip' });
    expect((await call('GET', `/api/v1/compliance/ship-check?${q}&zip=1234`)).statusCode).toBe(400);
    const none = await call(
      'GET',
      '/api/v1/compliance/ship-check?categoryId=a&brandId=b&subBrandId=c&zip=02108',
    );
    expect(none.statusCode).toBe(404);
  });
});

describe('cart and checkout', () => {
  it('marks each line blocked for the ship-to, with excise per line; pickup is judged for the store state', async () => {
    const vape = await variantWith(10, 2000, FLAVOURED_VAPE);
    const pipe = await variantWith(10, 1000);
    const buyer = await verifiedBuyer({ licence: 'MA' });
    await add(buyer.cookie, vape.sku, 2);
    await add(buyer.cookie, pipe.sku, 1);
    const toMa = CartSchema.parse((await call('GET', '/api/v1/cart?state=MA', buyer.cookie)).json());
    expect(toMa.shipTo).toEqual({ state: 'MA', stateName: 'Massachusetts', shipping: 'Shiptoaddress' });
    expect(toMa.blockedCount).toBe(1);
    const vapeLine = toMa.items.find((i) => i.variantId === vape.sku)!;
    expect(vapeLine.blocks.map((b) => b.effect)).toEqual(['no_sale']);
    // Massachusetts: 75 % of the wholesale price on ENDS.
    expect(vapeLine.exciseCents).toBe(3000);
    expect(toMa.items.find((i) => i.variantId === pipe.sku)!).toMatchObject({ blocks: [], exciseCents: 0 });
    // Minnesota: 95 %; but no Minnesota license.
    const toMn = CartSchema.parse((await call('GET', '/api/v1/cart?state=MN', buyer.cookie)).json());
    expect(toMn.exciseCents).toBe(3800);
    expect(toMn.items.find((i) => i.variantId === vape.sku)!.blocks.map((b) => b.effect)).toEqual([
      'licence_required',
    ]);
    const pickup = CartSchema.parse((await call('GET', '/api/v1/cart?shipping=Pickup', buyer.cookie)).json());
    expect(pickup.shipTo).toMatchObject({ state: 'TX', shipping: 'Pickup' });
  });

  it('refuses an order with a blocked line, naming it, and changes nothing; another address or pickup works', async () => {
    const vape = await variantWith(10, 2000, FLAVOURED_VAPE);
    const buyer = await verifiedBuyer({ documents: true });
    await t.database.query(
      `update documents set issuing_state = 'MA' where user_id = $1 and kind = 'tobacco_license'`,
      [buyer.user.id],
    );
    await add(buyer.cookie, vape.sku, 1);
    const refused = await call('POST', '/api/v1/orders', buyer.cookie, delivery(massachusetts));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^These items cannot ship to the chosen address: .* — /);
    expect(await stockOf(vape.id)).toBe(10);
    // Pickup in Texas needs a Texas license: refused too.
    expect((await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).statusCode).toBe(409);
    await t.database.query(
      `insert into documents (user_id, kind, storage_key, original_name, content_type, size, md5, status, issuing_state)
       values ($1, 'tobacco_license', 'documents/x/tx', 'x.pdf', 'application/pdf', 1, 'x', 'verified', 'TX')
       on conflict do nothing`,
      [buyer.user.id],
    );
    await t.database.query(
      `update documents set issuing_state = 'TX' where user_id = $1 and kind = 'tobacco_license'`,
      [buyer.user.id],
    );
    const placed = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    expect(placed.statusCode).toBe(201);
    expect(PlaceOrderResponseSchema.parse(placed.json()).order).toMatchObject({
      exciseCents: 0,
      totalCents: 2000,
    });
  });

  it('charges the excise on the order, per line and in the total, and snapshots it', async () => {
    const liquid = await variantWith(10, 1500, { kind: 'e_liquid', liquidMlPerUnit: 30 });
    const buyer = await verifiedBuyer({ documents: true });
    await t.database.query(
      `update documents set issuing_state = 'NC' where user_id = $1 and kind = 'tobacco_license'`,
      [buyer.user.id],
    );
    await add(buyer.cookie, liquid.sku, 3);
    const toNc = { ...massachusetts, city: 'Raleigh', state: 'NC', postalCode: '27601' };
    const res = await call('POST', '/api/v1/orders', buyer.cookie, delivery(toNc));
    expect(res.statusCode, res.body).toBe(201);
    const { order } = PlaceOrderResponseSchema.parse(res.json());
    // North Carolina: 5 ¢ per ml × 30 ml × 3 = $4.50 (Louisiana would refuse it: not in its directory).
    expect(order.items[0]!.exciseCents).toBe(450);
    expect(order).toMatchObject({
      subtotalCents: 4500,
      shippingCents: 2000,
      exciseCents: 450,
      totalCents: 6950,
    });
    const mine = OrderSchema.parse(
      (await call('GET', `/api/v1/orders/${order.orderNumber}`, buyer.cookie)).json(),
    );
    expect(mine.exciseCents).toBe(450);
    const [row] = await t.database.query<{ compliance: { kind: string }; brand_name: string }>(
      'select compliance, brand_name from order_items where sku = $1',
      [liquid.sku],
    );
    expect(row!.compliance.kind).toBe('e_liquid');
    expect(row!.brand_name).not.toBe('');
  });
});

describe('rules are data', () => {
  it('a rule staff add applies at once, and lapses on its own date', async () => {
    const pipe = await variantWith(10, 1000, { kind: 'tobacco' });
    const buyer = await verifiedBuyer({ licence: 'TX' });
    await add(buyer.cookie, pipe.sku, 1);
    const ctx = await staffCtx();
    const today = clock().toISOString().slice(0, 10);
    const tomorrow = new Date(clock().getTime() + 86_400_000).toISOString().slice(0, 10);
    const body: RuleBody = {
      name: 'Test: no tobacco for pickup',
      states: ['TX'],
      condition: { kinds: ['tobacco'] },
      effect: 'no_sale',
      effectiveFrom: today,
      effectiveUntil: tomorrow,
      source: 'Test',
    };
    const q = await productPath(pipe.id);
    const visitor = async () =>
      ShipCheckResponseSchema.parse(
        (await call('GET', `/api/v1/compliance/ship-check?${q}&zip=75201`)).json(),
      );
    expect((await visitor()).ok).toBe(true);
    const id = await saveRule(ctx, null, body);
    const cart = CartSchema.parse((await call('GET', '/api/v1/cart?shipping=Pickup', buyer.cookie)).json());
    expect(cart.blockedCount).toBe(1);
    expect((await visitor()).options[0]!.blocks[0]!.reason).toBe(
      'Test: no tobacco for pickup: not sold into Texas.',
    );
    // The next day the rule has lapsed, with nobody touching it.
    clock.advance(86_400_000);
    expect((await visitor()).ok).toBe(true);
    const [audit] = await t.database.query<{ action: string }>(
      `select action from audit_log where entity = 'compliance_rule' and entity_id = $1`,
      [String(id)],
    );
    expect(audit!.action).toBe('compliance.rule_added');
  });

  it('no order ever contains a blocked line: a rule added while 20 checkouts run', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const b = await verifiedBuyer({ licence: 'TX' });
        return b;
      }),
    );
    const v = await variantWith(100, 500, { kind: 'kratom' });
    for (const b of buyers) await add(b.cookie, v.sku, 1);
    const ctx = await staffCtx();
    const day = clock().toISOString().slice(0, 10);
    const [results, ruleId] = await Promise.all([
      Promise.all(buyers.map((b) => call('POST', '/api/v1/orders', b.cookie, orderBody()))),
      (async () => {
        await new Promise((r) => setTimeout(r, 5));
        return saveRule(ctx, null, {
          name: 'Test: kratom banned in Texas',
          states: ['TX'],
          condition: { kinds: ['kratom'] },
          effect: 'no_sale',
          effectiveFrom: day,
          effectiveUntil: null,
          source: 'Test',
        });
      })(),
    ]);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toMatch(/cannot be sold for pickup at our store/);
    // Every order placed was judged by the version before the rule, which it held until it
    // committed; none carries the version the rule made.
    const [{ version }] = (await t.database.query<{ version: number }>(
      'select version::int from compliance_version',
    )) as [{ version: number }];
    const orders = await t.database.query<{ compliance_version: number }>(
      `select o.compliance_version from orders o join order_items i on i.order_id = o.id where i.sku = $1`,
      [v.sku],
    );
    expect(orders.length).toBe(results.filter((r) => r.statusCode === 201).length);
    expect(orders.every((o) => o.compliance_version < version)).toBe(true);
    expect(await stockOf(v.id)).toBe(100 - orders.length);
    await t.database.query('update compliance_rules set retired = true where id = $1', [ruleId]);
    await t.app.compliance.changed();
  });
});

describe('State Tax Rates page', () => {
  it('lists the rates from the table, by state, in plain words', async () => {
    const page = TaxRatesResponseSchema.parse((await call('GET', '/api/v1/compliance/tax-rates')).json());
    const la = page.rates.find((r) => r.state === 'LA')!;
    expect(la).toMatchObject({
      stateName: 'Louisiana',
      rate: '15¢ per ml of e-liquid',
      effectiveFrom: '2023-07-01',
    });
    expect(page.rates.find((r) => r.state === 'KY')!.rate).toBe('$1.50 per cartridge');
    expect(page.rates.map((r) => r.stateName)).toEqual([...page.rates.map((r) => r.stateName)].sort());
  });
});
