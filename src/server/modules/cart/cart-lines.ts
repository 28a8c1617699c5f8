import { upFromOption } from '#server/modules/catalogue/catalogue-joins.ts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { preparedFor } from '#server/db/prepared.ts';
import { brands, categories, products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import { licenceStatesSql, shipStateSql } from '#server/modules/compliance/compliance.service.ts';
import { isoDay } from '#shared/dates.ts';
import { cartItems } from './cart.table.ts';

/**
 * The cart is priced from the current catalogue on every read; the client never sends prices
 * (SPEC §9 subtotal rule, computed with the shared rules).
 */
const cartLinesQuery = preparedFor((db) =>
  upFromOption(
    db
      .select({
        variantId: variants.id,
        sku: variants.sku,
        variantName: variants.name,
        image: variants.image,
        stock: variants.stock,
        quantity: cartItems.quantity,
        productName: products.name,
        sellingUnit: products.sellingUnit,
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
      .$dynamic(),
  )
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

// With each row, what judging the cart needs of the location it is for (the one asked for, else
// the company's default): its state and the license states it holds, so a cart read is one round
// trip; an empty cart judges nothing and needs neither.
const cartRowsQuery = preparedFor((db) =>
  db
    .select({
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      licences: licenceStatesSql(
        sql.placeholder('userId'),
        sql.placeholder('day'),
        sql.placeholder('locationId'),
      ),
      locationState: shipStateSql(sql.placeholder('userId'), sql.placeholder('locationId')),
    })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .prepare('cart_rows'),
);

/**
 * A cart's lines and, read with them, the license states and the state of the location asked for
 * (else the company's default); the state is null when there is no such location of the company.
 */
export interface CartRead {
  lines: CartLineRow[];
  licences: string[];
  locationState: string | null;
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
  locationId: string | null = null,
): Promise<CartRead> {
  const day = isoDay(now);
  const rows = await cartRowsQuery(db).execute({ userId, day, locationId });
  const buyer = { licences: rows[0]?.licences ?? [], locationState: rows[0]?.locationState ?? null };
  const lines: (CartLineRow & { position: number })[] = [];
  for (const r of rows) {
    const found = model.variant(r.variantId);
    if (!found) return { ...buyer, lines: await selectCartLines(db, userId) };
    lines.push(lineRow(found, r.quantity));
  }
  return { ...buyer, lines: inCartOrder(lines) };
}

/** The database join's order: product name, then the option's position. */
function inCartOrder<L extends CartLineRow & { position: number }>(lines: L[]): L[] {
  return lines.sort(
    (a, b) =>
      (a.productName < b.productName ? -1 : a.productName > b.productName ? 1 : 0) ||
      a.position - b.position ||
      a.variantId - b.variantId,
  );
}

/**
 * Lines a buyer names by SKU (what their checkout showed), priced from the read model with no
 * query, in the cart's order; null when the model lacks one of them (read the cart instead).
 * Nothing here says they are the cart: place_order compares them with it under lock.
 */
export function linesFromModel(
  model: CatalogueReadModel,
  items: readonly { variantId: string; quantity: number }[],
): CartLineRow[] | null {
  const lines: (CartLineRow & { position: number })[] = [];
  for (const item of items) {
    const found = model.variantBySku(item.variantId);
    if (!found || found.variant.sku !== item.variantId) return null;
    lines.push(lineRow(found, item.quantity));
  }
  return inCartOrder(lines);
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
    sellingUnit: p.row.sellingUnit,
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
