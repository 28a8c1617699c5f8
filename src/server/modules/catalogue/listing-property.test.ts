import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListingResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { testAppForFile } from '#tests/test-app.ts';
import {
  listingQueryString,
  type RefQuery,
  referenceFacets,
  referenceListing,
  referenceProducts,
} from './listing.fixture.ts';

const t = testAppForFile();

describe('listing sorts and filters, over random combinations', () => {
  it('every page, total and facet agrees with a plain filter over the same products', async () => {
    const products = await referenceProducts(t.database);
    const flavours = [...new Set(products.flatMap((p) => p.flavours))];
    const strengths = [...new Set(products.flatMap((p) => p.nicotine))];
    expect(flavours.length).toBeGreaterThan(5);
    expect(strengths.length).toBeGreaterThan(1);
    const scopes = [...new Set(products.map((p) => p.categoryId)), 'ALL', 'Vape Hardware', 'Smoke Shop'].map(
      (categoryId) => ({ categoryId }),
    );
    const brands = products
      .filter((_, i) => i % 7 === 0)
      .map((p) => ({ categoryId: p.categoryId, brandId: p.brandId }));
    const cents = fc.integer({ min: 0, max: 16_000 });

    const query = fc.record(
      {
        scope: fc.constantFrom(...scopes, ...brands),
        sort: fc.constantFrom('featured', 'price_asc', 'price_desc', 'name', 'newest'),
        inStock: fc.boolean(),
        range: fc.option(fc.tuple(fc.option(cents), fc.option(cents)), { nil: undefined }),
        // Spelled as a buyer might type them, and one that no product has.
        flavours: fc.option(
          fc.subarray([...flavours.map((f) => f.toUpperCase()), 'Chalk Dust'], {
            minLength: 1,
            maxLength: 4,
          }),
          { nil: undefined },
        ),
        nicotine: fc.option(fc.subarray([...strengths, 7], { minLength: 1, maxLength: 3 }), {
          nil: undefined,
        }),
        page: fc.integer({ min: 1, max: 4 }),
        pageSize: fc.integer({ min: 1, max: 25 }),
      },
      { requiredKeys: ['scope', 'sort', 'inStock', 'page', 'pageSize'] },
    );

    await fc.assert(
      fc.asyncProperty(query, async (g) => {
        const [lo, hi] = g.range ?? [null, null];
        const bounds = lo !== null && hi !== null && lo > hi ? [hi, lo] : [lo, hi];
        const q: RefQuery = {
          ...g.scope,
          sort: g.sort,
          inStock: g.inStock,
          ...(bounds[0] !== null && bounds[0] !== undefined ? { minCents: bounds[0] } : {}),
          ...(bounds[1] !== null && bounds[1] !== undefined ? { maxCents: bounds[1] } : {}),
          ...(g.flavours ? { flavours: g.flavours } : {}),
          ...(g.nicotine ? { nicotine: g.nicotine } : {}),
        };
        const res = await t.app.inject(
          `/api/v1/catalogue/listing?${listingQueryString({ ...q, page: g.page, pageSize: g.pageSize })}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const body = ListingResponseSchema.parse(res.json());
        const expected = referenceListing(products, q);
        const start = (g.page - 1) * g.pageSize;
        expect(body.total).toBe(expected.length);
        expect(body.pageCount).toBe(Math.max(1, Math.ceil(expected.length / g.pageSize)));
        expect(body.items.map((i) => `${i.categoryId}/${i.brandId}/${i.id}`)).toEqual(
          expected.slice(start, start + g.pageSize).map((p) => p.key),
        );
        const facets = referenceFacets(products, q);
        const counted = (values: { value: string; count: number }[]) =>
          Object.fromEntries(values.filter((v) => v.count > 0).map((v) => [v.value.toLowerCase(), v.count]));
        expect(counted(body.facets.flavours)).toEqual(facets.flavours);
        expect(counted(body.facets.nicotine)).toEqual(facets.nicotine);
      }),
      { numRuns: 300 },
    );
  });
});
