import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Conflict, Invalid } from '#server/errors.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { findCompany } from '#server/modules/companies/companies-staff.service.ts';
import { activeMembersOf } from '#server/modules/companies/company.service.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { quoteSentMail } from '#server/modules/mail/quote-templates.ts';
import { orderMailLine } from '#server/modules/mail/templates.ts';
import { minimumPricesOf } from '#server/modules/pricing/minimum-prices.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { dayPlus, formatDate, isoDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { deskMessages } from '#shared/orders/desk.schemas.ts';
import {
  type DeskPriceBodySchema,
  type DeskQuoteBody,
  QUOTE_DAYS_MAX,
  quoteMessages,
} from '#shared/orders/quotes.schemas.ts';
import { deskViewPriced, getDesk } from './desk.service.ts';
import { deskDraftLines, deskDrafts } from './desk.table.ts';
import { type DeskContext, type DeskReading, readDesk, touched } from './desk-reading.ts';
import { lineName } from './order-lines.ts';
import { quoteLines, quotes } from './quotes.table.ts';

/**
 * A line's negotiated unit price at the desk (decision 016, part 3), with its reason; null puts
 * it back to the company's price. Never below the minimum staff set for the option (checked again
 * when the quote is sent). The draft's version rises, as with any change to it.
 */
export async function setDeskPrice(
  ctx: DeskContext,
  companyId: string,
  body: z.output<typeof DeskPriceBodySchema>,
) {
  const [, model] = await Promise.all([
    findCompany(ctx.db, companyId, ctx.companyScope),
    ctx.catalogue.get(),
  ]);
  const found = model.variantBySku(body.sku);
  if (!found) throw new Invalid(quoteMessages.notInDraft, 'sku');
  const variantId = found.variant.id;
  if (body.unitPriceCents !== null) {
    const min = (await minimumPricesOf(ctx.db, [variantId])).get(variantId);
    if (min !== undefined && body.unitPriceCents < min)
      throw new Invalid(quoteMessages.belowMinimum(found.variant.sku, min), 'unitPriceCents');
  }
  await ctx.db.transaction(async (tx) => {
    const [draft] = await tx
      .update(deskDrafts)
      .set(touched(ctx.now))
      .where(and(eq(deskDrafts.staffId, ctx.staffId), eq(deskDrafts.companyId, companyId)))
      .returning({ id: deskDrafts.id });
    const [line] = draft
      ? await tx
          .update(deskDraftLines)
          .set({
            unitPriceCents: body.unitPriceCents,
            priceReason: body.unitPriceCents === null ? '' : body.reason,
          })
          .where(and(eq(deskDraftLines.draftId, draft.id), eq(deskDraftLines.variantId, variantId)))
          .returning({ variantId: deskDraftLines.variantId })
      : [];
    // Not a line of the draft: nothing is changed (the version's rise is undone with the rest).
    if (!line) throw new Invalid(quoteMessages.notInDraft, 'sku');
  });
  return getDesk(ctx, companyId);
}

/**
 * Sends the staff member's draft for a company as a quote (decision 016, part 3): the lines at
 * their quoted prices (negotiated, else the company's), judged for the location, the fee and the
 * notes, standing until `expiresOn`. A draft opened from a quote still requested or sent revises
 * that quote (same number, its version raised); otherwise a new quote is made. In one
 * transaction: the draft at the version shown (locked), the company enabled (and the rep's), the
 * minimums read again, the quote and its lines, the draft deleted, the audit entry (every
 * negotiated price with its reason) and each active member's mail with the link.
 */
export async function sendDeskQuote(ctx: DeskContext, companyId: string, body: DeskQuoteBody) {
  const today = isoDay(ctx.now);
  if (body.expiresOn < today) throw new Invalid(quoteMessages.expiresPast, 'expiresOn');
  if (body.expiresOn > dayPlus(today, QUOTE_DAYS_MAX))
    throw new Invalid(quoteMessages.expiresTooLate, 'expiresOn');
  const reading = await readDesk(ctx, companyId);
  const { draft } = reading;
  if (!draft) throw new Invalid(deskMessages.noLines);
  if (draft.version !== body.version || reading.location?.id !== body.locationId)
    throw new Conflict(deskMessages.draftChanged);
  const { view, priced } = await deskViewPriced(ctx, reading);
  if (view.quoteProblems.length) throw new Conflict(view.quoteProblems.join(' '));
  if (view.totalCents !== body.expectedTotalCents)
    throw new Conflict(deskMessages.pricesChanged(view.totalCents));
  const members = await activeMembersOf(ctx.db, companyId);
  const lines = priced.rows.map((r, i) => ({
    variantId: r.variantId,
    sku: r.sku,
    productName: r.productName,
    variantName: r.variantName,
    sellingUnit: r.sellingUnit,
    imageUrl: r.image.url,
    quantity: r.quantity,
    unitPriceCents: priced.prices[i]!.unitPriceCents,
    listUnitPriceCents: priced.listPrices[i]!.unitPriceCents,
    priceReason: priced.negotiated[i]?.reason ?? '',
    exciseCents: priced.verdicts[i]?.excise.cents ?? 0,
  }));
  const sent = await ctx.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: deskDrafts.id })
      .from(deskDrafts)
      .where(and(eq(deskDrafts.id, draft.id), eq(deskDrafts.version, body.version)))
      .for('update');
    if (!held) throw new Conflict(deskMessages.draftChanged);
    const [company] = await tx
      .select({ disabledAt: companies.disabledAt, rep: companies.salesRepId })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('share');
    if (!company || company.disabledAt || (ctx.companyScope && company.rep !== ctx.companyScope))
      throw new Conflict(deskMessages.companyDisabled);
    const minimums = await minimumPricesOf(
      tx,
      lines.map((l) => l.variantId),
    );
    const below = lines.find((l) => l.unitPriceCents < (minimums.get(l.variantId) ?? 0));
    if (below) throw new Conflict(quoteMessages.belowMinimum(below.sku, minimums.get(below.variantId)!));
    const quote = await writeQuote(tx, ctx, reading, view, body.expiresOn);
    await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId: quote.id })));
    await tx.delete(deskDrafts).where(eq(deskDrafts.id, draft.id));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'quote.sent',
        entity: 'quote',
        entityId: quote.number,
        after: {
          company: companyId,
          business: reading.company.businessName,
          total_cents: view.totalCents,
          expires_on: body.expiresOn,
          revised: quote.revised,
          lines: lines.length,
          negotiated: lines
            .filter((l) => l.unitPriceCents !== l.listUnitPriceCents || l.priceReason)
            .map((l) => ({
              sku: l.sku,
              unit_cents: l.unitPriceCents,
              list_cents: l.listUnitPriceCents,
              reason: l.priceReason,
            })),
        },
      },
      ctx.now,
    );
    const mailLines = lines.map((l) => orderMailLine(l.quantity, lineName(l), l.unitPriceCents * l.quantity));
    for (const m of members)
      await enqueueMail(
        tx,
        quoteSentMail(
          ctx.mail.storeName,
          m.email,
          {
            name: m.name,
            staff: ctx.actor.user.name,
            business: reading.company.businessName,
            number: quote.number,
            total: formatCents(view.totalCents),
            expires: formatDate(`${body.expiresOn}T12:00:00Z`),
            note: draft.buyerNote,
            revised: quote.revised,
          },
          mailLines,
          `${ctx.mail.publicUrl}/quotes/${quote.number}`,
        ),
        ctx.now,
      );
    return quote;
  });
  ctx.mail.kick();
  const message = sent.revised
    ? quoteMessages.revised(sent.number, reading.company.businessName)
    : quoteMessages.sent(sent.number, reading.company.businessName);
  return { message, number: sent.number };
}

type Tx = Parameters<Parameters<DeskContext['db']['transaction']>[0]>[0];

/**
 * The quote row: the one the draft was opened from when it is still requested or sent (locked;
 * revised: its lines replaced, its version raised when it had been sent), else a new one.
 */
async function writeQuote(
  tx: Tx,
  ctx: DeskContext,
  reading: DeskReading,
  view: { subtotalCents: number; exciseCents: number; shippingCents: number; totalCents: number },
  expiresOn: string,
): Promise<{ id: string; number: string; revised: boolean }> {
  const draft = reading.draft!;
  const values = {
    locationId: reading.location!.id,
    staffId: ctx.staffId,
    status: 'sent',
    shippingType: draft.shippingType,
    shippingCents: view.shippingCents,
    feeNote:
      draft.shippingType !== 'Pickup' && draft.feeCents !== null
        ? `${formatCents(draft.feeCents)}: ${draft.feeReason}`
        : '',
    buyerNote: draft.buyerNote,
    internalNote: draft.internalNote,
    subtotalCents: view.subtotalCents,
    exciseCents: view.exciseCents,
    totalCents: view.totalCents,
    expiresOn,
    sentAt: ctx.now,
    updatedAt: ctx.now,
  };
  if (draft.quoteId) {
    const [open] = await tx
      .select({ id: quotes.id, number: quotes.number, status: quotes.status })
      .from(quotes)
      .where(and(eq(quotes.id, draft.quoteId), eq(quotes.companyId, reading.company.id)))
      .for('update');
    if (open && (open.status === 'requested' || open.status === 'sent')) {
      await tx
        .update(quotes)
        .set({
          ...values,
          version: open.status === 'sent' ? sql`${quotes.version} + 1` : quotes.version,
        })
        .where(eq(quotes.id, open.id));
      await tx.delete(quoteLines).where(eq(quoteLines.quoteId, open.id));
      return { id: open.id, number: open.number, revised: open.status === 'sent' };
    }
  }
  const [made] = await tx
    .insert(quotes)
    .values({
      ...values,
      number: sql`'Q-' || nextval('quote_number_seq')`,
      companyId: reading.company.id,
      createdAt: ctx.now,
    })
    .returning({ id: quotes.id, number: quotes.number });
  return { ...made!, revised: false };
}
