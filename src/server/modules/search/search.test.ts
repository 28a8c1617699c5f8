import { describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { normalizeForSearch } from '#shared/catalogue/search-key.ts';
import { testAppForFile } from '#tests/test-app.ts';
import { searchProductIdsInDatabase } from './search.service.ts';

const t = testAppForFile();

const search = async (q: string, extra = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}${extra}` });
  return res;
};

/** Independent oracle: which products match, computed in JS from every name in the database. */
async function expectedMatches(query: string): Promise<Set<string>> {
  const rows = await t.database.query<{ sku: string; names: string[] }>(
    `select p.sku, array[p.name, b.name, c.name] || coalesce(array_agg(v.name) filter (where v.id is not null), '{}') as names
       from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id
       left join variants v on v.product_id = p.id group by p.id, b.name, c.name`,
  );
  const needle = normalizeForSearch(query);
  return new Set(
    rows.filter((r) => r.names.some((n) => normalizeForSearch(n).includes(needle))).map((r) => r.sku),
  );
}

async function allHits(q: string) {
  const first = SearchResponseSchema.parse((await search(q, '&limit=60')).json());
  const items = [...first.items];
  for (let page = 2; page <= first.pageCount; page++) {
    items.push(...SearchResponseSchema.parse((await search(q, `&limit=60&page=${page}`)).json()).items);
  }
  return { total: first.total, items };
}

describe('GET /api/v1/search (SPEC §5)', () => {
  it('"MANGO ice" finds every product with a Mango Ice variant', async () => {
    const expected = await expectedMatches('Mango Ice');
    expect(expected.size).toBe(8); // the fixed-seed demo catalogue
    const { total, items } = await allHits('MANGO ice');
    expect(total).toBe(expected.size);
    expect(items).toHaveLength(expected.size);
    expect(items.some((i) => i.matchedVariant === 'Mango Ice')).toBe(true);
  });

  it('"nimbusbar" finds the brand "Nimbus Bar"', async () => {
    const { items } = await allHits('nimbusbar');
    expect(items).toHaveLength(3); // the fixed-seed demo catalogue's Nimbus Bar products
    expect(items.every((i) => i.brandName === 'Nimbus Bar' || i.name.includes('Nimbus Bar'))).toBe(true);
    expect(items.length).toBe((await expectedMatches('nimbusbar')).size);
  });

  it('finds every word in any order, each in some name (decision 014, item 2)', async () => {
    const rows = await t.database.query<{ slug: string; names: string[] }>(
      `select p.slug, array[p.name, b.name, c.name] || coalesce(array_agg(v.name) filter (where v.id is not null), '{}') as names
         from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id
         left join variants v on v.product_id = p.id group by p.id, b.name, c.name`,
    );
    const holdingEvery = (words: string[]) =>
      new Set(
        rows
          .filter((r) => words.every((w) => r.names.some((n) => normalizeForSearch(n).includes(w))))
          .map((r) => r.slug),
      );
    for (const [q, words] of [
      ['razz blue', ['razz', 'blue']],
      ['flintlock scale', ['flintlock', 'scale']],
      ['SCALE  flintlock 55', ['scale', 'flintlock', '55']],
    ] as const) {
      const expected = holdingEvery([...words]);
      expect(expected.size, q).toBeGreaterThan(0);
      const { total, items } = await allHits(q);
      expect(total, q).toBe(expected.size);
      expect(new Set(items.map((i) => i.id)), q).toEqual(expected);
    }
    // A word only an option holds names that option.
    const { items } = await allHits('razz blue');
    expect(items.every((i) => i.matchedVariant === null || /blue razz/i.test(i.matchedVariant))).toBe(true);
    expect(items.some((i) => i.matchedVariant !== null)).toBe(true);
    // The spec's whole-needle matches come first: "Flintlock Supply Digital Pocket Scale" holds
    // "pocketscale" in its own name.
    const scale = await allHits('pocket scale');
    expect(scale.items[0]!.name).toMatch(/Pocket Scale/);
  });

  it("an option's SKU or a product's code finds that product first, an exact SKU naming its option", async () => {
    const [option] = await t.database.query<{ sku: string; name: string; product: string; code: string }>(
      `select v.sku, v.name, p.name as product, p.product_code as code
         from variants v join products p on p.id = v.product_id where v.sku = 'SS-1003-10'`,
    );
    // The small test catalogue's Nimbus Bar Ultra in Mango Ice: many products hold "mango ice",
    // and the exact SKU puts this one first, alone.
    expect(option).toMatchObject({ name: 'Mango Ice', code: 'P1003' });
    for (const q of ['SS-1003-10', 'ss-1003-10', ' SS-1003-10 ']) {
      const body = SearchResponseSchema.parse((await search(q)).json());
      expect(body.items[0]!.name, q).toBe(option!.product);
      expect(body.items[0]!.matchedVariant, q).toBe(option!.name);
      expect(body.total, q).toBe(1);
    }
    const byCode = SearchResponseSchema.parse((await search(option!.code.toLowerCase())).json());
    expect(byCode.items[0]!.name).toBe(option!.product);
    expect(byCode.items[0]!.matchedVariant).toBeNull();
    // A piece of a SKU is not a code: it finds what the names hold, here nothing.
    expect(SearchResponseSchema.parse((await search('SS-1003-1')).json()).total).toBe(0);
  });

  it('matches category names', async () => {
    const { total } = await allHits('water pipes');
    const [row] = await t.database.query<{ n: string }>(
      "select count(*) as n from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id where c.slug = 'water-pipes'",
    );
    expect(total).toBe(Number(row!.n));
  });

  it('lists products whose own name matches first', async () => {
    const { items } = await allHits('ice');
    const firstVariantOnly = items.findIndex((i) => i.matchedVariant !== null);
    const lastNameMatch = items.findLastIndex((i) => normalizeForSearch(i.name).includes('ice'));
    if (firstVariantOnly !== -1 && lastNameMatch !== -1) expect(lastNameMatch).toBeLessThan(firstVariantOnly);
  });

  it.each(["'; drop table products; --", '%', '_', '\\', 'a%b', "' or 1=1 --"])(
    'treats %j literally',
    async (q) => {
      const res = await search(q);
      expect(res.statusCode).toBe(200);
      const body = SearchResponseSchema.parse(res.json());
      expect(body.total).toBe((await expectedMatches(q)).size);
      const [row] = await t.database.query<{ n: string }>('select count(*) as n from products');
      expect(Number(row!.n)).toBe(114); // every product of the demo catalogue is still there
    },
  );

  it('an empty or blank query finds nothing', async () => {
    for (const q of ['', '   ']) {
      const body = SearchResponseSchema.parse((await search(q)).json());
      expect(body.items).toEqual([]);
      expect(body.total).toBe(0);
    }
  });

  it('a query with no match answers an empty list', async () => {
    const body = SearchResponseSchema.parse((await search('zzqqxxnothing')).json());
    expect(body.total).toBe(0);
  });

  it('refuses over-long and malformed parameters with a message', async () => {
    const long = await search('x'.repeat(10_000));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Search text must be at most 100 characters');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/search' })).statusCode).toBe(400);
    expect((await search('ice', '&page=abc')).statusCode).toBe(400);
    expect((await search('ice', '&limit=100000')).statusCode).toBe(400);
  });
});

describe('searchProductIdsInDatabase (pg_trgm)', () => {
  it.each(['MANGO ice', 'nimbusbar', 'water pipes', 'ice', '%', 'zzqqxxnothing'])(
    'finds the same products as the storefront for %j',
    async (q) => {
      const ids = await searchProductIdsInDatabase(t.database, q, 10_000);
      const rows = ids.length
        ? await t.database.query<{ sku: string }>('select sku from products where id = any($1::int[])', [ids])
        : [];
      expect(new Set(rows.map((r) => r.sku))).toEqual(await expectedMatches(q));
    },
  );

  it('lists name hits first', async () => {
    const ids = await searchProductIdsInDatabase(t.database, 'ice', 10_000);
    const rows = await t.database.query<{ id: number; name: string }>(
      'select id, name from products where id = any($1::int[])',
      [ids],
    );
    const nameOf = new Map(rows.map((r) => [r.id, r.name]));
    const isNameHit = ids.map((id) => normalizeForSearch(nameOf.get(id)!).includes('ice'));
    const firstOther = isNameHit.indexOf(false);
    if (firstOther !== -1) expect(isNameHit.slice(firstOther).every((x) => !x)).toBe(true);
  });

  it('uses the trigram index on a selective query', async () => {
    await t.database.query('set enable_seqscan = off');
    const plan = await t.database.query<Record<string, string>>(
      "explain select id from products where search_key like '%nimbusbar%'",
    );
    await t.database.query('set enable_seqscan = on');
    expect(Object.values(plan.flatMap((r) => Object.values(r))).join('\n')).toContain(
      'products_search_key_trgm',
    );
  });
});

describe('GET /api/v1/search with hostile input', () => {
  it('NUL bytes are a 400 with a message, broken UTF-8 never a 500; control characters and the separator a 200', async () => {
    // As sent on the wire: a NUL, and a lone surrogate's bytes (which no UTF-8 decoder accepts).
    for (const q of ['%00', 'man%00go', '%ED%A0%80', '%ED%BF%BFice', '%C0%80']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?q=${q}` });
      expect(res.statusCode, q).toBeLessThan(500);
      if (res.statusCode !== 200) expect(res.json().message, q).toEqual(expect.any(String));
    }
    for (const q of ['\u0000', 'man\u0000go']) expect((await search(q)).statusCode, q).toBe(400);
    for (const q of ['ice\u001fnimbus', '\u001f', '\u0007ice', '   ', '%', '\\'])
      expect((await search(q)).statusCode, JSON.stringify(q)).toBe(200);
    // A needle never spans two names: the separator is dropped, not matched across.
    const across = SearchResponseSchema.parse((await search('ice\u001fnimbus')).json());
    expect(across.total).toBe((await expectedMatches('icenimbus')).size);
  });

  it('pages past int4 and absurd limits are a 400, deep pages an empty 200', async () => {
    for (const extra of ['&page=2147483648', '&page=0', '&limit=0', '&limit=61', '&page=-1', '&page=abc'])
      expect((await search('ice', extra)).statusCode, extra).toBe(400);
    const deep = SearchResponseSchema.parse((await search('ice', '&page=100000')).json());
    expect(deep.items).toEqual([]);
    expect(deep.total).toBeGreaterThan(0);
  });
});
