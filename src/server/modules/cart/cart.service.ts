import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { preparedFor } from '#server/db/prepared.ts';
import { DomainError, Invalid, NotFound } from '#server/errors.ts';
import { defaultStateSql } from '#server/modules/accounts/addresses.service.ts';
import { brands, categories, products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import { quantityRuleOf } from '#server/modules/catalogue/product-detail.ts';
import {
  blockView,
  judgeLines,
  licenceStatesSql,
  type ShipTo,
} from '#server/modules/compliance/compliance.service.ts';
import { priceLines } from '#server/modules/pricing/line-prices.ts';
import { groupOf } from '#server/modules/pricing/price-book.ts';
import type { BuyerContext, RequestContext } from '#server/plugins/request-context.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import { itemCount } from '#shared/cart/cart.rules.ts';
import { type Cart, type CartLine, type CartQuery, cartMessages as cm } from '#shared/cart/cart.schemas.ts';
import { isoDay } from '#shared/dates.ts';
import { pricingMessages as pm } from '#shared/pricing/pricing.messages.ts';
import { largestAllowedAtMost, quantityProblem } from '#shared/pricing/quantity-rule.ts';
import { cartItems } from './cart.table.ts';

/**
 * The cart is priced from the current catalogue on every read; the client never sends prices
 * (SPEC §9 subtotal rule, computed with the shared rules).
 */
const cartLinesQuery = preparedFor((db) =>
  db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      variantName: variants.name,
      image: variants.image,
      stock: variants.stock,
      quantity: cartItems.quantity,
      productName: products.name,
      productSlug: products.slug,
      priceCents: products.priceCents,
      discountPriceCents: products.discountPriceCents,
      discountPercentage: products.discountPercentage,
      brandSlug: brands.slug,
      categorySlug: categories.slug,
      productId: products.id,
      brandDbId: brands.id,
      categoryDbId: categories.id,
      brandName: brands.name,
      productCompliance: products.compliance,
      variantCompliance: variants.compliance,
      minQuantity: variants.minQuantity,
      orderIncrement: variants.orderIncrement,
      maxQuantity: variants.maxQuantity,
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, brands.categoryId))
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(products.name), asc(variants.position), asc(variants.id))
    .prepare('cart_lines'),
);

/**
 * The cart's lines joined to the catalogue: the one query the cart and the checkout both read.
 * Prepared: the planner sees a five-table join once per connection, not on every drawer opening.
 */
export function selectCartLines(db: Db, userId: string) {
  return cartLinesQuery(db).execute({ userId });
}

export type CartLineRow = Awaited<ReturnType<typeof selectCartLines>>[number];

// With each row, what judging the cart needs of the buyer (licence states, default address's
// state), so a cart read is one round trip; an empty cart judges nothing and needs neither.
const cartRowsQuery = preparedFor((db) =>
  db
    .select({
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      licences: licenceStatesSql(sql.placeholder('userId'), sql.placeholder('day')),
      defaultState: defaultStateSql(sql.placeholder('userId')),
    })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .prepare('cart_rows'),
);

/** A cart's lines and, read with them, the buyer's licence states and default address's state. */
export interface CartRead {
  lines: CartLineRow[];
  licences: string[];
  defaultState: string | null;
}

/**
 * The cart's lines priced from the catalogue read model: the buyer's rows (a key lookup) joined in
 * memory with the model this instance keeps current (LISTEN/NOTIFY), instead of a five-table join
 * on every drawer opening. A row the model does not know (a variant added elsewhere a moment ago)
 * sends the read to the database join instead.
 */
export async function cartLines(
  db: Db,
  model: CatalogueReadModel,
  userId: string,
  now: Date,
): Promise<CartRead> {
  const day = isoDay(now);
  const rows = await cartRowsQuery(db).execute({ userId, day });
  const buyer = { licences: rows[0]?.licences ?? [], defaultState: rows[0]?.defaultState ?? null };
  const lines: (CartLineRow & { position: number })[] = [];
  for (const r of rows) {
    const found = model.variant(r.variantId);
    if (!found) return { ...buyer, lines: await selectCartLines(db, userId) };
    lines.push(lineRow(found, r.quantity));
  }
  // The database join's order: product name, then the option's position.
  lines.sort(
    (a, b) =>
      (a.productName < b.productName ? -1 : a.productName > b.productName ? 1 : 0) ||
      a.position - b.position ||
      a.variantId - b.variantId,
  );
  return { ...buyer, lines };
}

type ModelVariant = NonNullable<ReturnType<CatalogueReadModel['variant']>>;

/** A cart line's row from the read model's option and a quantity (as the database join reads it). */
export function lineRow({ product: p, variant: v }: ModelVariant, quantity: number) {
  return {
    variantId: v.id,
    sku: v.sku,
    variantName: v.name,
    image: v.image,
    stock: v.stock,
    quantity,
    productName: p.row.name,
    productSlug: p.slug,
    priceCents: p.row.priceCents,
    discountPriceCents: p.row.discountPriceCents,
    discountPercentage: p.row.discountPercentage,
    brandSlug: p.brand.slug,
    categorySlug: p.brand.category.slug,
    productId: p.dbId,
    brandDbId: p.brand.dbId,
    categoryDbId: p.brand.category.dbId,
    brandName: p.brand.name,
    productCompliance: p.row.compliance,
    variantCompliance: v.compliance,
    minQuantity: v.minQuantity,
    orderIncrement: v.orderIncrement,
    maxQuantity: v.maxQuantity,
    position: v.position,
  } satisfies CartLineRow & { position: number };
}

/** What reading a cart needs: the buyer, and the compliance and settings kept in memory. */
export type CartReadContext = BuyerContext & Pick<RequestContext, 'compliance' | 'settings' | 'pricing'>;

/**
 * The ship-to a cart is judged for: Pickup is the store's own state; otherwise the state asked
 * for (checkout's chosen address), else the buyer's default address; null without any.
 */
async function cartShipTo(
  ctx: CartReadContext,
  view: CartQuery,
  defaultState: string | null,
): Promise<ShipTo | null> {
  if (view.shipping === 'Pickup') return { state: (await ctx.settings.get()).storeState, shipping: 'Pickup' };
  const state = view.state ?? defaultState;
  return state ? { state, shipping: 'Delivery' } : null;
}

export async function readCart(
  ctx: CartReadContext,
  model: CatalogueReadModel,
  view: CartQuery = {},
): Promise<Cart> {
  const { lines: rows, licences, defaultState } = await cartLines(ctx.db, model, ctx.userId, ctx.now);
  const shipTo = rows.length ? await cartShipTo(ctx, view, defaultState) : null;
  const prices = priceLines(groupOf(await ctx.pricing.get(), ctx.userId), rows);
  const judged = shipTo
    ? await judgeLines(
        ctx.db,
        await ctx.compliance.get(),
        ctx.userId,
        ctx.now,
        rows.map((r, i) => ({ ...r, unitPriceCents: prices[i]!.unitPriceCents, quantity: r.quantity })),
        shipTo,
        licences,
      )
    : null;
  const items: CartLine[] = rows.map((r, i) => {
    const price = prices[i]!;
    const verdict = judged?.verdicts[i];
    return {
      variantId: r.sku,
      variantName: r.variantName,
      productName: r.productName,
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
  });
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
    super(409, cm.notEnoughStock(name, available));
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
  { db, userId, now }: BuyerContext,
  items: { variantId: string; quantity: number }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await variantsBySku(
      tx,
      items.map((i) => i.variantId),
    );
    const current = await tx.select().from(cartItems).where(eq(cartItems.userId, userId));
    const inCart = new Map(current.map((c) => [c.variantId, c.quantity]));
    for (const item of items) {
      const v = found.get(item.variantId);
      if (!v) throw new NotFound(cm.variantNotFound);
      const wanted = (inCart.get(v.id) ?? 0) + item.quantity;
      if (wanted > v.stock) throw new NotEnoughStock(`${v.productName} — ${v.name}`, v.stock);
      refuseOutsideCases(v, wanted);
      await addToLine(tx, userId, v.id, item.quantity, now);
      inCart.set(v.id, wanted);
    }
  });
}

export async function setQuantity(
  { db, userId, now }: BuyerContext,
  { sku, quantity }: { sku: string; quantity: number },
): Promise<void> {
  const v = (await variantsBySku(db, [sku])).get(sku);
  if (!v) throw new NotFound(cm.variantNotFound);
  if (quantity > v.stock) throw new NotEnoughStock(`${v.productName} — ${v.name}`, v.stock);
  refuseOutsideCases(v, quantity);
  const updated = await db
    .update(cartItems)
    .set({ quantity, updatedAt: now })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, v.id)))
    .returning();
  if (!updated.length) throw new NotFound(cm.variantNotFound);
}

export async function removeFromCart({ db, userId }: BuyerContext, sku: string): Promise<void> {
  const v = (await variantsBySku(db, [sku])).get(sku);
  if (!v) throw new NotFound(cm.variantNotFound);
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, v.id)));
}

export async function clearCart({ db, userId }: BuyerContext): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * Buy Again: puts up to `wanted` of one option back in the cart, never more than the stock leaves
 * once what is already in the cart is counted. Says how many went in.
 */
export async function addUpToStock(
  { db, userId, now }: BuyerContext,
  { sku, wanted }: { sku: string; wanted: number },
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const v = (await variantsBySku(tx, [sku])).get(sku);
    if (!v) throw new NotFound(cm.variantNotFound);
    const name = `${v.productName} — ${v.name}`;
    if (v.stock === 0) throw new NotEnoughStock(name, 0);
    const [current] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, v.id)));
    const inCart = current?.quantity ?? 0;
    const available = v.stock - inCart;
    if (available <= 0) throw new DomainError(409, cm.allAlreadyInCart(name, v.stock));
    // The line ends on a quantity the option is sold in: whole cases, as many as stock leaves.
    const rule = quantityRuleOf(v);
    const total = largestAllowedAtMost(rule, inCart + Math.min(wanted, available));
    if (rule.maxQuantity !== null && inCart >= rule.maxQuantity)
      throw new DomainError(409, `${name}: ${pm.maximum(rule.maxQuantity)}`);
    if (total === null || total <= inCart)
      throw new DomainError(409, pm.notEnoughForCases(name, available, rule.increment, rule.minQuantity));
    const added = total - inCart;
    await addToLine(tx, userId, v.id, added, now);
    return { message: added === wanted ? cm.added : cm.addedUpToStock(name, added) };
  });
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
