import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ChangeFeed } from '#server/db/change-feed.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { RequestContext, ScopedStaffContext } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { type CartLineRow, lineRow } from '#server/modules/cart/cart-lines.ts';
import type { CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import { findCompany } from '#server/modules/companies/companies-staff.service.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import {
  type ComplianceData,
  judgeLines,
  type LineVerdict,
  orderLicenceStates,
  type ShipTo,
} from '#server/modules/compliance/compliance.service.ts';
import type { ComplianceCache } from '#server/modules/compliance/compliance-cache.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { type LinePrice, priceLines } from '#server/modules/pricing/line-prices.ts';
import { minimumPrices } from '#server/modules/pricing/pricing.table.ts';
import { type GroupBook, groupOfCompany } from '#server/modules/pricing/price-book.ts';
import type { PricingCache } from '#server/modules/pricing/pricing-cache.ts';
import type { StoreSettings } from '#server/modules/store/store-settings.ts';
import { isoDay } from '#shared/dates.ts';
import { deskDraftLines, deskDrafts } from './desk.table.ts';
import { quotes } from './quotes.table.ts';

/** The parts an order reads and tells, whoever places it (the desk, a quote's acceptance). */
export interface OrderParts {
  database: Pick<Database, 'query'>;
  catalogue: CatalogueCache;
  compliance: ComplianceCache;
  pricing: PricingCache;
  settings: StoreSettings;
  mail: MailSettings;
  changes: ChangeFeed;
}

/** What the desk's services use: the staff request (a sales rep's scope) and the parts an order reads. */
export type DeskContext = ScopedStaffContext & Pick<RequestContext, 'actor'> & OrderParts;

export type DraftRow = typeof deskDrafts.$inferSelect;
export type LocationRow = typeof addresses.$inferSelect;

/** A draft's line read with the catalogue: the option as a cart line, or gone (no longer sold). */
export type DeskReadLine =
  | { gone: false; row: CartLineRow; negotiated: Negotiated | null }
  | { gone: true; variantId: number; quantity: number };

/** A line's negotiated unit price for a quote, and why (decision 016, part 3). */
export interface Negotiated {
  unitPriceCents: number;
  reason: string;
}

/**
 * Everything a desk's answer and its order are made from, read once: the company (a sales rep's
 * own only), the staff member's draft for it (null: none yet), its lines with the catalogue, the
 * locations, the location chosen (else the default), and the rules, price book and licenses as of
 * `source` — this instance's memory, or the database after place_desk_order found memory behind.
 */
export interface DeskReading {
  source: 'memory' | 'database';
  company: { id: string; businessName: string; disabled: boolean };
  draft: DraftRow | null;
  lines: DeskReadLine[];
  locations: LocationRow[];
  location: LocationRow | null;
  group: GroupBook | null;
  rules: ComplianceData;
  licences: string[];
  /** How many of the two documents stand verified for the location (the unverified cap below two). */
  verifiedDocuments: number;
  settings: Awaited<ReturnType<StoreSettings['get']>>;
  model: CatalogueReadModel;
  /** The quote the draft was opened from, if any (decision 016, part 3). */
  quote: DeskQuote | null;
  /** The lowest unit prices staff set for the draft's options, by option id. */
  minimums: Map<number, number>;
}

export interface DeskQuote {
  id: string;
  number: string;
  status: string;
  /** Sent and not past its day: the company can still accept it. */
  open: boolean;
  version: number;
  requestedBy: string | null;
  requestNote: string;
}

export async function readDesk(
  ctx: DeskContext,
  companyId: string,
  source: DeskReading['source'] = 'memory',
): Promise<DeskReading> {
  const company = await findCompany(ctx.db, companyId, ctx.companyScope);
  const fresh = source === 'database';
  const [draft, locations, model, book, rules, settings] = await Promise.all([
    findDraft(ctx.db, ctx.staffId, companyId),
    ctx.db
      .select()
      .from(addresses)
      .where(eq(addresses.companyId, companyId))
      .orderBy(desc(addresses.isDefault), asc(addresses.name), asc(addresses.createdAt)),
    fresh ? ctx.catalogue.fresh() : ctx.catalogue.get(),
    fresh ? ctx.pricing.fresh() : ctx.pricing.get(),
    fresh ? ctx.compliance.fresh() : ctx.compliance.get(),
    ctx.settings.get(),
  ]);
  const location =
    locations.find((l) => l.id === draft?.locationId) ??
    locations.find((l) => l.isDefault) ??
    locations[0] ??
    null;
  const [stored, standing, quote] = await Promise.all([
    draft ? draftLines(ctx.db, draft.id) : [],
    standingOf(ctx, companyId, location?.id ?? null),
    draft?.quoteId ? quoteOfDraft(ctx.db, draft.quoteId, ctx.now) : null,
  ]);
  const minimums = new Map(
    stored.flatMap((s) => (s.minPriceCents === null ? [] : [[s.variantId, s.minPriceCents]])),
  );
  const lines = stored.map((s): DeskReadLine => {
    const found = model.variant(s.variantId);
    if (!found) return { gone: true, variantId: s.variantId, quantity: s.quantity };
    const negotiated =
      s.unitPriceCents === null ? null : { unitPriceCents: s.unitPriceCents, reason: s.priceReason };
    return { gone: false, row: lineRow(found, s.quantity), negotiated };
  });
  return {
    source,
    company: { id: company.id, businessName: company.businessName, disabled: company.disabledAt !== null },
    draft,
    lines,
    locations,
    location,
    group: groupOfCompany(book, companyId),
    rules,
    ...standing,
    settings,
    model,
    quote,
    minimums,
  };
}

async function quoteOfDraft(db: Db, quoteId: string, now: Date): Promise<DeskQuote | null> {
  const [row] = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      status: quotes.status,
      expiresOn: quotes.expiresOn,
      version: quotes.version,
      requestedBy: users.name,
      requestNote: quotes.requestNote,
    })
    .from(quotes)
    .leftJoin(users, eq(users.id, quotes.requestedBy))
    .where(eq(quotes.id, quoteId));
  if (!row) return null;
  const { expiresOn, ...quote } = row;
  return { ...quote, open: quote.status === 'sent' && expiresOn !== null && expiresOn >= isoDay(now) };
}

async function findDraft(db: Pick<Db, 'select'>, staffId: string, companyId: string) {
  const [row] = await db
    .select()
    .from(deskDrafts)
    .where(and(eq(deskDrafts.staffId, staffId), eq(deskDrafts.companyId, companyId)));
  return row ?? null;
}

function draftLines(db: Db, draftId: string) {
  return db
    .select({
      variantId: deskDraftLines.variantId,
      quantity: deskDraftLines.quantity,
      unitPriceCents: deskDraftLines.unitPriceCents,
      priceReason: deskDraftLines.priceReason,
      // The option's minimum price, read with the line (no statement of its own).
      minPriceCents: minimumPrices.minPriceCents,
    })
    .from(deskDraftLines)
    .leftJoin(minimumPrices, eq(minimumPrices.variantId, deskDraftLines.variantId))
    .where(eq(deskDraftLines.draftId, draftId))
    .orderBy(asc(deskDraftLines.position));
}

/** The location's license states and verified documents, as place_desk_order reads them under lock. */
async function standingOf(ctx: DeskContext, companyId: string, locationId: string | null) {
  const day = isoDay(ctx.now);
  const [licences, [row]] = await Promise.all([
    orderLicenceStates(ctx.db, { companyId, locationId }, day),
    ctx.database.query<{ n: number }>(
      'select documents_verified_for($1::uuid, $2::uuid, $3::timestamptz) as n',
      [companyId, locationId, ctx.now.toISOString()],
    ),
  ]);
  return { licences, verifiedDocuments: row?.n ?? 0 };
}

/** Where the lines are judged for: the store's state for pickup, the location's for a delivery. */
export function deskShipTo(reading: DeskReading): ShipTo | null {
  const shipping = reading.draft?.shippingType ?? 'Shiptoaddress';
  if (shipping === 'Pickup') return { state: reading.settings.storeState, shipping: 'Pickup' };
  return reading.location ? { state: reading.location.state, shipping: 'Delivery' } : null;
}

/**
 * The lines still sold, priced for the company's group (`listPrices`), at a negotiated price where
 * a line has one (`prices`: what a quote offers), and judged for the ship-to at those prices.
 */
export async function priceAndJudge(
  ctx: DeskContext,
  reading: DeskReading,
): Promise<{
  rows: CartLineRow[];
  prices: LinePrice[];
  listPrices: LinePrice[];
  negotiated: (Negotiated | null)[];
  verdicts: (LineVerdict | undefined)[];
}> {
  const sold = reading.lines.flatMap((l) => (l.gone ? [] : [l]));
  const rows = sold.map((l) => l.row);
  const negotiated = sold.map((l) => l.negotiated);
  const listPrices = priceLines(reading.group, rows);
  const prices = listPrices.map((p, i) => {
    const n = negotiated[i];
    return n
      ? {
          ...p,
          unitPriceCents: n.unitPriceCents,
          lineTotalCents: n.unitPriceCents * rows[i]!.quantity,
          nextTier: null,
        }
      : p;
  });
  const shipTo = deskShipTo(reading);
  const judged = shipTo
    ? await judgeLines(
        ctx.db,
        reading.rules,
        // Whose licenses: read already (reading.licences, the company's for the location); the
        // holder is only what judgeLines would read them by, and is never read here.
        { userId: ctx.staffId, locationId: reading.location?.id ?? null },
        ctx.now,
        rows.map((r, i) => ({ ...r, unitPriceCents: prices[i]!.unitPriceCents })),
        shipTo,
        reading.licences,
      )
    : null;
  return { rows, prices, listPrices, negotiated, verdicts: rows.map((_, i) => judged?.verdicts[i]) };
}

/** A location's one-line address, as the desk and an order's ship-to show it. */
export const streetOf = (l: LocationRow) =>
  l.streetAddress2 ? `${l.streetAddress}, ${l.streetAddress2}` : l.streetAddress;

/** The draft's delivery fee: the one set for it, else the store's; nothing for a pickup. */
export function feeOf(reading: DeskReading): number {
  if ((reading.draft?.shippingType ?? 'Shiptoaddress') === 'Pickup') return 0;
  return reading.draft?.feeCents ?? reading.settings.deliveryFeeCents;
}

export const touched = (now: Date) => ({ version: sql`${deskDrafts.version} + 1`, updatedAt: now });
