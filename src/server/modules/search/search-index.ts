import type { CatalogueReadModel, ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { normalizeForSearch, SEARCH_KEY_SEPARATOR } from '#shared/catalogue/search-key.ts';

/**
 * Every product's normalised search key (products.search_key), in name order, and a trigram index
 * over them: for each three characters in a row, the products whose key holds them (ascending).
 * A needle of three characters or more is looked up by intersecting its trigrams' lists, the
 * shortest first, and only those products' keys are checked for the whole needle; a shorter one
 * takes one `indexOf` pass over all the keys joined (`scanIndices`, also the reference the index
 * is tested against). Both give exactly the same answer. Built once per read model.
 */
export class SearchIndex {
  private readonly text: string;
  private readonly starts: Int32Array;
  private readonly entries: ProductEntry[];
  private readonly nameLengths: Int32Array;
  /** Normalised product, brand and category names, and variant names, to explain a hit. */
  private readonly labelKeys: string[];
  private readonly variantKeys: string[][];
  /** Each character seen in a key, by a small number (trigram codes stay small integers). */
  private readonly alphabet = new Map<number, number>();
  /** Trigram code → the products whose key holds it, ascending. */
  private readonly postings = new Map<number, Int32Array>();

  private constructor(products: readonly ProductEntry[]) {
    this.entries = [...products].sort((a, b) =>
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
    this.buildPostings();
  }

  /** For tests: an index over any products (the read model's are its `allProducts`). */
  static over(products: readonly ProductEntry[]): SearchIndex {
    return new SearchIndex(products);
  }

  private charCode(c: number, add: boolean): number | undefined {
    let n = this.alphabet.get(c);
    if (n === undefined && add) {
      n = this.alphabet.size;
      this.alphabet.set(c, n);
    }
    return n;
  }

  /** The codes of a text's trigrams, each once (undefined: a character no key holds). */
  private trigrams(text: string, add: boolean): number[] | undefined {
    const codes = new Set<number>();
    let a = -1;
    let b = -1;
    for (let i = 0; i < text.length; i++) {
      const c = this.charCode(text.charCodeAt(i), add);
      if (c === undefined) return undefined;
      // 2^10 characters per place keeps a code under 2^30 (a small integer); past that, shared codes
      // only make the lists longer: every candidate's key is still checked for the whole needle.
      if (a >= 0) codes.add(((a & 1023) << 20) | ((b & 1023) << 10) | (c & 1023));
      a = b;
      b = c;
    }
    return [...codes];
  }

  private buildPostings(): void {
    const lists = new Map<number, number[]>();
    this.entries.forEach((p, i) => {
      for (const code of this.trigrams(p.row.searchKey, true)!) {
        const list = lists.get(code);
        if (list) list.push(i);
        else lists.set(code, [i]);
      }
    });
    for (const [code, list] of lists) this.postings.set(code, Int32Array.from(list));
  }

  private static readonly cache = new WeakMap<CatalogueReadModel, SearchIndex>();
  static for(model: CatalogueReadModel): SearchIndex {
    let index = SearchIndex.cache.get(model);
    if (!index) {
      index = new SearchIndex(model.allProducts);
      SearchIndex.cache.set(model, index);
    }
    return index;
  }

  /** Products whose key contains `needle` (already normalised): name hits first, each in name order. */
  findIndices(needle: string): number[] {
    if (needle.length < 3) return this.scanIndices(needle);
    const codes = this.trigrams(needle, false);
    if (!codes) return [];
    const lists: Int32Array[] = [];
    for (const code of codes) {
      const list = this.postings.get(code);
      if (!list) return [];
      lists.push(list);
    }
    lists.sort((x, y) => x.length - y.length);
    let candidates: ArrayLike<number> = lists[0]!;
    for (let l = 1; l < lists.length && candidates.length; l++) candidates = intersect(candidates, lists[l]!);
    const nameHits: number[] = [];
    const otherHits: number[] = [];
    for (let c = 0; c < candidates.length; c++) {
      const i = candidates[c]!;
      const at = this.entries[i]!.row.searchKey.indexOf(needle);
      if (at === -1) continue;
      if (at + needle.length <= this.nameLengths[i]!) nameHits.push(i);
      else otherHits.push(i);
    }
    for (const i of otherHits) nameHits.push(i);
    return nameHits;
  }

  /** findIndices by one pass over every key: for needles too short for trigrams. */
  scanIndices(needle: string): number[] {
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

/** The numbers in both ascending lists (the first is the shorter: each step skips ahead in the second). */
function intersect(short: ArrayLike<number>, long: Int32Array): number[] {
  const out: number[] = [];
  let j = 0;
  for (let k = 0; k < short.length; k++) {
    const x = short[k]!;
    // Gallop, then search: the long list may be thousands of times longer.
    let step = 1;
    while (j + step < long.length && long[j + step]! < x) step *= 2;
    let lo = j;
    let hi = Math.min(j + step, long.length - 1);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (long[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    j = lo;
    if (j >= long.length) break;
    if (long[j] === x) out.push(x);
  }
  return out;
}
