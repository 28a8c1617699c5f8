import { describe, expect, it } from 'vitest';
import { EntryFormSchema, percentToBasisPoints } from './pricing-forms.ts';

describe('the price list form', () => {
  it('reads percentages as staff type them, in hundredths', () => {
    expect(percentToBasisPoints('12.5')).toBe(1250);
    expect(percentToBasisPoints(' 10 % ')).toBe(1000);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(percentToBasisPoints('100')).toBe(10_000);
    for (const bad of ['0', '100.01', '12.345', '-5', 'ten', ''])
      expect(percentToBasisPoints(bad)).toBeNull();
  });

  it('turns dollars and tiers into the API body, naming each bad box', () => {
    const ok = EntryFormSchema.parse({
      scope: 'variant',
      target: ' SKU-1 ',
      price: '$4.50',
      percent: '',
      tiers: [{ minQuantity: '10', price: '4.25' }],
    });
    expect(ok).toEqual({
      scope: 'variant',
      target: 'SKU-1',
      priceCents: 450,
      tiers: [{ minQuantity: 10, priceCents: 425 }],
    });
    expect(
      EntryFormSchema.parse({
        scope: 'brand',
        target: 'vapes/nimbus',
        price: 'x',
        percent: '7.5',
        tiers: [],
      }),
    ).toEqual({
      scope: 'brand',
      target: 'vapes/nimbus',
      basisPoints: 750,
    });
    const bad = EntryFormSchema.safeParse({
      scope: 'product',
      target: '',
      price: '4.5.0',
      percent: '',
      tiers: [{ minQuantity: '1', price: 'free' }],
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['target', 'Enter what the price is for.'],
      ['price', 'Enter a price like 4.50.'],
      ['tiers.0.minQuantity', 'Enter a quantity of 2 or more.'],
      ['tiers.0.price', 'Enter a price like 4.50.'],
    ]);
  });
});
