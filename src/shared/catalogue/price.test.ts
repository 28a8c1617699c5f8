import { describe, expect, it } from 'vitest';
import { hasDiscount, perUnit, priceDisplay, priceWithUnit, unitPriceCents } from './price.ts';

describe('price and discount display', () => {
  it('shows the discount only when both discount fields exist', () => {
    const p = { priceCents: 2500, discountPriceCents: 2000, discountPercentage: 20 };
    expect(priceDisplay(p)).toEqual({ current: '$20.00', original: '$25.00', percentOff: '20% off' });
    expect(unitPriceCents(p)).toBe(2000);
  });
  it('falls back to the original price without a percentage', () => {
    const p = { priceCents: 2500, discountPriceCents: 2000, discountPercentage: null };
    expect(hasDiscount(p)).toBe(false);
    expect(priceDisplay(p)).toEqual({ current: '$25.00', original: null, percentOff: null });
    expect(unitPriceCents(p)).toBe(2500);
  });
  it('falls back without a discount price, or when the discount is no cheaper', () => {
    expect(unitPriceCents({ priceCents: 999, discountPriceCents: null, discountPercentage: 10 })).toBe(999);
    expect(unitPriceCents({ priceCents: 999, discountPriceCents: 1200, discountPercentage: 10 })).toBe(999);
    expect(unitPriceCents({ priceCents: 999, discountPriceCents: 500, discountPercentage: 0 })).toBe(999);
  });
  it('never shows more than two decimals', () => {
    const d = priceDisplay({ priceCents: 1001, discountPriceCents: 333, discountPercentage: 66.7 });
    expect(d.current).toBe('$3.33');
    expect(d.percentOff).toBe('67% off');
  });
  it('shows no discount when the discount price equals the price', () => {
    const p = { priceCents: 999, discountPriceCents: 999, discountPercentage: 10 };
    expect(hasDiscount(p)).toBe(false);
    expect(priceDisplay(p)).toEqual({ current: '$9.99', original: null, percentOff: null });
  });
});

describe('what a price buys (decision 014, item 9)', () => {
  it('says the selling unit after the price, "each" as itself, nothing when unsaid', () => {
    expect(perUnit('box of 10')).toBe('per box of 10');
    expect(perUnit(' Each ')).toBe('each');
    expect(perUnit('')).toBe('');
    expect(priceWithUnit('$45.00', 'box of 10')).toBe('$45.00 per box of 10');
    expect(priceWithUnit('$9.99', 'each')).toBe('$9.99 each');
    expect(priceWithUnit('$9.99', '  ')).toBe('$9.99');
  });
});
