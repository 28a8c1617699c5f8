import type { CatalogueReadModel, ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { normalizeForSearch, SEARCH_KEY_SEPARATOR, type SearchQuery } from '#shared/catalogue/search-key.ts';
import { type CodeHit, codeMap } from './code-map.ts';
import { ScanReference } from './scan-reference.ts';
import { flatten, intersect, scanTexts } from './sorted-lists.ts';

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
  /** The reference scan, built on its first use (tests; never on a request). */
  private scanned?: ScanReference;
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
  /**
   * Per product, how many of a query's words it has shown so far: the words are taken in turn and
   * a product moves from `base + k - 1` to `base + k` when it holds the k+1th word.
   */
  private readonly wordMark: Uint32Array;
  private wordBase = 0;
  /** Exact codes (normalised) → the products they name, options' SKUs before products' codes. */
  private codes?: Map<string, CodeHit[]>;

  private constructor(products: readonly ProductEntry[]) {
    this.entries = [...products].sort((a, b) =>
      a.card.name < b.card.name ? -1 : a.card.name > b.card.name ? 1 : a.dbId - b.dbId,
    );
    this.hitMark = new Uint32Array(this.entries.length);
    this.nameMark = new Uint32Array(this.entries.length);
    this.wordMark = new Uint32Array(this.entries.length);
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
    if (needle.length < 3) return scanTexts(this.fieldText, this.fieldStarts, needle);
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
    this.scanned ??= new ScanReference(this.entries);
    return this.scanned.indices(needle);
  }

  /**
   * A buyer's query (docs/decisions/014, item 2), `start` to `start + limit`: products an exact code
   * names first (an option's SKU before a product's SKU or code), then the spec's matches of the
   * whole needle (name hits first, each in name order), then the products holding every word, each
   * in some name, in any order (in name order). The needle's matches hold every word, so the last
   * part only adds. A one-word query naming no code is the spec's search alone (`page`).
   */
  search(query: SearchQuery, start: number, limit: number): SearchPage {
    if (!query.needle) return { total: 0, items: [] };
    const codes = this.codeHits(query.needle);
    // One word that is the whole needle adds nothing ("ice"; not "ice ice", whose needle is longer).
    const needleOnly = query.words.length === 1 && query.words[0] === query.needle;
    if (!codes.length && needleOnly) return this.page(query.needle, start, limit);
    const { names, total: needleTotal } = this.mark(query.needle);
    const gen = this.generation;
    const words = needleOnly ? undefined : this.markWords(query.words);
    const coded = new Set(codes.map((c) => c.i));
    const inWords = (i: number) => (words ? this.wordMark[i] === words.done : this.hitMark[i] === gen);
    let total = (words ? words.total : needleTotal) + coded.size;
    for (const i of coded) if (inWords(i)) total--;

    const items: number[] = [];
    let skip = start;
    let want = limit;
    /** Takes a product in order; false once the page is full. */
    const take = (i: number): boolean => {
      if (skip > 0) skip--;
      else {
        items.push(i);
        want--;
      }
      return want > 0;
    };
    if (want <= 0) return { total, items };
    for (const i of coded) if (!take(i)) return { total, items };
    for (const i of names) if (!coded.has(i) && !take(i)) return { total, items };
    const { hitMark, nameMark, wordMark } = this;
    for (let i = 0; i < hitMark.length; i++)
      if (hitMark[i] === gen && nameMark[i] !== gen && !coded.has(i) && !take(i)) return { total, items };
    if (words)
      for (let i = 0; i < wordMark.length; i++)
        if (wordMark[i] === words.done && hitMark[i] !== gen && !coded.has(i) && !take(i))
          return { total, items };
    return { total, items };
  }

  /** Every product `search` finds, in its order. */
  searchAll(query: SearchQuery): number[] {
    return this.search(query, 0, Number.POSITIVE_INFINITY).items;
  }

  /**
   * Marks the products holding every word (each in some name); the mark they end with and how many.
   * The words are taken in turn: a product moves from `base + k - 1` to `base + k` when it holds
   * the k+1th word, so only those holding every word end on `done`.
   */
  private markWords(words: readonly string[]): { done: number; total: number } {
    const n = words.length;
    if (this.wordBase + n + 1 >= 0xffffffff) {
      this.wordMark.fill(0);
      this.wordBase = 0;
    }
    // Every product's mark is at most wordBase: base is new to all of them.
    const base = this.wordBase + 1;
    const done = base + n - 1;
    this.wordBase = done;
    const { wordMark, carriers, carriersAt } = this;
    let total = 0;
    for (let k = 0; k < n; k++) {
      const fields = this.matchingFields(words[k]!);
      const from = base + k - 1;
      const to = base + k;
      for (let c = 0; c < fields.length; c++) {
        const f = fields[c]!;
        for (let j = carriersAt[f]!, end = carriersAt[f + 1]!; j < end; j++) {
          const i = carriers[j]!;
          if (k === 0 ? wordMark[i] === to : wordMark[i] !== from) continue;
          wordMark[i] = to;
          if (to === done) total++;
        }
      }
      // Nobody holds this word: nobody can hold them all.
      if (k < n - 1 && fields.length === 0) return { done, total: 0 };
    }
    return { done, total };
  }

  /** The products an exact code (normalised) names, options' SKUs first. */
  private codeHits(needle: string): readonly CodeHit[] {
    this.codes ??= codeMap(this.entries);
    return this.codes.get(needle) ?? [];
  }

  entry(i: number): ProductEntry {
    return this.entries[i]!;
  }

  /**
   * The option that explains a hit, when the product, brand and category names do not: the option
   * whose SKU the query is, else one holding the needle, else one holding the words the names lack.
   */
  matchedVariant(i: number, query: SearchQuery | string): string | null {
    const { needle, words } = typeof query === 'string' ? { needle: query, words: [query] } : query;
    const code = this.codeHits(needle).find((c) => c.i === i);
    if (code) return code.variant;
    if (this.labelKeys[i] === undefined) {
      const p = this.entries[i]!;
      this.labelKeys[i] = [p.card.name, p.card.brandName, p.card.categoryName]
        .map(normalizeForSearch)
        .join(SEARCH_KEY_SEPARATOR);
      this.variantKeys[i] = p.variants.map((v) => normalizeForSearch(v.name));
    }
    const labels = this.labelKeys[i]!;
    const variants = this.variantKeys[i]!;
    if (labels.includes(needle)) return null;
    let v = variants.findIndex((k) => k.includes(needle));
    if (v === -1) {
      const missing = words.filter((w) => !labels.includes(w));
      if (!missing.length) return null;
      v = variants.findIndex((k) => missing.every((w) => k.includes(w)));
      if (v === -1) v = variants.findIndex((k) => missing.some((w) => k.includes(w)));
    }
    return v === -1 ? null : this.entries[i]!.variants[v]!.name;
  }
}
