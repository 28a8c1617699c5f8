import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { itemCount, lineTotalCents, shippingFeeCents, subtotalCents } from './cart.rules.ts';

const line = (
  priceCents: number,
  quantity: number,
  discountPriceCents: number | null = null,
  discountPercentage: number | null = null,
) => ({
  priceCents,
  discountPriceCents,
  discountPercentage,
  quantity,
});

describe('cart rules (SPEC §9)', () => {
  it('line totals add up to the subtotal', () => {
    const lines = [line(1999, 3), line(2500, 2, 2000, 20), line(999, 1, 800, null), line(4999, 10)];
    expect(subtotalCents(lines)).toBe(lines.reduce((s, l) => s + lineTotalCents(l), 0));
    expect(subtotalCents(lines)).toBe(1999 * 3 + 2000 * 2 + 999 + 4999 * 10);
  });

  it('the discount price counts only with both discount fields', () => {
    expect(lineTotalCents(line(2500, 2, 2000, 20))).toBe(4000);
    expect(lineTotalCents(line(2500, 2, 2000, null))).toBe(5000);
    expect(lineTotalCents(line(2500, 2, null, 20))).toBe(5000);
  });

  it('holds for many random carts, and shows two decimals', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: 1 + rnd(8) }, () => {
        const price = 100 + rnd(20000);
        const discounted = rnd(2) === 0;
        return line(price, 1 + rnd(50), discounted ? Math.floor(price * 0.8) : null, discounted ? 20 : null);
      });
      const total = subtotalCents(lines);
      expect(Number.isInteger(total)).toBe(true);
      expect(total).toBe(lines.map(lineTotalCents).reduce((a, b) => a + b, 0));
      expect(formatCents(total)).toMatch(/^\$[\d,]+\.\d{2}$/);
    }
  });

  it('charges the delivery fee only for delivery, and counts items by quantity', () => {
    expect(shippingFeeCents('Pickup', 2000)).toBe(0);
    expect(shippingFeeCents('Shiptoaddress', 2000)).toBe(2000);
    expect(itemCount([{ quantity: 2 }, { quantity: 5 }])).toBe(7);
  });
});
