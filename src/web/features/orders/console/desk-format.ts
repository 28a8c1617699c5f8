import type { BlockView } from '#shared/compliance/compliance.schemas.ts';
import { formatCents } from '#shared/money.ts';
import type { QuantityRule } from '#shared/pricing/quantity-steps.ts';
import type { TierRow } from '#shared/pricing/buyer-price.schemas.ts';
import { pricingMessages } from '#shared/pricing/pricing.messages.ts';

/*
 * How the order desk words what the server worked out: prices, breaks and case packs are the
 * server's figures, only formatted here (money is integer cents, decision 016 part 2).
 */

/** A company's quantity breaks: "10+ $4.00 · 50+ $3.80", or null for one price. */
export function tiersText(tiers: readonly TierRow[]): string | null {
  if (tiers.length === 0) return null;
  return tiers.map((t) => `${t.minQuantity}+ ${formatCents(t.unitPriceCents)}`).join(' · ');
}

/** "Minimum 20 · Sold in cases of 10 · Maximum 100 per order", or "One by one". */
export function casePackText(rule: QuantityRule): string {
  const parts: string[] = [];
  if (rule.minQuantity > rule.increment) parts.push(pricingMessages.minimum(rule.minQuantity));
  if (rule.increment > 1) parts.push(pricingMessages.soldInCases(rule.increment));
  if (rule.maxQuantity !== null) parts.push(pricingMessages.maximum(rule.maxQuantity));
  return parts.length ? parts.join(' · ') : 'One by one';
}

/** What the state rules say of an option for the draft's location: the first reason, or allowed. */
export const verdictText = (blocks: readonly BlockView[]): string => blocks[0]?.reason ?? 'Allowed';

export const stockText = (stock: number): string => (stock > 0 ? `${stock} in stock` : 'Out of stock');

/** Where a unit price comes from, when it is not the list price. */
export const PRICE_SOURCE_LABELS = { list: null, sale: 'sale price', group: 'group price' } as const;
