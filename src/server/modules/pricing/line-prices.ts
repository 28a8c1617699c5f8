import { quantityRuleOf } from '#server/modules/catalogue/product-detail.ts';
import type { PriceFields } from '#shared/catalogue/price.ts';
import { type ResolvedPrice, tierTable } from '#shared/pricing/price-resolution.ts';
import { quantityProblem } from '#shared/pricing/quantity-rule.ts';
import { applicable, type GroupBook, type PricedOption, priceFor } from './price-book.ts';

/** A cart line as pricing reads it: the option, its product's list fields, the quantity and case pack. */
export interface LineToPrice extends PriceFields {
  variantId: number;
  productId: number;
  brandDbId: number;
  categoryDbId: number;
  quantity: number;
  minQuantity: number;
  orderIncrement: number;
  maxQuantity: number | null;
}

export interface LinePrice extends ResolvedPrice {
  lineTotalCents: number;
  /** The next quantity break that lowers this buyer's unit price, if any ("10 or more: $4.50"). */
  nextTier: { minQuantity: number; unitPriceCents: number } | null;
  /** Why the line's quantity is not one the option is sold in (case packs), or null. */
  quantityProblem: string | null;
}

const optionOfLine = (l: LineToPrice): PricedOption => ({
  priceCents: l.priceCents,
  discountPriceCents: l.discountPriceCents,
  discountPercentage: l.discountPercentage,
  variantId: l.variantId,
  productId: l.productId,
  brandId: l.brandDbId,
  categoryId: l.categoryDbId,
});

/**
 * The cart's and the order's prices: each line at its own quantity for the buyer's group (none:
 * the storefront's price), with the line total in integer cents, exactly what checkout shows and
 * place order charges.
 */
export function priceLines(group: GroupBook | null, lines: readonly LineToPrice[]): LinePrice[] {
  return lines.map((l) => {
    const option = optionOfLine(l);
    const price = priceFor(group, option, l.quantity);
    // The table's rows fall in price as the quantity rises, each cheaper than the price before
    // it (tierTable): the first beyond this quantity is the next saving.
    const next = group
      ? (tierTable(option, applicable(group, option)).find((t) => t.minQuantity > l.quantity) ?? null)
      : null;
    return {
      ...price,
      lineTotalCents: price.unitPriceCents * l.quantity,
      nextTier: next,
      quantityProblem: quantityProblem(quantityRuleOf(l), l.quantity),
    };
  });
}
