import type { z } from 'zod';
import { NotFound } from '#server/errors.ts';
import { asciiJson } from '#server/http/send-json.ts';
import {
  BRANDS_YOU_MAY_LIKE_LIMIT,
  type NewArrivalTab,
  RELATED_PRODUCTS_LIMIT,
} from '#shared/catalogue/catalogue.constants.ts';
import { catalogueMessages } from '#shared/catalogue/catalogue.messages.ts';
import type { ListingQuerySchema, SkuExample } from '#shared/catalogue/catalogue.schemas.ts';
import { allowedQuantity } from '#shared/pricing/quantity-steps.ts';
import { quantityRuleOf } from './product-detail.ts';
import { pageCount } from '#shared/catalogue/pagination.ts';
import { type CatalogueReadModel, type ProductEntry, randomPick } from './catalogue-read-model.ts';
import { publicPrices, type ViewerPrices } from './listing-index.ts';
import { listingPage } from './listing-query.ts';

/**
 * Catalogue reads answer with JSON text assembled from the read model's pre-serialised pieces,
 * so a request costs a lookup and a string join. Tests parse every answer with the shared
 * response schemas, so the contract still holds.
 */
/** A product's card JSON as whoever is looking sees it (a grouped buyer: with their prices). */
export type CardJson = (p: ProductEntry) => string;
export const publicCard: CardJson = (p) => p.cardJson;

/**
 * Who a listing is for: their cards and prices (a grouped buyer's own; the catalogue's by
 * default), and `keep`, narrowing it further (a buyer's "ships to my state").
 */
export interface ListingView {
  card?: CardJson;
  prices?: ViewerPrices;
  keep?: (p: ProductEntry) => boolean;
}

/** The listing page's JSON: sorted and narrowed as asked, with its facets (listing-query.ts). */
export function listingJson(
  model: CatalogueReadModel,
  q: z.output<typeof ListingQuerySchema>,
  view: ListingView = {},
): string {
  const scope = model.scope(q.categoryId, q.brandId);
  if ('missing' in scope)
    throw new NotFound(
      scope.missing === 'category' ? catalogueMessages.categoryNotFound : catalogueMessages.brandNotFound,
    );
  const card = view.card ?? publicCard;
  const { items, total, facetsJson } = listingPage(model, scope, q, {
    keep: view.keep,
    prices: view.prices ?? publicPrices,
  });
  const brands = randomPick(scope.brandPool, BRANDS_YOU_MAY_LIKE_LIMIT);
  return (
    `{"title":${asciiJson(scope.title)},"categoryId":${asciiJson(scope.categoryId)},` +
    `"brandId":${asciiJson(scope.brandId)},"items":[${items.map(card).join(',')}],` +
    `"total":${total},"page":${q.page},"pageSize":${q.pageSize},"pageCount":${pageCount(total, q.pageSize)},` +
    `"brandsYouMayLike":[${brands.map((b) => b.json).join(',')}],"facets":${facetsJson}}`
  );
}

function findProduct(
  model: CatalogueReadModel,
  q: { categoryId: string; brandId: string; subBrandId: string },
) {
  const p = model.product(q.categoryId, q.brandId, q.subBrandId);
  if (!p) throw new NotFound(catalogueMessages.productNotFound);
  return p;
}

export function productDetailJson(
  model: CatalogueReadModel,
  q: { categoryId: string; brandId: string; subBrandId: string },
  detail: (p: ProductEntry) => string = (p) => model.detailJson(p),
): string {
  return detail(findProduct(model, q));
}

/** Up to 20 random products of the same category, never the product itself. */
export function relatedJson(
  model: CatalogueReadModel,
  q: { categoryId: string; brandId: string; subBrandId: string },
  card: CardJson = publicCard,
): string {
  const p = findProduct(model, q);
  const pool = p.brand.category.products.filter((o) => o !== p);
  return `{"items":[${randomPick(pool, RELATED_PRODUCTS_LIMIT).map(card).join(',')}]}`;
}

export function newArrivalsJson(
  model: CatalogueReadModel,
  tab: NewArrivalTab,
  card: CardJson = publicCard,
): string {
  const { viewAllCategoryId, items } = model.newArrivals(tab);
  return `{"tab":${asciiJson(tab)},"viewAllCategoryId":${asciiJson(viewAllCategoryId)},"items":[${items.map(card).join(',')}]}`;
}

/**
 * Quick order's example line, from this catalogue so its SKU has the store's real format: the
 * first product in name order with an option in stock, that option, and ten of it rounded to what
 * it is sold in (its case pack, minimum and cap).
 */
export function skuExample(model: CatalogueReadModel): SkuExample {
  let first: ProductEntry | undefined;
  for (const p of model.allProducts)
    if (p.variants.some((v) => v.stock > 0) && (!first || p.card.name < first.card.name)) first = p;
  const option = first?.variants.find((v) => v.stock > 0);
  if (!option) return { example: null };
  return { example: { sku: option.sku, quantity: allowedQuantity(quantityRuleOf(option), 10) } };
}
