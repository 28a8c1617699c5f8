/**
 * The storefront's in-memory read model of the catalogue.
 *
 * Catalogue reads dominate a store's traffic and the catalogue changes rarely, so the whole
 * catalogue is loaded once into memory with its JSON pre-serialised; requests then cost a map
 * lookup and a string join instead of a database round trip. Any write to the catalogue calls
 * `CatalogueCache.invalidate()` (and NOTIFYs other instances, see catalogue-cache.ts).
 */

import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { asciiJson } from '#server/http/send-json.ts';
import {
  ALL_CATEGORIES,
  BANNER_SLOTS,
  CATEGORY_GROUPS,
  type CategoryGroup,
  NEW_ARRIVAL_LIMITS,
  type NewArrivalTab,
} from '#shared/catalogue/catalogue.constants.ts';
import type {
  Banner,
  BannersResponse,
  BrandLink,
  MenuResponse,
  ProductCard,
} from '#shared/catalogue/catalogue.schemas.ts';
import { placeholderImage } from '#shared/catalogue/catalogue.schemas.ts';
import { banners, brands, categories, products, variants } from './catalogue.table.ts';
import { listingOrder, reposition } from './listing-order.ts';
import { productDetail } from './product-detail.ts';
import type { BrandEntry, CategoryEntry, ProductEntry, Scope } from './catalogue-entries.ts';

export type { BrandEntry, CategoryEntry, ProductEntry, Scope } from './catalogue-entries.ts';

/** Up to `n` distinct random items (a partial Fisher-Yates over indices). */
export function randomPick<T>(items: readonly T[], n: number, random: () => number = Math.random): T[] {
  const count = Math.min(n, items.length);
  if (count === items.length && count <= 1) return [...items];
  const taken = new Map<number, number>();
  const out: T[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (items.length - i));
    const vj = taken.get(j) ?? j;
    taken.set(j, taken.get(i) ?? i);
    out.push(items[vj]!);
  }
  return out;
}

export class CatalogueReadModel {
  readonly categories: CategoryEntry[];
  readonly categoryBySlug: Map<string, CategoryEntry>;
  readonly productByPath: Map<string, ProductEntry>;
  readonly productById: Map<number, ProductEntry>;
  readonly allProducts: ProductEntry[];
  readonly newProducts: ProductEntry[];
  readonly menuJson: string;
  readonly bannersJson: string;
  readonly loadedAt = Date.now();
  /** Names this load (random, so two instances or two loads never share one). */
  private readonly loadId = randomBytes(6).toString('base64url');
  /** Bumped by every stock change applied in place. */
  private stockRevision = 0;
  private readonly scopeCache = new Map<string, Scope>();
  private readonly filteredCache = new Map<string, ProductEntry[]>();
  private readonly detailCache = new Map<ProductEntry, string>();
  private productByVariantId: Map<number, ProductEntry> | null = null;
  private variantBySkuIndex: Map<string, ProductEntry> | null = null;

  private constructor(
    categoryList: CategoryEntry[],
    productList: ProductEntry[],
    bannerRows: (typeof banners.$inferSelect)[],
  ) {
    this.categories = categoryList;
    this.categoryBySlug = new Map(categoryList.map((c) => [c.slug, c]));
    this.productByPath = new Map(
      productList.map((p) => [`${p.card.categoryId}/${p.card.brandId}/${p.slug}`, p]),
    );
    this.productById = new Map(productList.map((p) => [p.dbId, p]));
    this.allProducts = [...productList].sort(listingOrder);
    for (const c of categoryList) {
      c.products.sort(listingOrder);
      for (const b of c.brands) b.products.sort(listingOrder);
    }
    this.newProducts = this.allProducts.filter((p) => p.card.isNew);

    const menu: MenuResponse = {
      groups: [...CATEGORY_GROUPS],
      categories: categoryList.map((c) => ({
        id: c.slug,
        name: c.name,
        group: c.group,
        productCount: c.products.length,
        brands: c.brands.map((b) => brandLink(b)),
      })),
    };
    this.menuJson = asciiJson(menu);

    const bySlot = Object.fromEntries(BANNER_SLOTS.map((s) => [s, [] as Banner[]])) as BannersResponse;
    for (const b of bannerRows) {
      const list = bySlot[b.slot as keyof BannersResponse];
      if (list) list.push({ id: b.id, title: b.title, href: b.href, image: b.image });
    }
    this.bannersJson = asciiJson(bySlot);
  }

  static async load(db: Db): Promise<CatalogueReadModel> {
    const [catRows, brandRows, productRows, variantRows, bannerRows] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
      db.select().from(brands).orderBy(asc(brands.position), asc(brands.name)),
      db.select().from(products).where(eq(products.hidden, false)),
      db.select().from(variants).orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
      db.select().from(banners).orderBy(asc(banners.slot), asc(banners.position), asc(banners.id)),
    ]);
    const cats = new Map<number, CategoryEntry>();
    const categoryList = catRows.map((c) => {
      const entry: CategoryEntry = {
        dbId: c.id,
        slug: c.slug,
        name: c.name,
        group: (c.group as CategoryGroup | null) ?? null,
        brands: [],
        products: [],
      };
      cats.set(c.id, entry);
      return entry;
    });
    const brandMap = new Map<number, BrandEntry>();
    for (const b of brandRows) {
      const category = cats.get(b.categoryId);
      if (!category) continue;
      const entry: BrandEntry = {
        dbId: b.id,
        slug: b.slug,
        name: b.name,
        category,
        logo: b.logo ?? null,
        products: [],
        json: '',
      };
      category.brands.push(entry);
      brandMap.set(b.id, entry);
    }
    const variantsByProduct = new Map<number, (typeof variants.$inferSelect)[]>();
    for (const v of variantRows) {
      const list = variantsByProduct.get(v.productId);
      if (list) list.push(v);
      else variantsByProduct.set(v.productId, [v]);
    }
    const productList: ProductEntry[] = [];
    for (const p of productRows) {
      const brand = brandMap.get(p.brandId);
      if (!brand) continue;
      const vs = variantsByProduct.get(p.id) ?? [];
      const card: ProductCard = {
        id: p.slug,
        categoryId: brand.category.slug,
        brandId: brand.slug,
        name: p.name,
        brandName: brand.name,
        categoryName: brand.category.name,
        image: p.images[0] ?? vs[0]?.image ?? placeholderImage(p.name),
        priceCents: p.priceCents,
        discountPriceCents: p.discountPriceCents,
        discountPercentage: p.discountPercentage,
        sellingUnit: p.sellingUnit,
        isNew: p.isNew,
        isHot: p.isHot,
        inStock: vs.some((v) => v.stock > 0),
      };
      const entry: ProductEntry = {
        dbId: p.id,
        slug: p.slug,
        brand,
        card,
        cardJson: asciiJson(card),
        createdAt: p.createdAt.getTime(),
        row: p,
        variants: vs,
      };
      brand.products.push(entry);
      brand.category.products.push(entry);
      productList.push(entry);
    }
    for (const b of brandMap.values()) b.json = asciiJson(brandLink(b));
    return new CatalogueReadModel(categoryList, productList, bannerRows);
  }

  /**
   * What /categories lists for a categoryId (a category slug, ALL, or a group name) and an
   * optional brand. Returns null with the reason when an id is unknown.
   */
  scope(categoryId: string, brandId?: string): Scope | { missing: 'category' | 'brand' } {
    const key = `${categoryId}\u0000${brandId ?? ''}`;
    const cached = this.scopeCache.get(key);
    if (cached) return cached;
    let cats: CategoryEntry[];
    let title: string;
    if (categoryId === ALL_CATEGORIES) {
      cats = this.categories;
      title = 'All Products';
    } else if ((CATEGORY_GROUPS as readonly string[]).includes(categoryId)) {
      cats = this.categories.filter((c) => c.group === categoryId);
      title = categoryId;
    } else {
      const c = this.categoryBySlug.get(categoryId);
      if (!c) return { missing: 'category' };
      cats = [c];
      title = c.name;
    }
    const brandPool = cats.flatMap((c) => c.brands);
    let result: Scope;
    if (brandId) {
      const brand = brandPool.find((b) => b.slug === brandId);
      if (!brand) return { missing: 'brand' };
      result = {
        title: `${brand.name}`,
        categoryId,
        brandId,
        products: brand.products,
        brandPool: brandPool.filter((b) => b !== brand),
      };
    } else {
      const products =
        categoryId === ALL_CATEGORIES
          ? this.allProducts
          : cats.length === 1
            ? cats[0]!.products
            : cats.flatMap((c) => c.products).sort(listingOrder);
      result = { title, categoryId, brandId: null, products, brandPool };
    }
    this.scopeCache.set(key, result);
    return result;
  }

  inStockOnly(scope: Scope): ProductEntry[] {
    const key = `${scope.categoryId}\u0000${scope.brandId ?? ''}`;
    let list = this.filteredCache.get(key);
    if (!list) {
      list = scope.products.filter((p) => p.card.inStock);
      this.filteredCache.set(key, list);
    }
    return list;
  }

  product(categoryId: string, brandId: string, subBrandId: string): ProductEntry | undefined {
    return this.productByPath.get(`${categoryId}/${brandId}/${subBrandId}`);
  }

  /** Changes with every reload and stock change: an ETag from it is fresh whenever prices or stock are. */
  get version(): string {
    return `${this.loadId}.${this.stockRevision}`;
  }

  /**
   * Applies new stock figures (after orders) without a reload. A product that went in or out of
   * stock changes its card and its place in every listing (in stock first): its card is
   * re-serialised, it is moved to its place in the listings that hold it and the scope caches dropped.
   */
  applyStock(rows: { id: number; stock: number }[]): void {
    this.stockRevision++;
    const flipped = new Set<ProductEntry>();
    for (const row of rows) {
      const entry = this.variantIndex().get(row.id);
      const variant = entry?.variants.find((v) => v.id === row.id);
      if (!entry || !variant) continue;
      variant.stock = row.stock;
      this.detailCache.delete(entry);
      const inStock = entry.variants.some((v) => v.stock > 0);
      if (inStock !== entry.card.inStock) {
        entry.card.inStock = inStock;
        entry.cardJson = asciiJson(entry.card);
        // One that flips twice in a batch is back as it was: moving it again changes nothing.
        flipped.add(entry);
      }
    }
    if (!flipped.size) return;
    // Only the lists that hold a flipped product change: the whole catalogue's, and its
    // category's and brand's (the groups' listings are made from the categories' on demand).
    reposition(this.allProducts, flipped);
    const categories = new Set([...flipped].map((p) => p.brand.category));
    const brands = new Set([...flipped].map((p) => p.brand));
    for (const c of categories) reposition(c.products, flipped);
    for (const b of brands) reposition(b.products, flipped);
    this.scopeCache.clear();
    this.filteredCache.clear();
  }

  private variantIndex(): Map<number, ProductEntry> {
    if (!this.productByVariantId) {
      this.productByVariantId = new Map();
      for (const p of this.allProducts) for (const v of p.variants) this.productByVariantId.set(v.id, p);
    }
    return this.productByVariantId;
  }

  /** A variant by its database id, with its product (cart lines are priced from these). */
  variant(id: number): { product: ProductEntry; variant: ProductEntry['variants'][number] } | undefined {
    const product = this.variantIndex().get(id);
    const variant = product?.variants.find((v) => v.id === id);
    return product && variant ? { product, variant } : undefined;
  }

  /**
   * A sold variant by its SKU as a buyer types it: exactly, else ignoring case when only one SKU
   * matches that way (quick order).
   */
  variantBySku(
    sku: string,
  ): { product: ProductEntry; variant: ProductEntry['variants'][number] } | undefined {
    if (!this.variantBySkuIndex) {
      const index = new Map<string, ProductEntry>();
      const folded = new Map<string, ProductEntry | null>();
      for (const p of this.allProducts)
        for (const v of p.variants) {
          index.set(v.sku, p);
          const key = v.sku.toUpperCase();
          folded.set(key, folded.has(key) ? null : p);
        }
      for (const [key, p] of folded) if (p && !index.has(key)) index.set(key, p);
      this.variantBySkuIndex = index;
    }
    const product = this.variantBySkuIndex.get(sku) ?? this.variantBySkuIndex.get(sku.toUpperCase());
    const upper = sku.toUpperCase();
    const variant =
      product?.variants.find((v) => v.sku === sku) ??
      product?.variants.find((v) => v.sku.toUpperCase() === upper);
    return product && variant ? { product, variant } : undefined;
  }

  detailJson(p: ProductEntry): string {
    let json = this.detailCache.get(p);
    if (!json) {
      json = asciiJson(productDetail(p));
      this.detailCache.set(p, json);
    }
    return json;
  }

  newArrivals(tab: NewArrivalTab): { viewAllCategoryId: string; items: ProductEntry[] } {
    const slug = tab === 'KRATOM' ? 'kratom' : tab === 'ROLLING PAPERS' ? 'rolling-papers' : null;
    const pool = slug ? this.newProducts.filter((p) => p.card.categoryId === slug) : this.newProducts;
    return { viewAllCategoryId: slug ?? ALL_CATEGORIES, items: randomPick(pool, NEW_ARRIVAL_LIMITS[tab]) };
  }
}

function brandLink(b: BrandEntry): BrandLink {
  return {
    id: b.slug,
    name: b.name,
    categoryId: b.category.slug,
    logo: b.logo,
    productCount: b.products.length,
  };
}
