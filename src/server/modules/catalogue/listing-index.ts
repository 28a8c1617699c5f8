import type { ListingSort } from '#shared/catalogue/listing-filters.ts';
import { unitPriceCents } from '#shared/catalogue/price.ts';
import { ENDS_KINDS, type ProductKind } from '#shared/compliance/compliance.constants.ts';
import type { CatalogueReadModel, ProductEntry, Scope } from './catalogue-read-model.ts';

/**
 * What the listing's sorts and filters read of each product, worked out once per read model (on
 * the first listing that needs it) so a request only reads numbers: its flavours and nicotine
 * strengths as small ids, its place in name order. Stock is read live from the card (it changes
 * in place); nothing here depends on it. See the item 10 decision for the rules.
 */

/** Prices as whoever is looking sees them on the cards: sorts and the price range read these. */
export interface ViewerPrices {
  /** Names these prices for the sorted lists kept: one object for as long as the prices hold. */
  readonly key: object;
  /** The price on the product's card for this viewer (options at several prices: the lowest). */
  of(p: ProductEntry): number;
}

/** Visitors' and ungrouped buyers' prices: the card's own (the sale price when one applies). */
export const publicPrices: ViewerPrices = { key: {}, of: (p) => unitPriceCents(p.card) };

export interface ProductFacts {
  /** Ids (into `flavourLabels`) of its options' names, when it is a flavoured vape product. */
  flavours: readonly number[];
  /** Ids (into `nicotineValues`) of its options' nicotine strengths. */
  nicotine: readonly number[];
  /** Its place in name order (case-insensitive A→Z, then id). */
  nameRank: number;
}

const NONE: readonly number[] = Object.freeze([]);
/** Names compared without case or accents, numbers by value ("Series 9" before "Series 10"). */
export const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** One spelling of a flavour whatever its case and spacing ("Blue Razz  ice" is "Blue Razz Ice"). */
import { flavourKey } from '#shared/catalogue/listing-filters.ts';

export { flavourKey };

/** Stored attributes (jsonb) as a record, whatever was stored; fields may be missing. */
const EMPTY: Record<string, unknown> = Object.freeze({});
const attrs = (stored: unknown) =>
  stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : EMPTY;

const MAX_SORTED_LISTS = 400;

export class ListingIndex {
  readonly facts = new Map<ProductEntry, ProductFacts>();
  readonly flavourLabels: string[] = [];
  readonly flavourIds = new Map<string, number>();
  /** Distinct nicotine strengths, ascending: an id is a place in this list. */
  readonly nicotineValues: number[];
  readonly nicotineIds = new Map<number, number>();
  /** Sorted copies of scopes, per prices (`key`) and per scope and sort; never stock-dependent. */
  private readonly sorted = new WeakMap<object, Map<string, ProductEntry[]>>();
  /** Name and newest orders are the same for everyone. */
  private readonly everyone = {};
  /** Facets of unfiltered listings as JSON, by scope; in stock only: at the version counted. */
  private readonly facetsJson = new Map<string, string>();
  private facetsVersion = '';
  private readonly stockFacetsJson = new Map<string, string>();

  constructor(products: readonly ProductEntry[]) {
    const spellings = new Map<string, Map<string, number>>();
    const names = new Map<string, { key: string; spelling: string }>();
    const nicotine = new Set<number>();
    const raw = new Map<ProductEntry, { flavours: string[]; nicotine: number[] }>();
    for (const p of products) {
      const own = attrs(p.row.compliance);
      // A flavoured vape product: a vape kind whose product or any option is flavoured.
      let flavoured = false;
      if (ENDS_KINDS.includes(own.kind as ProductKind)) {
        flavoured = own.flavoured === true;
        for (const v of p.variants) if (!flavoured) flavoured = attrs(v.compliance).flavoured === true;
      }
      const keys: string[] = [];
      if (flavoured)
        for (const v of p.variants) {
          // Thousands of options share a few dozen names: each name is read once.
          let read = names.get(v.name);
          if (!read) {
            read = {
              key: flavourKey(v.name),
              spelling: v.name.normalize('NFKC').trim().replace(/\s+/g, ' '),
            };
            names.set(v.name, read);
          }
          const { key, spelling } = read;
          if (!key || keys.includes(key)) continue;
          keys.push(key);
          const seen = spellings.get(key) ?? new Map<string, number>();
          seen.set(spelling, (seen.get(spelling) ?? 0) + 1);
          spellings.set(key, seen);
        }
      // Each option's strength: its own where it says, else its product's.
      const strengths: number[] = [];
      for (let i = 0; i < Math.max(1, p.variants.length); i++) {
        const mine = p.variants.length ? attrs(p.variants[i]!.compliance).nicotineMgPerMl : undefined;
        const n = mine === undefined ? own.nicotineMgPerMl : mine;
        if (typeof n === 'number' && Number.isFinite(n) && !strengths.includes(n)) strengths.push(n);
      }
      for (const n of strengths) nicotine.add(n);
      raw.set(p, { flavours: keys, nicotine: strengths });
    }
    // A flavour reads as its most used spelling (ties: the first in name order).
    const keys = [...spellings.keys()].sort((a, b) => nameCollator.compare(a, b) || (a < b ? -1 : 1));
    for (const key of keys) {
      const best = [...spellings.get(key)!].sort(
        (a, b) => b[1] - a[1] || nameCollator.compare(a[0], b[0]) || (a[0] < b[0] ? -1 : 1),
      )[0]![0];
      this.flavourIds.set(key, this.flavourLabels.length);
      this.flavourLabels.push(best);
    }
    this.nicotineValues = [...nicotine].sort((a, b) => a - b);
    for (const [i, n] of this.nicotineValues.entries()) this.nicotineIds.set(n, i);
    const byName = [...products].sort(
      (a, b) => nameCollator.compare(a.card.name, b.card.name) || a.dbId - b.dbId,
    );
    byName.forEach((p, nameRank) => {
      const r = raw.get(p)!;
      this.facts.set(p, {
        flavours: r.flavours.length ? r.flavours.map((k) => this.flavourIds.get(k)!) : NONE,
        nicotine: r.nicotine.length ? r.nicotine.map((n) => this.nicotineIds.get(n)!) : NONE,
        nameRank,
      });
    });
  }

  /**
   * The scope's products in `sort` order for these prices, kept (a scope's membership never
   * changes within a read model; stock only moves products within listing order, not these).
   */
  sortedScope(scope: Scope, sort: Exclude<ListingSort, 'featured'>, prices: ViewerPrices): ProductEntry[] {
    const owner = sort === 'name' || sort === 'newest' ? this.everyone : prices.key;
    let lists = this.sorted.get(owner);
    if (!lists) {
      lists = new Map();
      this.sorted.set(owner, lists);
    }
    const key = `${scope.categoryId}\u0000${scope.brandId ?? ''}\u0000${sort}`;
    const known = lists.get(key);
    if (known) return known;
    const list = this.sort(scope.products, sort, prices);
    if (lists.size >= MAX_SORTED_LISTS) lists.delete(lists.keys().next().value!);
    lists.set(key, list);
    return list;
  }

  private sort(products: readonly ProductEntry[], sort: ListingSort, prices: ViewerPrices): ProductEntry[] {
    const rank = (p: ProductEntry) => this.facts.get(p)!.nameRank;
    const rows = products.map((p) => ({
      p,
      rank: rank(p),
      price: sort === 'price_asc' || sort === 'price_desc' ? prices.of(p) : 0,
    }));
    if (sort === 'newest') rows.sort((a, b) => b.p.createdAt - a.p.createdAt || b.p.dbId - a.p.dbId);
    else if (sort === 'price_asc') rows.sort((a, b) => a.price - b.price || a.rank - b.rank);
    else if (sort === 'price_desc') rows.sort((a, b) => b.price - a.price || a.rank - b.rank);
    else rows.sort((a, b) => a.rank - b.rank);
    return rows.map((r) => r.p);
  }

  /**
   * The facets JSON kept for an unfiltered listing, if any: for as long as the read model when it
   * counts every product, until the next stock change (`version`) when it counts those in stock.
   */
  keptFacets(scope: Scope, inStock: { version: string } | null): string | undefined {
    if (inStock && inStock.version !== this.facetsVersion) {
      this.stockFacetsJson.clear();
      this.facetsVersion = inStock.version;
    }
    return (inStock ? this.stockFacetsJson : this.facetsJson).get(facetKey(scope));
  }

  keepFacets(scope: Scope, inStock: { version: string } | null, json: string): void {
    if (!inStock || inStock.version === this.facetsVersion)
      (inStock ? this.stockFacetsJson : this.facetsJson).set(facetKey(scope), json);
  }
}

const facetKey = (scope: Scope) => `${scope.categoryId}\u0000${scope.brandId ?? ''}`;

const indexes = new WeakMap<CatalogueReadModel, ListingIndex>();

/** The model's listing index, made on first use and kept with the model. */
export function listingIndex(model: CatalogueReadModel): ListingIndex {
  let index = indexes.get(model);
  if (!index) {
    index = new ListingIndex(model.allProducts);
    indexes.set(model, index);
  }
  return index;
}
