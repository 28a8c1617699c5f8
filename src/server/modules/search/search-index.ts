import type { CatalogueReadModel, ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { normalizeForSearch, SEARCH_KEY_SEPARATOR } from '#shared/catalogue/search-key.ts';

/**
 * Every product's normalised search key (products.search_key) joined into one string in name
 * order, with the offset where each product starts. One `indexOf` pass over the joined text finds
 * the matches; a binary search maps a match back to its product. Built once per read model.
 */
export class SearchIndex {
  private readonly text: string;
  private readonly starts: Int32Array;
  private readonly entries: ProductEntry[];
  private readonly nameLengths: Int32Array;
  /** Normalised product, brand and category names, and variant names, to explain a hit. */
  private readonly labelKeys: string[];
  private readonly variantKeys: string[][];

  private constructor(model: CatalogueReadModel) {
    this.entries = [...model.allProducts].sort((a, b) =>
      a.card.name < b.card.name ? -1 : a.card.name > b.card.name ? 1 : a.dbId - b.dbId,
    );
    this.starts = new Int32Array(this.entries.length + 1);
    this.nameLengths = new Int32Array(this.entries.length);
    const parts: string[] = [];
    let offset = 0;
    this.entries.forEach((p, i) => {
      this.starts[i] = offset;
      // Newlines never survive normalisation, so a needle cannot span two products.
      parts.push(p.row.searchKey);
      offset += p.row.searchKey.length + 1;
      const sep = p.row.searchKey.indexOf(SEARCH_KEY_SEPARATOR);
      this.nameLengths[i] = sep === -1 ? p.row.searchKey.length : sep;
    });
    this.starts[this.entries.length] = offset;
    this.text = parts.join('\n');
    this.labelKeys = this.entries.map((p) =>
      [p.card.name, p.card.brandName, p.card.categoryName].map(normalizeForSearch).join(SEARCH_KEY_SEPARATOR),
    );
    this.variantKeys = this.entries.map((p) => p.variants.map((v) => normalizeForSearch(v.name)));
  }

  private static readonly cache = new WeakMap<CatalogueReadModel, SearchIndex>();
  static for(model: CatalogueReadModel): SearchIndex {
    let index = SearchIndex.cache.get(model);
    if (!index) {
      index = new SearchIndex(model);
      SearchIndex.cache.set(model, index);
    }
    return index;
  }

  /** Products whose key contains `needle` (already normalised): name hits first, each in name order. */
  findIndices(needle: string): number[] {
    const nameHits: number[] = [];
    const otherHits: number[] = [];
    let from = 0;
    for (;;) {
      const at = this.text.indexOf(needle, from);
      if (at === -1) break;
      const i = this.productAt(at);
      if (at - this.starts[i]! + needle.length <= this.nameLengths[i]!) nameHits.push(i);
      else otherHits.push(i);
      from = this.starts[i + 1]!; // one hit per product is enough
    }
    for (const i of otherHits) nameHits.push(i);
    return nameHits;
  }

  entry(i: number): ProductEntry {
    return this.entries[i]!;
  }

  /** The variant that explains a hit, when the product, brand and category names do not. */
  matchedVariant(i: number, needle: string): string | null {
    if (this.labelKeys[i]!.includes(needle)) return null;
    const v = this.variantKeys[i]!.findIndex((k) => k.includes(needle));
    return v === -1 ? null : this.entries[i]!.variants[v]!.name;
  }

  private productAt(offset: number): number {
    let lo = 0;
    let hi = this.entries.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
