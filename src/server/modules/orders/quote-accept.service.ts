import { and, eq } from 'drizzle-orm';
import { Conflict, DomainError, Invalid, NotFound } from '#server/errors.ts';
import type { CartLineRow } from '#server/modules/cart/cart-lines.ts';
import { callerCompany } from '#server/modules/companies/company.service.ts';
import { quoteAnsweredMail } from '#server/modules/mail/quote-templates.ts';
import { orderConfirmationMail, orderMailLine, staffNewOrderMail } from '#server/modules/mail/templates.ts';
import { creditRefusal } from '#server/modules/receivables/credit-refusal.ts';
import { formatCents } from '#shared/money.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { type QuoteAcceptBody, type QuoteAccepted, quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { staffAudience } from '#shared/staff/staff-roles.ts';
import { streetOf } from './desk-reading.ts';
import { lineName, ORDER_NUMBER_SLOT, shortOptions, snapshotLines } from './order-lines.ts';
import { orders } from './orders.table.ts';
import { findQuote, type QuoteRow, quoteDetails, quoteStatus } from './quote-reads.ts';
import {
  acceptedTotals,
  type QuoteContext,
  type QuoteStanding,
  quoteStanding,
  type StandingLine,
} from './quote-standing.ts';

type Status =
  | 'created'
  | 'gone'
  | 'company'
  | 'duplicate'
  | 'closed'
  | 'expired'
  | 'revised'
  | 'location'
  | 'changed'
  | 'over_limit'
  | 'over_cap';
type Result = { status: Status; number?: string | null; limit?: number };

/**
 * A member accepts a sent quote (decision 016, part 3): the lines they chose, at the quoted prices,
 * judged now for stock, case packs and compliance at the quote's location, with excise now and
 * the quote's fee. In up to two tries, each from one reading (this instance's memory, then the
 * database after place_quote_order found memory behind): a chosen line that cannot be had now, or
 * a total other than the page showed, is refused (409) and the page shows the quote as it stands.
 * place_quote_order then locks the quote (used once), checks the member, version, lines, rules,
 * limit and cap, and places the order through fill_order (never oversold).
 */
export async function acceptQuote(
  ctx: QuoteContext,
  number: string,
  body: QuoteAcceptBody,
): Promise<QuoteAccepted> {
  const q = await findQuote(ctx.db, number, { companyId: callerCompany(ctx) });
  // As at checkout: an order waits for the member's email to be verified (place_quote_order checks too).
  if (!ctx.actor.user.emailVerifiedAt) throw new DomainError(403, orderMessages.verifyEmail);
  // What the page can be told at once (place_quote_order checks each again under lock).
  const status = quoteStatus(q, ctx.now);
  if (status === 'expired') throw new Conflict(quoteMessages.expired);
  if (status !== 'sent') {
    // A double press finds the order the first press made from this quote.
    const [twin] = await ctx.db
      .select({ number: orders.number })
      .from(orders)
      .where(
        and(
          eq(orders.userId, ctx.userId),
          eq(orders.idempotencyKey, body.idempotencyKey),
          eq(orders.quoteNumber, q.number),
        ),
      );
    if (twin)
      return {
        message: quoteMessages.accepted(q.number, twin.number),
        number: q.number,
        orderNumber: twin.number,
      };
    throw new Conflict(quoteMessages.notOpen);
  }
  if (q.version !== body.version) throw new Conflict(quoteMessages.revisedMeanwhile);
  const d = await quoteDetails(ctx.db, q);
  for (let attempt = 0; attempt < 2; attempt++) {
    const standing = await quoteStanding(ctx, q, d, attempt === 0 ? 'memory' : 'database');
    const result = await acceptOnce(ctx, q, standing, body);
    if (result.status === 'created' || (result.status === 'duplicate' && result.number))
      return {
        message: quoteMessages.accepted(q.number, result.number!),
        number: q.number,
        orderNumber: result.number!,
      };
    if (result.status === 'changed' && attempt === 0) continue;
    throw refusal(result, standing);
  }
  throw new Conflict(quoteMessages.keptChanging);
}

function refusal(result: Result, standing: QuoteStanding): DomainError {
  switch (result.status) {
    case 'gone':
      return new NotFound(quoteMessages.notFound);
    case 'company':
      return new DomainError(403, quoteMessages.companyDisabled);
    case 'duplicate':
      return new Conflict(quoteMessages.keyUsed);
    case 'expired':
      return new Conflict(quoteMessages.expired);
    case 'revised':
      return new Conflict(quoteMessages.revisedMeanwhile);
    case 'location':
      return new Conflict(quoteMessages.locationGone);
    case 'over_limit':
      return new Invalid(quoteMessages.overLimit(result.limit ?? 0));
    case 'over_cap':
      return new Conflict(quoteMessages.overCap(standing.settings.unverifiedCapCents));
    case 'changed':
      return new Conflict(quoteMessages.keptChanging);
    default:
      return new Conflict(quoteMessages.notOpen);
  }
}

async function acceptOnce(
  ctx: QuoteContext,
  q: QuoteRow,
  standing: QuoteStanding,
  body: QuoteAcceptBody,
): Promise<Result> {
  const wanted = new Set(body.skus);
  const chosen = standing.lines.filter((l) => wanted.has(l.sku));
  if (chosen.length !== wanted.size) throw new Invalid(quoteMessages.lineNotQuoted, 'skus');
  const totals = acceptedTotals(q, chosen);
  const unavailable = chosen.filter((l) => l.problem !== null);
  if (unavailable.length || totals.totalCents !== body.expectedTotalCents) {
    if (standing.source === 'memory') return { status: 'changed' };
    const all = acceptedTotals(
      q,
      standing.lines.filter((l) => l.problem === null),
    );
    throw new Conflict(
      unavailable.length
        ? quoteMessages.cannotOrderNow(unavailable.map((l) => `${l.sku}: ${l.problem!.replace(/\.$/, '')}`))
        : quoteMessages.changedMeanwhile(all.totalCents),
    );
  }
  const rows = chosen.map((l) => l.row!);
  const lines = snapshotLines(rows, chosen, (i) => chosen[i]!.verdict!.excise.cents);
  const { location } = standing;
  const args = [
    ctx.userId,
    q.number,
    body.version,
    body.idempotencyKey,
    ctx.now.toISOString(),
    JSON.stringify({
      ship_name: ctx.actor.user.name,
      ship_business_name: ctx.actor.company?.businessName ?? '',
      ship_address: location ? streetOf(location) : '',
      ship_city: location?.city ?? '',
      ship_state: location?.state ?? '',
      ship_postal_code: location?.zipCode ?? '',
      carrier: q.shippingType === 'Pickup' ? '' : standing.settings.carrier,
      ...snake(totals),
    }),
    JSON.stringify(lines),
    standing.settings.unverifiedCapCents,
    JSON.stringify(acceptMails(ctx, q, chosen, rows, totals.totalCents)),
    JSON.stringify({
      version: standing.rules.version,
      licences: standing.licences,
      group: standing.group && { id: standing.group.id, version: standing.group.version },
    }),
  ];
  try {
    const [row] = await ctx.database.query<{ r: Result }>(
      `select place_quote_order($1::uuid, $2, $3::integer, $4, $5::timestamptz, $6::jsonb, $7::jsonb,
        $8::integer, $9::jsonb, $10::jsonb) as r`,
      args,
    );
    const result = row!.r;
    if (result.status === 'created') {
      ctx.catalogue.stockTaken(rows.map((l) => ({ id: l.variantId, quantity: l.quantity })));
      ctx.mail.kick();
      ctx.changes.committed();
    }
    return result;
  } catch (err) {
    const credit = creditRefusal(err, { phone: standing.settings.contact.phone });
    if (credit) throw credit;
    const ids = shortOptions(err);
    if (!ids) throw err;
    throw new Conflict(quoteMessages.notEnoughStock(rows.filter((l) => ids.has(l.variantId)).map(lineName)));
  }
}

const snake = (t: ReturnType<typeof acceptedTotals>) => ({
  subtotal_cents: t.subtotalCents,
  excise_cents: t.exciseCents,
  shipping_cents: t.shippingCents,
  total_cents: t.totalCents,
});

/** The buyer's confirmation, the quote's staff member's notice, and the staff's new-order notice. */
function acceptMails(
  ctx: QuoteContext,
  q: QuoteRow,
  chosen: StandingLine[],
  rows: CartLineRow[],
  totalCents: number,
) {
  const total = formatCents(totalCents);
  const mailLines = rows.map((r, i) =>
    orderMailLine(r.quantity, lineName(r), chosen[i]!.unitPriceCents * r.quantity),
  );
  const business = ctx.actor.company?.businessName ?? '';
  return {
    direct: [
      orderConfirmationMail(
        ctx.mail.storeName,
        ctx.actor.user.email,
        ctx.actor.user.name,
        ORDER_NUMBER_SLOT,
        total,
        `${ctx.mail.publicUrl}/orders`,
        mailLines,
      ),
    ],
    staff: staffNewOrderMail(
      ctx.mail.storeName,
      business,
      ORDER_NUMBER_SLOT,
      total,
      q.shippingType === 'Pickup' ? 'pickup in store' : 'delivery',
      mailLines,
      `${ctx.mail.publicUrl}/admin/orders/${ORDER_NUMBER_SLOT}`,
    ),
    staffAudience: staffAudience('orders.read'),
    quote: quoteAnsweredMail(
      ctx.mail.storeName,
      '',
      {
        number: q.number,
        business,
        who: ctx.actor.user.name,
        answer: 'accepted',
        detail: `Order ${ORDER_NUMBER_SLOT}, ${total}.`,
      },
      `${ctx.mail.publicUrl}/admin/quotes/${q.number}`,
    ),
  };
}
