import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { dayPlus, isoDay } from '#shared/dates.ts';
import { QuoteSchema, StaffQuoteSchema } from '#shared/orders/quotes.schemas.ts';
import type { TestContext } from '#tests/test-app.ts';
import { ADMIN, deskFixture } from './desk.fixture.ts';

/**
 * Quotes' tests (decision 016, part 3): the desk's fixture, with a line's price negotiated, a
 * draft sent as a quote, and a member's calls on it.
 */
export function quotesFixture(getT: () => TestContext, clock: () => Date) {
  const d = deskFixture(getT, clock);
  const { call, desk } = d;

  const negotiate = (
    cookie: string,
    companyId: string,
    sku: string,
    unitPriceCents: number | null,
    reason = '',
  ) => call('PUT', `${ADMIN}/desk/${companyId}/lines/price`, cookie, { sku, unitPriceCents, reason });

  /** Sends the draft as the page would (its version, location and total); the answer. */
  async function send(cookie: string, companyId: string, expiresOn = dayPlus(isoDay(clock()), 14)) {
    const shown = await desk.get(cookie, companyId);
    return call('POST', `${ADMIN}/desk/${companyId}/quote`, cookie, {
      version: shown.version,
      locationId: shown.locationId,
      expiresOn,
      expectedTotalCents: shown.totalCents,
    });
  }

  /** A quote sent for the company: lines of these options and quantities; its number. */
  async function sent(
    cookie: string,
    companyId: string,
    lines: { sku: string; quantity: number; price?: number }[],
  ) {
    for (const l of lines) {
      expect((await desk.line(cookie, companyId, l.sku, l.quantity)).statusCode).toBe(200);
      if (l.price !== undefined)
        expect((await negotiate(cookie, companyId, l.sku, l.price, 'Matched a competitor')).statusCode).toBe(
          200,
        );
    }
    const res = await send(cookie, companyId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().number as string;
  }

  const staffQuote = async (cookie: string, number: string) => {
    const res = await call('GET', `${ADMIN}/quotes/${number}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return StaffQuoteSchema.parse(res.json());
  };

  const memberQuote = async (cookie: string, number: string) => {
    const res = await d.f.call('GET', `/api/v1/quotes/${number}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return QuoteSchema.parse(res.json());
  };

  /** Accepts as the page would: the lines available now (or those named), the version and total shown. */
  async function accept(cookie: string, number: string, opts: { skus?: string[]; key?: string } = {}) {
    const q = await memberQuote(cookie, number);
    const skus = opts.skus ?? q.now!.lines.filter((l) => l.available).map((l) => l.sku);
    const chosen = q.lines.filter((l) => skus.includes(l.sku));
    const total =
      chosen.reduce(
        (n, l) => n + l.lineTotalCents + q.now!.lines.find((x) => x.sku === l.sku)!.exciseCents,
        0,
      ) + q.shippingCents;
    return d.f.call('POST', `/api/v1/quotes/${number}/accept`, cookie, {
      version: q.version,
      skus,
      expectedTotalCents: total,
      idempotencyKey: opts.key ?? randomUUID(),
    });
  }

  /** A company (owner, buyer, viewer; documents verified) with a licensed Texas shop, its default location. */
  async function company() {
    const c = await d.f.company({ documents: true });
    return { ...c, location: await d.location(c.id, 'TX', { licence: true, name: 'Main shop' }) };
  }

  return { ...d, company, negotiate, send, sent, staffQuote, memberQuote, accept };
}
