import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { Conflict, Invalid } from '#server/errors.ts';
import { cartLineOf } from '#server/modules/cart/cart.service.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { findCompany } from '#server/modules/companies/companies-staff.service.ts';
import { ofRepCompanies } from '#server/modules/companies/company-sql.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { applicable, optionOf } from '#server/modules/pricing/price-book.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { parseQuickOrder, sameSkuOnce } from '#shared/cart/quick-order.ts';
import { dayPlus, isoDay } from '#shared/dates.ts';
import {
  DESK_LINES_MAX,
  type DeskDraft,
  type DeskDraftBody,
  type DeskDraftList,
  type DeskLine,
  type DeskLineBodySchema,
  type DeskPasteResult,
  deskMessages,
} from '#shared/orders/desk.schemas.ts';
import { QUOTE_DAYS_DEFAULT, quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { tierTable } from '#shared/pricing/price-resolution.ts';
import { deskDraftLines, deskDrafts } from './desk.table.ts';
import {
  type DeskContext,
  type DeskReading,
  deskShipTo,
  feeOf,
  priceAndJudge,
  readDesk,
  streetOf,
  touched,
} from './desk-reading.ts';

/**
 * The desk's answer: the draft as the company's buyers would see it — each line priced for the
 * company's group with its tiers, its case pack, stock and verdict for the ship-to, and what keeps
 * it from being ordered — and the order's totals and problems. Built from one reading.
 */
export async function deskView(ctx: DeskContext, reading: DeskReading): Promise<DeskDraft> {
  return (await deskViewPriced(ctx, reading)).view;
}

/** The desk's answer, and the lines as priced and judged for it (placing the order takes both). */
export async function deskViewPriced(ctx: DeskContext, reading: DeskReading) {
  const priced = await priceAndJudge(ctx, reading);
  const { rows, prices, listPrices, negotiated, verdicts } = priced;
  let sold = 0;
  // Per line: why it cannot be ordered (`problem`), and why it cannot be quoted (short stock can).
  const unquotable: boolean[] = [];
  const lines = reading.lines.map((l): DeskLine => {
    if (l.gone) {
      unquotable.push(true);
      return goneLine(l.variantId, l.quantity);
    }
    const i = sold++;
    const r = rows[i]!;
    const price = prices[i]!;
    const verdict = verdicts[i];
    const option = optionOf(reading.model.variant(r.variantId)!.product, r.variantId);
    const minPriceCents = reading.minimums.get(r.variantId) ?? null;
    const n = negotiated[i] ?? null;
    const belowMinimum = n !== null && minPriceCents !== null && n.unitPriceCents < minPriceCents;
    // What keeps it from a quote too; short stock keeps it from an order only.
    const quoteProblem = verdict?.blocks[0]
      ? deskMessages.lineBlocked(verdict.blocks[0].reason)
      : verdict?.excise.missing.length
        ? deskMessages.lineNoExcise
        : belowMinimum
          ? quoteMessages.belowMinimum(r.sku, minPriceCents)
          : price.quantityProblem;
    unquotable.push(quoteProblem !== null);
    const problem = quoteProblem ?? (r.stock < r.quantity ? deskMessages.lineShort(r.stock) : null);
    return {
      ...cartLineOf(r, price, verdict),
      tiers: tierTable(option, applicable(reading.group, option)),
      problem,
      negotiated: n && { listUnitPriceCents: listPrices[i]!.unitPriceCents, reason: n.reason },
      minPriceCents,
    };
  });
  const subtotal = lines.reduce((n, l) => n + l.lineTotalCents, 0);
  const excise = lines.reduce((n, l) => n + l.exciseCents, 0);
  const shipping = feeOf(reading);
  const shipTo = deskShipTo(reading);
  const { draft, company, location, settings } = reading;
  const problems = [
    company.disabled ? deskMessages.companyDisabled : null,
    location ? null : deskMessages.noLocation,
    lines.length ? null : deskMessages.noLines,
    lines.some((l) => l.problem)
      ? deskMessages.linesWithProblems(lines.filter((l) => l.problem).length)
      : null,
    reading.verifiedDocuments < 2 && subtotal > settings.unverifiedCapCents
      ? deskMessages.overCap(settings.unverifiedCapCents)
      : null,
    negotiated.some((n) => n !== null) ? quoteMessages.negotiatedNotPlaced : null,
    // Placing beside a quote the company can accept (or has) would make two orders of it.
    reading.quote?.open ? quoteMessages.quoteStillOpen(reading.quote.number) : null,
    reading.quote?.status === 'accepted' ? quoteMessages.quoteAccepted(reading.quote.number) : null,
  ].filter((p): p is string => p !== null);
  const quoteProblems = quoteProblemsOf(reading, lines.length, unquotable.filter(Boolean).length);
  const view: DeskDraft = {
    company: {
      id: company.id,
      businessName: company.businessName,
      groupName: reading.group?.name ?? null,
      disabled: company.disabled,
      verified: reading.verifiedDocuments >= 2,
    },
    locations: reading.locations.map(locationView),
    version: draft?.version ?? 0,
    locationId: location?.id ?? null,
    shippingType: draft?.shippingType === 'Pickup' ? 'Pickup' : 'Shiptoaddress',
    standardFeeCents: settings.deliveryFeeCents,
    feeCents: draft?.feeCents ?? null,
    feeReason: draft?.feeReason ?? '',
    buyerNote: draft?.buyerNote ?? '',
    internalNote: draft?.internalNote ?? '',
    shipTo: shipTo && {
      state: shipTo.state,
      stateName: stateName(shipTo.state),
      shipping: shipTo.shipping === 'Pickup' ? 'Pickup' : 'Shiptoaddress',
    },
    lines,
    subtotalCents: subtotal,
    shippingCents: shipping,
    exciseCents: excise,
    totalCents: subtotal + shipping + excise,
    problems,
    quoteProblems,
    quote: reading.quote && {
      number: reading.quote.number,
      status: reading.quote.status,
      requestedBy: reading.quote.requestedBy,
      requestNote: reading.quote.requestNote,
    },
    defaultExpiresOn: dayPlus(isoDay(ctx.now), QUOTE_DAYS_DEFAULT),
    updatedAt: (draft?.updatedAt ?? ctx.now).toISOString(),
  };
  return { view, priced };
}

/** What keeps the draft from being sent as a quote (short stock does not: it is judged on acceptance). */
function quoteProblemsOf(reading: DeskReading, lineCount: number, unquotable: number): string[] {
  return [
    reading.company.disabled ? deskMessages.companyDisabled : null,
    reading.location ? null : deskMessages.noLocation,
    lineCount ? null : deskMessages.noLines,
    unquotable ? quoteMessages.quoteLinesWithProblems(unquotable) : null,
    reading.quote?.status === 'accepted' ? quoteMessages.quoteAccepted(reading.quote.number) : null,
  ].filter((p): p is string => p !== null);
}

const locationView = (l: DeskReading['locations'][number]) => ({
  id: l.id,
  name: l.name || l.streetAddress,
  address: streetOf(l),
  city: l.city,
  state: l.state,
  postalCode: l.zipCode,
  isDefault: l.isDefault,
});

/** A line whose option is no longer sold: shown so staff remove it, never ordered. */
function goneLine(variantId: number, quantity: number): DeskLine {
  return {
    variantId: `#${variantId}`,
    variantName: '',
    productName: 'No longer sold',
    sellingUnit: '',
    productId: '',
    categoryId: '',
    brandId: '',
    imageUrl: '',
    priceCents: 0,
    discountPriceCents: null,
    discountPercentage: null,
    unitPriceCents: 0,
    quantity,
    stock: 0,
    lineTotalCents: 0,
    blocks: [],
    exciseCents: 0,
    priceSource: 'list',
    nextTier: null,
    quantityRule: { minQuantity: 1, increment: 1, maxQuantity: null },
    quantityProblem: null,
    tiers: [],
    problem: deskMessages.lineGone,
    negotiated: null,
    minPriceCents: null,
  };
}

export async function getDesk(ctx: DeskContext, companyId: string): Promise<DeskDraft> {
  return deskView(ctx, await readDesk(ctx, companyId));
}

/**
 * The staff member's draft for the company, made on first use, its version raised, and its row
 * held until the transaction ends: a place, a discard or another change waits (or came first and
 * is then seen). Its id and the options its lines hold now.
 */
async function lockedDraft(tx: Pick<Db, 'insert' | 'select'>, ctx: DeskContext, companyId: string) {
  const [draft] = await tx
    .insert(deskDrafts)
    .values({ staffId: ctx.staffId, companyId, version: 1, updatedAt: ctx.now })
    .onConflictDoUpdate({ target: [deskDrafts.staffId, deskDrafts.companyId], set: touched(ctx.now) })
    .returning({ id: deskDrafts.id });
  const held = await tx
    .select({ variantId: deskDraftLines.variantId })
    .from(deskDraftLines)
    .where(eq(deskDraftLines.draftId, draft!.id));
  return { id: draft!.id, held: new Set(held.map((h) => h.variantId)) };
}

/**
 * A line set to a quantity (0 removes it), or (`adding`) that many added to it. The option is
 * named by SKU and must be sold (a line no longer sold is removed by the "#<id>" its view shows);
 * stock, case packs and the verdict are shown on the line, not refused here: staff see what to fix.
 */
export async function setDeskLine(
  ctx: DeskContext,
  companyId: string,
  body: z.output<typeof DeskLineBodySchema>,
): Promise<DeskDraft> {
  // The company (a rep's own, else 404) and the catalogue: the draft itself is read after the write.
  const [, model] = await Promise.all([
    findCompany(ctx.db, companyId, ctx.companyScope),
    ctx.catalogue.get(),
  ]);
  const found = model.variantBySku(body.sku);
  const goneId = /^#(\d{1,9})$/.exec(body.sku);
  const variantId = found?.variant.id ?? null;
  if (variantId === null && !(goneId && body.quantity === 0))
    throw new Invalid(deskMessages.unknownSku, 'sku');
  const id = variantId ?? Number(goneId![1]);
  await ctx.db.transaction(async (tx) => {
    const draft = await lockedDraft(tx, ctx, companyId);
    if (body.quantity === 0 && !body.adding) {
      await tx
        .delete(deskDraftLines)
        .where(and(eq(deskDraftLines.draftId, draft.id), eq(deskDraftLines.variantId, id)));
      return;
    }
    if (body.quantity === 0) return;
    if (!draft.held.has(id) && draft.held.size >= DESK_LINES_MAX)
      throw new Invalid(deskMessages.tooManyLines, 'sku');
    await tx
      .insert(deskDraftLines)
      .values({ draftId: draft.id, variantId: id, quantity: body.quantity })
      .onConflictDoUpdate({
        target: [deskDraftLines.draftId, deskDraftLines.variantId],
        set: {
          quantity: body.adding
            ? sql`least(${deskDraftLines.quantity} + excluded.quantity, 10000)`
            : body.quantity,
        },
      });
  });
  return getDesk(ctx, companyId);
}

/**
 * Pasted lines, parsed as the buyer's quick order parses them: each SKU the catalogue sells is
 * added (its quantity added to the line's); what cannot be read or is not sold is reported with
 * its line numbers. The draft's lines then show stock, case packs and verdicts.
 */
export async function pasteDeskLines(
  ctx: DeskContext,
  companyId: string,
  text: string,
): Promise<DeskPasteResult> {
  const parsed = parseQuickOrder(text);
  if ('problem' in parsed) throw new Invalid(parsed.problem, 'text');
  const [, model] = await Promise.all([
    findCompany(ctx.db, companyId, ctx.companyScope),
    ctx.catalogue.get(),
  ]);
  const notAdded: DeskPasteResult['notAdded'] = [];
  const adding = new Map<number, number>();
  for (const e of sameSkuOnce(parsed.entries)) {
    const found = e.problem ? undefined : model.variantBySku(e.sku);
    if (e.problem || !found) {
      notAdded.push({ lines: e.lines, sku: e.sku, problem: e.problem ?? deskMessages.unknownSku });
      continue;
    }
    adding.set(found.variant.id, (adding.get(found.variant.id) ?? 0) + e.quantity);
  }
  if (adding.size)
    await ctx.db.transaction(async (tx) => {
      const draft = await lockedDraft(tx, ctx, companyId);
      const newLines = [...adding.keys()].filter((id) => !draft.held.has(id)).length;
      if (draft.held.size + newLines > DESK_LINES_MAX) throw new Invalid(deskMessages.tooManyLines, 'text');
      await tx
        .insert(deskDraftLines)
        .values([...adding].map(([variantId, quantity]) => ({ draftId: draft.id, variantId, quantity })))
        .onConflictDoUpdate({
          target: [deskDraftLines.draftId, deskDraftLines.variantId],
          set: { quantity: sql`least(${deskDraftLines.quantity} + excluded.quantity, 10000)` },
        });
    });
  return {
    message: deskMessages.pasted(adding.size, notAdded.length),
    draft: await getDesk(ctx, companyId),
    notAdded,
  };
}

/**
 * The draft's details: location, shipping, fee and its reason, the two notes. Names the version
 * the page showed; a draft changed since is a 409 and the page reads it again.
 */
export async function saveDeskDetails(
  ctx: DeskContext,
  companyId: string,
  body: DeskDraftBody & { feeReason: string; buyerNote: string; internalNote: string },
): Promise<DeskDraft> {
  await findCompany(ctx.db, companyId, ctx.companyScope);
  if (body.locationId && !(await isCompanyLocation(ctx, companyId, body.locationId)))
    throw new Invalid(deskMessages.locationNotFound, 'locationId');
  // A first save makes the draft (version 0); then only the version the page showed is changed.
  await ctx.db
    .insert(deskDrafts)
    .values({ staffId: ctx.staffId, companyId, updatedAt: ctx.now })
    .onConflictDoNothing();
  const [saved] = await ctx.db
    .update(deskDrafts)
    .set({
      locationId: body.locationId,
      shippingType: body.shippingType,
      feeCents: body.feeCents,
      feeReason: body.feeCents === null ? '' : body.feeReason,
      buyerNote: body.buyerNote,
      internalNote: body.internalNote,
      ...touched(ctx.now),
    })
    .where(
      and(
        eq(deskDrafts.staffId, ctx.staffId),
        eq(deskDrafts.companyId, companyId),
        eq(deskDrafts.version, body.version),
      ),
    )
    .returning({ id: deskDrafts.id });
  if (!saved) throw new Conflict(deskMessages.draftChanged);
  return getDesk(ctx, companyId);
}

export async function discardDesk(ctx: DeskContext, companyId: string): Promise<{ message: string }> {
  await findCompany(ctx.db, companyId, ctx.companyScope);
  await ctx.db
    .delete(deskDrafts)
    .where(and(eq(deskDrafts.staffId, ctx.staffId), eq(deskDrafts.companyId, companyId)));
  return { message: deskMessages.discarded };
}

/** The staff member's drafts in progress (a sales rep: those of companies still theirs), newest first. */
export async function listDesks(ctx: DeskContext): Promise<DeskDraftList> {
  const rows = await ctx.db
    .select({
      companyId: deskDrafts.companyId,
      businessName: companies.businessName,
      lineCount: sql<number>`(select count(*)::int from desk_draft_lines l_d where l_d.draft_id = "desk_drafts"."id")`,
      updatedAt: deskDrafts.updatedAt,
    })
    .from(deskDrafts)
    .innerJoin(companies, eq(companies.id, deskDrafts.companyId))
    .where(
      and(
        eq(deskDrafts.staffId, ctx.staffId),
        ctx.companyScope ? ofRepCompanies(deskDrafts.companyId, ctx.companyScope) : undefined,
      ),
    )
    .orderBy(desc(deskDrafts.updatedAt))
    .limit(100);
  return { drafts: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
}

async function isCompanyLocation(ctx: DeskContext, companyId: string, locationId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, locationId), eq(addresses.companyId, companyId)));
  return row !== undefined;
}
