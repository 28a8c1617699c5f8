import type { CatalogueReadModel, ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { normalizeForSearch, SEARCH_KEY_SEPARATOR } from '#shared/catalogue/search-key.ts';

/** One page of a search: how many products match in all, and this page's, in order. */
export interface SearchPage {
  total: number;
  items: number[];
}

/**
 * Search over every product's normalised search key (products.search_key: its own name, then its
 * brand's, category's and variants' names, joined by a separator no needle can hold, so a needle
 * matches inside one name or not at all). Products are numbered in name order.
 *
 * The names are few next to the products that carry them (a flavour, a brand or a category is
 * shared by hundreds), so the index is over the distinct names ("fields"): a needle finds its
 * fields first — three characters or more by intersecting the fields' trigram lists, the shortest
 * first, and checking only those fields; shorter ones by one pass over the fields' text — and
 * then the products that carry them, from each field's product list. Fields that are a product's
 * own name are numbered first, in product order, so their products come out in order as the name
 * hits; the rest are marked in one array and read back in order only as far as the page needs.
 *
 * `scanIndices`, one `indexOf` pass over all the keys, is the reference the index is tested
 * against: both give the same products in the same order (name hits first, each in name order).
 * Built once per read model.
 */
export class SearchIndex {
  private readonly entries: ProductEntry[];
  /** The reference scan's joined keys, built on its first use (tests; never on a request). */
  private scanned?: { text: string; starts: Int32Array; nameLengths: Int32Array };
  /**
   * Per product, built on its first hit shown: normalised product, brand and category names, and
   * variant names, to explain the hit.
   */
  private readonly labelKeys: string[] = [];
  private readonly variantKeys: string[][] = [];

  /** The distinct names, product names first (in product order). */
  private readonly fields: string[] = [];
  /** The fields' text joined by newlines, and where each field starts in it (short needles). */
  private fieldText = '';
  private fieldStarts = new Int32Array(0);
  /**
   * Field f → the products whose own name it is, `named[namedAt[f]]` up to `named[namedAt[f + 1]]`,
   * and those that carry it anywhere, likewise in `carriers` (each ascending; flat arrays).
   */
  private named: Int32Array = new Int32Array(0);
  private namedAt: Int32Array = new Int32Array(0);
  private carriers: Int32Array = new Int32Array(0);
  private carriersAt: Int32Array = new Int32Array(0);
  /** Each character seen in a field, by a small number (trigram codes stay small integers). */
  private readonly alphabet = new Map<number, number>();
  /** Trigram code → the fields holding it, ascending. */
  private readonly postings = new Map<number, Int32Array>();
  /** Per product: the search that last marked it as a hit / as a name hit (a generation number). */
  private readonly hitMark: Uint32Array;
  private readonly nameMark: Uint32Array;
  private generation = 0;

  private constructor(products: readonly ProductEntry[]) {
    this.entries = [...products].sort((a, b) =>
      a.card.name < b.card.name ? -1 : a.card.name > b.card.name ? 1 : a.dbId - b.dbId,
    );
    this.hitMark = new Uint32Array(this.entries.length);
    this.nameMark = new Uint32Array(this.entries.length);
    this.buildFields();
  }

  /** For tests: an index over any products (the read model's are its `allProducts`). */
  static over(products: readonly ProductEntry[]): SearchIndex {
    return new SearchIndex(products);
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

  private buildFields(): void {
    const ids = new Map<string, number>();
    const names: number[][] = [];
    const carriers: number[][] = [];
    const intern = (field: string): number => {
      let id = ids.get(field);
      if (id === undefined) {
        id = this.fields.length;
        ids.set(field, id);
        // A copy of its own: split's pieces point into the whole key, which makes each check slower.
        this.fields.push(JSON.parse(JSON.stringify(field)) as string);
        names.push([]);
        carriers.push([]);
      }
      return id;
    };
    // Every product's own name (the key's first part, as the reference scan reads it) first.
    const keys = this.entries.map((p) => p.row.searchKey.split(SEARCH_KEY_SEPARATOR));
    keys.forEach((parts, i) => {
      names[intern(parts[0]!)]!.push(i);
    });
    keys.forEach((parts, i) => {
      for (const part of new Set(parts)) carriers[intern(part)]!.push(i);
    });
    [this.named, this.namedAt] = flatten(names);
    [this.carriers, this.carriersAt] = flatten(carriers);
    this.fieldStarts = new Int32Array(this.fields.length + 1);
    let offset = 0;
    this.fields.forEach((field, f) => {
      this.fieldStarts[f] = offset;
      offset += field.length + 1;
    });
    this.fieldStarts[this.fields.length] = offset;
    this.fieldText = this.fields.join('\n');
    const lists = new Map<number, number[]>();
    this.fields.forEach((field, f) => {
      for (const code of this.trigrams(field, true)!) {
        const list = lists.get(code);
        if (list) list.push(f);
        else lists.set(code, [f]);
      }
    });
    for (const [code, list] of lists) this.postings.set(code, Int32Array.from(list));
  }

  private charCode(c: number, add: boolean): number | undefined {
    let n = this.alphabet.get(c);
    if (n === undefined && add) {
      n = this.alphabet.size;
      this.alphabet.set(c, n);
    }
    return n;
  }

  /** The codes of a text's trigrams, each once (undefined: a character no field holds). */
  private trigrams(text: string, add: boolean): number[] | undefined {
    const codes = new Set<number>();
    let a = -1;
    let b = -1;
    for (let i = 0; i < text.length; i++) {
      const c = this.charCode(text.charCodeAt(i), add);
      if (c === undefined) return undefined;
      // 2^10 characters per place keeps a code under 2^30 (a small integer); past that, shared codes
      // only make the lists longer: every candidate field is still checked for the whole needle.
      if (a >= 0) codes.add(((a & 1023) << 20) | ((b & 1023) << 10) | (c & 1023));
      a = b;
      b = c;
    }
    return [...codes];
  }

  /** The fields holding `needle`, ascending. */
  private matchingFields(needle: string): ArrayLike<number> {
    if (needle.length < 3) return this.scanFields(needle);
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
    // A trigram list is exact for a three-character needle (unless two characters share a code).
    if (needle.length === 3 && this.alphabet.size <= 1024) return candidates;
    // Fields are short: checking one costs less than intersecting with a much longer list.
    for (let l = 1; l < lists.length && candidates.length > 64; l++) {
      if (lists[l]!.length > candidates.length * 4) break;
      const next = intersect(candidates, lists[l]!);
      // Nothing dropped: the other lists are as long or longer, and unlikely to drop more.
      if (next.length === candidates.length) break;
      candidates = next;
    }
    const found: number[] = [];
    for (let c = 0; c < candidates.length; c++) {
      const f = candidates[c]!;
      if (this.fields[f]!.includes(needle)) found.push(f);
    }
    return found;
  }

  private scanFields(needle: string): number[] {
    const found: number[] = [];
    let from = 0;
    for (;;) {
      const at = this.fieldText.indexOf(needle, from);
      if (at === -1) return found;
      const f = productAt(this.fieldStarts, at);
      found.push(f);
      from = this.fieldStarts[f + 1]!;
    }
  }

  /**
   * Marks every product holding `needle` (this.generation) and those whose own name does; returns
   * the name hits in order and how many products match in all.
   */
  private mark(needle: string): { names: number[]; total: number } {
    const fields = this.matchingFields(needle);
    const gen = ++this.generation;
    if (gen === 0xffffffff) {
      this.hitMark.fill(0);
      this.nameMark.fill(0);
      this.generation = 1;
      return this.mark(needle);
    }
    const names: number[] = [];
    let sorted = true;
    let total = 0;
    const { named, namedAt, carriers, carriersAt, nameMark, hitMark } = this;
    let last = -1;
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k]!;
      for (let j = namedAt[f]!, end = namedAt[f + 1]!; j < end; j++) {
        const i = named[j]!;
        // Two products whose names differ only in case or spaces may be apart in name order.
        if (i < last) sorted = false;
        last = i;
        names.push(i);
        nameMark[i] = gen;
      }
      for (let j = carriersAt[f]!, end = carriersAt[f + 1]!; j < end; j++) {
        const i = carriers[j]!;
        if (hitMark[i] !== gen) {
          hitMark[i] = gen;
          total++;
        }
      }
    }
    if (!sorted) names.sort((x, y) => x - y);
    return { names, total };
  }

  /** Products past the name hits, in order: the `skip`th to the `skip + count`th. */
  private others(skip: number, count: number, out: number[]): void {
    const gen = this.generation;
    for (let i = 0; i < this.hitMark.length && count > 0; i++) {
      if (this.hitMark[i] !== gen || this.nameMark[i] === gen) continue;
      if (skip > 0) skip--;
      else {
        out.push(i);
        count--;
      }
    }
  }

  /** The products holding `needle` (already normalised) from `start`, at most `limit`, and the total. */
  page(needle: string, start: number, limit: number): SearchPage {
    const { names, total } = this.mark(needle);
    const items = names.slice(start, start + limit);
    if (items.length < limit && start + items.length < total)
      this.others(Math.max(0, start - names.length), limit - items.length, items);
    return { total, items };
  }

  /** Every product holding `needle` (already normalised): name hits first, each in name order. */
  findIndices(needle: string): number[] {
    const { names, total } = this.mark(needle);
    this.others(0, total - names.length, names);
    return names;
  }

  /** findIndices by one pass over every product's whole key: the reference the index is tested against. */
  scanIndices(needle: string): number[] {
    const { text, starts, nameLengths } = this.scan();
    const nameHits: number[] = [];
    const otherHits: number[] = [];
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at === -1) break;
      const i = productAt(starts, at);
      if (at - starts[i]! + needle.length <= nameLengths[i]!) nameHits.push(i);
      else otherHits.push(i);
      from = starts[i + 1]!; // one hit per product is enough
    }
    for (const i of otherHits) nameHits.push(i);
    return nameHits;
  }

  /** All keys joined by newlines (which never survive normalisation), and where each starts. */
  private scan(): NonNullable<SearchIndex['scanned']> {
    if (this.scanned) return this.scanned;
    const n = this.entries.length;
    const starts = new Int32Array(n + 1);
    const nameLengths = new Int32Array(n);
    let offset = 0;
    this.entries.forEach((p, i) => {
      starts[i] = offset;
      offset += p.row.searchKey.length + 1;
      const sep = p.row.searchKey.indexOf(SEARCH_KEY_SEPARATOR);
      nameLengths[i] = sep === -1 ? p.row.searchKey.length : sep;
    });
    starts[n] = offset;
    const text = this.entries.map((p) => p.row.searchKey).join('\n');
    this.scanned = { text, starts, nameLengths };
    return this.scanned;
  }

  entry(i: number): ProductEntry {
    return this.entries[i]!;
  }

  /** The variant that explains a hit, when the product, brand and category names do not. */
  matchedVariant(i: number, needle: string): string | null {
    if (this.labelKeys[i] === undefined) {
      const p = this.entries[i]!;
      this.labelKeys[i] = [p.card.name, p.card.brandName, p.card.categoryName]
        .map(normalizeForSearch)
        .join(SEARCH_KEY_SEPARATOR);
      this.variantKeys[i] = p.variants.map((v) => normalizeForSearch(v.name));
    }
    if (this.labelKeys[i]!.includes(needle)) return null;
    const v = this.variantKeys[i]!.findIndex((k) => k.includes(needle));
    return v === -1 ? null : this.entries[i]!.variants[v]!.name;
  }
}

/** Lists of numbers as one array and where each list starts in it (one more start: the end). */
function flatten(lists: number[][]): [Int32Array, Int32Array] {
  const at = new Int32Array(lists.length + 1);
  let n = 0;
  lists.forEach((list, k) => {
    at[k] = n;
    n += list.length;
  });
  at[lists.length] = n;
  const all = new Int32Array(n);
  lists.forEach((list, k) => {
    all.set(list, at[k]!);
  });
  return [all, at];
}

/** Which of the texts joined at `starts` holds the character at `offset` (binary search). */
function productAt(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
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
