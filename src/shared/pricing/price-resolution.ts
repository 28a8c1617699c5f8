import { z } from 'zod';
import { type PriceFields, unitPriceCents } from '#shared/catalogue/price.ts';
import type { Cents } from '#shared/money.ts';
import { pricingMessages } from './pricing.messages.ts';

/*
 * Wholesale prices by customer group. A buyer is in at most one group; a group has one price list.
 * A price list entry is about one option (variant), one product, one brand or one category:
 *  - an option or a product gets a fixed unit price, with optional volume tiers ("from 10, $4.50");
 *  - a brand or a category gets a percentage off the list price.
 * Precedence (most specific first): option, then product, then brand, then category; only the
 * first entry found counts. A tier applies to the line's own quantity: the tier with the largest
 * "from" quantity not above it. Then the lowest of the sale price (the storefront's price, SPEC §9)
 * and the group price wins, so a group never pays more than a visitor.
 * Rounding: a percentage is kept in hundredths of a percent (12.5 % = 1250) and the price is
 * rounded half up to the cent, in integers.
 */

export const PRICE_SCOPES = ['variant', 'product', 'brand', 'category'] as const;
export type PriceScope = (typeof PRICE_SCOPES)[number];

/** Hundredths of a percent: 12.5 % = 1250; at most 100 %. */
export const BasisPointsSchema = z.number().int().min(0).max(10_000);

export const TierSchema = z.object({
  /** From this quantity on (2 or more: quantity 1 is the entry's own price). */
  minQuantity: z.number().int().min(2, pricingMessages.tierQuantityText).max(1_000_000, 'At most 1,000,000.'),
  priceCents: z.number().int().min(0).max(100_000_000, pricingMessages.priceTooHigh),
});
export type Tier = z.infer<typeof TierSchema>;

/** What a price list says about one option, product, brand or category. */
export type PriceEntry =
  | { kind: 'fixed'; priceCents: Cents; tiers: readonly Tier[] }
  | { kind: 'percent_off'; basisPoints: number };

/** The entries of one group's price list that could apply to an option, by scope. */
export interface ApplicableEntries {
  variant?: PriceEntry;
  product?: PriceEntry;
  brand?: PriceEntry;
  category?: PriceEntry;
}

export interface ResolvedPrice {
  /** What one unit costs this buyer at this quantity. */
  unitPriceCents: Cents;
  /** Where it comes from: the list price, the storefront's sale price, or the group's list. */
  source: 'list' | 'sale' | 'group';
  /** The scope of the group entry used (null when none applied or the sale price was lower). */
  scope: PriceScope | null;
  /** The tier used, if any. */
  tierMinQuantity: number | null;
}

/** `cents × (100 % − off)`, rounded half up to the cent, in integers. */
export function percentOff(cents: Cents, basisPoints: number): Cents {
  return Math.floor((cents * (10_000 - basisPoints) + 5_000) / 10_000);
}

/** The most specific entry, by precedence: option, product, brand, category. */
export function entryFor(entries: ApplicableEntries): { scope: PriceScope; entry: PriceEntry } | null {
  for (const scope of PRICE_SCOPES) {
    const entry = entries[scope];
    if (entry) return { scope, entry };
  }
  return null;
}

/** The tier for a quantity: the largest "from" not above it (tiers in any order). */
export function tierFor(tiers: readonly Tier[], quantity: number): Tier | null {
  let best: Tier | null = null;
  for (const t of tiers)
    if (t.minQuantity <= quantity && (!best || t.minQuantity > best.minQuantity)) best = t;
  return best;
}

/** One unit's price for a buyer's group at a line's quantity (entries: none for no group). */
export function resolvePrice(list: PriceFields, entries: ApplicableEntries, quantity: number): ResolvedPrice {
  const sale = unitPriceCents(list);
  const saleSource = sale < list.priceCents ? 'sale' : 'list';
  const found = entryFor(entries);
  if (!found) return { unitPriceCents: sale, source: saleSource, scope: null, tierMinQuantity: null };
  const { scope, entry } = found;
  let group: Cents;
  let tierMinQuantity: number | null = null;
  if (entry.kind === 'fixed') {
    const tier = tierFor(entry.tiers, quantity);
    group = Math.min(entry.priceCents, tier?.priceCents ?? entry.priceCents);
    tierMinQuantity = tier && tier.priceCents < entry.priceCents ? tier.minQuantity : null;
  } else group = percentOff(list.priceCents, entry.basisPoints);
  if (group < sale) return { unitPriceCents: group, source: 'group', scope, tierMinQuantity };
  return { unitPriceCents: sale, source: saleSource, scope: null, tierMinQuantity: null };
}

/** The tier table a product page shows: each quantity break with its unit price for this buyer. */
export function tierTable(
  list: PriceFields,
  entries: ApplicableEntries,
): { minQuantity: number; unitPriceCents: Cents }[] {
  const found = entryFor(entries);
  if (found?.entry.kind !== 'fixed') return [];
  const rows: { minQuantity: number; unitPriceCents: Cents }[] = [];
  let last = resolvePrice(list, entries, 1).unitPriceCents;
  const breaks = [...found.entry.tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  for (const t of breaks) {
    const at = resolvePrice(list, entries, t.minQuantity).unitPriceCents;
    if (at < last) rows.push({ minQuantity: t.minQuantity, unitPriceCents: at });
    last = Math.min(last, at);
  }
  return rows;
}
