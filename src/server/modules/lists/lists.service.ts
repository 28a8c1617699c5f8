import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { Invalid, NotFound } from '#server/errors.ts';
import type { CartChangeContext, CartReadContext } from '#server/modules/cart/cart.service.ts';
import { lineRow } from '#server/modules/cart/cart-lines.ts';
import { fillCart } from '#server/modules/cart/quick-order.service.ts';
import { products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import { quantityRuleOf } from '#server/modules/catalogue/product-detail.ts';
import { priceLines } from '#server/modules/pricing/line-prices.ts';
import { groupOf } from '#server/modules/pricing/price-book.ts';
import type { BuyerContext } from '#server/http/request-context.ts';
import { cartMessages } from '#shared/cart/cart.schemas.ts';
import type { QuickOrderAdded } from '#shared/cart/quick-order.schemas.ts';
import { quickOrderMessages } from '#shared/cart/quick-order.ts';
import {
  LIST_LIMITS,
  type ListDetail,
  type ListItem,
  type ListSummary,
  listMessages,
} from '#shared/lists/lists.schemas.ts';
import { quantityProblem } from '#shared/pricing/quantity-rule.ts';
import { savedListItems, savedLists } from './lists.table.ts';

/**
 * A buyer's saved lists. Every read and write names the buyer: another buyer's list is "not
 * found", never "forbidden" (its id tells nothing).
 */

const itemCounts = (db: Db) =>
  db
    .select({ listId: savedListItems.listId, n: count().as('n') })
    .from(savedListItems)
    .groupBy(savedListItems.listId)
    .as('item_counts');

export async function listLists({ db, userId }: BuyerContext): Promise<ListSummary[]> {
  const counts = itemCounts(db);
  const rows = await db
    .select({
      id: savedLists.id,
      name: savedLists.name,
      itemCount: sql<number>`coalesce(${counts.n}, 0)::int`,
      updatedAt: savedLists.updatedAt,
    })
    .from(savedLists)
    .leftJoin(counts, eq(counts.listId, savedLists.id))
    .where(eq(savedLists.userId, userId))
    .orderBy(desc(savedLists.updatedAt), desc(savedLists.id));
  return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

/** The buyer's list, or 404 (also for another buyer's). */
async function ownList(db: Db, userId: string, id: number) {
  const [list] = await db
    .select()
    .from(savedLists)
    .where(and(eq(savedLists.id, id), eq(savedLists.userId, userId)));
  if (!list) throw new NotFound(listMessages.notFound);
  return list;
}

const nameTaken = (err: unknown, name: string) => {
  if (isUniqueViolation(err)) throw new Invalid(listMessages.nameTaken(name), 'name');
  throw err;
};

export async function createList({ db, userId, now }: BuyerContext, name: string): Promise<ListSummary> {
  return db
    .transaction(async (tx) => {
      // Counted under the buyer's lock: two creations at once cannot pass the limit together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-lists'), hashtext(${userId}))`);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(savedLists)
        .where(eq(savedLists.userId, userId));
      if (n >= LIST_LIMITS.lists) throw new Invalid(listMessages.tooManyLists);
      const [list] = await tx
        .insert(savedLists)
        .values({ userId, name, createdAt: now, updatedAt: now })
        .returning();
      return { id: list!.id, name: list!.name, itemCount: 0, updatedAt: now.toISOString() };
    })
    .catch((err) => nameTaken(err, name));
}

export async function renameList({ db, userId, now }: BuyerContext, id: number, name: string): Promise<void> {
  const [renamed] = await db
    .update(savedLists)
    .set({ name, updatedAt: now })
    .where(and(eq(savedLists.id, id), eq(savedLists.userId, userId)))
    .returning({ id: savedLists.id })
    .catch((err) => nameTaken(err, name));
  if (!renamed) throw new NotFound(listMessages.notFound);
}

export async function deleteList({ db, userId }: BuyerContext, id: number): Promise<string> {
  const [gone] = await db
    .delete(savedLists)
    .where(and(eq(savedLists.id, id), eq(savedLists.userId, userId)))
    .returning({ name: savedLists.name });
  if (!gone) throw new NotFound(listMessages.notFound);
  return gone.name;
}

/**
 * Saves options to a list: an option already on it gets the quantities added (at most 10,000).
 * Only options the storefront sells can be saved; a list holds at most 500.
 */
export async function addItems(
  { db, userId, now }: BuyerContext,
  model: CatalogueReadModel,
  id: number,
  items: { variantId: string; quantity: number }[],
): Promise<string> {
  const wanted = new Map<number, number>();
  for (const item of items) {
    const found = model.variantBySku(item.variantId);
    if (!found) throw new NotFound(cartMessages.variantNotFound);
    const id = found.variant.id;
    wanted.set(id, Math.min(10_000, (wanted.get(id) ?? 0) + item.quantity));
  }
  return db.transaction(async (tx) => {
    const list = await ownList(tx, userId, id);
    await tx
      .insert(savedListItems)
      .values([...wanted].map(([variantId, quantity]) => ({ listId: id, variantId, quantity, addedAt: now })))
      .onConflictDoUpdate({
        target: [savedListItems.listId, savedListItems.variantId],
        set: { quantity: sql`least(${savedListItems.quantity} + excluded.quantity, 10000)` },
      });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(savedListItems)
      .where(eq(savedListItems.listId, id));
    if (n > LIST_LIMITS.items) throw new Invalid(listMessages.tooManyItems);
    await tx.update(savedLists).set({ updatedAt: now }).where(eq(savedLists.id, id));
    return list.name;
  });
}

/** The variant id of a SKU on one of the buyer's lists, or 404. */
async function itemOf(db: Db, userId: string, id: number, sku: string): Promise<number> {
  await ownList(db, userId, id);
  const [row] = await db
    .select({ variantId: savedListItems.variantId })
    .from(savedListItems)
    .innerJoin(variants, eq(variants.id, savedListItems.variantId))
    .where(and(eq(savedListItems.listId, id), eq(variants.sku, sku)));
  if (!row) throw new NotFound(listMessages.itemNotFound);
  return row.variantId;
}

export async function setItemQuantity(
  { db, userId, now }: BuyerContext,
  id: number,
  sku: string,
  quantity: number,
): Promise<void> {
  const variantId = await itemOf(db, userId, id, sku);
  await db
    .update(savedListItems)
    .set({ quantity })
    .where(and(eq(savedListItems.listId, id), eq(savedListItems.variantId, variantId)));
  await db.update(savedLists).set({ updatedAt: now }).where(eq(savedLists.id, id));
}

export async function removeItem({ db, userId, now }: BuyerContext, id: number, sku: string): Promise<void> {
  const variantId = await itemOf(db, userId, id, sku);
  await db
    .delete(savedListItems)
    .where(and(eq(savedListItems.listId, id), eq(savedListItems.variantId, variantId)));
  await db.update(savedLists).set({ updatedAt: now }).where(eq(savedLists.id, id));
}

async function itemRows(db: Db, id: number) {
  return db
    .select({
      variantId: savedListItems.variantId,
      quantity: savedListItems.quantity,
      sku: variants.sku,
      variantName: variants.name,
      productName: products.name,
      minQuantity: variants.minQuantity,
      orderIncrement: variants.orderIncrement,
      maxQuantity: variants.maxQuantity,
    })
    .from(savedListItems)
    .innerJoin(variants, eq(variants.id, savedListItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(savedListItems.listId, id))
    .orderBy(asc(products.name), asc(variants.position), asc(variants.id));
}

/**
 * A list with each item as the cart would take it: the buyer's price at the list's quantity from
 * memory, and why it would not go in as it is (no longer sold, out of stock, short, case pack).
 */
export async function listDetail(
  ctx: CartReadContext,
  model: CatalogueReadModel,
  id: number,
): Promise<ListDetail> {
  const list = await ownList(ctx.db, ctx.userId, id);
  const rows = await itemRows(ctx.db, id);
  const group = groupOf(await ctx.pricing.get(), ctx.userId);
  const items = rows.map((r): ListItem => {
    const found = model.variant(r.variantId);
    const rule = quantityRuleOf(r);
    if (!found)
      return {
        variantId: r.sku,
        variantName: r.variantName,
        productName: r.productName,
        product: null,
        imageUrl: null,
        quantity: r.quantity,
        stock: 0,
        unitPriceCents: null,
        quantityRule: rule,
        problem: quickOrderMessages.unavailable,
      };
    const row = lineRow(found, r.quantity);
    const [price] = priceLines(group, [row]);
    return {
      variantId: row.sku,
      variantName: row.variantName,
      productName: row.productName,
      product: { categoryId: row.categorySlug, brandId: row.brandSlug, id: row.productSlug },
      imageUrl: row.image.url,
      quantity: r.quantity,
      stock: row.stock,
      unitPriceCents: price!.unitPriceCents,
      quantityRule: rule,
      problem:
        row.stock === 0
          ? quickOrderMessages.outOfStock
          : r.quantity > row.stock
            ? quickOrderMessages.short(row.stock, 0)
            : quantityProblem(rule, r.quantity),
    };
  });
  return {
    id: list.id,
    name: list.name,
    itemCount: items.length,
    updatedAt: list.updatedAt.toISOString(),
    items,
  };
}

/** The whole list into the cart: what stock and case packs allow of each item, with a report. */
export async function listToCart(
  ctx: CartReadContext & CartChangeContext,
  model: CatalogueReadModel,
  id: number,
): Promise<QuickOrderAdded> {
  await ownList(ctx.db, ctx.userId, id);
  const rows = await itemRows(ctx.db, id);
  if (!rows.length) throw new Invalid(listMessages.empty);
  return fillCart(
    ctx,
    model,
    rows.map((r, i) => ({ lines: [i + 1], sku: r.sku, quantity: r.quantity, problem: null })),
    { partial: true },
  );
}
