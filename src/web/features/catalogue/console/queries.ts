import { consoleRead } from '#web/lib/console-api.ts';

/** The catalogue console's reads, one per endpoint (lib/console-api.ts, consoleRead). */
export const catalogueTreeQuery = () => consoleRead('catalogue/tree', 'AdminCatalogueTreeSchema');
export const bannersQuery = () => consoleRead('catalogue/banners', 'AdminBannerListSchema');
export const productsQuery = (q: string | undefined, page: number) =>
  consoleRead('catalogue/products', 'AdminProductListSchema', { q, page });
export const productQuery = (id: number | string) =>
  consoleRead(`catalogue/products/${id}`, 'AdminProductSchema');
