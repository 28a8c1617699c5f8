import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayPlus, isoDay } from '#shared/dates.ts';
import { QuoteListSchema, quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from './desk.fixture.ts';
import { quotesFixture } from './quotes.fixture.ts';

/**
 * A quote answered by the company (decision 016, part 3): accepted once, as an order at the quoted
 * prices judged then (what is short offered apart), declined, expired, withdrawn or revised; and a
 * buyer's request from the cart worked on at the desk.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const d = quotesFixture(() => t, clock);
const { f, desk } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

const orderOf = async (number: string) => {
  const [row] = await t.database.query<Record<string, unknown>>(
    `select o.user_id, o.company_id, o.location_id, o.quote_number, o.subtotal_cents, o.total_cents, o.comments,
       (select json_agg(json_build_object('sku', i.sku, 'quantity', i.quantity, 'unit', i.unit_price_cents) order by i.sku)
        from order_items i where i.order_id = o.id) as items
     from orders o where o.number = $1`,
    [number],
  );
  return row;
};

describe('accepting a quote', () => {
  it('makes an order at the quoted prices, takes the stock, closes the quote, and tells the buyer and the staff member', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 10, price: 850 }]);
    const seen = await d.memberQuote(c.buyer.cookie, number);
    expect(seen).toMatchObject({ status: 'sent', canAnswer: true });
    expect(seen.now!.lines).toEqual([
      { sku: v.sku, available: true, problem: null, stock: 50, exciseCents: 0 },
    ]);
    expect(seen.now!.subtotalCents).toBe(8500);

    const key = randomUUID();
    const res = await d.accept(c.buyer.cookie, number, { key });
    expect(res.statusCode, res.body).toBe(200);
    const { orderNumber, message } = res.json();
    expect(message).toBe(quoteMessages.accepted(number, orderNumber));
    expect(await orderOf(orderNumber)).toMatchObject({
      user_id: c.buyer.id,
      company_id: c.id,
      location_id: c.location,
      quote_number: number,
      subtotal_cents: 8500,
      items: [{ sku: v.sku, quantity: 10, unit: 850 }],
    });
    expect(await f.stockOf(v.id)).toBe(40);
    const listed = (await f.call('GET', '/api/v1/orders', c.owner.cookie)).json().orders;
    expect(listed.find((o: { orderNumber: string }) => o.orderNumber === orderNumber)).toMatchObject({
      quoteNumber: number,
      placedBy: { id: c.buyer.id },
    });
    const after = await d.memberQuote(c.owner.cookie, number);
    expect(after).toMatchObject({ status: 'accepted', orderNumber, canAnswer: false, now: null });

    // A double press is the same order; a second acceptance is refused and takes nothing.
    const again = await d.call('POST', `/api/v1/quotes/${number}/accept`, c.buyer.cookie, {
      version: 1,
      skus: [v.sku],
      expectedTotalCents: seen.now!.totalCents,
      idempotencyKey: key,
    });
    expect(again.json()).toMatchObject({ orderNumber });
    const other = await d.call('POST', `/api/v1/quotes/${number}/accept`, c.owner.cookie, {
      version: 1,
      skus: [v.sku],
      expectedTotalCents: seen.now!.totalCents,
      idempotencyKey: randomUUID(),
    });
    expect(other.statusCode).toBe(409);
    expect(await f.stockOf(v.id)).toBe(40);

    const [audit] = await t.database.query<{ actor_id: string; after: Record<string, unknown> }>(
      "select actor_id, after from audit_log where action = 'quote.accepted' and entity_id = $1",
      [number],
    );
    expect(audit).toMatchObject({ actor_id: c.buyer.id, after: { order: orderNumber } });
    const [staffMail] = await t.database.query<{ subject: string }>(
      `select subject from outbox where "to" = $1 and subject like 'Quote %accepted%'`,
      [admin.email],
    );
    expect(staffMail?.subject).toBe(`Quote ${number} accepted by Corner Smoke Shop LLC — Test Wholesale`);
    const [buyerMail] = await t.database.query<{ subject: string }>(
      `select subject from outbox where "to" = $1 and subject like 'Order %'`,
      [c.buyer.email],
    );
    expect(buyerMail?.subject).toBe(`Order ${orderNumber} received — Test Wholesale`);
  });

  it('says which line is short now and offers the rest, which can be accepted alone', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const w = await f.variantWith(20, 500);
    const number = await d.sent(admin.cookie, c.id, [
      { sku: v.sku, quantity: 10, price: 900 },
      { sku: w.sku, quantity: 8 },
    ]);
    await t.database.query('update variants set stock = 3 where id = $1', [w.id]);
    await t.app.catalogue.changed();
    const seen = await d.memberQuote(c.owner.cookie, number);
    const short = seen.now!.lines.find((l) => l.sku === w.sku)!;
    expect(short).toMatchObject({ available: false, problem: quoteMessages.lineShort(3), stock: 3 });
    expect(seen.now!.subtotalCents).toBe(9000);

    const all = await d.accept(c.owner.cookie, number, { skus: [v.sku, w.sku] });
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toContain(w.sku);
    expect(await f.stockOf(v.id)).toBe(50);

    const rest = await d.accept(c.owner.cookie, number);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await orderOf(rest.json().orderNumber)).toMatchObject({
      items: [{ sku: v.sku, quantity: 10, unit: 900 }],
    });
    expect(await f.stockOf(w.id)).toBe(3);
  });

  it('refuses a member over their order limit, a viewer, and a total other than the page showed', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 10 }]);
    await t.database.query('update company_members set order_limit_cents = 5000 where user_id = $1', [
      c.buyer.id,
    ]);
    const over = await d.accept(c.buyer.cookie, number);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(quoteMessages.overLimit(5000));
    expect((await d.accept(c.viewer.cookie, number)).statusCode).toBe(403);
    const wrong = await d.call('POST', `/api/v1/quotes/${number}/accept`, c.owner.cookie, {
      version: 1,
      skus: [v.sku],
      expectedTotalCents: 1,
      idempotencyKey: randomUUID(),
    });
    expect(wrong.statusCode).toBe(409);
    const notQuoted = await d.call('POST', `/api/v1/quotes/${number}/accept`, c.owner.cookie, {
      version: 1,
      skus: ['NOPE-1'],
      expectedTotalCents: 1,
      idempotencyKey: randomUUID(),
    });
    expect(notQuoted.statusCode).toBe(400);
    expect((await d.memberQuote(c.owner.cookie, number)).status).toBe('sent');
    expect(await f.stockOf(v.id)).toBe(50);
  });

  it('lets one of two members accepting at once have it: one order, the other told', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 5 }]);
    const results = await Promise.all([d.accept(c.owner.cookie, number), d.accept(c.buyer.cookie, number)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [n] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from orders where quote_number = $1',
      [number],
    );
    expect(n!.n).toBe(1);
    expect(await f.stockOf(v.id)).toBe(45);
  });
});

describe('a quote that ends without an order', () => {
  it('is declined by a member (the staff member told), and can then not be accepted', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    const res = await d.call('POST', `/api/v1/quotes/${number}/decline`, c.owner.cookie, {
      reason: 'Found it cheaper',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await d.staffQuote(admin.cookie, number)).toMatchObject({
      status: 'declined',
      closedReason: 'Found it cheaper',
    });
    const late = await d.call('POST', `/api/v1/quotes/${number}/accept`, c.owner.cookie, {
      version: 1,
      skus: [v.sku],
      expectedTotalCents: 2000,
      idempotencyKey: randomUUID(),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(quoteMessages.notOpen);
  });

  it('expires after its last day: shown expired, refused', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    const open = await d.memberQuote(c.owner.cookie, number);
    // Its last day was yesterday (the session would not outlive moving the clock on).
    await t.database.query('update quotes set expires_on = $2 where number = $1', [
      number,
      dayPlus(isoDay(clock()), -1),
    ]);
    expect((await d.memberQuote(c.owner.cookie, number)).status).toBe('expired');
    const res = await d.call('POST', `/api/v1/quotes/${number}/accept`, c.owner.cookie, {
      version: 1,
      skus: [v.sku],
      expectedTotalCents: open.now!.totalCents,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(quoteMessages.expired);
    const list = QuoteListSchema.parse(
      (await d.call('GET', `${ADMIN}/quotes?status=expired`, admin.cookie)).json(),
    );
    expect(list.quotes.map((q) => q.number)).toContain(number);
  });

  it('is withdrawn by staff with a reason (the members told); a revised quote refuses the version before', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const first = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    const noReason = await d.call('POST', `${ADMIN}/quotes/${first}/withdraw`, admin.cookie, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await d.call('POST', `${ADMIN}/quotes/${first}/withdraw`, admin.cookie, { reason: 'Priced in error' }))
        .statusCode,
    ).toBe(200);
    expect((await d.memberQuote(c.owner.cookie, first)).status).toBe('withdrawn');
    const [mail] = await t.database.query<{ text: string }>(
      `select text from outbox where "to" = $1 and subject like 'Quote % withdrawn%'`,
      [c.owner.email],
    );
    expect(mail?.text).toContain('Priced in error');

    const second = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    const seen = await d.memberQuote(c.owner.cookie, second);
    const opened = await d.call('POST', `${ADMIN}/quotes/${second}/desk`, admin.cookie);
    expect(opened.json()).toMatchObject({ companyId: c.id });
    await desk.line(admin.cookie, c.id, v.sku, 4);
    const resent = await d.send(admin.cookie, c.id);
    expect(resent.json()).toMatchObject({
      number: second,
      message: quoteMessages.revised(second, 'Corner Smoke Shop LLC'),
    });
    const stale = await d.call('POST', `/api/v1/quotes/${second}/accept`, c.owner.cookie, {
      version: seen.version,
      skus: [v.sku],
      expectedTotalCents: seen.now!.totalCents,
      idempotencyKey: randomUUID(),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(quoteMessages.revisedMeanwhile);
    expect((await d.memberQuote(c.owner.cookie, second)).lines[0]!.quantity).toBe(4);
  });
});

describe('a quote requested from the cart', () => {
  it('lands on the desk as a request, is priced there and sent under the same number', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    expect((await f.add(c.buyer.cookie, v.sku, 24)).statusCode).toBe(200);
    const res = await d.call('POST', '/api/v1/quotes/request', c.buyer.cookie, {
      note: 'Better price for 24?',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { number } = res.json();
    expect(res.json().message).toBe(quoteMessages.requested(number));
    const requests = QuoteListSchema.parse(
      (await d.call('GET', `${ADMIN}/quotes?status=requested`, admin.cookie)).json(),
    );
    expect(requests.quotes.find((q) => q.number === number)).toMatchObject({
      requestedBy: 'Bo Buyer',
      lineCount: 1,
    });
    expect((await d.memberQuote(c.owner.cookie, number)).status).toBe('requested');

    expect((await d.call('POST', `${ADMIN}/quotes/${number}/desk`, admin.cookie)).statusCode).toBe(200);
    const draft = await desk.get(admin.cookie, c.id);
    expect(draft.quote).toMatchObject({
      number,
      status: 'requested',
      requestedBy: 'Bo Buyer',
      requestNote: 'Better price for 24?',
    });
    expect(draft.lines.map((l) => [l.variantId, l.quantity])).toEqual([[v.sku, 24]]);
    // A second opening while the desk holds lines is refused.
    expect((await d.call('POST', `${ADMIN}/quotes/${number}/desk`, admin.cookie)).statusCode).toBe(409);
    await d.negotiate(admin.cookie, c.id, v.sku, 880, 'Volume deal');
    const sent = await d.send(admin.cookie, c.id);
    expect(sent.json()).toMatchObject({
      number,
      message: quoteMessages.sent(number, 'Corner Smoke Shop LLC'),
    });
    expect(await d.memberQuote(c.buyer.cookie, number)).toMatchObject({
      status: 'sent',
      requestNote: 'Better price for 24?',
      lines: [
        expect.objectContaining({
          sku: v.sku,
          unitPriceCents: 880,
          listUnitPriceCents: 1000,
          negotiated: true,
        }),
      ],
    });
    // The cart is left as it was.
    const [cart] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from cart_items where user_id = $1',
      [c.buyer.id],
    );
    expect(cart!.n).toBe(1);
  });

  it('refuses an empty cart and a viewer', async () => {
    const c = await d.company();
    const empty = await d.call('POST', '/api/v1/quotes/request', c.owner.cookie, { note: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(quoteMessages.requestEmpty);
    expect((await d.call('POST', '/api/v1/quotes/request', c.viewer.cookie, { note: '' })).statusCode).toBe(
      403,
    );
  });
});
