import { describe, expect, it } from 'vitest';
import { basisPointsText, type EntryForm, EntryFormSchema, percentToBasisPoints } from './pricing-forms.ts';
import { pricingMessages } from './pricing.messages.ts';

describe('the price list form', () => {
  it('reads percentages as staff type them, in hundredths', () => {
    expect(percentToBasisPoints('12.5')).toBe(1250);
    expect(percentToBasisPoints(' 10 % ')).toBe(1000);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(percentToBasisPoints('100')).toBe(10_000);
    for (const bad of ['0', '100.01', '12.345', '-5', 'ten', '', '%12', '1%0', '12 %%'])
      expect(percentToBasisPoints(bad), bad).toBeNull();
  });

  it('shows a saved percentage as staff typed it, and reads it back unchanged', () => {
    expect(basisPointsText(1250)).toBe('12.5');
    expect(basisPointsText(1)).toBe('0.01');
    expect(basisPointsText(10_000)).toBe('100');
    for (let bp = 1; bp <= 10_000; bp++) expect(percentToBasisPoints(basisPointsText(bp))).toBe(bp);
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

  it('a brand or a category takes a percentage off, and only its percentage box is checked', () => {
    const form = (scope: 'brand' | 'category', percent: string): EntryForm => ({
      scope,
      target: 'vapes',
      price: 'not a price',
      percent,
      tiers: [{ minQuantity: '1', price: 'free' }],
    });
    for (const scope of ['brand', 'category'] as const) {
      expect(EntryFormSchema.parse(form(scope, '12.5 %'))).toEqual({
        scope,
        target: 'vapes',
        basisPoints: 1250,
      });
      expect(EntryFormSchema.safeParse(form(scope, '0')).error?.issues).toEqual([
        { code: 'custom', path: ['percent'], message: pricingMessages.percentText },
      ]);
    }
  });

  it('a tier quantity is a whole number from 2, spaces around it allowed', () => {
    const tierIssues = (minQuantity: string) =>
      EntryFormSchema.safeParse({
        scope: 'variant',
        target: 'SKU-1',
        price: '5',
        percent: '',
        tiers: [{ minQuantity, price: '4' }],
      }).error?.issues ?? [];
    expect(
      EntryFormSchema.parse({
        scope: 'product',
        target: 'P-1',
        price: '5',
        percent: '',
        tiers: [
          { minQuantity: ' 2 ', price: '4.50' },
          { minQuantity: '9999999', price: '4' },
        ],
      }),
    ).toMatchObject({
      tiers: [
        { minQuantity: 2, priceCents: 450 },
        { minQuantity: 9_999_999, priceCents: 400 },
      ],
    });
    for (const bad of ['1', '0', '', '10x', 'x10', '1.5', '-10', '12345678'])
      expect(tierIssues(bad), bad).toEqual([
        { code: 'custom', path: ['tiers', 0, 'minQuantity'], message: pricingMessages.tierQuantityText },
      ]);
  });
});
