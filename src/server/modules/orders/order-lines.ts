import type { Db } from '#server/db/client.ts';
import { DomainError } from '#server/errors.ts';
import {
  type CartLineRow,
  cartLines,
  linesFromModel,
  selectCartLines,
} from '#server/modules/cart/cart-lines.ts';
import type { CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts';
import { attributesOf, judgeLines, type ShipTo } from '#server/modules/compliance/compliance.service.ts';
import type { ComplianceCache } from '#server/modules/compliance/compliance-cache.ts';
import type { LinePrice } from '#server/modules/pricing/line-prices.ts';
import { groupOf } from '#server/modules/pricing/price-book.ts';
import type { PricingCache } from '#server/modules/pricing/pricing-cache.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import { isoDay } from '#shared/dates.ts';
import { orderMessages, type PlaceOrderInput } from '#shared/orders/orders.schemas.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import type { OrderReading } from './orders-context.ts';

export const lineName = (l: Pick<CartLineRow, 'productName' | 'variantName'>) =>
  optionLabel(l.productName, l.variantName);

/** fill_order's refusal of lines short of stock, naming their options' ids. */
export const NOT_ENOUGH_STOCK = /not_enough_stock:(\[[\d,\s]*\])/;
/** The order number is made in the database; a mail carries this until the function fills it in. */
export const ORDER_NUMBER_SLOT = '[[ORDER_NUMBER]]';

/** The options fill_order found short, from its error; null for any other error. */
export function shortOptions(err: unknown): Set<number> | null {
  const short = NOT_ENOUGH_STOCK.exec(String((err as Error)?.message ?? err));
  return short ? new Set(JSON.parse(short[1]!) as number[]) : null;
}

/**
 * What one try reads, once (OrderReading). From memory: the lines checkout showed
 * (`input.lines`) priced from the read model, with the license states this instance read lately,
 * or else the cart's rows read with the license states; the rules and price book as this instance
 * has them. From the database: the cart's rows, refused if they are not what checkout showed, and
 * the rules and price book read afresh. place_order judges either against the cart, documents,
 * rules and group under lock.
 */
export async function readOrder(
  ctx: { db: Db; now: Date; catalogue: CatalogueCache; compliance: ComplianceCache; pricing: PricingCache },
  userId: string,
  input: PlaceOrderInput,
  source: OrderReading['source'],
): Promise<OrderReading> {
  if (source === 'database') {
    const [lines, rules, book] = await Promise.all([
      selectCartLines(ctx.db, userId),
      ctx.compliance.fresh(),
      ctx.pricing.fresh(),
    ]);
    refuseUnlessShown(lines, input);
    return { source, lines, licences: undefined, rules, group: groupOf(book, userId) };
  }
  const model = await ctx.catalogue.get();
  const shown = input.lines && linesFromModel(model, input.lines);
  const locationId = input.locationId ?? null;
  const read = shown
    ? { lines: shown, licences: ctx.compliance.licencesOf(userId, locationId, isoDay(ctx.now)) }
    : await cartLines(ctx.db, model, userId, ctx.now, locationId);
  if (!shown) refuseUnlessShown(read.lines, input);
  const [rules, book] = await Promise.all([ctx.compliance.get(), ctx.pricing.get()]);
  return { source, ...read, rules, group: groupOf(book, userId) };
}

/** The cart as read must be the lines checkout showed, when it sent them. */
function refuseUnlessShown(lines: CartLineRow[], input: PlaceOrderInput): void {
  if (input.lines && !sameLines(lines, input.lines))
    throw new DomainError(409, orderMessages.cartChangedSinceCheckout);
}

function sameLines(lines: CartLineRow[], shown: readonly { variantId: string; quantity: number }[]): boolean {
  const quantities = new Map(shown.map((l) => [l.variantId, l.quantity]));
  return lines.length === shown.length && lines.every((l) => quantities.get(l.sku) === l.quantity);
}

/** The order's lines as place_order takes them: the snapshot, and what they were priced and judged from. */
export function snapshotLines(
  lines: CartLineRow[],
  prices: Pick<LinePrice, 'unitPriceCents'>[],
  exciseOf: (i: number) => number,
) {
  return lines.map((l, i) => ({
    variant_id: l.variantId,
    sku: l.sku,
    product_name: l.productName,
    variant_name: l.variantName,
    image_url: l.image.url,
    unit_price_cents: prices[i]!.unitPriceCents,
    selling_unit: l.sellingUnit,
    quantity: l.quantity,
    category_slug: l.categorySlug,
    brand_slug: l.brandSlug,
    product_slug: l.productSlug,
    brand_name: l.brandName,
    compliance: attributesOf(l.productCompliance, l.variantCompliance),
    excise_cents: exciseOf(i),
    // What these lines were priced and judged from: place_order checks it is still the catalogue's.
    price_cents: l.priceCents,
    discount_price_cents: l.discountPriceCents,
    discount_percentage: l.discountPercentage,
    product_compliance: l.productCompliance,
    variant_compliance: l.variantCompliance,
    min_quantity: l.minQuantity,
    order_increment: l.orderIncrement,
    max_quantity: l.maxQuantity,
  }));
}

/**
 * The lines judged for where the order goes (Pickup: the store's state). A line that may not go
 * there, or whose excise cannot be worked out, refuses the order naming the lines — unless the
 * reading came from this instance's memory, which may not have heard of a change yet: then null,
 * and the order is read again from the database.
 */
export async function judgeOrder(
  ctx: { db: Db; now: Date; compliance: ComplianceCache },
  reading: OrderReading,
  order: { userId: string; input: PlaceOrderInput; prices: LinePrice[]; storeState: string },
) {
  const { lines, licences } = reading;
  const { userId, input, prices } = order;
  const d = input.shippingDetails;
  const shipTo: ShipTo =
    input.shippingType === 'Pickup'
      ? { state: order.storeState, shipping: 'Pickup' }
      : { state: d.state, shipping: 'Delivery' };
  const judged = await judgeLines(
    ctx.db,
    reading.rules,
    { userId, locationId: input.locationId ?? null },
    ctx.now,
    lines.map((l, i) => ({ ...l, unitPriceCents: prices[i]!.unitPriceCents })),
    shipTo,
    licences,
  );
  if (!licences)
    ctx.compliance.rememberLicences(userId, input.locationId ?? null, isoDay(ctx.now), judged.licences);
  const blocked = lines.filter((_, i) => judged.verdicts[i]!.blocks.length);
  const unpriceable = lines.filter((_, i) => judged.verdicts[i]!.excise.missing.length);
  if ((blocked.length || unpriceable.length) && reading.source === 'memory') return null;
  if (blocked.length)
    throw new DomainError(409, complianceMessages.blockedLines(blocked.map(lineName), shipTo.shipping));
  if (unpriceable.length)
    throw new DomainError(409, complianceMessages.missingFigure(unpriceable.map(lineName)));
  return judged;
}

/**
 * Case packs: a quantity the option is not sold in (its case pack changed since) waits for the
 * buyer to change it; false when memory says so (the database may know better: judge again).
 */
export function casePacksHold({ lines, source }: OrderReading, prices: LinePrice[]): boolean {
  const wrong = lines.flatMap((l, i) =>
    prices[i]!.quantityProblem ? [`${lineName(l)} (${prices[i]!.quantityProblem})`] : [],
  );
  if (!wrong.length) return true;
  if (source === 'memory') return false;
  throw new DomainError(409, pricingMessages.linesNotInCases(wrong));
}
