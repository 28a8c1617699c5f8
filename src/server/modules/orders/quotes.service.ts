import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { Conflict, Invalid } from '#server/errors.ts';
import { cartItems } from '#server/modules/cart/cart.table.ts';
import { lineRow } from '#server/modules/cart/cart-lines.ts';
import { callerCompany } from '#server/modules/companies/company.service.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { quoteAnsweredMail, quoteRequestedMail } from '#server/modules/mail/quote-templates.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { staffUserIdsFor } from '#server/modules/staff/staff-audience.ts';
import { mayOrder } from '#shared/companies/companies.rules.ts';
import type { Quote, QuoteRequestBody } from '#shared/orders/quotes.schemas.ts';
import { quoteMessages } from '#shared/orders/quotes.schemas.ts';
import {
  findQuote,
  quoteDetails,
  quotedOption,
  quoteStatus,
  quoteSummaries,
  quoteView,
} from './quote-reads.ts';
import { acceptedTotals, type QuoteContext, quoteStanding } from './quote-standing.ts';
import { quoteLines, quotes } from './quotes.table.ts';

/** The member's company's quotes, newest first (every member reads them). */
export async function listMyQuotes(ctx: QuoteContext) {
  return { quotes: await quoteSummaries(ctx.db, ctx.now, { companyId: callerCompany(ctx) }) };
}

/** Whether this member may accept or decline the company's quotes: owners and buyers. */
export const mayAnswer = (ctx: QuoteContext) => mayOrder(ctx.actor.member?.role ?? '');

/**
 * A quote of the member's company (another company's is a 404): as it was sent, and while it is
 * open, each line as it stands now and what accepting every line available comes to.
 */
export async function getMyQuote(ctx: QuoteContext, number: string): Promise<Quote> {
  const q = await findQuote(ctx.db, number, { companyId: callerCompany(ctx) });
  const d = await quoteDetails(ctx.db, q);
  const view = quoteView(q, d, ctx.now);
  const open = view.status === 'sent';
  if (!open) return { ...view, canAnswer: false, now: null };
  const standing = await quoteStanding(ctx, q, d);
  const available = standing.lines.filter((l) => l.problem === null);
  return {
    ...view,
    canAnswer: mayAnswer(ctx),
    now: {
      lines: standing.lines.map((l) => ({
        sku: l.sku,
        available: l.problem === null,
        problem: l.problem,
        stock: l.row?.stock ?? 0,
        exciseCents: l.verdict?.excise.cents ?? 0,
      })),
      ...acceptedTotals(q, available),
    },
  };
}

/** A member declines a sent quote (with an optional reason): it is closed, and its staff member told. */
export async function declineQuote(ctx: QuoteContext, number: string, reason: string) {
  const found = await findQuote(ctx.db, number, { companyId: callerCompany(ctx) });
  await ctx.db.transaction(async (tx) => {
    const [q] = await tx.select().from(quotes).where(eq(quotes.id, found.id)).for('update');
    const status = q && quoteStatus(q, ctx.now);
    if (status === 'expired') throw new Conflict(quoteMessages.expired);
    if (!q || status !== 'sent') throw new Conflict(quoteMessages.notOpen);
    await tx
      .update(quotes)
      .set({
        status: 'declined',
        closedReason: reason,
        decidedAt: ctx.now,
        decidedBy: ctx.userId,
        updatedAt: ctx.now,
      })
      .where(eq(quotes.id, q.id));
    await audit(
      tx,
      {
        actorId: ctx.userId,
        action: 'quote.declined',
        entity: 'quote',
        entityId: q.number,
        before: { status: 'sent' },
        after: { status: 'declined', reason },
      },
      ctx.now,
    );
    const staff = q.staffId ? await staffEmail(tx, q.staffId) : null;
    if (staff)
      await enqueueMail(
        tx,
        quoteAnsweredMail(
          ctx.mail.storeName,
          staff,
          {
            number: q.number,
            business: ctx.actor.company?.businessName ?? '',
            who: ctx.actor.user.name,
            answer: 'declined',
            detail: reason ? `Reason: ${reason}` : '',
          },
          `${ctx.mail.publicUrl}/admin/quotes/${q.number}`,
        ),
        ctx.now,
      );
  });
  ctx.mail.kick();
  return { message: quoteMessages.declined(number) };
}

/**
 * "Request a quote" from the cart: the cart's lines (the cart stays as it is), for the location
 * chosen (else the company's default), with the buyer's note, as a quote `requested` that staff
 * open on the desk to price. The staff who take the company's orders are told by mail.
 */
export async function requestQuote(ctx: QuoteContext, body: Required<QuoteRequestBody>) {
  const companyId = callerCompany(ctx);
  const [items, model, locations] = await Promise.all([
    ctx.db
      .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, ctx.userId))
      .orderBy(asc(cartItems.updatedAt), asc(cartItems.variantId)),
    ctx.catalogue.get(),
    ctx.db
      .select({ id: addresses.id, isDefault: addresses.isDefault })
      .from(addresses)
      .where(eq(addresses.companyId, companyId))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt)),
  ]);
  const lines = items.flatMap((i) => {
    const v = model.variant(i.variantId);
    return v ? [{ v, quantity: i.quantity }] : [];
  });
  if (lines.length === 0) throw new Invalid(quoteMessages.requestEmpty);
  const location = body.locationId ? locations.find((l) => l.id === body.locationId) : locations[0];
  if (body.locationId && !location) throw new Invalid(quoteMessages.locationGone, 'locationId');
  const staff = await staffUserIdsFor(ctx.db, 'desk', companyId);
  const number = await ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(quotes)
      .values({
        number: sql`'Q-' || nextval('quote_number_seq')`,
        companyId,
        locationId: location?.id ?? null,
        requestedBy: ctx.userId,
        requestNote: body.note,
        status: 'requested',
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: quotes.id, number: quotes.number });
    await tx
      .insert(quoteLines)
      .values(lines.map(({ v, quantity }) => ({ quoteId: made!.id, ...quotedOption(lineRow(v, quantity)) })));
    for (const s of staff)
      await enqueueMail(
        tx,
        quoteRequestedMail(
          ctx.mail.storeName,
          s.email,
          {
            number: made!.number,
            business: ctx.actor.company?.businessName ?? '',
            who: ctx.actor.user.name,
            lines: lines.length,
            note: body.note,
          },
          `${ctx.mail.publicUrl}/admin/quotes/${made!.number}`,
        ),
        ctx.now,
      );
    return made!.number;
  });
  ctx.mail.kick();
  return { message: quoteMessages.requested(number), number };
}

/** The email of the staff member who sent a quote, while they are enabled staff. */
async function staffEmail(tx: Pick<QuoteContext['db'], 'select'>, staffId: string) {
  const [row] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, staffId), eq(users.role, 'staff'), isNull(users.disabledAt)));
  return row?.email ?? null;
}
