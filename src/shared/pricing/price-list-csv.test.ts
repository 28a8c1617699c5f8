import { describe, expect, it } from 'vitest';
import { entryOfRow, parseTiers, tiersText } from './price-list-csv.ts';

const row = (over: Partial<Record<'scope' | 'target' | 'price' | 'percent_off' | 'tiers', string>>) => ({
  scope: 'option',
  target: 'SKU-1',
  price: '',
  percent_off: '',
  tiers: '',
  ...over,
});

describe('price list CSV cells', () => {
  it('tiers read as they are written, spaces and an empty cell allowed', () => {
    const tiers = [
      { minQuantity: 10, priceCents: 425 },
      { minQuantity: 50, priceCents: 390 },
    ];
    expect(tiersText(tiers)).toBe('10: 4.25 | 50: 3.90');
    expect(parseTiers(tiersText(tiers))).toEqual(tiers);
    expect(parseTiers(' 10 :$4.25|50:3.9 | ')).toEqual(tiers);
    expect(parseTiers('')).toEqual([]);
    for (const bad of ['10', '10: ', 'ten: 4', '10: 4.255', '10; 4', '-5: 1'])
      expect(parseTiers(bad), bad).toBeNull();
  });

  it('a row becomes the entry the console would save', () => {
    expect(entryOfRow(row({ scope: ' Option ', price: '4.50', tiers: '10: 4' }))).toEqual({
      body: {
        scope: 'variant',
        target: 'SKU-1',
        priceCents: 450,
        tiers: [{ minQuantity: 10, priceCents: 400 }],
      },
    });
    expect(entryOfRow(row({ scope: 'category', target: 'vapes', percent_off: '12.5 %' }))).toEqual({
      body: { scope: 'category', target: 'vapes', basisPoints: 1250 },
    });
    expect(entryOfRow(row({ scope: 'brand', target: 'a/b', percent_off: '100.01' }))).toHaveProperty(
      'message',
    );
    expect(entryOfRow(row({ price: '4', tiers: '1: 3' }))).toEqual({
      message: 'tiers: Enter a quantity of 2 or more.',
    });
  });
});
