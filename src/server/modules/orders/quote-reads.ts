import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import type { CartLineRow } from '#server/modules/cart/cart-lines.ts';
import { NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { isoDay } from '#shared/dates.ts';
import {
  type Quote,
  type QuoteStatus,
  type QuoteSummary,
  quoteMessages,
  type StaffQuote,
} from '#shared/orders/quotes.schemas.ts';
import { streetOf } from './desk-reading.ts';
import { orders } from './orders.table.ts';
import { quoteLines, quotes } from './quotes.table.ts';

export type QuoteRow = typeof quotes.$inferSelect;
type Reader = Pick<Db, 'select'>;

/** A quote's status as people read it: a sent quote past its last day is expired (nothing is written). */
export function quoteStatus(q: Pick<QuoteRow, 'status' | 'expiresOn'>, now: Date): QuoteStatus {
  if (q.status === 'sent' && q.expiresOn !== null && q.expiresOn < isoDay(now)) return 'expired';
  return q.status as QuoteStatus;
}

/**
 * The quote with this number, if it is the company's (a member's) or within the staff member's
 * scope (a sales rep: their companies); any other is a 404, the same as an unknown number.
 */
export async function findQuote(
  db: Reader,
  number: string,
  where: { companyId?: string; scope?: string | null },
): Promise<QuoteRow> {
  const [row] = await db
    .select({ quote: quotes })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(
      and(
        eq(quotes.number, number),
        where.companyId ? eq(quotes.companyId, where.companyId) : undefined,
        where.scope ? eq(companies.salesRepId, where.scope) : undefined,
      ),
    );
  if (!row) throw new NotFound(quoteMessages.notFound);
  return row.quote;
}

const staffUser = alias(users, 'quote_staff');
const requester = alias(users, 'quote_requester');
const decider = alias(users, 'quote_decider');

/** What a quote's page shows besides its row: the lines, the names, the location and the order. */
export async function quoteDetails(db: Reader, q: QuoteRow) {
  const [lines, [names], [location]] = await Promise.all([
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, q.id)).orderBy(asc(quoteLines.position)),
    db
      .select({
        business: companies.businessName,
        staff: staffUser.name,
        requestedBy: requester.name,
        decidedBy: decider.name,
        orderNumber: orders.number,
      })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .leftJoin(staffUser, eq(staffUser.id, quotes.staffId))
      .leftJoin(requester, eq(requester.id, quotes.requestedBy))
      .leftJoin(decider, eq(decider.id, quotes.decidedBy))
      .leftJoin(orders, eq(orders.id, quotes.orderId))
      .where(eq(quotes.id, q.id)),
    q.locationId ? db.select().from(addresses).where(eq(addresses.id, q.locationId)) : [],
  ]);
  return { lines, names: names!, location: location ?? null };
}
export type QuoteDetails = Awaited<ReturnType<typeof quoteDetails>>;

/** The quote as its page shows it to a member (`now` and `canAnswer` are the caller's). */
export function quoteView(q: QuoteRow, d: QuoteDetails, now: Date): Omit<Quote, 'canAnswer' | 'now'> {
  return {
    number: q.number,
    status: quoteStatus(q, now),
    version: q.version,
    businessName: d.names.business,
    location: d.location && {
      // '' when the location has no name of its own (its address follows).
      name: d.location.name,
      address: streetOf(d.location),
      city: d.location.city,
      state: d.location.state,
      postalCode: d.location.zipCode,
    },
    shippingType: q.shippingType === 'Pickup' ? 'Pickup' : 'Shiptoaddress',
    shippingCents: q.shippingCents,
    note: q.buyerNote,
    requestNote: q.requestNote,
    requestedBy: d.names.requestedBy,
    staffName: d.names.staff,
    createdAt: q.createdAt.toISOString(),
    sentAt: q.sentAt?.toISOString() ?? null,
    expiresOn: q.expiresOn,
    decidedAt: q.decidedAt?.toISOString() ?? null,
    closedReason: q.closedReason,
    orderNumber: d.names.orderNumber,
    lines: d.lines.map((l) => ({
      sku: l.sku,
      productName: l.productName,
      variantName: l.variantName,
      sellingUnit: l.sellingUnit,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      listUnitPriceCents: l.listUnitPriceCents,
      negotiated: l.unitPriceCents !== null && l.unitPriceCents !== l.listUnitPriceCents,
      lineTotalCents: (l.unitPriceCents ?? 0) * l.quantity,
      exciseCents: l.exciseCents,
    })),
    subtotalCents: q.subtotalCents,
    exciseCents: q.exciseCents,
    totalCents: q.totalCents,
  };
}

/** The quote as staff see it: the member's view with the company, reasons and internal note. */
export function staffQuoteView(q: QuoteRow, d: QuoteDetails, now: Date): StaffQuote {
  const view = quoteView(q, d, now);
  return {
    ...view,
    canAnswer: false,
    now: null,
    companyId: q.companyId,
    internalNote: q.internalNote,
    feeNote: q.feeNote,
    decidedBy: d.names.decidedBy,
    lines: view.lines.map((l, i) => ({ ...l, priceReason: d.lines[i]!.priceReason })),
  };
}

/**
 * Quotes as lists show them, newest first (at most 200): `where` picks them (a company's, a rep's,
 * a status). Expired is read from the day: a status filter of 'sent' leaves expired ones out.
 */
export async function quoteSummaries(
  db: Reader,
  now: Date,
  where: { companyId?: string; scope?: string | null; status?: QuoteStatus },
): Promise<QuoteSummary[]> {
  const today = isoDay(now);
  const status: SQL | undefined =
    where.status === 'expired'
      ? sql`${quotes.status} = 'sent' and ${quotes.expiresOn} < ${today}`
      : where.status === 'sent'
        ? sql`${quotes.status} = 'sent' and ${quotes.expiresOn} >= ${today}`
        : where.status
          ? eq(quotes.status, where.status)
          : undefined;
  const rows = await db
    .select({
      quote: quotes,
      business: companies.businessName,
      staff: staffUser.name,
      requestedBy: requester.name,
      orderNumber: orders.number,
      lineCount: sql<number>`(select count(*)::int from quote_lines q_l where q_l.quote_id = "quotes"."id")`,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(staffUser, eq(staffUser.id, quotes.staffId))
    .leftJoin(requester, eq(requester.id, quotes.requestedBy))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(
      and(
        where.companyId ? eq(quotes.companyId, where.companyId) : undefined,
        where.scope ? eq(companies.salesRepId, where.scope) : undefined,
        status,
      ),
    )
    .orderBy(desc(quotes.updatedAt), desc(quotes.number))
    .limit(200);
  return rows.map((r) => ({
    number: r.quote.number,
    status: quoteStatus(r.quote, now),
    companyId: r.quote.companyId,
    businessName: r.business,
    lineCount: r.lineCount,
    totalCents: r.quote.totalCents,
    expiresOn: r.quote.expiresOn,
    staffName: r.staff,
    requestedBy: r.requestedBy,
    createdAt: r.quote.createdAt.toISOString(),
    updatedAt: r.quote.updatedAt.toISOString(),
    orderNumber: r.orderNumber,
  }));
}

/** What a quote keeps of an option it quotes: the names, unit and picture then, and how many. */
export const quotedOption = (r: CartLineRow) => ({
  variantId: r.variantId,
  sku: r.sku,
  productName: r.productName,
  variantName: r.variantName,
  sellingUnit: r.sellingUnit,
  imageUrl: r.image.url,
  quantity: r.quantity,
});
