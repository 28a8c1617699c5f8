import type { StoreSettings } from '#server/modules/store/store-settings.ts';
import type { PricingCache } from '#server/modules/pricing/pricing-cache.ts';
import type { ComplianceCache } from '#server/modules/compliance/compliance-cache.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, Invalid, NotFound } from '#server/errors.ts';
import { products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import { quantityRuleOf } from '#server/modules/catalogue/product-detail.ts';
import {
  blockView,
  judgeLines,
  type LineVerdict,
  type ShipTo,
} from '#server/modules/compliance/compliance.service.ts';
import { type LinePrice, priceLines } from '#server/modules/pricing/line-prices.ts';
import { groupOf } from '#server/modules/pricing/price-book.ts';
import type { BuyerContext } from '#server/http/request-context.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { itemCount } from '#shared/cart/cart.rules.ts';
import { type Cart, type CartLine, type CartQuery, cartMessages } from '#shared/cart/cart.schemas.ts';
import { isoDay } from '#shared/dates.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';
import { largestAllowedAtMost, quantityProblem } from '#shared/pricing/quantity-rule.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import { cartItems } from './cart.table.ts';
import { type CartLineRow, cartLines } from './cart-lines.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

/** What reading a cart needs: the buyer, and the compliance and settings kept in memory. */
export type CartReadContext = BuyerContext & {
  compliance: ComplianceCache;
  settings: StoreSettings;
  pricing: PricingCache;
};

/** A change to the buyer's cart, told to their open pages after it commits. */
export type CartChangeContext = BuyerContext & { events: UserEventBus };

/** The buyer's other open pages (the cart drawer, checkout) read the cart again. */
export const cartChanged = (ctx: CartChangeContext) => ctx.events.publish(ctx.userId, 'cart');

/**
 * The ship-to a cart is judged for: Pickup is the store's own state; otherwise the location asked
 * for (checkout's chosen address), else the state asked for (the release before's checkout), else
 * the company's default location; null without any.
 */
async function cartShipTo(
  ctx: CartReadContext,
  view: CartQuery,
  locationState: string | null,
): Promise<ShipTo | null> {
  if (view.shipping === 'Pickup') return { state: (await ctx.settings.get()).storeState, shipping: 'Pickup' };
  const state = view.locationId ? locationState : (view.state ?? locationState);
  return state ? { state, shipping: 'Delivery' } : null;
}

/** A cart line as the buyer sees it: the row, its price for the buyer's group and its verdict (none: no ship-to yet). */
export function cartLineOf(r: CartLineRow, price: LinePrice, verdict: LineVerdict | undefined): CartLine {
  return {
    variantId: r.sku,
    variantName: r.variantName,
    productName: r.productName,
    sellingUnit: r.sellingUnit,
    productId: r.productSlug,
    categoryId: r.categorySlug,
    brandId: r.brandSlug,
    imageUrl: r.image.url,
    priceCents: r.priceCents,
    discountPriceCents: r.discountPriceCents,
    discountPercentage: r.discountPercentage,
    unitPriceCents: price.unitPriceCents,
    quantity: r.quantity,
    stock: r.stock,
    lineTotalCents: price.lineTotalCents,
    blocks: (verdict?.blocks ?? []).map(blockView),
    exciseCents: verdict?.excise.cents ?? 0,
    priceSource: price.source,
    nextTier: price.nextTier,
    quantityRule: quantityRuleOf(r),
    quantityProblem: price.quantityProblem,
  };
}

export async function readCart(
  ctx: CartReadContext,
  model: CatalogueReadModel,
  view: CartQuery = {},
): Promise<Cart> {
  const locationId = view.locationId ?? null;
  const read = await cartLines(ctx.db, model, ctx.userId, ctx.now, locationId);
  const { lines: rows, licences } = read;
  // A location that is not the company's (or no longer is) judges nothing: as an unknown id.
  if (rows.length && locationId && read.locationState === null)
    throw new NotFound(accountMessages.addressNotFound);
  // Read with the rows, so only when there are some: the checkout that follows judges from them.
  if (rows.length) ctx.compliance.rememberLicences(ctx.userId, locationId, isoDay(ctx.now), licences);
  const shipTo = rows.length ? await cartShipTo(ctx, view, read.locationState) : null;
  const prices = priceLines(groupOf(await ctx.pricing.get(), ctx.userId), rows);
  const judged = shipTo
    ? await judgeLines(
        ctx.db,
        await ctx.compliance.get(),
        { userId: ctx.userId, locationId },
        ctx.now,
        rows.map((r, i) => ({ ...r, unitPriceCents: prices[i]!.unitPriceCents, quantity: r.quantity })),
        shipTo,
        licences,
      )
    : null;
  const items: CartLine[] = rows.map((r, i) => cartLineOf(r, prices[i]!, judged?.verdicts[i]));
  return {
    items,
    itemCount: itemCount(items),
    subtotalCents: items.reduce((n, l) => n + l.lineTotalCents, 0),
    shipTo: shipTo && {
      state: shipTo.state,
      stateName: stateName(shipTo.state),
      shipping: shipTo.shipping === 'Pickup' ? 'Pickup' : 'Shiptoaddress',
    },
    exciseCents: items.reduce((n, l) => n + l.exciseCents, 0),
    blockedCount: items.filter((l) => l.blocks.length).length,
  };
}

/** Case packs: a line's quantity must be one the option is sold in ("Sold in cases of 10"). */
function refuseOutsideCases(
  v: { minQuantity: number; orderIncrement: number; maxQuantity: number | null },
  quantity: number,
) {
  const problem = quantityProblem(quantityRuleOf(v), quantity);
  if (problem) throw new Invalid(problem);
}

class NotEnoughStock extends DomainError {
  constructor(name: string, available: number) {
    super(409, cartMessages.notEnoughStock(name, available));
  }
}

async function variantsBySku(db: Db, skus: string[]) {
  const rows = await db
    .select({
      id: variants.id,
      sku: variants.sku,
      name: variants.name,
      stock: variants.stock,
      productName: products.name,
      minQuantity: variants.minQuantity,
      orderIncrement: variants.orderIncrement,
      maxQuantity: variants.maxQuantity,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(inArray(variants.sku, skus), eq(products.hidden, false)));
  return new Map(rows.map((r) => [r.sku, r]));
}

/** Adds `quantity` to the buyer's line for a variant, creating the line if there is none. */
function addToLine(db: Db, userId: string, variantId: number, quantity: number, now: Date) {
  return db
    .insert(cartItems)
    .values({ userId, variantId, quantity, updatedAt: now })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + ${quantity}`, updatedAt: now },
    });
}

/** Adds quantities to the cart; the resulting quantity of each option may not exceed its stock. */
export async function addToCart(
  ctx: CartChangeContext,
  items: { variantId: string; quantity: number }[],
): Promise<void> {
  const { db, userId, now } = ctx;
  await db.transaction(async (tx) => {
    const found = await variantsBySku(
      tx,
      items.map((i) => i.variantId),
    );
    const current = await tx.select().from(cartItems).where(eq(cartItems.userId, userId));
    const inCart = new Map(current.map((c) => [c.variantId, c.quantity]));
    for (const item of items) {
      const v = found.get(item.variantId);
      if (!v) throw new NotFound(cartMessages.variantNotFound);
      const wanted = (inCart.get(v.id) ?? 0) + item.quantity;
      if (wanted > v.stock) throw new NotEnoughStock(optionLabel(v.productName, v.name), v.stock);
      refuseOutsideCases(v, wanted);
      await addToLine(tx, userId, v.id, item.quantity, now);
      inCart.set(v.id, wanted);
    }
  });
  await cartChanged(ctx);
}

export async function setQuantity(
  ctx: CartChangeContext,
  { sku, quantity }: { sku: string; quantity: number },
): Promise<void> {
  const { db, userId, now } = ctx;
  const v = (await variantsBySku(db, [sku])).get(sku);
  if (!v) throw new NotFound(cartMessages.variantNotFound);
  if (quantity > v.stock) throw new NotEnoughStock(optionLabel(v.productName, v.name), v.stock);
  refuseOutsideCases(v, quantity);
  const updated = await db
    .update(cartItems)
    .set({ quantity, updatedAt: now })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, v.id)))
    .returning();
  if (!updated.length) throw new NotFound(cartMessages.variantNotFound);
  await cartChanged(ctx);
}

export async function removeFromCart(ctx: CartChangeContext, sku: string): Promise<void> {
  const v = (await variantsBySku(ctx.db, [sku])).get(sku);
  if (!v) throw new NotFound(cartMessages.variantNotFound);
  await ctx.db.delete(cartItems).where(and(eq(cartItems.userId, ctx.userId), eq(cartItems.variantId, v.id)));
  await cartChanged(ctx);
}

export async function clearCart(ctx: CartChangeContext): Promise<void> {
  await ctx.db.delete(cartItems).where(eq(cartItems.userId, ctx.userId));
  await cartChanged(ctx);
}

/**
 * Buy Again: puts up to `wanted` of one option back in the cart, never more than the stock leaves
 * once what is already in the cart is counted. Says how many went in.
 */
export async function addUpToStock(
  ctx: CartChangeContext,
  { sku, wanted }: { sku: string; wanted: number },
): Promise<{ message: string }> {
  const { db, userId, now } = ctx;
  const answer = await db.transaction(async (tx) => {
    const v = (await variantsBySku(tx, [sku])).get(sku);
    if (!v) throw new NotFound(cartMessages.variantNotFound);
    const name = optionLabel(v.productName, v.name);
    if (v.stock === 0) throw new NotEnoughStock(name, 0);
    const [current] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, v.id)));
    const inCart = current?.quantity ?? 0;
    const available = v.stock - inCart;
    if (available <= 0) throw new DomainError(409, cartMessages.allAlreadyInCart(name, v.stock));
    // The line ends on a quantity the option is sold in: whole cases, as many as stock leaves.
    const rule = quantityRuleOf(v);
    const total = largestAllowedAtMost(rule, inCart + Math.min(wanted, available));
    if (rule.maxQuantity !== null && inCart >= rule.maxQuantity)
      throw new DomainError(409, `${name}: ${pricingMessages.maximum(rule.maxQuantity)}`);
    if (total === null || total <= inCart)
      throw new DomainError(
        409,
        pricingMessages.notEnoughForCases(name, available, rule.increment, rule.minQuantity),
      );
    const added = total - inCart;
    await addToLine(tx, userId, v.id, added, now);
    return { message: added === wanted ? cartMessages.added : cartMessages.addedUpToStock(name, added) };
  });
  await cartChanged(ctx);
  return answer;
}

/**
 * Staff changed stock (an option edited, a CSV import): carts never hold more than the stock, so
 * lines above it come down to it and lines of options now out of stock go (a cart line is ≥ 1).
 */
export async function capCartsAtStock(db: Db, stock: { id: number; stock: number }[]): Promise<void> {
  if (!stock.length) return;
  const given = sql`jsonb_to_recordset(${JSON.stringify(stock)}::jsonb) as v(id int, stock int)`;
  await db.execute(sql`delete from cart_items c using ${given} where c.variant_id = v.id and v.stock = 0`);
  await db.execute(
    sql`update cart_items c set quantity = v.stock from ${given} where c.variant_id = v.id and c.quantity > v.stock`,
  );
}

/** Hidden products leave every cart at once: nobody can order what the storefront no longer shows. */
export async function removeProductsFromCarts(db: Db, productIds: number[]): Promise<void> {
  if (!productIds.length) return;
  await db
    .delete(cartItems)
    .where(
      inArray(
        cartItems.variantId,
        db.select({ id: variants.id }).from(variants).where(inArray(variants.productId, productIds)),
      ),
    );
}
