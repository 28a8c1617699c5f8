import { describe, expect, it } from 'vitest';
import {
  type ApplicableEntries,
  percentOff,
  resolvePrice,
  TierSchema,
  tierFor,
  tierTable,
} from './price-resolution.ts';
import { pricingMessages } from './pricing.messages.ts';

const list = { priceCents: 1000, discountPriceCents: null, discountPercentage: null };
const onSale = { priceCents: 1000, discountPriceCents: 850, discountPercentage: 15 };
const fixed = (priceCents: number, tiers: { minQuantity: number; priceCents: number }[] = []) => ({
  kind: 'fixed' as const,
  priceCents,
  tiers,
});
const off = (basisPoints: number) => ({ kind: 'percent_off' as const, basisPoints });

describe('a group price', () => {
  it('none without a group: the list price, or the sale price when there is one', () => {
    expect(resolvePrice(list, {}, 1)).toEqual({
      unitPriceCents: 1000,
      source: 'list',
      scope: null,
      tierMinQuantity: null,
    });
    expect(resolvePrice(onSale, {}, 1)).toMatchObject({ unitPriceCents: 850, source: 'sale' });
  });

  it('precedence: option, then product, then brand, then category; only the first counts', () => {
    const all: ApplicableEntries = {
      variant: fixed(700),
      product: fixed(600),
      brand: off(5000),
      category: off(9000),
    };
    expect(resolvePrice(list, all, 1)).toMatchObject({ unitPriceCents: 700, scope: 'variant' });
    const { variant: _v, ...noVariant } = all;
    expect(resolvePrice(list, noVariant, 1)).toMatchObject({ unitPriceCents: 600, scope: 'product' });
    expect(resolvePrice(list, { brand: off(2000), category: off(9000) }, 1)).toMatchObject({
      unitPriceCents: 800,
      scope: 'brand',
    });
    expect(resolvePrice(list, { category: off(1000) }, 1)).toMatchObject({
      unitPriceCents: 900,
      scope: 'category',
    });
    // A more specific entry wins even when a broader one would be cheaper.
    expect(resolvePrice(list, { product: fixed(950), category: off(5000) }, 1)).toMatchObject({
      unitPriceCents: 950,
      scope: 'product',
    });
  });

  it('the lowest of the sale price and the group price wins', () => {
    expect(resolvePrice(onSale, { product: fixed(900) }, 1)).toEqual({
      unitPriceCents: 850,
      source: 'sale',
      scope: null,
      tierMinQuantity: null,
    });
    expect(resolvePrice(onSale, { product: fixed(800) }, 1)).toMatchObject({
      unitPriceCents: 800,
      source: 'group',
    });
    // A percentage is off the list price, not the sale price.
    expect(resolvePrice(onSale, { brand: off(2000) }, 1)).toMatchObject({
      unitPriceCents: 800,
      source: 'group',
    });
    expect(resolvePrice(onSale, { brand: off(1000) }, 1)).toMatchObject({
      unitPriceCents: 850,
      source: 'sale',
    });
    // A group price equal to the sale price is the sale price.
    expect(resolvePrice(onSale, { product: fixed(850) }, 1).source).toBe('sale');
  });

  it('a tier applies to the line quantity, at its edges', () => {
    const tiers = {
      product: fixed(900, [
        { minQuantity: 50, priceCents: 700 },
        { minQuantity: 10, priceCents: 800 },
      ]),
    };
    expect([1, 9, 10, 11, 49, 50, 51, 5000].map((q) => resolvePrice(list, tiers, q).unitPriceCents)).toEqual([
      900, 900, 800, 800, 800, 700, 700, 700,
    ]);
    expect(resolvePrice(list, tiers, 10).tierMinQuantity).toBe(10);
    expect(resolvePrice(list, tiers, 9).tierMinQuantity).toBeNull();
    expect(tierFor(tiers.product.tiers, 1)).toBeNull();
    // The sale price still wins when it is lower than the tier.
    expect(resolvePrice({ ...onSale, discountPriceCents: 750 }, tiers, 10)).toMatchObject({
      unitPriceCents: 750,
      source: 'sale',
    });
  });

  it('the tier table lists only the breaks that lower the price for this buyer', () => {
    const tiers = {
      variant: fixed(900, [
        { minQuantity: 10, priceCents: 800 },
        { minQuantity: 50, priceCents: 700 },
      ]),
    };
    expect(tierTable(list, tiers)).toEqual([
      { minQuantity: 10, unitPriceCents: 800 },
      { minQuantity: 50, unitPriceCents: 700 },
    ]);
    expect(tierTable({ ...onSale, discountPriceCents: 750 }, tiers)).toEqual([
      { minQuantity: 50, unitPriceCents: 700 },
    ]);
    expect(tierTable(list, { brand: off(1000) })).toEqual([]);
    expect(tierTable(list, {})).toEqual([]);
  });

  it('a tier no cheaper than the entry price is not a tier the buyer gets', () => {
    for (const tierPrice of [900, 950]) {
      const entries = { product: fixed(900, [{ minQuantity: 10, priceCents: tierPrice }]) };
      expect(resolvePrice(list, entries, 10), String(tierPrice)).toEqual({
        unitPriceCents: 900,
        source: 'group',
        scope: 'product',
        tierMinQuantity: null,
      });
      expect(tierTable(list, entries), String(tierPrice)).toEqual([]);
    }
  });

  it('the tier table reads tiers given in any order, smallest quantity first', () => {
    const shuffled = {
      variant: fixed(900, [
        { minQuantity: 50, priceCents: 700 },
        { minQuantity: 10, priceCents: 800 },
        { minQuantity: 100, priceCents: 600 },
      ]),
    };
    expect(tierTable(list, shuffled)).toEqual([
      { minQuantity: 10, unitPriceCents: 800 },
      { minQuantity: 50, unitPriceCents: 700 },
      { minQuantity: 100, unitPriceCents: 600 },
    ]);
    expect(shuffled.variant.tiers.map((t) => t.minQuantity)).toEqual([50, 10, 100]); // left as given
  });

  it('a tier dearer than a smaller one is never listed: the price shown only goes down', () => {
    const rising = {
      product: fixed(900, [
        { minQuantity: 10, priceCents: 700 },
        { minQuantity: 50, priceCents: 800 },
        { minQuantity: 100, priceCents: 600 },
      ]),
    };
    expect(tierTable(list, rising)).toEqual([
      { minQuantity: 10, unitPriceCents: 700 },
      { minQuantity: 100, unitPriceCents: 600 },
    ]);
  });

  it('a tier is from 2 up to 1,000,000, at a price up to $1,000,000', () => {
    const messages = (t: object) => TierSchema.safeParse(t).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ minQuantity: 2, priceCents: 100_000_000 })).toEqual([]);
    expect(messages({ minQuantity: 1_000_000, priceCents: 0 })).toEqual([]);
    expect(messages({ minQuantity: 1, priceCents: 1 })).toEqual([pricingMessages.tierQuantityText]);
    expect(messages({ minQuantity: 1_000_001, priceCents: 1 })).toEqual(['At most 1,000,000.']);
    expect(messages({ minQuantity: 10, priceCents: 100_000_001 })).toEqual([pricingMessages.priceTooHigh]);
  });

  it('percentages round half up to the cent, in integers', () => {
    expect(percentOff(1000, 1250)).toBe(875);
    expect(percentOff(999, 1250)).toBe(874); // 874.125
    expect(percentOff(1001, 5000)).toBe(501); // 500.5 rounds up
    expect(percentOff(3, 5000)).toBe(2); // 1.5
    expect(percentOff(1000, 0)).toBe(1000);
    expect(percentOff(1000, 10_000)).toBe(0);
    // Exact for any price a store could set.
    for (const cents of [1, 99, 12_345, 99_999_999])
      for (const bp of [1, 333, 1250, 9999]) {
        const exact = (cents * (10_000 - bp)) / 10_000;
        expect(Math.abs(percentOff(cents, bp) - exact)).toBeLessThanOrEqual(0.5);
      }
  });
});
