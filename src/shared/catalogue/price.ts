import { type Cents, formatCents } from '#shared/money.ts';

export interface PriceFields {
  priceCents: Cents;
  discountPriceCents: Cents | null;
  discountPercentage: number | null;
}

/**
 * SPEC §9: the discount price applies only when both a discount price and a discount percentage
 * exist; otherwise the original price does.
 */
export function hasDiscount(p: PriceFields): boolean {
  return (
    p.discountPriceCents != null &&
    p.discountPercentage != null &&
    p.discountPercentage > 0 &&
    p.discountPriceCents < p.priceCents
  );
}

export function unitPriceCents(p: PriceFields): Cents {
  return hasDiscount(p) ? (p.discountPriceCents as Cents) : p.priceCents;
}

export interface PriceDisplay {
  current: string;
  original: string | null;
  percentOff: string | null;
}

export function priceDisplay(p: PriceFields): PriceDisplay {
  if (!hasDiscount(p)) return { current: formatCents(p.priceCents), original: null, percentOff: null };
  return {
    current: formatCents(p.discountPriceCents as Cents),
    original: formatCents(p.priceCents),
    percentOff: `${Math.round(p.discountPercentage as number)}% off`,
  };
}

/**
 * What a price buys, as words after it: "per box of 10", "each", or '' when the product does not
 * say (decision 014, item 9).
 */
export function perUnit(sellingUnit: string): string {
  const unit = sellingUnit.trim();
  if (!unit) return '';
  return unit.toLowerCase() === 'each' ? 'each' : `per ${unit}`;
}

/** A price with what it buys: "$45.00 per box of 10", "$9.99 each", "$9.99". */
export const priceWithUnit = (price: string, sellingUnit: string) =>
  [price, perUnit(sellingUnit)].filter(Boolean).join(' ');
