/**
 * The trigram index against the one-pass scan it replaced (kept for short needles): the same
 * products in the same order for thousands of generated queries over the large catalogue.
 */
import { describe, expect, it } from 'vitest';
import type { ProductEntry } from '#server/modules/catalogue/catalogue-read-model.ts';
import { generateCatalogue, mulberry32 } from '#server/modules/catalogue/demo/demo-catalogue.ts';
import {
  buildSearchKey,
  normalizeForSearch,
  parseSearchQuery,
  SEARCH_KEY_SEPARATOR,
} from '#shared/catalogue/search-key.ts';
import { SearchIndex } from './search-index.ts';

/** The large demo catalogue as the read model's entries hold what search reads. */
function largeCatalogue(): ProductEntry[] {
  const c = generateCatalogue('large');
  const brandName = new Map(c.brands.map((b) => [b.key, b.name]));
  const categoryName = new Map(c.categories.map((x) => [x.slug, x.name]));
  return c.products.map((p, i) => {
    const brand = brandName.get(p.brandKey)!;
    const category = categoryName.get(p.categorySlug)!;
    return {
      dbId: i + 1,
      card: { name: p.name, brandName: brand, categoryName: category },
      row: {
        searchKey: buildSearchKey([p.name, brand, category, ...p.variants.map((v) => v.name)]),
        sku: p.sku,
        productCode: p.productCode,
      },
      variants: p.variants.map((v) => ({ name: v.name, sku: v.sku })),
    } as unknown as ProductEntry;
  });
}

/**
 * The reference for a buyer's query, written as plainly as it reads: products an exact code
 * names (options' SKUs, then products' SKUs and codes), then the spec's needle matches, then every
 * product holding each word in some name; each product once.
 */
function referenceSearch(index: SearchIndex, products: readonly ProductEntry[]): (text: string) => number[] {
  const order = products.map((_, i) => index.entry(i));
  const all = order.map((_, i) => i);
  const names = order.map((p) => p.row.searchKey.split(SEARCH_KEY_SEPARATOR));
  const options = order.map((p) => p.variants.map((v) => normalizeForSearch(v.sku)));
  const codes = order.map((p) => [normalizeForSearch(p.row.sku), normalizeForSearch(p.row.productCode)]);
  return (text) => {
    const { needle, words } = parseSearchQuery(text);
    if (!needle) return [];
    const byOption = all.filter((i) => options[i]!.includes(needle));
    const byCode = all.filter((i) => codes[i]!.includes(needle));
    const byWords = all.filter((i) => words.every((w) => names[i]!.some((n) => n.includes(w))));
    return [...new Set([...byOption, ...byCode, ...index.scanIndices(needle), ...byWords])];
  };
}

describe('search index', () => {
  const products = largeCatalogue();
  const index = SearchIndex.over(products);

  it('finds what the one-pass scan finds, in the same order, for thousands of queries', () => {
    const rng = mulberry32(13);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
    const names = products.flatMap((p) => [
      normalizeForSearch((p as unknown as { card: { name: string } }).card.name),
      ...p.variants.map((v) => normalizeForSearch(v.name)),
    ]);
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789-.%';
    const queries = new Set([
      'mangoice',
      'nimbusbar',
      'bluedream',
      'ice',
      'mg',
      'zzqq',
      '10000puffs',
      'delta-8',
    ]);
    while (queries.size < 3000) {
      const r = rng();
      if (r < 0.7) {
        // A piece of a real name or option: most of these match something.
        const name = pick(names);
        const length = 1 + Math.floor(rng() * Math.min(14, name.length));
        const start = Math.floor(rng() * (name.length - length + 1));
        queries.add(name.slice(start, start + length));
      } else {
        // Made-up text: most match nothing, some by chance.
        let q = '';
        for (let n = 3 + Math.floor(rng() * 4); n > 0; n--) q += pick([...letters]);
        queries.add(q);
      }
    }
    let matched = 0;
    for (const q of queries) {
      const expected = index.scanIndices(q);
      expect(index.findIndices(q), q).toEqual(expected);
      // A page anywhere: among the name hits, across into the rest, past the end.
      const start = Math.floor(rng() * (expected.length + 5));
      for (const [from, limit] of [
        [0, 20],
        [start, 7],
        [expected.length, 3],
      ] as const)
        expect(index.page(q, from, limit), `${q} from ${from}`).toEqual({
          total: expected.length,
          items: expected.slice(from, from + limit),
        });
      if (expected.length) matched++;
    }
    expect(matched).toBeGreaterThan(1500); // the test exercised hits, not only misses
  });

  it('a query of words, or an exact code, finds what the plain reference finds, in its order', () => {
    const rng = mulberry32(31);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
    const piece = (name: string) => {
      const words = name.split(/\s+/).filter(Boolean);
      const word = pick(words);
      const length = 1 + Math.floor(rng() * word.length);
      const start = Math.floor(rng() * (word.length - length + 1));
      return word.slice(start, start + length);
    };
    const queries = new Set([
      'razz blue',
      'ice mango',
      'SS-1358-01',
      'p1358',
      'ss 1358',
      'bar nimbus ice',
      'zz qq',
    ]);
    while (queries.size < 600) {
      const p = pick(products);
      const names = [p.card.name, p.card.brandName, p.card.categoryName, ...p.variants.map((v) => v.name)];
      const r = rng();
      if (r < 0.6) {
        // Two or three pieces of one product's names, in any order: that product at least matches.
        const count = 2 + Math.floor(rng() * 2);
        queries.add(Array.from({ length: count }, () => piece(pick(names))).join(pick([' ', '  ', '\t'])));
      } else if (r < 0.8) {
        // Pieces of two products' names: sometimes both in one product, often in none.
        queries.add(`${piece(pick(names))} ${piece(pick([pick(products).card.name]))}`);
      } else {
        // A code as a buyer types it: any case, sometimes a product's SKU or code.
        const code = pick([...p.variants.map((v) => v.sku), p.row.sku, p.row.productCode]);
        queries.add(rng() < 0.5 ? code.toLowerCase() : code);
      }
    }
    let multiWordHits = 0;
    let codeHits = 0;
    const reference = referenceSearch(index, products);
    for (const q of queries) {
      const expected = reference(q);
      const query = parseSearchQuery(q);
      expect(index.searchAll(query), q).toEqual(expected);
      const start = Math.floor(rng() * (expected.length + 3));
      for (const [from, limit] of [
        [0, 20],
        [start, 5],
        [expected.length, 3],
      ] as const)
        expect(index.search(query, from, limit), `${q} from ${from}`).toEqual({
          total: expected.length,
          items: expected.slice(from, from + limit),
        });
      if (query.words.length > 1 && expected.length > index.scanIndices(query.needle).length) multiWordHits++;
      if (expected.length && expected[0] !== index.scanIndices(query.needle)[0]) codeHits++;
    }
    // The words and the codes found what the spec's needle alone does not, many times over.
    expect(multiWordHits).toBeGreaterThan(200);
    expect(codeHits).toBeGreaterThan(80);
  }, 120_000);

  it('an exact SKU names its option; words the names lack name the option holding them', () => {
    const first = index.entry(0);
    const option = first.variants[first.variants.length - 1]!;
    expect(index.matchedVariant(0, parseSearchQuery(option.sku.toLowerCase()))).toBe(option.name);
    expect(index.matchedVariant(0, parseSearchQuery(first.row.productCode))).toBeNull();
    const word = normalizeForSearch(option.name.split(' ')[0]!);
    const brand = normalizeForSearch(first.card.brandName);
    const labels = [first.card.name, first.card.brandName, first.card.categoryName].map(normalizeForSearch);
    if (!labels.some((l) => l.includes(word)))
      expect(index.matchedVariant(0, parseSearchQuery(`${word} ${brand}`))).toBe(
        first.variants.find((v) => normalizeForSearch(v.name).includes(word))!.name,
      );
    expect(index.matchedVariant(0, parseSearchQuery(brand))).toBeNull();
  });

  it('a character no key holds, or a trigram none does, finds nothing at once', () => {
    expect(index.findIndices('mango€ice')).toEqual([]);
    expect(index.findIndices('qqqxj')).toEqual([]);
    expect(index.findIndices('ice').length).toBe(index.scanIndices('ice').length);
  });

  it("names that differ only in case or spaces, and a name that is another product's option", () => {
    const product = (dbId: number, name: string, brand: string, variants: string[]) =>
      ({
        dbId,
        card: { name, brandName: brand, categoryName: 'Vapes' },
        row: { searchKey: buildSearchKey([name, brand, 'Vapes', ...variants]) },
        variants: variants.map((v) => ({ name: v })),
      }) as unknown as ProductEntry;
    // In name order (code units): "MANGO ICE" < "MANGO ICE X" < "Mango Ice" < "Peach"; the two
    // products named mangoice are apart, and "Peach" carries "Mango Ice" as an option.
    const small = SearchIndex.over([
      product(1, 'Mango Ice', 'Aero', ['Mango Ice', 'Mango Ice']),
      product(2, 'MANGO ICE X', 'Aero', []),
      product(3, 'MANGO ICE', 'Bolt', []),
      product(4, 'Peach', 'Bolt', ['Mango Ice', 'Peach Mango Ice']),
      product(5, 'Grape', 'Bolt', ['Grape']),
    ]);
    for (const q of ['mangoice', 'mangoicex', 'ice', 'bolt', 'ma', 'g', 'vapes', 'peach']) {
      expect(small.findIndices(q), q).toEqual(small.scanIndices(q));
      expect(small.page(q, 1, 2).items, q).toEqual(small.scanIndices(q).slice(1, 3));
    }
    expect(small.findIndices('mangoice').map((i) => small.entry(i).dbId)).toEqual([3, 2, 1, 4]);
    expect(small.page('mangoice', 0, 10).total).toBe(4);
  });
});
