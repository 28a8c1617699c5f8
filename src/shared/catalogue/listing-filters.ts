import { z } from 'zod';

/*
 * What a buyer narrows and orders a listing by (issue 31, item 10): the sort, a price range in
 * dollars, flavours and nicotine strengths. One set of rules for the query string the server
 * reads and the price form the page shows, so both say the same words.
 */

export const LISTING_SORTS = ['featured', 'price_asc', 'price_desc', 'name', 'newest'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  featured: 'Featured',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
  newest: 'Newest first',
};

/** The highest price a range may name: $1,000,000. */
export const MAX_FILTER_PRICE_CENTS = 100_000_000;
export const MAX_FLAVOUR_CHOICES = 50;
export const MAX_NICOTINE_CHOICES = 20;
export const MAX_FLAVOUR_LENGTH = 120;

export const listingFilterMessages = {
  badSort: `Sort must be one of ${LISTING_SORTS.join(', ')}`,
  priceNotAmount: (which: string) => `${which} price must be an amount in dollars, like 10 or 12.50`,
  priceNegative: (which: string) => `${which} price must be 0 or more`,
  priceTooLarge: (which: string) => `${which} price must be at most $1,000,000`,
  minAboveMax: 'Minimum price must not be more than the maximum price',
  tooManyFlavours: `Choose at most ${MAX_FLAVOUR_CHOICES} flavours`,
  flavourTooLong: `A flavour is at most ${MAX_FLAVOUR_LENGTH} characters`,
  flavourEmpty: 'A flavour cannot be empty',
  tooManyNicotine: `Choose at most ${MAX_NICOTINE_CHOICES} nicotine strengths`,
  badNicotine: 'Nicotine must be a strength in mg/ml, like 20',
  nicotineTooLarge: 'Nicotine must be at most 1000 mg/ml',
} as const;

/**
 * A price as a buyer types it ("10", "12.5", "$12.50"), in cents; otherwise the reason it is not
 * one, in words naming `which` ("Minimum").
 */
export function readPrice(text: string, which: string): { cents: number } | { problem: string } {
  const t = text.trim().replace(/^\$/, '');
  if (/^-\s*\$?\d/.test(t)) return { problem: listingFilterMessages.priceNegative(which) };
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return { problem: listingFilterMessages.priceNotAmount(which) };
  // However many digits, Number reads them (at worst as Infinity), which is above the maximum.
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents > MAX_FILTER_PRICE_CENTS) return { problem: listingFilterMessages.priceTooLarge(which) };
  return { cents };
}

/** A price parameter of the query string, in cents. */
function priceParam(which: string) {
  return z.string().transform((text, ctx) => {
    const read = readPrice(text, which);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }
    return read.cents;
  });
}

/** A parameter that may be given several times (`flavour=A&flavour=B`): always a list. */
function repeated<T extends z.ZodType<unknown, string>>(item: T, max: number, tooMany: string) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max, tooMany));
}

const FlavourParam = z
  .string()
  .trim()
  .min(1, listingFilterMessages.flavourEmpty)
  .max(MAX_FLAVOUR_LENGTH, listingFilterMessages.flavourTooLong);

const NicotineParam = z
  .string()
  .regex(/^\d{1,4}(?:\.\d{1,2})?$/, listingFilterMessages.badNicotine)
  .transform(Number)
  .refine((n) => n <= 1000, listingFilterMessages.nicotineTooLarge);

/** The listing query's sort and filters (spread into ListingQuerySchema; `checkPriceOrder` after). */
export const ListingFilterShape = {
  sort: z.enum(LISTING_SORTS, { message: listingFilterMessages.badSort }).default('featured'),
  minPrice: priceParam('Minimum').optional(),
  maxPrice: priceParam('Maximum').optional(),
  flavour: repeated(FlavourParam, MAX_FLAVOUR_CHOICES, listingFilterMessages.tooManyFlavours).optional(),
  nicotine: repeated(NicotineParam, MAX_NICOTINE_CHOICES, listingFilterMessages.tooManyNicotine).optional(),
};

/** A range whose minimum is above its maximum is refused, on the minimum. */
export function checkPriceOrder(
  v: { minPrice?: number | undefined; maxPrice?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (v.minPrice !== undefined && v.maxPrice !== undefined && v.minPrice > v.maxPrice)
    ctx.addIssue({ code: 'custom', path: ['minPrice'], message: listingFilterMessages.minAboveMax });
}

/** The price form's box: empty is no bound. */
function priceBox(which: string) {
  return z.string().transform((text, ctx) => {
    if (!text.trim()) return undefined;
    const read = readPrice(text, which);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }
    return read.cents;
  });
}

/** The listing's price form: two boxes in dollars, the query string's rules. */
export const PriceRangeFormSchema = z
  .object({ minPrice: priceBox('Minimum'), maxPrice: priceBox('Maximum') })
  .superRefine(checkPriceOrder);
export type PriceRangeForm = z.input<typeof PriceRangeFormSchema>;

/** Cents as a price in the URL and the form: "10", "12.50". */
export function priceText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** A facet's choice: what the query string carries, what a buyer reads, and how many products have it. */
export const FacetValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int().nonnegative(),
});
export type FacetValue = z.infer<typeof FacetValueSchema>;

/**
 * Each facet's choices among the listing's products with every other filter applied but its own,
 * so a buyer can widen a choice; empty when no product of the listing carries it.
 */
export const ListingFacetsSchema = z.object({
  flavours: z.array(FacetValueSchema),
  nicotine: z.array(FacetValueSchema),
});
export type ListingFacets = z.infer<typeof ListingFacetsSchema>;

/** A flavour as the listing matches it: letter case, spacing and Unicode forms do not count. */
export const flavourKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Whether two values of a facet are the same choice, as the server reads them: flavours by
 * `flavourKey`, strengths as numbers ("20" is "20.0" is "020").
 */
export function sameFacetValue(facet: 'flavour' | 'nicotine', a: string, b: string): boolean {
  return facet === 'flavour' ? flavourKey(a) === flavourKey(b) : Number(a) === Number(b);
}

/** A nicotine strength as buyers read it: "20 mg/ml". */
export const nicotineLabel = (mg: number | string) => `${mg} mg/ml`;
