import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Invalid } from '#server/errors.ts';
import { defaultStateSql } from '#server/modules/companies/locations.service.ts';
import { products, variants } from '#server/modules/catalogue/catalogue.table.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import { quantityRuleOf } from '#server/modules/catalogue/product-detail.ts';
import { judgeLines, licenceStatesSql } from '#server/modules/compliance/compliance.service.ts';
import { priceLines } from '#server/modules/pricing/line-prices.ts';
import { groupOf } from '#server/modules/pricing/price-book.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import type { QuickOrderAdded, QuickOrderCheck, QuickOrderLine } from '#shared/cart/quick-order.schemas.ts';
import {
  parseQuickOrder,
  type QuickOrderEntry,
  quickOrderMessages,
  sameSkuOnce,
} from '#shared/cart/quick-order.ts';
import { isoDay } from '#shared/dates.ts';
import { largestAllowedAtMost, quantityProblem } from '#shared/pricing/quantity-rule.ts';
import { type CartChangeContext, type CartReadContext, cartChanged, readCart } from './cart.service.ts';
import { cartItems } from './cart.table.ts';
import { lineRow } from './cart-lines.ts';

/** The buyer's cart quantities, licence states and default address's state, in one round trip. */
async function buyerNow(db: Db, userId: string, day: string) {
  const [row] = await db
    .select({
      licences: licenceStatesSql(userId, day),
      defaultState: defaultStateSql(userId),
      cart: sql<
        [number, number][]
      >`(select coalesce(json_agg(json_build_array(${cartItems.variantId}, ${cartItems.quantity})), '[]'::json) from ${cartItems} where ${cartItems.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return {
    licences: row?.licences ?? [],
    defaultState: row?.defaultState ?? null,
    inCart: new Map<number, number>(row?.cart ?? []),
  };
}

/**
 * Of SKUs the storefront does not sell (the read model holds visible products only), those that
 * name an option all the same: a hidden product's.
 */
async function hiddenSkus(db: Db, skus: string[]): Promise<Set<string>> {
  if (!skus.length) return new Set();
  const upper = skus.map((s) => s.toUpperCase());
  const rows = await db
    .select({ sku: sql<string>`upper(${variants.sku})` })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(sql`upper(${variants.sku})`, upper));
  return new Set(rows.map((r) => r.sku));
}

const blank = (e: QuickOrderEntry, status: QuickOrderLine['status'], problem: string): QuickOrderLine => ({
  lines: e.lines,
  sku: e.sku,
  quantity: e.quantity,
  status,
  problem,
  productName: null,
  sellingUnit: null,
  variantName: null,
  product: null,
  inCart: 0,
  unitPriceCents: null,
  lineTotalCents: null,
  priceSource: null,
  addedQuantity: 0,
});

interface Checked extends QuickOrderCheck {
  /** The ready lines' option ids and quantities, in the text's order. */
  ready: { variantId: number; quantity: number }[];
}

/**
 * How lines go in: a quick order adds only whole lines that pass (the buyer corrects the rest);
 * a saved list or a past order adds what stock and case packs allow of each (`partial`).
 */
export interface FillOptions {
  partial: boolean;
}

/** The text's lines judged (see judgeEntries); nothing changes. */
export async function checkQuickOrder(
  ctx: CartReadContext,
  model: CatalogueReadModel,
  text: string,
): Promise<Checked> {
  return judgeEntries(ctx, ctx.db, await inMemory(ctx, model), entriesOf(text), { partial: false });
}

function entriesOf(text: string): QuickOrderEntry[] {
  const parsed = parseQuickOrder(text);
  if ('problem' in parsed) throw new Invalid(parsed.problem);
  return parsed.entries;
}

/** What judging reads from memory, taken before any transaction (a load is a query of its own). */
async function inMemory(ctx: CartReadContext, model: CatalogueReadModel) {
  return { model, book: await ctx.pricing.get(), compliance: await ctx.compliance.get() };
}

/**
 * Each line judged as the cart would judge it once added: the option sold (unknown, or a hidden
 * product's), in stock with what the cart already holds, in whole cases, allowed to the buyer's
 * default ship-to state, and priced for the buyer at the cart line's resulting quantity. The
 * catalogue, the compliance rules and the price lists come from memory; the buyer's cart,
 * licences and address are one query, and unknown SKUs one more.
 */
async function judgeEntries(
  ctx: CartReadContext,
  db: Db,
  { model, book, compliance }: Awaited<ReturnType<typeof inMemory>>,
  entries: QuickOrderEntry[],
  { partial }: FillOptions,
): Promise<Checked> {
  entries = sameSkuOnce(entries);
  const buyer = await buyerNow(db, ctx.userId, isoDay(ctx.now));
  const found = entries.map((e) => (e.problem ? undefined : model.variantBySku(e.sku)));
  const hidden = await hiddenSkus(
    db,
    entries.filter((e, i) => !e.problem && !found[i]).map((e) => e.sku),
  );
  const sold = entries.flatMap((e, i) => {
    const f = found[i];
    return f ? [{ entry: e, row: lineRow(f, (buyer.inCart.get(f.variant.id) ?? 0) + e.quantity) }] : [];
  });
  const group = groupOf(book, ctx.userId);
  const prices = priceLines(
    group,
    sold.map((s) => s.row),
  );
  const state = buyer.defaultState;
  const judged = state
    ? await judgeLines(
        db,
        compliance,
        { userId: ctx.userId },
        ctx.now,
        sold.map((s, i) => ({ ...s.row, unitPriceCents: prices[i]!.unitPriceCents })),
        { state, shipping: 'Delivery' },
        buyer.licences,
      )
    : null;
  const soldLine = new Map(sold.map((s, i) => [s.entry, i]));
  const ready: Checked['ready'] = [];
  const lines = entries.map((e): QuickOrderLine => {
    if (e.problem) return blank(e, 'invalid', e.problem);
    const i = soldLine.get(e);
    if (i === undefined)
      return hidden.has(e.sku.toUpperCase())
        ? blank(e, 'unavailable', quickOrderMessages.unavailable)
        : blank(e, 'unknown', quickOrderMessages.unknown);
    const { row } = sold[i]!;
    const inCart = row.quantity - e.quantity;
    const block = judged?.verdicts[i]?.blocks[0];
    const rule = quantityRuleOf(row);
    const caseProblem = quantityProblem(rule, row.quantity);
    const [status, problem]: [QuickOrderLine['status'], string | null] =
      block && state
        ? ['blocked', quickOrderMessages.blocked(stateName(state), block.reason)]
        : row.stock === 0
          ? ['outOfStock', quickOrderMessages.outOfStock]
          : row.quantity > row.stock
            ? ['short', quickOrderMessages.short(row.stock, inCart)]
            : caseProblem
              ? ['caseRule', caseProblem]
              : ['ok', null];
    let adding = status === 'ok' ? e.quantity : 0;
    let price = prices[i]!;
    if (partial && (status === 'short' || status === 'caseRule')) {
      // As much as stock and whole cases allow, counting what the cart holds; priced as the cart
      // will price the line it makes (a volume tier the whole quantity reached may not apply).
      adding = Math.max(0, (largestAllowedAtMost(rule, Math.min(row.quantity, row.stock)) ?? 0) - inCart);
      if (adding) price = priceLines(group, [{ ...row, quantity: inCart + adding }])[0]!;
    }
    if (adding) ready.push({ variantId: row.variantId, quantity: adding });
    return {
      lines: e.lines,
      sku: row.sku,
      quantity: e.quantity,
      status,
      problem,
      productName: row.productName,
      variantName: row.variantName,
      sellingUnit: row.sellingUnit,
      product: { categoryId: row.categorySlug, brandId: row.brandSlug, id: row.productSlug },
      inCart,
      unitPriceCents: price.unitPriceCents,
      lineTotalCents: price.unitPriceCents * (adding || e.quantity),
      priceSource: price.source,
      addedQuantity: adding,
    };
  });
  const okCount = lines.filter((l) => l.status === 'ok').length;
  const problemCount = lines.length - okCount;
  return {
    lines,
    okCount,
    problemCount,
    totalCents: lines.reduce((n, l) => n + (l.status === 'ok' ? (l.lineTotalCents ?? 0) : 0), 0),
    shipTo: state ? { state, stateName: stateName(state) } : null,
    message: quickOrderMessages.checked(okCount, problemCount),
    ready,
  };
}

/** Quick order: every line that passes, in one go (see fillCart). */
export function addQuickOrder(
  ctx: CartReadContext & CartChangeContext,
  model: CatalogueReadModel,
  text: string,
) {
  return fillCart(ctx, model, entriesOf(text), { partial: false });
}

/**
 * Lines into the cart in one transaction, judged again inside it (the cart may have changed since
 * the page checked): what could not go in, or not all of it, is reported, not refused as a whole.
 */
export async function fillCart(
  ctx: CartReadContext & CartChangeContext,
  model: CatalogueReadModel,
  entries: QuickOrderEntry[],
  options: FillOptions,
): Promise<QuickOrderAdded> {
  const data = await inMemory(ctx, model);
  const checked = await ctx.db.transaction(async (tx) => {
    // One fill at a time per buyer: two presses cannot both pass the stock check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cart-fill'), hashtext(${ctx.userId}))`);
    const result = await judgeEntries(ctx, tx, data, entries, options);
    if (result.ready.length)
      await tx
        .insert(cartItems)
        .values(result.ready.map((r) => ({ userId: ctx.userId, ...r, updatedAt: ctx.now })))
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.variantId],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: ctx.now },
        });
    return result;
  });
  if (checked.ready.length) await cartChanged(ctx);
  const notAdded = checked.lines.filter((l) => l.status !== 'ok');
  return {
    cart: await readCart(ctx, model),
    addedCount: checked.ready.length,
    notAdded,
    message: quickOrderMessages.added(
      checked.ready.length,
      notAdded.filter((l) => !l.addedQuantity).length,
      notAdded.filter((l) => l.addedQuantity).length,
    ),
  };
}
