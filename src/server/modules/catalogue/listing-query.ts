import type { z } from 'zod';
import { asciiJson } from '#server/http/send-json.ts';
import type { ListingQuerySchema } from '#shared/catalogue/catalogue.schemas.ts';
import { nicotineLabel } from '#shared/catalogue/listing-filters.ts';
import type { CatalogueReadModel, ProductEntry, Scope } from './catalogue-read-model.ts';
import {
  flavourKey,
  type ListingIndex,
  listingIndex,
  nameCollator,
  type ViewerPrices,
} from './listing-index.ts';

type Query = z.output<typeof ListingQuerySchema>;

/**
 * One listing request's products: a page of them, how many there are, and the facets. Built in
 * one pass over the scope's products in the order asked for; only the page is collected, so a
 * request allocates the page and two small count arrays, whatever the listing's size.
 *
 * Facets follow the usual rule: each facet counts the products that pass every other filter
 * (stock, ships-to, price and the other facet) but not its own, so a buyer sees what widening a
 * choice would add. A product counts once per value it carries.
 */
export interface ListingPage {
  items: ProductEntry[];
  total: number;
  facetsJson: string;
}

/** What a listing keeps besides its scope: stock, a buyer's ships-to, the price range, the facets. */
interface Narrowing {
  inStock: boolean;
  keep: ((p: ProductEntry) => boolean) | undefined;
  min: number;
  max: number;
  priced: boolean;
  /** Chosen flavour ids as marks (null: no flavour filter; all zero: none of the choices exists). */
  flavours: Uint8Array | null;
  nicotine: Uint8Array | null;
}

function marks(size: number, ids: Iterable<number | undefined>): Uint8Array {
  const m = new Uint8Array(size);
  for (const id of ids) if (id !== undefined) m[id] = 1;
  return m;
}

const anyMarked = (ids: readonly number[], m: Uint8Array) => {
  for (const id of ids) if (m[id]) return true;
  return false;
};

function narrowingOf(q: Query, index: ListingIndex, keep: Narrowing['keep']): Narrowing {
  const priced = q.minPrice !== undefined || q.maxPrice !== undefined;
  return {
    inStock: Boolean(q.inStock),
    keep,
    min: q.minPrice ?? 0,
    max: q.maxPrice ?? Number.POSITIVE_INFINITY,
    priced,
    flavours: q.flavour
      ? marks(
          index.flavourLabels.length,
          q.flavour.map((f) => index.flavourIds.get(flavourKey(f))),
        )
      : null,
    nicotine: q.nicotine
      ? marks(
          index.nicotineValues.length,
          q.nicotine.map((n) => index.nicotineIds.get(n)),
        )
      : null,
  };
}

/** The facets as JSON: values some product carries here, and any chosen one (to be unchosen). */
function facetsJson(
  index: ListingIndex,
  flavourCounts: Int32Array,
  nicotineCounts: Int32Array,
  n: Pick<Narrowing, 'flavours' | 'nicotine'>,
): string {
  const flavours: { value: string; label: string; count: number }[] = [];
  flavourCounts.forEach((count, id) => {
    if (count || n.flavours?.[id]) {
      const label = index.flavourLabels[id]!;
      flavours.push({ value: label, label, count });
    }
  });
  flavours.sort((a, b) => nameCollator.compare(a.label, b.label));
  const nicotine: { value: string; label: string; count: number }[] = [];
  nicotineCounts.forEach((count, id) => {
    if (count || n.nicotine?.[id]) {
      const mg = index.nicotineValues[id]!;
      nicotine.push({ value: String(mg), label: nicotineLabel(mg), count });
    }
  });
  return asciiJson({ flavours, nicotine });
}

/**
 * Walks `list` (the scope's products in the order wanted) keeping what passes, collecting the page
 * [start, end) and, when `counting`, each facet's counts.
 */
function walk(
  list: readonly ProductEntry[],
  n: Narrowing,
  prices: ViewerPrices,
  index: ListingIndex,
  page: { start: number; end: number; counting: boolean; stockChecked: boolean; stopAtEnd?: boolean },
): { items: ProductEntry[]; total: number; flavourCounts: Int32Array; nicotineCounts: Int32Array } {
  const items: ProductEntry[] = [];
  const flavourCounts = new Int32Array(page.counting ? index.flavourLabels.length : 0);
  const nicotineCounts = new Int32Array(page.counting ? index.nicotineValues.length : 0);
  const checkStock = n.inStock && !page.stockChecked;
  let total = 0;
  for (const p of list) {
    if (checkStock && !p.card.inStock) continue;
    if (n.keep && !n.keep(p)) continue;
    let price = true;
    if (n.priced) {
      const cents = prices.of(p);
      price = cents >= n.min && cents <= n.max;
    }
    if (!price && !page.counting) continue;
    const facts = index.facts.get(p)!;
    const flavour = !n.flavours || anyMarked(facts.flavours, n.flavours);
    const nicotine = !n.nicotine || anyMarked(facts.nicotine, n.nicotine);
    if (page.counting && price) {
      if (nicotine) for (const id of facts.flavours) flavourCounts[id]!++;
      if (flavour) for (const id of facts.nicotine) nicotineCounts[id]!++;
    }
    if (!(price && flavour && nicotine)) continue;
    if (total >= page.start && total < page.end) items.push(p);
    total++;
    // The total is known already: nothing past the page is needed.
    if (page.stopAtEnd && total >= page.end) break;
  }
  return { items, total, flavourCounts, nicotineCounts };
}

/** The page, total and facets of a listing (scope found), for whoever is looking. */
export function listingPage(
  model: CatalogueReadModel,
  scope: Scope,
  q: Query,
  view: { keep?: (p: ProductEntry) => boolean; prices: ViewerPrices },
): ListingPage {
  const index = listingIndex(model);
  const n = narrowingOf(q, index, view.keep);
  const start = (q.page - 1) * q.pageSize;
  const end = start + q.pageSize;
  const filtered = n.priced || n.flavours !== null || n.nicotine !== null;
  // Listing order keeps a cached in-stock copy; other orders are the scope's, sorted once.
  const featured = q.sort === 'featured';
  const base = featured ? (n.inStock ? model.inStockOnly(scope) : scope.products) : null;
  const list = base ?? index.sortedScope(scope, q.sort as Exclude<typeof q.sort, 'featured'>, view.prices);

  // No filter but the scope, stock and ships-to: the facets are the same for every page and
  // order, kept per scope and stock filter (not for ships-to, which is per buyer).
  if (!filtered && !n.keep) {
    const stock = n.inStock ? model : null;
    let facets = index.keptFacets(scope, stock);
    if (facets === undefined) {
      const all = n.inStock ? model.inStockOnly(scope) : scope.products;
      const counts = walk(all, n, view.prices, index, {
        start: 0,
        end: 0,
        counting: true,
        stockChecked: true,
      });
      facets = facetsJson(index, counts.flavourCounts, counts.nicotineCounts, n);
      index.keepFacets(scope, stock, facets);
    }
    // Today's listing exactly: a slice of the listing order (stock first, newest, name).
    if (base) return { items: base.slice(start, end), total: base.length, facetsJson: facets };
    const total = (n.inStock ? model.inStockOnly(scope) : scope.products).length;
    const page = walk(list, n, view.prices, index, {
      start,
      end,
      counting: false,
      stockChecked: false,
      stopAtEnd: true,
    });
    return { items: page.items, total, facetsJson: facets };
  }
  const page = walk(list, n, view.prices, index, {
    start,
    end,
    counting: true,
    stockChecked: base !== null,
  });
  return {
    items: page.items,
    total: page.total,
    facetsJson: facetsJson(index, page.flavourCounts, page.nicotineCounts, n),
  };
}
