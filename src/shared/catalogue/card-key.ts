/**
 * A product card's key, `categoryId/brandId/productId` (slugs have no "/"): how the badges of a
 * grid are asked about. Its own file, without zod, so the home page's first script stays small.
 */
export const cardKey = (card: { categoryId: string; brandId: string; id: string }) =>
  `${card.categoryId}/${card.brandId}/${card.id}`;
