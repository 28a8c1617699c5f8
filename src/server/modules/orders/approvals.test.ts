import { describe, expect, it } from 'vitest';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import {
  OrderRequestListSchema,
  OrderRequestPlacedSchema,
  RequestChangedSchema,
} from '#shared/orders/order-requests.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { OrderListSchema, PlaceOrderResponseSchema } from '#shared/orders/orders.schemas.ts';
import { companyIdOf, joinCompany } from '#tests/members.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ordersFixture } from './orders.fixture.ts';

const clock = testClock();
const t = testAppForFile({ clock });
const { call, orderBody, verifiedBuyer, variantWith, stockOf, add } = ordersFixture(() => t);

/** A verified company (its owner) with a buyer limited to $50.00 and a viewer; an option at $10.00. */
async function company() {
  const owner = await verifiedBuyer({ documents: true, licence: 'TX' });
  const companyId = await companyIdOf(t, owner.user.id);
  const buyer = await joinCompany(t, companyId, { role: 'buyer', limitCents: 5000, name: 'Bo Buyer' });
  const viewer = await joinCompany(t, companyId, { role: 'viewer', name: 'Vi Viewer' });
  const v = await variantWith(100, 1000);
  return { owner, companyId, buyer, viewer, v };
}

const outboxTo = async (email: string) =>
  t.database.query<{ subject: string }>('select subject from outbox where "to" = $1 order by id', [email]);
const requests = async (cookie: string) =>
  OrderRequestListSchema.parse((await call('GET', '/api/v1/orders/requests', cookie)).json()).requests;
const orderNumbers = async (cookie: string) =>
  OrderListSchema.parse((await call('GET', '/api/v1/orders', cookie)).json()).orders.map(
    (o) => o.orderNumber,
  );

describe('spending limits and approval (decision 015, step 4)', () => {
  it('an order at the limit is placed; one cent over waits for an owner, takes no stock and empties the cart', async () => {
    const { owner, buyer, viewer, v } = await company();
    // Five at $10.00, picked up: exactly the $50.00 limit.
    await add(buyer.cookie, v.sku, 5);
    const at = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    expect(at.statusCode).toBe(201);
    expect(await stockOf(v.id)).toBe(95);

    // Six: over it.
    await add(buyer.cookie, v.sku, 6);
    const over = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    expect(over.statusCode).toBe(202);
    const { message, request } = OrderRequestPlacedSchema.parse(over.json());
    expect(message).toBe(orderMessages.sentForApproval(request.number, '$50.00'));
    expect(request).toMatchObject({
      status: 'awaiting',
      totalCents: 6000,
      limitCents: 5000,
      placedBy: { id: buyer.id, name: 'Bo Buyer' },
      items: [{ variantId: v.sku, quantity: 6, unitPriceCents: 1000 }],
    });
    expect(await stockOf(v.id)).toBe(95);
    expect((await call('GET', '/api/v1/cart', buyer.cookie)).json().items).toEqual([]);
    // The owner is asked by mail; the request is not an order (for nobody, staff included).
    expect((await outboxTo(owner.body.email)).map((m) => m.subject)).toContain(
      `Order ${request.number} from Bo Buyer waits for your approval ($60.00)`,
    );
    for (const who of [owner, buyer, viewer]) {
      expect((await requests(who.cookie)).map((r) => r.number)).toEqual([request.number]);
      expect(await orderNumbers(who.cookie)).not.toContain(request.number);
    }
    const [none] = await t.database.query('select count(*)::int as n from orders where number = $1', [
      request.number,
    ]);
    expect(none).toEqual({ n: 0 });
  });

  it('the same key twice at once makes one request; the owner approves it once, the buyer is told', async () => {
    const { owner, buyer, v } = await company();
    await add(buyer.cookie, v.sku, 7);
    const body = orderBody();
    const [a, b] = await Promise.all([
      call('POST', '/api/v1/orders', buyer.cookie, body),
      call('POST', '/api/v1/orders', buyer.cookie, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const number = a.json().request.number;
    expect(b.json().request.number).toBe(number);
    const [rows] = await t.database.query(
      'select count(*)::int as n from order_requests where user_id = $1',
      [buyer.id],
    );
    expect(rows).toEqual({ n: 1 });

    // A buyer and a viewer cannot decide; the owner approves.
    for (const who of [buyer]) {
      const res = await call('POST', `/api/v1/orders/requests/${number}/approve`, who.cookie, {});
      expect(res.statusCode).toBe(403);
    }
    const approved = await call('POST', `/api/v1/orders/requests/${number}/approve`, owner.cookie, {});
    expect(approved.statusCode).toBe(200);
    const order = PlaceOrderResponseSchema.parse(approved.json()).order;
    expect(order).toMatchObject({ orderNumber: number, totalCents: 7000, placedBy: { id: buyer.id } });
    expect(await stockOf(v.id)).toBe(93);
    expect(await orderNumbers(buyer.cookie)).toContain(number);
    expect((await requests(owner.cookie))[0]).toMatchObject({
      status: 'approved',
      decidedBy: { id: owner.user.id },
    });
    expect((await outboxTo(buyer.email)).map((m) => m.subject)).toContain(`Order ${number} approved`);
    const [audited] = await t.database.query<{ actor_id: string }>(
      `select actor_id from audit_log where action = 'order_request.approved' and entity_id = $1`,
      [number],
    );
    expect(audited!.actor_id).toBe(owner.user.id);
    // Again: already decided. The buyer's key still answers with the order.
    const again = await call('POST', `/api/v1/orders/requests/${number}/approve`, owner.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(orderMessages.requestDecided('approved', owner.body.name));
    const twin = await call('POST', '/api/v1/orders', buyer.cookie, body);
    expect(twin.statusCode).toBe(200);
    expect(twin.json().order.orderNumber).toBe(number);
  });

  it('two owners at once: one approves, the other is told; a decline reaches the buyer with its note', async () => {
    const { owner, companyId, buyer, v } = await company();
    const second = await joinCompany(t, companyId, { role: 'owner', name: 'Oz Owner' });
    await add(buyer.cookie, v.sku, 8);
    const number = (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json().request.number;
    const both = await Promise.all(
      [owner, second].map((o) => call('POST', `/api/v1/orders/requests/${number}/approve`, o.cookie, {})),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toMatch(/already approved by/);
    expect(await stockOf(v.id)).toBe(92);

    await add(buyer.cookie, v.sku, 9);
    const next = (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json().request.number;
    const empty = await call('POST', `/api/v1/orders/requests/${next}/decline`, second.cookie, { note: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(orderMessages.declineNoteRequired);
    const declined = await call('POST', `/api/v1/orders/requests/${next}/decline`, second.cookie, {
      note: 'Order next week',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().request).toMatchObject({ status: 'declined', note: 'Order next week' });
    const approve = await call('POST', `/api/v1/orders/requests/${next}/approve`, owner.cookie, {});
    expect(approve.json().message).toBe(orderMessages.requestDecided('declined', 'Oz Owner'));
    expect((await outboxTo(buyer.email)).map((m) => m.subject)).toContain(`Order ${next} declined`);
    expect(await stockOf(v.id)).toBe(92);
  });

  it('what changed since is said line by line; accepting approves at the new figures without the line that cannot go', async () => {
    const { owner, buyer } = await company();
    const cheap = await variantWith(100, 1000);
    const scarce = await variantWith(100, 1000);
    await add(buyer.cookie, cheap.sku, 3);
    await add(buyer.cookie, scarce.sku, 4);
    const number = (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json().request.number;
    // Since: a new price for one, and the other sold out.
    await t.database.query(
      'update products set price_cents = 1200 where id = (select product_id from variants where id = $1)',
      [cheap.id],
    );
    await t.database.query('update variants set stock = 1 where id = $1', [scarce.id]);
    await t.app.catalogue.fresh();
    const res = await call('POST', `/api/v1/orders/requests/${number}/approve`, owner.cookie, {});
    expect(res.statusCode).toBe(409);
    const changed = RequestChangedSchema.parse(res.json());
    expect(changed.message).toBe(orderMessages.requestChanged);
    // In the cart's order (by product name): sorted here by what changed.
    const said = changed.changes.map((c) => [c.variantId, c.kind, c.before, c.now, c.kept]);
    expect(said.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [cheap.sku, 'price', '$10.00', '$12.00', true],
      [scarce.sku, 'stock', '4 ordered', '1 in stock', false],
    ]);
    expect(changed.totalCents).toBe(3600);
    // A revision other than the one shown is refused as a change, not approved.
    const wrong = await call('POST', `/api/v1/orders/requests/${number}/approve`, owner.cookie, {
      acceptRevision: 'x'.repeat(32),
    });
    expect(wrong.statusCode).toBe(409);
    const ok = await call('POST', `/api/v1/orders/requests/${number}/approve`, owner.cookie, {
      acceptRevision: changed.revision,
    });
    expect(ok.statusCode).toBe(200);
    const order = PlaceOrderResponseSchema.parse(ok.json()).order;
    expect(order.items.map((i) => [i.variantId, i.quantity, i.unitPriceCents])).toEqual([
      [cheap.sku, 3, 1200],
    ]);
    expect(order.totalCents).toBe(3600);
    expect(await stockOf(scarce.id)).toBe(1);
  });

  it('a viewer cannot order; the buyer may withdraw their own waiting request; strangers see none of it', async () => {
    const { owner, buyer, viewer, v } = await company();
    // A cart row as the viewer could not make it (cart writes are for owners and buyers).
    await t.database.query(
      'insert into cart_items (user_id, variant_id, quantity) values ($1, $2, 1) on conflict do nothing',
      [viewer.id, v.id],
    );
    const refused = await call('POST', '/api/v1/orders', viewer.cookie, orderBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(companyMessages.viewerReadOnly);

    await add(buyer.cookie, v.sku, 10);
    const number = (await call('POST', '/api/v1/orders', buyer.cookie, orderBody())).json().request.number;
    const stranger = await verifiedBuyer();
    for (const path of ['approve', 'decline', 'withdraw'])
      expect(
        (await call('POST', `/api/v1/orders/requests/${number}/${path}`, stranger.cookie, { note: 'x' }))
          .statusCode,
      ).toBe(404);
    expect(await requests(stranger.cookie)).toEqual([]);
    expect((await call('POST', `/api/v1/orders/requests/${number}/withdraw`, owner.cookie)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/v1/orders/requests')).statusCode).toBe(401);
    const withdrawn = await call('POST', `/api/v1/orders/requests/${number}/withdraw`, buyer.cookie);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().request.status).toBe('withdrawn');
    expect(
      (await call('POST', `/api/v1/orders/requests/${number}/approve`, owner.cookie, {})).statusCode,
    ).toBe(409);
    expect(await stockOf(v.id)).toBe(100);
  });

  it('refuses to approve for a buyer removed since, a location removed since, over the cap now, or a key used since', async () => {
    const { owner, buyer, v } = await company();
    const request = async (body = orderBody()) => {
      await t.database.query('delete from cart_items where user_id = $1', [buyer.id]);
      await add(buyer.cookie, v.sku, 6);
      const res = await call('POST', '/api/v1/orders', buyer.cookie, body);
      expect(res.statusCode).toBe(202);
      return res.json().request.number as string;
    };
    const approve = (number: string) =>
      call('POST', `/api/v1/orders/requests/${number}/approve`, owner.cookie, {});

    // The location it was for, removed since (its own documents would have judged it).
    const shop = await call('POST', '/api/v1/account/addresses', owner.cookie, {
      streetAddress: '9 Peach St',
      streetAddress2: '',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75202',
    });
    const forShop = await request(orderBody({ locationId: shop.json().id }));
    expect(
      (await call('DELETE', `/api/v1/account/addresses/${shop.json().id}`, owner.cookie)).statusCode,
    ).toBe(200);
    expect((await approve(forShop)).json().message).toBe(orderMessages.requestLocationGone);

    // The company's documents no longer verified: over the unverified cap ($500.00) it cannot go.
    await add(buyer.cookie, v.sku, 60);
    const big = await call('POST', '/api/v1/orders', buyer.cookie, orderBody());
    expect(big.statusCode).toBe(202);
    await t.database.query(`update documents set status = 'pending' where company_id = $1`, [
      await companyIdOf(t, owner.user.id),
    ]);
    expect((await approve(big.json().request.number)).json().message).toBe(orderMessages.overCap(50_000));
    await t.database.query(`update documents set status = 'verified' where company_id = $1`, [
      await companyIdOf(t, owner.user.id),
    ]);

    // The key, used since by an order of its own (the limit lifted, the cart filled again).
    const key = orderBody();
    const keyed = await request(key);
    await t.database.query('update company_members set order_limit_cents = null where user_id = $1', [
      buyer.id,
    ]);
    await add(buyer.cookie, v.sku, 6);
    expect((await call('POST', '/api/v1/orders', buyer.cookie, key)).statusCode).toBe(201);
    expect((await approve(keyed)).json().message).toBe(orderMessages.requestKeyUsed);

    // The buyer, removed since.
    await t.database.query('update company_members set order_limit_cents = 5000 where user_id = $1', [
      buyer.id,
    ]);
    const theirs = await request();
    await t.database.query('update company_members set removed_at = now() where user_id = $1', [buyer.id]);
    expect((await approve(theirs)).json().message).toBe(orderMessages.requestBuyerGone);
    expect(await stockOf(v.id)).toBe(94);
  });

  it("the owners' mail says the limit the order was judged by, though the buyer's session remembered none", async () => {
    const { owner, companyId, v } = await company();
    const unlimited = await joinCompany(t, companyId, { role: 'buyer', name: 'Una Limited' });
    await add(unlimited.cookie, v.sku, 2);
    expect((await call('POST', '/api/v1/orders', unlimited.cookie, orderBody())).statusCode).toBe(201);
    // A limit set elsewhere; this instance's memory of the session still says none.
    await t.database.query('update company_members set order_limit_cents = 1000 where user_id = $1', [
      unlimited.id,
    ]);
    await add(unlimited.cookie, v.sku, 2);
    const res = await call('POST', '/api/v1/orders', unlimited.cookie, orderBody());
    expect(res.statusCode).toBe(202);
    const [mail] = await t.database.query<{ text: string }>(
      'select text from outbox where "to" = $1 and subject like $2',
      [owner.body.email, `%${res.json().request.number}%`],
    );
    expect(mail!.text).toContain('over their order limit of $10.00');
  });
});
