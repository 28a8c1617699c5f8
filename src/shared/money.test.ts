import { describe, expect, it } from 'vitest';
import { centsToAmount, dollarsToCents, formatCents, parseAmount } from './money.ts';

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

describe('amounts typed by staff', () => {
  it('reads dollars and cents, refuses anything else', () => {
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount(' $12.5 ')).toBe(1250);
    expect(parseAmount('0.07')).toBe(7);
    expect(parseAmount('19.99')).toBe(1999);
    for (const bad of ['', '-1', '1.234', '1,000', 'abc', '1e3']) expect(parseAmount(bad)).toBeNull();
  });

  it('takes one dollar sign, only in front', () => {
    expect(parseAmount('$12')).toBe(1200);
    for (const bad of ['12$', '1$2', '$$12', '$', '12.50$']) expect(parseAmount(bad)).toBeNull();
  });

  it('writes cents back as an amount that reads the same', () => {
    expect(centsToAmount(1250)).toBe('12.50');
    expect(centsToAmount(null)).toBe('');
    expect(parseAmount(centsToAmount(1999))).toBe(1999);
  });
});
