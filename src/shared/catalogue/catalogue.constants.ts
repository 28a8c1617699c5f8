/** Catalogue constants shared by server and web (no zod here, so the web bundle stays small). */

/** The two groups of SPEC §2 (/categories accepts them as a categoryId, as it does ALL). */
export const CATEGORY_GROUPS = ['Vape Hardware', 'Smoke Shop'] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];
export const ALL_CATEGORIES = 'ALL';

export const NEW_ARRIVAL_TABS = ['ALL', 'ROLLING PAPERS', 'KRATOM'] as const;
export type NewArrivalTab = (typeof NEW_ARRIVAL_TABS)[number];
/** SPEC §9: up to 50 random new arrivals for ALL and Kratom, 20 for Rolling Papers. */
export const NEW_ARRIVAL_LIMITS: Record<NewArrivalTab, number> = {
  ALL: 50,
  'ROLLING PAPERS': 20,
  KRATOM: 50,
};

/** SPEC §9: related products up to 20, brands you may like 5. */
export const RELATED_PRODUCTS_LIMIT = 20;
export const BRANDS_YOU_MAY_LIKE_LIMIT = 5;

export const BANNER_SLOTS = ['main', 'second', 'vertical', 'promo', 'brand_tile'] as const;
export type BannerSlot = (typeof BANNER_SLOTS)[number];

export const SEARCH_SUGGESTION_LIMIT = 8;

export const CATALOGUE_CSV_MAX_ROWS = 50_000;
