import { and, eq, inArray } from 'drizzle-orm';
import { Conflict } from '#server/errors.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';
import { activeMembersOf } from '#server/modules/companies/company.service.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { quoteWithdrawnMail } from '#server/modules/mail/quote-templates.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { type QuoteStatus, quoteMessages, type StaffQuote } from '#shared/orders/quotes.schemas.ts';
import { deskDraftLines, deskDrafts } from './desk.table.ts';
import { type DeskContext, touched } from './desk-reading.ts';
import { findQuote, quoteDetails, quoteSummaries, staffQuoteView } from './quote-reads.ts';
import { quoteLines, quotes } from './quotes.table.ts';

/** The console's quotes (a sales rep: their companies'), newest first; requests are the desk's queue. */
export async function listQuotes(ctx: DeskContext, status: QuoteStatus | undefined) {
  return { quotes: await quoteSummaries(ctx.db, ctx.now, { scope: ctx.companyScope, status }) };
}

export async function getStaffQuote(ctx: DeskContext, number: string): Promise<StaffQuote> {
  const q = await findQuote(ctx.db, number, { scope: ctx.companyScope });
  return staffQuoteView(q, await quoteDetails(ctx.db, q), ctx.now);
}

/**
 * Opens a quote on the staff member's desk for its company (decision 016, part 3): a buyer's
 * request to price, or a sent quote to revise. Its lines (those still sold), negotiated prices,
 * location, shipping, fee and notes become the draft's, and the draft remembers the quote, so
 * sending it answers the request or revises the quote under the same number. A draft for that
 * company that already has lines is left alone (409): staff place, send or discard it first.
 */
export async function openQuoteOnDesk(ctx: DeskContext, number: string) {
  const q = await findQuote(ctx.db, number, { scope: ctx.companyScope });
  if (q.status !== 'requested' && q.status !== 'sent') throw new Conflict(quoteMessages.notOpen);
  const lines = await ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, q.id));
  const sold = lines.length
    ? new Set(
        (
          await ctx.db
            .select({ id: variants.id })
            .from(variants)
            .where(
              inArray(
                variants.id,
                lines.map((l) => l.variantId),
              ),
            )
        ).map((v) => v.id),
      )
    : new Set<number>();
  await ctx.db.transaction(async (tx) => {
    const [draft] = await tx
      .insert(deskDrafts)
      .values({ staffId: ctx.staffId, companyId: q.companyId, version: 1, updatedAt: ctx.now })
      .onConflictDoUpdate({ target: [deskDrafts.staffId, deskDrafts.companyId], set: touched(ctx.now) })
      .returning({ id: deskDrafts.id });
    const [held] = await tx
      .select({ variantId: deskDraftLines.variantId })
      .from(deskDraftLines)
      .where(eq(deskDraftLines.draftId, draft!.id))
      .limit(1);
    if (held) throw new Conflict(quoteMessages.draftNotEmpty);
    const keep = lines.filter((l) => sold.has(l.variantId));
    if (keep.length)
      await tx.insert(deskDraftLines).values(
        keep.map((l) => {
          const negotiated = l.unitPriceCents !== null && l.unitPriceCents !== l.listUnitPriceCents;
          return {
            draftId: draft!.id,
            variantId: l.variantId,
            quantity: l.quantity,
            unitPriceCents: negotiated ? l.unitPriceCents : null,
            priceReason: negotiated ? l.priceReason : '',
          };
        }),
      );
    await tx
      .update(deskDrafts)
      .set({
        locationId: q.locationId,
        shippingType: q.shippingType,
        feeCents: q.feeNote ? q.shippingCents : null,
        feeReason: q.feeNote.replace(/^\$[\d,]+\.\d{2}: /, ''),
        buyerNote: q.buyerNote,
        internalNote: q.internalNote,
        quoteId: q.id,
        quoteVersion: q.version,
      })
      .where(eq(deskDrafts.id, draft!.id));
  });
  return { message: quoteMessages.openedOnDesk(q.number), companyId: q.companyId };
}

/**
 * Withdraws a quote that is sent (or expired) or a request not yet answered, with a reason the
 * members read in their mail: it can no longer be accepted. Audited.
 */
export async function withdrawQuote(ctx: DeskContext, number: string, reason: string) {
  const found = await findQuote(ctx.db, number, { scope: ctx.companyScope });
  const members = await activeMembersOf(ctx.db, found.companyId);
  await ctx.db.transaction(async (tx) => {
    const [q] = await tx.select().from(quotes).where(eq(quotes.id, found.id)).for('update');
    if (!q || (q.status !== 'sent' && q.status !== 'requested')) throw new Conflict(quoteMessages.notOpen);
    await tx
      .update(quotes)
      .set({
        status: 'withdrawn',
        closedReason: reason,
        decidedAt: ctx.now,
        decidedBy: ctx.staffId,
        updatedAt: ctx.now,
      })
      .where(and(eq(quotes.id, q.id), eq(quotes.status, q.status)));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'quote.withdrawn',
        entity: 'quote',
        entityId: q.number,
        before: { status: q.status },
        after: { status: 'withdrawn', reason },
      },
      ctx.now,
    );
    for (const m of members)
      await enqueueMail(
        tx,
        quoteWithdrawnMail(
          ctx.mail.storeName,
          m.email,
          { name: m.name, number: q.number, reason },
          `${ctx.mail.publicUrl}/quotes/${q.number}`,
        ),
        ctx.now,
      );
  });
  ctx.mail.kick();
  return { message: quoteMessages.withdrawn(number) };
}
