import type { MemberContext, RequestContext } from '#server/http/request-context.ts';
import { type CartLineRow, lineRow } from '#server/modules/cart/cart-lines.ts';
import {
  type ComplianceData,
  judgeLines,
  type LineVerdict,
  orderLicenceStates,
  type ShipTo,
} from '#server/modules/compliance/compliance.service.ts';
import { priceLines } from '#server/modules/pricing/line-prices.ts';
import { type GroupBook, groupOfCompany } from '#server/modules/pricing/price-book.ts';
import { isoDay } from '#shared/dates.ts';
import { quoteMessages } from '#shared/orders/quotes.schemas.ts';
import type { OrderParts } from './desk-reading.ts';
import type { QuoteDetails, QuoteRow } from './quote-reads.ts';

/** What a member's quote services use: the request, and the parts an order reads and tells. */
export type QuoteContext = MemberContext & Pick<RequestContext, 'actor'> & OrderParts;

/** A quoted line as it stands now: its option (null: no longer sold), price as quoted, verdict. */
export interface StandingLine {
  sku: string;
  quantity: number;
  unitPriceCents: number;
  row: CartLineRow | null;
  verdict: LineVerdict | undefined;
  problem: string | null;
}

/**
 * A sent quote's lines as they stand now for its location (decision 016, part 3): each still
 * sold, in stock, sold in that quantity (case packs), allowed to go where the quote ships and its
 * excise known, judged at the quoted price — the rules, the location's licenses and the company's
 * group (whose version the order's transaction checks) as of `source`.
 */
export async function quoteStanding(
  ctx: QuoteContext,
  q: QuoteRow,
  d: QuoteDetails,
  source: 'memory' | 'database' = 'memory',
) {
  const fresh = source === 'database';
  const [model, rules, book, settings] = await Promise.all([
    fresh ? ctx.catalogue.fresh() : ctx.catalogue.get(),
    fresh ? ctx.compliance.fresh() : ctx.compliance.get(),
    fresh ? ctx.pricing.fresh() : ctx.pricing.get(),
    ctx.settings.get(),
  ]);
  const day = isoDay(ctx.now);
  const location = d.location;
  const [licences, [docs]] = await Promise.all([
    orderLicenceStates(ctx.db, { companyId: q.companyId, locationId: location?.id ?? null }, day),
    ctx.database.query<{ n: number }>(
      'select documents_verified_for($1::uuid, $2::uuid, $3::timestamptz) as n',
      [q.companyId, location?.id ?? null, ctx.now.toISOString()],
    ),
  ]);
  const shipTo: ShipTo | null =
    q.shippingType === 'Pickup'
      ? { state: settings.storeState, shipping: 'Pickup' }
      : location
        ? { state: location.state, shipping: 'Delivery' }
        : null;
  const found = d.lines.map((l) => {
    const v = model.variant(l.variantId);
    return { line: l, row: v ? lineRow(v, l.quantity) : null };
  });
  const sold = found.filter((f) => f.row !== null);
  const rows = sold.map((f) => f.row!);
  // Case packs only: the price is the quoted one, not the list's.
  const packs = priceLines(null, rows);
  const judged = shipTo
    ? await judgeLines(
        ctx.db,
        rules,
        { userId: ctx.userId, locationId: location?.id ?? null },
        ctx.now,
        sold.map((f) => ({ ...f.row!, unitPriceCents: f.line.unitPriceCents ?? 0 })),
        shipTo,
        licences,
      )
    : null;
  let i = 0;
  const lines = found.map(({ line, row }): StandingLine => {
    const base = { sku: line.sku, quantity: line.quantity, unitPriceCents: line.unitPriceCents ?? 0 };
    if (!row) return { ...base, row: null, verdict: undefined, problem: quoteMessages.lineGone };
    const k = i++;
    const verdict = judged?.verdicts[k];
    // Pickup too: the location's licenses judge the order, and the order is for it.
    const problem =
      !shipTo || !location
        ? quoteMessages.locationGone
        : verdict?.blocks[0]
          ? quoteMessages.lineBlocked(verdict.blocks[0].reason)
          : verdict?.excise.missing.length
            ? quoteMessages.lineNoExcise
            : (packs[k]!.quantityProblem ??
              (row.stock < row.quantity ? quoteMessages.lineShort(row.stock) : null));
    return { ...base, row, verdict, problem };
  });
  const group: GroupBook | null = groupOfCompany(book, q.companyId);
  return {
    source,
    lines,
    rules: rules as ComplianceData,
    licences,
    group,
    settings,
    verifiedDocuments: docs?.n ?? 0,
    shipTo,
    location,
  };
}
export type QuoteStanding = Awaited<ReturnType<typeof quoteStanding>>;

/** What accepting these lines comes to now: their quoted totals, their excise now and the quote's fee. */
export function acceptedTotals(q: QuoteRow, lines: StandingLine[]) {
  const subtotalCents = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
  const exciseCents = lines.reduce((n, l) => n + (l.verdict?.excise.cents ?? 0), 0);
  return {
    subtotalCents,
    exciseCents,
    shippingCents: q.shippingCents,
    totalCents: subtotalCents + exciseCents + q.shippingCents,
  };
}
