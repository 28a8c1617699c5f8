import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { brands, categories, products, variants } from './catalogue.table.ts';

/**
 * The one way up the catalogue from a product: its brand, then the brand's category (inner joins:
 * every product has both). For a query in dynamic mode (`.$dynamic()`).
 */
export const upFromProduct = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, brands.categoryId));

/** The same from an option: its product, the product's brand, the brand's category. */
export const upFromOption = <T extends PgSelect>(query: T) =>
  upFromProduct(query.innerJoin(products, eq(products.id, variants.productId)));
