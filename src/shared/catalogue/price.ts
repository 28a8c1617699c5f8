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
