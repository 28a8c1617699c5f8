import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money.ts';

describe('formatCents', () => {
  it('always shows two decimals and a dollar sign', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(2000)).toBe('$20.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-150)).toBe('-$1.50');
  });
  it('round-trips dollars without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});
