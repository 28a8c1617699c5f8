import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Conflict, Invalid } from '#server/errors.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';
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
import { quotedOption } from './quote-reads.ts';
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
    ...quotedOption(r),
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
    // The minimums bind negotiated prices. The options are held first, as setting a minimum holds
    // its option: a minimum set while this sends waits for it, or is seen.
    const negotiated = lines.filter((_, i) => priced.negotiated[i] !== null);
    const ids = negotiated.map((l) => l.variantId);
    if (ids.length)
      await tx.select({ id: variants.id }).from(variants).where(inArray(variants.id, ids)).for('share');
    const minimums = await minimumPricesOf(tx, ids);
    const below = negotiated.find((l) => l.unitPriceCents < (minimums.get(l.variantId) ?? 0));
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
    await mailMembers(tx, ctx, {
      reading,
      members,
      lines,
      quote,
      totalCents: view.totalCents,
      expiresOn: body.expiresOn,
    });
    return quote;
  });
  ctx.mail.kick();
  const business = reading.company.businessName;
  const message = sent.revised
    ? quoteMessages.revised(sent.number, business)
    : sent.replaced
      ? quoteMessages.sentAsNew(sent.replaced, sent.number, business)
      : quoteMessages.sent(sent.number, business);
  return { message, number: sent.number };
}

type Tx = Parameters<Parameters<DeskContext['db']['transaction']>[0]>[0];

type QuoteLineRow = Omit<typeof quoteLines.$inferInsert, 'quoteId'> & { unitPriceCents: number };

/** The quote's mail to each active member of the company, with its link, in the sending transaction. */
async function mailMembers(
  tx: Tx,
  ctx: DeskContext,
  o: {
    reading: DeskReading;
    members: Awaited<ReturnType<typeof activeMembersOf>>;
    lines: QuoteLineRow[];
    quote: { number: string; revised: boolean };
    totalCents: number;
    expiresOn: string;
  },
) {
  const { reading, members, lines, quote, expiresOn } = o;
  const draft = reading.draft!;
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
          total: formatCents(o.totalCents),
          expires: formatDate(`${expiresOn}T12:00:00Z`),
          note: draft.buyerNote,
          revised: quote.revised,
        },
        mailLines,
        `${ctx.mail.publicUrl}/quotes/${quote.number}`,
      ),
      ctx.now,
    );
}

/**
 * The quote row: the one the draft was opened from when it is still requested or sent (locked,
 * at the version the draft was opened at, else a 409: another staff member revised it; its lines
 * replaced and its version raised), else a new one. One accepted meanwhile is not sent again (409).
 */
async function writeQuote(
  tx: Tx,
  ctx: DeskContext,
  reading: DeskReading,
  view: { subtotalCents: number; exciseCents: number; shippingCents: number; totalCents: number },
  expiresOn: string,
): Promise<{ id: string; number: string; revised: boolean; replaced?: string }> {
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
      .select({ id: quotes.id, number: quotes.number, status: quotes.status, version: quotes.version })
      .from(quotes)
      .where(and(eq(quotes.id, draft.quoteId), eq(quotes.companyId, reading.company.id)))
      .for('update');
    if (open?.status === 'accepted') throw new Conflict(quoteMessages.quoteAccepted(open.number));
    if (open && (open.status === 'requested' || open.status === 'sent')) {
      if (draft.quoteVersion !== null && open.version !== draft.quoteVersion)
        throw new Conflict(quoteMessages.quoteRevisedMeanwhile(open.number));
      await tx
        .update(quotes)
        .set({ ...values, version: sql`${quotes.version} + 1` })
        .where(eq(quotes.id, open.id));
      await tx.delete(quoteLines).where(eq(quoteLines.quoteId, open.id));
      return { id: open.id, number: open.number, revised: open.status === 'sent' };
    }
    if (open) {
      const made = await newQuote(tx, ctx, reading, values);
      return { ...made, revised: false, replaced: open.number };
    }
  }
  return { ...(await newQuote(tx, ctx, reading, values)), revised: false };
}

async function newQuote(
  tx: Tx,
  ctx: DeskContext,
  reading: DeskReading,
  values: Omit<typeof quotes.$inferInsert, 'number' | 'companyId'>,
) {
  const [made] = await tx
    .insert(quotes)
    .values({
      ...values,
      number: sql`'Q-' || nextval('quote_number_seq')`,
      companyId: reading.company.id,
      createdAt: ctx.now,
    })
    .returning({ id: quotes.id, number: quotes.number });
  return made!;
}
