import { z } from 'zod';
import { BANNER_SLOTS, CATEGORY_GROUPS, NEW_ARRIVAL_TABS } from './catalogue.constants.ts';
import {
  CardPriceSchema,
  OptionPriceSchema,
  QuantityRuleViewSchema,
} from '#shared/pricing/buyer-price.schemas.ts';
import { SEARCH_QUERY_MAX_LENGTH } from './search-key.ts';
import { checkPriceOrder, ListingFacetsSchema, ListingFilterShape } from './listing-filters.ts';

export const CategoryGroupSchema = z.enum(CATEGORY_GROUPS);

/** Slugs are what the URLs carry as categoryId, brandId and subBrandId. */
export const SlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lowercase slug');

const IdParam = z.string().trim().min(1, 'Required').max(120, 'Too long');

export const ImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Uploaded pictures: their WebP renditions as an <img srcset> ("url 160w, url 480w, …"). */
  srcSet: z.string().max(1000).optional(),
});
export type Image = z.infer<typeof ImageSchema>;

/** What shows where a product or option has no picture yet. */
export const placeholderImage = (alt: string): Image => ({
  url: '/favicon.svg',
  alt,
  width: 800,
  height: 800,
});

const PriceFieldsShape = {
  priceCents: z.number().int().nonnegative(),
  discountPriceCents: z.number().int().nonnegative().nullable(),
  discountPercentage: z.number().min(0).max(100).nullable(),
};

export const ProductCardSchema = z.object({
  id: z.string().describe('Product (sub-brand) slug: the subBrandId of /product'),
  categoryId: z.string(),
  brandId: z.string(),
  name: z.string(),
  brandName: z.string(),
  categoryName: z.string(),
  image: ImageSchema,
  ...PriceFieldsShape,
  /** What one of the price buys ("box of 10", "each"); '' when the product does not say. */
  sellingUnit: z.string(),
  isNew: z.boolean(),
  isHot: z.boolean(),
  inStock: z.boolean(),
  /** A signed-in buyer's group price, when their customer group pays less than this card shows. */
  yourPrice: CardPriceSchema.optional(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const BrandLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  categoryId: z.string(),
  logo: ImageSchema.nullable(),
  productCount: z.number().int().nonnegative(),
});
export type BrandLink = z.infer<typeof BrandLinkSchema>;

export const MenuCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  group: CategoryGroupSchema.nullable(),
  productCount: z.number().int().nonnegative(),
  brands: z.array(BrandLinkSchema),
});
export type MenuCategory = z.infer<typeof MenuCategorySchema>;

export const MenuResponseSchema = z.object({
  groups: z.array(CategoryGroupSchema),
  categories: z.array(MenuCategorySchema),
});
export type MenuResponse = z.infer<typeof MenuResponseSchema>;

const BooleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'Must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const PageParam = z.coerce
  .number({ message: 'Page must be a whole number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .max(100_000, 'Page is too large');

/** A whole-number count parameter (page size, result limit) from the query string. */
function countParam(name: string, max: number, fallback: number) {
  return z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1 or more`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);
}

export const ListingQuerySchema = z
  .object({
    categoryId: IdParam,
    brandId: IdParam.optional(),
    inStock: BooleanFlag.optional(),
    ...ListingFilterShape,
    page: PageParam.default(1),
    pageSize: countParam('pageSize', 60, 20),
  })
  .superRefine(checkPriceOrder);
export type ListingQuery = z.input<typeof ListingQuerySchema>;

export const ListingResponseSchema = z.object({
  title: z.string(),
  categoryId: z.string(),
  brandId: z.string().nullable(),
  items: z.array(ProductCardSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().positive(),
  brandsYouMayLike: z.array(BrandLinkSchema).max(5),
  facets: ListingFacetsSchema,
});
export type ListingResponse = z.infer<typeof ListingResponseSchema>;

export const ProductQuerySchema = z.object({
  categoryId: IdParam,
  brandId: IdParam,
  subBrandId: IdParam,
});
export type ProductQuery = z.infer<typeof ProductQuerySchema>;

export const VariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  image: ImageSchema,
  stock: z.number().int().nonnegative(),
  inStock: z.boolean(),
  /** Case packs: the quantities this option is sold in. */
  quantityRule: QuantityRuleViewSchema,
  /** A signed-in buyer's group price and volume tiers, when their customer group has any. */
  yourPrice: OptionPriceSchema.optional(),
});
export type Variant = z.infer<typeof VariantSchema>;

export const SpecificationSchema = z.object({ title: z.string(), details: z.string() });

export const ProductDetailSchema = ProductCardSchema.extend({
  categoryGroup: CategoryGroupSchema.nullable(),
  description: z.string(),
  productCode: z.string(),
  sku: z.string(),
  rating: z.number().min(0).max(5),
  delivery: z.string(),
  highlights: z.array(z.string()),
  importantNotice: z.string(),
  seller: z.string(),
  specifications: z.array(SpecificationSchema),
  specImages: z.array(ImageSchema),
  images: z.array(ImageSchema).min(1),
  variants: z.array(VariantSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** Quick order's example: an option of this catalogue as a buyer would type it (null: nothing in stock). */
export const SkuExampleSchema = z.object({
  example: z.object({ sku: z.string(), quantity: z.number().int().positive() }).nullable(),
});
export type SkuExample = z.infer<typeof SkuExampleSchema>;

export const ProductListResponseSchema = z.object({ items: z.array(ProductCardSchema) });
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

export const NewArrivalTabSchema = z.enum(NEW_ARRIVAL_TABS);
export const NewArrivalsQuerySchema = z.object({ tab: NewArrivalTabSchema.default('ALL') });
export const NewArrivalsResponseSchema = z.object({
  tab: NewArrivalTabSchema,
  viewAllCategoryId: z.string(),
  items: z.array(ProductCardSchema).max(50),
});
export type NewArrivalsResponse = z.infer<typeof NewArrivalsResponseSchema>;

export const BannerSlotSchema = z.enum(BANNER_SLOTS);
export const BannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  href: z.string(),
  image: ImageSchema,
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannersResponseSchema = z.object({
  main: z.array(BannerSchema),
  second: z.array(BannerSchema),
  vertical: z.array(BannerSchema),
  promo: z.array(BannerSchema),
  brand_tile: z.array(BannerSchema),
});
export type BannersResponse = z.infer<typeof BannersResponseSchema>;

export const SearchQuerySchema = z.object({
  q: z
    .string({ message: 'Enter something to search for' })
    .max(SEARCH_QUERY_MAX_LENGTH, `Search text must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`),
  page: PageParam.default(1),
  limit: countParam('limit', 60, 20),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

export const SearchHitSchema = ProductCardSchema.extend({
  matchedVariant: z
    .string()
    .nullable()
    .describe('A variant whose name matched, when the product name did not'),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;
export const SearchResponseSchema = z.object({
  query: z.string(),
  items: z.array(SearchHitSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageCount: z.number().int().positive(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
