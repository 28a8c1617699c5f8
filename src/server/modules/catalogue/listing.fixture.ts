import type { Database } from '#server/db/client.ts';

/*
 * The listing's sorts and filters worked out again, plainly, from the database's rows: the
 * oracle the listing tests compare the read model's answers with. Written from the rules in the
 * item 10 decision, not from the read model's code.
 */

export interface RefProduct {
  key: string;
  dbId: number;
  name: string;
  categoryId: string;
  group: string | null;
  brandId: string;
  createdAt: number;
  inStock: boolean;
  listCents: number;
  /** What a visitor's card shows: the sale price when a discount applies (SPEC §9). */
  publicCents: number;
  /** Option names, folded (lower case), when the product is a flavoured vape product. */
  flavours: string[];
  nicotine: number[];
  options: { id: number; sku: string; minQuantity: number }[];
}

const VAPE_KINDS = ['ends_device', 'e_liquid', 'pod_cartridge'];

export async function referenceProducts(database: Database): Promise<RefProduct[]> {
  const rows = await database.query<{
    id: number;
    slug: string;
    name: string;
    c: string;
    grp: string | null;
    b: string;
    created: string;
    price_cents: number;
    discount_price_cents: number | null;
    discount_percentage: number | null;
    compliance: Record<string, unknown>;
    variants: {
      id: number;
      sku: string;
      name: string;
      stock: number;
      min: number;
      compliance: Record<string, unknown>;
    }[];
  }>(
    `select p.id, p.slug, p.name, c.slug as c, c."group" as grp, b.slug as b,
            (extract(epoch from p.created_at) * 1000)::text as created,
            p.price_cents, p.discount_price_cents, p.discount_percentage, p.compliance,
            coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name,
                        'stock', v.stock, 'min', v.min_quantity, 'compliance', v.compliance)
                        order by v.position, v.id)
                      from variants v where v.product_id = p.id), '[]'::json) as variants
       from products p join brands b on b.id = p.brand_id join categories c on c.id = b.category_id
      where not p.hidden`,
  );
  return rows.map((r) => {
    const discounted =
      r.discount_price_cents !== null &&
      r.discount_percentage !== null &&
      r.discount_percentage > 0 &&
      r.discount_price_cents < r.price_cents;
    const flavouredOption = (v: { compliance: Record<string, unknown> }) =>
      typeof v.compliance.flavoured === 'boolean' ? v.compliance.flavoured : r.compliance.flavoured === true;
    const flavoured =
      VAPE_KINDS.includes(String(r.compliance.kind)) &&
      (r.compliance.flavoured === true || r.variants.some(flavouredOption));
    const strengths = r.variants.length
      ? r.variants.map((v) =>
          'nicotineMgPerMl' in v.compliance ? v.compliance.nicotineMgPerMl : r.compliance.nicotineMgPerMl,
        )
      : [r.compliance.nicotineMgPerMl];
    return {
      key: `${r.c}/${r.b}/${r.slug}`,
      dbId: r.id,
      name: r.name,
      categoryId: r.c,
      group: r.grp,
      brandId: r.b,
      createdAt: Math.floor(Number(r.created)),
      inStock: r.variants.some((v) => v.stock > 0),
      listCents: r.price_cents,
      publicCents: discounted ? r.discount_price_cents! : r.price_cents,
      flavours: flavoured ? [...new Set(r.variants.map((v) => v.name.trim().toLowerCase()))] : [],
      nicotine: [...new Set(strengths.filter((n): n is number => typeof n === 'number'))],
      options: r.variants.map((v) => ({ id: v.id, sku: v.sku, minQuantity: v.min })),
    };
  });
}

export interface RefQuery {
  categoryId: string;
  brandId?: string;
  sort?: 'featured' | 'price_asc' | 'price_desc' | 'name' | 'newest';
  inStock?: boolean;
  minCents?: number;
  maxCents?: number;
  flavours?: string[];
  nicotine?: number[];
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const defaultCollator = new Intl.Collator();

/** The spec's listing order: in stock first, newest, then name. */
function featured(a: RefProduct, b: RefProduct) {
  return (
    Number(b.inStock) - Number(a.inStock) ||
    b.createdAt - a.createdAt ||
    defaultCollator.compare(a.name, b.name)
  );
}
const nameOrder = (a: RefProduct, b: RefProduct) => byName.compare(a.name, b.name) || a.dbId - b.dbId;

export function inScope(p: RefProduct, q: Pick<RefQuery, 'categoryId' | 'brandId'>): boolean {
  const category = q.categoryId === 'ALL' || p.categoryId === q.categoryId || p.group === q.categoryId;
  return category && (!q.brandId || p.brandId === q.brandId);
}

/** Which filters a product passes, each on its own. */
function passes(p: RefProduct, q: RefQuery, price: (p: RefProduct) => number) {
  const cents = price(p);
  const folded = q.flavours?.map((f) => f.trim().toLowerCase());
  return {
    base: inScope(p, q) && (!q.inStock || p.inStock),
    price: cents >= (q.minCents ?? 0) && cents <= (q.maxCents ?? Number.POSITIVE_INFINITY),
    flavour: !folded || p.flavours.some((f) => folded.includes(f)),
    nicotine: !q.nicotine || p.nicotine.some((n) => q.nicotine!.includes(n)),
  };
}

/** The listing's products, in order, for a visitor (`price`: the card's) or a grouped buyer. */
export function referenceListing(
  products: readonly RefProduct[],
  q: RefQuery,
  price: (p: RefProduct) => number = (p) => p.publicCents,
): RefProduct[] {
  const kept = products.filter((p) => {
    const ok = passes(p, q, price);
    return ok.base && ok.price && ok.flavour && ok.nicotine;
  });
  const sort = q.sort ?? 'featured';
  return kept.sort(
    sort === 'featured'
      ? featured
      : sort === 'name'
        ? nameOrder
        : sort === 'newest'
          ? (a, b) => b.createdAt - a.createdAt || b.dbId - a.dbId
          : sort === 'price_asc'
            ? (a, b) => price(a) - price(b) || nameOrder(a, b)
            : (a, b) => price(b) - price(a) || nameOrder(a, b),
  );
}

/** Each facet's counts (folded flavour → products, mg/ml → products), every filter but its own applied. */
export function referenceFacets(
  products: readonly RefProduct[],
  q: RefQuery,
  price: (p: RefProduct) => number = (p) => p.publicCents,
): { flavours: Record<string, number>; nicotine: Record<string, number> } {
  const flavours: Record<string, number> = {};
  const nicotine: Record<string, number> = {};
  for (const p of products) {
    const ok = passes(p, q, price);
    if (!ok.base || !ok.price) continue;
    if (ok.nicotine) for (const f of p.flavours) flavours[f] = (flavours[f] ?? 0) + 1;
    if (ok.flavour) for (const n of p.nicotine) nicotine[String(n)] = (nicotine[String(n)] ?? 0) + 1;
  }
  // A chosen value stays offered (at 0) so it can be unchosen, when the listing has it at all.
  return { flavours, nicotine };
}

/** The query string of a reference query (prices in dollars). */
export function listingQueryString(q: RefQuery & { page?: number; pageSize?: number }): string {
  const qs = new URLSearchParams({ categoryId: q.categoryId });
  if (q.brandId) qs.set('brandId', q.brandId);
  if (q.sort) qs.set('sort', q.sort);
  if (q.inStock) qs.set('inStock', 'true');
  if (q.minCents !== undefined) qs.set('minPrice', (q.minCents / 100).toFixed(2));
  if (q.maxCents !== undefined) qs.set('maxPrice', (q.maxCents / 100).toFixed(2));
  for (const f of q.flavours ?? []) qs.append('flavour', f);
  for (const n of q.nicotine ?? []) qs.append('nicotine', String(n));
  if (q.page) qs.set('page', String(q.page));
  if (q.pageSize) qs.set('pageSize', String(q.pageSize));
  return qs.toString();
}
