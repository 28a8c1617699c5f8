import {
  LISTING_SORTS,
  type ListingSort,
  nicotineLabel,
  priceText,
  readPrice,
} from '#shared/catalogue/listing-filters.ts';

/**
 * The listing's sort and filters as its URL carries them (`/categories?categoryId=…&sort=name&
 * flavour=Mango%20Ice&flavour=Cool%20Mint&nicotine=20&minPrice=10&maxPrice=50&inStock=1`), so a
 * narrowed listing is a link and back and forward step through the choices.
 */
export interface ListingFilters {
  sort: ListingSort;
  inStock: boolean;
  /** In cents; a price the URL carries that is not one is left out. */
  minPrice?: number;
  maxPrice?: number;
  flavours: string[];
  nicotine: string[];
}

const centsOf = (raw: string | null) => {
  if (raw === null) return undefined;
  const read = readPrice(raw, '');
  return 'cents' in read ? read.cents : undefined;
};

export function readListingFilters(params: URLSearchParams): ListingFilters {
  const sort = params.get('sort');
  let minPrice = centsOf(params.get('minPrice'));
  let maxPrice = centsOf(params.get('maxPrice'));
  // A hand-edited link with the bounds the wrong way round means the same range.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : 'featured',
    inStock: params.get('inStock') === '1' || params.get('inStock') === 'true',
    minPrice,
    maxPrice,
    flavours: [...new Set(params.getAll('flavour').filter((f) => f.trim()))],
    nicotine: [...new Set(params.getAll('nicotine').filter((n) => /^\d{1,4}(\.\d{1,2})?$/.test(n)))],
  };
}

/** The URL's query after `change`, back on the first page (a new choice lists from the start). */
export function changedParams(params: URLSearchParams, change: (next: URLSearchParams) => void) {
  const next = new URLSearchParams(params);
  change(next);
  next.delete('page');
  return next;
}

/** Sets a repeated parameter to `values` (none: removed). */
export function setAll(next: URLSearchParams, key: string, values: readonly string[]) {
  next.delete(key);
  for (const v of values) next.append(key, v);
}

/** Sets or clears the price range (cents; undefined: no bound). */
export function setPriceRange(next: URLSearchParams, min: number | undefined, max: number | undefined) {
  if (min === undefined) next.delete('minPrice');
  else next.set('minPrice', priceText(min));
  if (max === undefined) next.delete('maxPrice');
  else next.set('maxPrice', priceText(max));
}

/** "$10–$50", "From $10", "Up to $50"; null without a range. */
export function priceRangeLabel(min: number | undefined, max: number | undefined): string | null {
  const $ = (cents: number) => `$${priceText(cents)}`;
  if (min !== undefined && max !== undefined) return `${$(min)}–${$(max)}`;
  if (min !== undefined) return `From ${$(min)}`;
  if (max !== undefined) return `Up to ${$(max)}`;
  return null;
}

/** One active filter as a chip shows it, and how to take it off the URL. */
export interface ActiveFilter {
  key: string;
  label: string;
  remove: (next: URLSearchParams) => void;
}

export function activeFilters(f: ListingFilters, shipsTo: string | null): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  if (f.inStock) out.push({ key: 'inStock', label: 'In stock', remove: (n) => n.delete('inStock') });
  if (shipsTo) out.push({ key: 'shipsTo', label: `Ships to ${shipsTo}`, remove: (n) => n.delete('shipsTo') });
  const range = priceRangeLabel(f.minPrice, f.maxPrice);
  if (range) out.push({ key: 'price', label: range, remove: (n) => setPriceRange(n, undefined, undefined) });
  for (const flavour of f.flavours)
    out.push({
      key: `flavour:${flavour}`,
      label: flavour,
      remove: (n) =>
        setAll(
          n,
          'flavour',
          f.flavours.filter((x) => x !== flavour),
        ),
    });
  for (const mg of f.nicotine)
    out.push({
      key: `nicotine:${mg}`,
      label: nicotineLabel(mg),
      remove: (n) =>
        setAll(
          n,
          'nicotine',
          f.nicotine.filter((x) => x !== mg),
        ),
    });
  return out;
}

/** Every filter off, the listing (category, brand) and its sort kept. */
export function clearFilters(next: URLSearchParams) {
  for (const key of ['inStock', 'shipsTo', 'minPrice', 'maxPrice', 'flavour', 'nicotine']) next.delete(key);
}
