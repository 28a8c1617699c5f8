import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from './desk.fixture.ts';
import { quotesFixture } from './quotes.fixture.ts';

/**
 * A quote is used once, whoever acts on it meanwhile (decision 016, part 3, after review): a draft
 * revising a quote is not placed beside it, nor sent again once it is accepted; two staff revising
 * one quote do not overwrite each other; what a member cannot have now is said before they try.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const d = quotesFixture(() => t, clock);
const { f, desk } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
let other: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
  other = await d.staffWithTotp('admin');
});

const openOnDesk = (cookie: string, number: string) =>
  d.call('POST', `${ADMIN}/quotes/${number}/desk`, cookie);
const ordersOfQuote = async (number: string) => {
  const [row] = await t.database.query<{ n: number }>(
    `select count(*)::int as n from orders o
     where o.quote_number = $1 or o.id = (select order_id from quotes where number = $1)`,
    [number],
  );
  return row!.n;
};

describe('one quote, one order', () => {
  it('does not place a draft that revises a quote the company can still accept, nor send it again once accepted', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    expect((await openOnDesk(admin.cookie, number)).statusCode).toBe(200);
    const draft = await desk.get(admin.cookie, c.id);
    expect(draft.problems).toContain(quoteMessages.quoteStillOpen(number));
    const placed = await d.placeAsShown(admin.cookie, c.id);
    expect(placed.statusCode).toBe(409);

    expect((await d.accept(c.owner.cookie, number)).statusCode).toBe(200);
    expect((await desk.get(admin.cookie, c.id)).quoteProblems).toContain(quoteMessages.quoteAccepted(number));
    const resent = await d.send(admin.cookie, c.id);
    expect(resent.statusCode).toBe(409);
    expect(resent.json().message).toContain(number);
    expect(await ordersOfQuote(number)).toBe(1);
    expect(await f.stockOf(v.id)).toBe(48);
  });

  it('closes a request with the order placed from it at the desk', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    await f.add(c.buyer.cookie, v.sku, 3);
    const number = (await d.call('POST', '/api/v1/quotes/request', c.buyer.cookie, { note: '' })).json()
      .number;
    expect((await openOnDesk(admin.cookie, number)).statusCode).toBe(200);
    const placed = await d.placeAsShown(admin.cookie, c.id);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await d.memberQuote(c.buyer.cookie, number)).toMatchObject({
      status: 'accepted',
      orderNumber: placed.json().number,
    });
  });

  it('withdraws a request not worked on, telling the members', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    await f.add(c.buyer.cookie, v.sku, 3);
    const number = (await d.call('POST', '/api/v1/quotes/request', c.buyer.cookie, { note: '' })).json()
      .number;
    const res = await d.call('POST', `${ADMIN}/quotes/${number}/withdraw`, admin.cookie, {
      reason: 'Not sold in this size',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await d.memberQuote(c.buyer.cookie, number)).toMatchObject({
      status: 'withdrawn',
      closedReason: 'Not sold in this size',
    });
  });

  it('refuses the second of two staff revising the same quote, naming it', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const w = await f.variantWith(50, 500);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    expect((await openOnDesk(admin.cookie, number)).statusCode).toBe(200);
    expect((await openOnDesk(other.cookie, number)).statusCode).toBe(200);
    await desk.line(admin.cookie, c.id, w.sku, 4);
    await desk.line(other.cookie, c.id, v.sku, 6);
    expect((await d.send(admin.cookie, c.id)).statusCode).toBe(200);
    const second = await d.send(other.cookie, c.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(quoteMessages.quoteRevisedMeanwhile(number));
    const q = await d.staffQuote(admin.cookie, number);
    expect(q.lines.map((l) => [l.sku, l.quantity])).toEqual([
      [v.sku, 2],
      [w.sku, 4],
    ]);
  });
});

describe('what a member cannot have, said before they try', () => {
  it('refuses a member whose email is not verified, as checkout does', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    await t.database.query('update users set email_verified_at = null where id = $1', [c.buyer.id]);
    const res = await d.accept(c.buyer.cookie, number);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(orderMessages.verifyEmail);
    expect(await ordersOfQuote(number)).toBe(0);
  });

  it('offers nothing from a quote whose location was removed, pickup or not', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    await desk.line(admin.cookie, c.id, v.sku, 2);
    await d.setDetails(admin.cookie, c.id, { shippingType: 'Pickup' });
    const number = (await d.send(admin.cookie, c.id)).json().number;
    await t.database.query('update quotes set location_id = null where number = $1', [number]);
    const q = await d.memberQuote(c.owner.cookie, number);
    expect(q.now!.lines).toEqual([
      expect.objectContaining({ available: false, problem: quoteMessages.locationGone }),
    ]);
    expect(q.now!.totalCents).toBe(0);
  });

  it('says why a line that is not short cannot be had now', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 2 }]);
    const seen = await d.memberQuote(c.owner.cookie, number);
    await t.database.query(
      'update products set hidden = true where id = (select product_id from variants where id = $1)',
      [v.id],
    );
    await t.app.catalogue.changed();
    const res = await d.call('POST', `/api/v1/quotes/${number}/accept`, c.owner.cookie, {
      version: seen.version,
      skus: [v.sku],
      expectedTotalCents: seen.now!.totalCents,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(quoteMessages.cannotOrderNow([`${v.sku}: No longer sold`]));
  });

  it('binds only negotiated prices to the minimum: a company price under it is quoted as it is', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    await d.group(c.id, v.id, { priceCents: 800 });
    await t.database.query('insert into minimum_prices (variant_id, min_price_cents) values ($1, 900)', [
      v.id,
    ]);
    await desk.line(admin.cookie, c.id, v.sku, 2);
    expect((await desk.get(admin.cookie, c.id)).quoteProblems).toEqual([]);
    const res = await d.send(admin.cookie, c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await d.staffQuote(admin.cookie, res.json().number)).lines[0]).toMatchObject({
      unitPriceCents: 800,
    });
  });
});
