import { beforeAll, describe, expect, it } from 'vitest';
import { dayPlus, isoDay } from '#shared/dates.ts';
import { DeskDraftSchema } from '#shared/orders/desk.schemas.ts';
import { QuoteListSchema, quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';
import { ADMIN } from './desk.fixture.ts';
import { quotesFixture } from './quotes.fixture.ts';

/**
 * Quotes at the desk (decision 016, part 3): a negotiated price with its reason, never below the
 * option's minimum; the draft sent as a quote (its lines and prices kept, the members mailed a
 * link, audited); who may reach it.
 */
const clock = testClock();
const t = testAppForFile({ clock });
const d = quotesFixture(() => t, clock);
const { f, desk } = d;

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  admin = await d.staffWithTotp('admin');
});

describe('negotiating a price at the desk', () => {
  it('prices the line at the negotiated price with the reason, shows the company price, and keeps it from being placed', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    await desk.line(admin.cookie, c.id, v.sku, 10);
    const res = await d.negotiate(admin.cookie, c.id, v.sku, 850, 'Matched a competitor');
    expect(res.statusCode, res.body).toBe(200);
    const draft = DeskDraftSchema.parse(res.json());
    expect(draft.lines[0]).toMatchObject({
      unitPriceCents: 850,
      lineTotalCents: 8500,
      negotiated: { listUnitPriceCents: 1000, reason: 'Matched a competitor' },
    });
    expect(draft.subtotalCents).toBe(8500);
    expect(draft.problems).toContain(quoteMessages.negotiatedNotPlaced);
    expect(draft.quoteProblems).toEqual([]);
    const placed = await d.placeAsShown(admin.cookie, c.id);
    expect(placed.statusCode).toBe(409);

    const cleared = DeskDraftSchema.parse((await d.negotiate(admin.cookie, c.id, v.sku, null)).json());
    expect(cleared.lines[0]).toMatchObject({ unitPriceCents: 1000, negotiated: null });
    expect(cleared.problems).toEqual([]);
  });

  it('refuses a price below the minimum staff set, a price without a reason, and an SKU not in the draft', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const other = await f.variantWith(50, 1000);
    await t.database.query('insert into minimum_prices (variant_id, min_price_cents) values ($1, 900)', [
      v.id,
    ]);
    await desk.line(admin.cookie, c.id, v.sku, 10);
    const before = await desk.get(admin.cookie, c.id);
    expect(before.lines[0]!.minPriceCents).toBe(900);

    const below = await d.negotiate(admin.cookie, c.id, v.sku, 899, 'Too low');
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      field: 'unitPriceCents',
      message: quoteMessages.belowMinimum(v.sku, 900),
    });
    const noReason = await d.negotiate(admin.cookie, c.id, v.sku, 950, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason', message: quoteMessages.priceReasonRequired });
    const stranger = await d.negotiate(admin.cookie, c.id, other.sku, 950, 'Deal');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ field: 'sku', message: quoteMessages.notInDraft });
    // Nothing changed: not even the draft's version.
    expect((await desk.get(admin.cookie, c.id)).version).toBe(before.version);

    expect((await d.negotiate(admin.cookie, c.id, v.sku, 900, 'At the floor')).statusCode).toBe(200);
    // A minimum raised after the price was negotiated keeps the quote from being sent.
    await t.database.query('update minimum_prices set min_price_cents = 950 where variant_id = $1', [v.id]);
    const now = await desk.get(admin.cookie, c.id);
    expect(now.lines[0]!.problem).toBe(quoteMessages.belowMinimum(v.sku, 950));
    expect(now.quoteProblems).toEqual([quoteMessages.quoteLinesWithProblems(1)]);
    expect((await d.send(admin.cookie, c.id)).statusCode).toBe(409);
  });
});

describe('sending a quote', () => {
  it('keeps the lines at their quoted and company prices, empties the desk, mails each member a link, and audits the negotiated prices', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const w = await f.variantWith(0, 400);
    const expiresOn = dayPlus(isoDay(clock()), 10);
    await desk.line(admin.cookie, c.id, v.sku, 10);
    await desk.line(admin.cookie, c.id, w.sku, 5);
    await d.negotiate(admin.cookie, c.id, v.sku, 850, 'Matched a competitor');
    await d.setDetails(admin.cookie, c.id, { buyerNote: 'Price good for ten days' });
    // Out of stock does not keep a line from a quote: stock is judged when it is accepted.
    expect((await desk.get(admin.cookie, c.id)).quoteProblems).toEqual([]);
    const res = await d.send(admin.cookie, c.id, expiresOn);
    expect(res.statusCode, res.body).toBe(200);
    const { number, message } = res.json();
    expect(number).toMatch(/^Q-\d+$/);
    expect(message).toBe(quoteMessages.sent(number, 'Corner Smoke Shop LLC'));
    expect((await desk.get(admin.cookie, c.id)).lines).toEqual([]);

    const q = await d.staffQuote(admin.cookie, number);
    expect(q).toMatchObject({
      status: 'sent',
      version: 1,
      expiresOn,
      note: 'Price good for ten days',
      companyId: c.id,
    });
    expect(q.lines).toEqual([
      expect.objectContaining({
        sku: v.sku,
        quantity: 10,
        unitPriceCents: 850,
        listUnitPriceCents: 1000,
        negotiated: true,
        priceReason: 'Matched a competitor',
        lineTotalCents: 8500,
      }),
      expect.objectContaining({
        sku: w.sku,
        quantity: 5,
        unitPriceCents: 400,
        listUnitPriceCents: 400,
        negotiated: false,
        priceReason: '',
      }),
    ]);
    expect(q.subtotalCents).toBe(10_500);
    expect(q.totalCents).toBe(10_500 + q.shippingCents + q.exciseCents);

    for (const email of [c.owner.email, c.buyer.email, c.viewer.email]) {
      const [mail] = await t.database.query<{ subject: string; text: string }>(
        `select subject, text from outbox where "to" = $1 and subject like 'Quote %' order by id`,
        [email],
      );
      expect(mail?.subject).toBe(`Quote ${number} for Corner Smoke Shop LLC — Test Wholesale`);
      expect(mail!.text).toContain(`/quotes/${number}`);
      expect(mail!.text).toContain('Price good for ten days');
    }
    const [entry] = await t.database.query<{ actor_id: string; after: Record<string, unknown> }>(
      "select actor_id, after from audit_log where action = 'quote.sent' and entity_id = $1",
      [number],
    );
    expect(entry).toMatchObject({
      actor_id: admin.id,
      after: {
        negotiated: [{ sku: v.sku, unit_cents: 850, list_cents: 1000, reason: 'Matched a competitor' }],
      },
    });
  });

  it('refuses a day past, a day more than 90 days out, and a draft changed since the page showed it', async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    await desk.line(admin.cookie, c.id, v.sku, 2);
    const today = isoDay(clock());
    const past = await d.send(admin.cookie, c.id, dayPlus(today, -1));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'expiresOn', message: quoteMessages.expiresPast });
    const far = await d.send(admin.cookie, c.id, dayPlus(today, 91));
    expect(far.json()).toMatchObject({ field: 'expiresOn', message: quoteMessages.expiresTooLate });
    const shown = await desk.get(admin.cookie, c.id);
    await desk.line(admin.cookie, c.id, v.sku, 3);
    const stale = await d.call('POST', `${ADMIN}/desk/${c.id}/quote`, admin.cookie, {
      version: shown.version,
      locationId: shown.locationId,
      expiresOn: today,
      expectedTotalCents: shown.totalCents,
    });
    expect(stale.statusCode).toBe(409);
    const [n] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from quotes where company_id = $1',
      [c.id],
    );
    expect(n!.n).toBe(0);
  });
});

describe('who reaches quotes', () => {
  it("lets admin and the company's rep in, and keeps other roles, another rep and buyers out", async () => {
    const c = await d.company();
    const v = await f.variantWith(50, 1000);
    const number = await d.sent(admin.cookie, c.id, [{ sku: v.sku, quantity: 1 }]);
    const rep = await d.staffWithTotp('sales');
    const otherRep = await d.staffWithTotp('sales');
    await t.database.query('update companies set sales_rep_id = $1 where id = $2', [rep.id, c.id]);
    expect((await d.call('GET', `${ADMIN}/quotes/${number}`, rep.cookie)).statusCode).toBe(200);
    expect((await d.call('GET', `${ADMIN}/quotes/${number}`, otherRep.cookie)).statusCode).toBe(404);
    const list = QuoteListSchema.parse((await d.call('GET', `${ADMIN}/quotes`, otherRep.cookie)).json());
    expect(list.quotes.map((q) => q.number)).not.toContain(number);
    for (const role of ['warehouse', 'accounting', 'compliance'] as const) {
      const s = await d.staffWithTotp(role);
      expect((await d.call('GET', `${ADMIN}/quotes/${number}`, s.cookie)).statusCode, role).toBe(403);
    }
    expect((await f.call('GET', `${ADMIN}/quotes/${number}`, c.owner.cookie)).statusCode).toBe(403);
    expect((await f.call('GET', `${ADMIN}/quotes/${number}`)).statusCode).toBe(401);

    // A member of another company: the same 404 as an unknown number.
    const other = await d.company();
    expect((await f.call('GET', `/api/v1/quotes/${number}`, other.owner.cookie)).statusCode).toBe(404);
    expect((await f.call('GET', '/api/v1/quotes/Q-999999999', c.owner.cookie)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/v1/quotes/${number}`)).statusCode).toBe(401);
    expect((await f.call('GET', `/api/v1/quotes/${number}`, c.viewer.cookie)).statusCode).toBe(200);
    expect((await d.accept(c.viewer.cookie, number)).statusCode).toBe(403);
  });
});
