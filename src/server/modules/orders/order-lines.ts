import type { Db } from '#server/db/client.ts';
import { DomainError } from '#server/errors.ts';
import type { UserRow } from '#server/modules/accounts/accounts.table.ts';
import {
  type CartLineRow,
  cartLines,
  linesFromModel,
  selectCartLines,
} from '#server/modules/cart/cart-lines.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import {
  attributesOf,
  type ComplianceData,
  judgeLines,
  type ShipTo,
} from '#server/modules/compliance/compliance.service.ts';
import type { ComplianceCache } from '#server/modules/compliance/compliance-cache.ts';
import type { LinePrice } from '#server/modules/pricing/line-prices.ts';
import { complianceMessages } from '#shared/compliance/compliance.messages.ts';
import { isoDay } from '#shared/dates.ts';
import { orderMessages as om, type PlaceOrderInput } from '#shared/orders/orders.schemas.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';

import type { OrdersContext } from './orders.service.ts';

export const lineName = (l: CartLineRow) => `${l.productName} — ${l.variantName}`;

/** What an order is placed from: its lines, and the buyer's licence states when already known. */
export interface LinesToPlace {
  lines: CartLineRow[];
  licences: string[] | undefined;
}

/**
 * The lines one try places. The first try needs no query when it can: the lines checkout showed
 * (`input.lines`) priced from the read model, with the licence states this instance read lately;
 * without them, the cart's rows read with the licence states. place_order judges either guess
 * against the cart and the documents under lock. A later try reads the cart from the database,
 * and refuses it if it is not what checkout showed.
 */
export async function linesToPlace(
  ctx: { db: Db; now: Date; catalogue: CatalogueReadModel; compliance: ComplianceCache },
  userId: string,
  input: PlaceOrderInput,
  firstTry: boolean,
): Promise<LinesToPlace> {
  const shown = firstTry && input.lines && linesFromModel(ctx.catalogue, input.lines);
  if (shown) return { lines: shown, licences: ctx.compliance.licencesOf(userId, isoDay(ctx.now)) };
  const read: LinesToPlace = firstTry
    ? await cartLines(ctx.db, ctx.catalogue, userId, ctx.now)
    : { lines: await selectCartLines(ctx.db, userId), licences: undefined };
  if (input.lines && !sameLines(read.lines, input.lines))
    throw new DomainError(409, om.cartChangedSinceCheckout);
  return read;
}

function sameLines(lines: CartLineRow[], shown: readonly { variantId: string; quantity: number }[]): boolean {
  const quantities = new Map(shown.map((l) => [l.variantId, l.quantity]));
  return lines.length === shown.length && lines.every((l) => quantities.get(l.sku) === l.quantity);
}

/** The order's lines as place_order takes them: the snapshot, and what they were priced and judged from. */
export function snapshotLines(lines: CartLineRow[], prices: LinePrice[], exciseOf: (i: number) => number) {
  return lines.map((l, i) => ({
    variant_id: l.variantId,
    sku: l.sku,
    product_name: l.productName,
    variant_name: l.variantName,
    image_url: l.image.url,
    unit_price_cents: prices[i]!.unitPriceCents,
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
 * judgement came from this instance's memory, which may not have heard of a change yet: then null,
 * and the order is judged again from the database.
 */
export async function judgeOrder(
  ctx: Pick<OrdersContext, 'db' | 'now' | 'settings' | 'compliance'>,
  user: UserRow,
  input: PlaceOrderInput,
  lines: CartLineRow[],
  prices: LinePrice[],
  licences: string[] | undefined,
  rules: ComplianceData,
  fromMemory: boolean,
) {
  const d = input.shippingDetails;
  const shipTo: ShipTo =
    input.shippingType === 'Pickup'
      ? { state: ctx.settings.storeState, shipping: 'Pickup' }
      : { state: d.state, shipping: 'Delivery' };
  const judged = await judgeLines(
    ctx.db,
    rules,
    user.id,
    ctx.now,
    lines.map((l, i) => ({ ...l, unitPriceCents: prices[i]!.unitPriceCents })),
    shipTo,
    licences,
  );
  if (!licences) ctx.compliance.rememberLicences(user.id, isoDay(ctx.now), judged.licences);
  const blocked = lines.filter((_, i) => judged.verdicts[i]!.blocks.length);
  const unpriceable = lines.filter((_, i) => judged.verdicts[i]!.excise.missing.length);
  if ((blocked.length || unpriceable.length) && fromMemory) return null;
  if (blocked.length) throw new DomainError(409, complianceMessages.blockedLines(blocked.map(lineName)));
  if (unpriceable.length)
    throw new DomainError(409, complianceMessages.missingFigure(unpriceable.map(lineName)));
  return judged;
}

/**
 * Case packs: a quantity the option is not sold in (its case pack changed since) waits for the
 * buyer to change it; false when memory says so (the database may know better: judge again).
 */
export function casePacksHold(lines: CartLineRow[], prices: LinePrice[], fromMemory: boolean): boolean {
  const wrong = lines.flatMap((l, i) =>
    prices[i]!.quantityProblem ? [`${lineName(l)} (${prices[i]!.quantityProblem})`] : [],
  );
  if (!wrong.length) return true;
  if (fromMemory) return false;
  throw new DomainError(409, pricingMessages.linesNotInCases(wrong));
}
