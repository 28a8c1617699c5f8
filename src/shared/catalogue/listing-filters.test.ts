import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListingQuerySchema } from './catalogue.schemas.ts';
import { PriceRangeFormSchema, priceText, readPrice } from './listing-filters.ts';

describe('readPrice', () => {
  it.each([
    ['10', { cents: 1000 }],
    ['12.5', { cents: 1250 }],
    ['$12.50', { cents: 1250 }],
    [' 0 ', { cents: 0 }],
    ['0007', { cents: 700 }],
    ['1000000', { cents: 100_000_000 }],
    ['1000000.01', { problem: 'Minimum price must be at most $1,000,000' }],
    ['99999999999999999999', { problem: 'Minimum price must be at most $1,000,000' }],
    ['-1', { problem: 'Minimum price must be 0 or more' }],
    ['$-1', { problem: 'Minimum price must be 0 or more' }],
    ['1.234', { problem: 'Minimum price must be an amount in dollars, like 10 or 12.50' }],
    ['1e3', { problem: 'Minimum price must be an amount in dollars, like 10 or 12.50' }],
    ['', { problem: 'Minimum price must be an amount in dollars, like 10 or 12.50' }],
  ])('%j → %j', (text, expected) => {
    expect(readPrice(text, 'Minimum')).toEqual(expected);
  });

  it('reads back every price it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(readPrice(priceText(cents), 'Minimum')).toEqual({ cents });
      }),
    );
  });
});

describe('the listing query and the price form', () => {
  it('takes a repeated parameter as a list and a single one as a list of one', () => {
    const q = ListingQuerySchema.parse({
      categoryId: 'ALL',
      flavour: ['Mango Ice', 'Cool Mint'],
      nicotine: '20',
      minPrice: '5',
    });
    expect([q.flavour, q.nicotine, q.minPrice, q.maxPrice, q.sort]).toEqual([
      ['Mango Ice', 'Cool Mint'],
      [20],
      500,
      undefined,
      'featured',
    ]);
  });

  it('refuses a minimum above the maximum, on the minimum, in both', () => {
    const query = ListingQuerySchema.safeParse({ categoryId: 'ALL', minPrice: '9', maxPrice: '8.99' });
    const form = PriceRangeFormSchema.safeParse({ minPrice: '9', maxPrice: '8.99' });
    for (const r of [query, form]) {
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['minPrice', 'Minimum price must not be more than the maximum price'],
      ]);
    }
  });

  it('an empty box of the form is no bound', () => {
    expect(PriceRangeFormSchema.parse({ minPrice: '', maxPrice: ' 40 ' })).toEqual({
      minPrice: undefined,
      maxPrice: 4000,
    });
  });
});
