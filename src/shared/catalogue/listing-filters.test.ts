import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListingQuerySchema } from './catalogue.schemas.ts';
import {
  flavourKey,
  LISTING_SORT_LABELS,
  ListingFacetsSchema,
  nicotineLabel,
  PriceRangeFormSchema,
  priceText,
  readPrice,
  sameFacetValue,
} from './listing-filters.ts';

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

describe('the words and limits buyers meet (decision 014, item 10)', () => {
  const query = (q: Record<string, unknown>) => ListingQuerySchema.safeParse({ categoryId: 'ALL', ...q });
  const problems = (q: Record<string, unknown>) => {
    const r = query(q);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('names each sort as the select shows it', () => {
    expect(LISTING_SORT_LABELS).toEqual({
      featured: 'Featured',
      price_asc: 'Price: low to high',
      price_desc: 'Price: high to low',
      name: 'Name: A to Z',
      newest: 'Newest first',
    });
    expect(nicotineLabel(20)).toBe('20 mg/ml');
    expect(nicotineLabel('3.5')).toBe('3.5 mg/ml');
  });

  it.each([
    ['5$', 'Minimum price must be an amount in dollars, like 10 or 12.50'],
    ['5-1', 'Minimum price must be an amount in dollars, like 10 or 12.50'],
    ['- 1', 'Minimum price must be 0 or more'],
    ['-$2', 'Minimum price must be 0 or more'],
  ])('reads %j as a problem: %s', (text, problem) => {
    expect(readPrice(text, 'Minimum')).toEqual({ problem });
  });

  it('leading zeros are no digits of a price; a huge number is too large, never a float', () => {
    expect(readPrice('000000001', 'Maximum')).toEqual({ cents: 100 });
    expect(readPrice('0000000000000.5', 'Maximum')).toEqual({ cents: 50 });
    expect(readPrice('9'.repeat(400), 'Maximum')).toEqual({
      problem: 'Maximum price must be at most $1,000,000',
    });
  });

  it('refuses each bad parameter with its message, on its field', () => {
    expect(problems({ sort: 'cheapest' })).toEqual([
      ['sort', 'Sort must be one of featured, price_asc, price_desc, name, newest'],
    ]);
    expect(problems({ maxPrice: 'ten' })).toEqual([
      ['maxPrice', 'Maximum price must be an amount in dollars, like 10 or 12.50'],
    ]);
    expect(problems({ minPrice: '-3' })).toEqual([['minPrice', 'Minimum price must be 0 or more']]);
    expect(problems({ flavour: '  ' })).toEqual([['flavour.0', 'A flavour cannot be empty']]);
    expect(problems({ flavour: 'x'.repeat(121) })).toEqual([
      ['flavour.0', 'A flavour is at most 120 characters'],
    ]);
    expect(problems({ flavour: Array.from({ length: 51 }, (_, i) => `F${i}`) })).toEqual([
      ['flavour', 'Choose at most 50 flavours'],
    ]);
    expect(problems({ nicotine: Array.from({ length: 21 }, (_, i) => String(i)) })).toEqual([
      ['nicotine', 'Choose at most 20 nicotine strengths'],
    ]);
    for (const bad of ['a20', '20a', '20.', '20.555', '12345', '2 0', '-5'])
      expect(problems({ nicotine: bad }), bad).toEqual([
        ['nicotine.0', 'Nicotine must be a strength in mg/ml, like 20'],
      ]);
    expect(problems({ nicotine: '1000.01' })).toEqual([
      ['nicotine.0', 'Nicotine must be at most 1000 mg/ml'],
    ]);
  });

  it('takes what is right: trimmed flavours, strengths with decimals, a range with one end or equal ends', () => {
    const q = ListingQuerySchema.parse({
      categoryId: 'ALL',
      sort: 'newest',
      flavour: [' Mango Ice ', 'Cool Mint'],
      nicotine: ['1000', '3.5', '0'],
      maxPrice: '$40',
    });
    expect([q.sort, q.flavour, q.nicotine, q.minPrice, q.maxPrice]).toEqual([
      'newest',
      ['Mango Ice', 'Cool Mint'],
      [1000, 3.5, 0],
      undefined,
      4000,
    ]);
    expect(query({ minPrice: '12.5', maxPrice: '12.50' }).success).toBe(true);
    expect(query({ minPrice: '12.5' }).success).toBe(true);
  });

  it('the price form: a blank box is no bound, a wrong one says why under it', () => {
    expect(PriceRangeFormSchema.parse({ minPrice: '   ', maxPrice: '' })).toEqual({
      minPrice: undefined,
      maxPrice: undefined,
    });
    const r = PriceRangeFormSchema.safeParse({ minPrice: 'abc', maxPrice: '-1' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['minPrice', 'Minimum price must be an amount in dollars, like 10 or 12.50'],
      ['maxPrice', 'Maximum price must be 0 or more'],
    ]);
  });

  it('writes prices for the URL as a buyer would type them', () => {
    expect([priceText(1000), priceText(1250), priceText(5), priceText(0), priceText(100_000_000)]).toEqual([
      '10',
      '12.50',
      '0.05',
      '0',
      '1000000',
    ]);
  });

  it('keeps the facets the server sends, each value with its label and count', () => {
    const facets = {
      flavours: [{ value: 'mango ice', label: 'Mango Ice', count: 3 }],
      nicotine: [{ value: '20', label: '20 mg/ml', count: 2 }],
    };
    expect(ListingFacetsSchema.parse(facets)).toEqual(facets);
    expect(
      ListingFacetsSchema.safeParse({ flavours: [{ value: 'x', label: 'X', count: -1 }], nicotine: [] })
        .success,
    ).toBe(false);
  });
});

describe('one facet choice however the URL spells it', () => {
  it('flavours ignore case, spacing and Unicode forms; strengths compare as numbers', () => {
    expect(flavourKey('  Blue   Razz\u00a0ICE ')).toBe('blue razz ice');
    expect(flavourKey('ﬁzz')).toBe('fizz');
    expect(sameFacetValue('flavour', 'Blue  Razz', 'blue razz')).toBe(true);
    expect(sameFacetValue('flavour', 'Blue Razz', 'Blue Raz')).toBe(false);
    expect(sameFacetValue('nicotine', '020', '20')).toBe(true);
    expect(sameFacetValue('nicotine', '20.0', '20')).toBe(true);
    expect(sameFacetValue('nicotine', '2', '20')).toBe(false);
    // A flavour named like a number is still a flavour.
    expect(sameFacetValue('flavour', '020', '20')).toBe(false);
  });
});
