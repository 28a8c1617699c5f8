import { z } from 'zod';
import { BANNER_SLOTS, CATEGORY_GROUPS } from '#shared/catalogue/catalogue.constants.ts';
import { ImageSchema, SlugSchema } from '#shared/catalogue/catalogue.schemas.ts';
import { ComplianceAttributesSchema } from '#shared/compliance/attributes.ts';
import { DbIdParamSchema, DbIdSchema } from '#shared/input/input.ts';
import { catalogueAdminMessages } from './catalogue.messages.ts';

const cm = catalogueAdminMessages;

const name = (max: number) =>
  z
    .string({ message: cm.nameRequired })
    .trim()
    .min(1, cm.nameRequired)
    .max(max, `At most ${max} characters.`);
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const position = z.number().int().min(0).max(100_000).default(0);
export const SkuSchema = z
  .string({ message: cm.skuInvalid })
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,60}$/, cm.skuInvalid);

export const CategoryBodySchema = z.object({
  name: name(80),
  /** Derived from the name when left out. */
  slug: SlugSchema.optional(),
  group: z.enum(CATEGORY_GROUPS).nullable().default(null),
  position,
});
export type CategoryBody = z.input<typeof CategoryBodySchema>;
export type CategoryValues = z.output<typeof CategoryBodySchema>;

export const BrandBodySchema = z.object({
  categoryId: DbIdSchema,
  name: name(80),
  slug: SlugSchema.optional(),
  logo: ImageSchema.nullable().default(null),
  position,
});
export type BrandBody = z.input<typeof BrandBodySchema>;
export type BrandValues = z.output<typeof BrandBodySchema>;

const cents = z.number().int().min(0, 'Prices cannot be negative.').max(100_000_000);

/** Every field of SPEC §3's sub-brand (our product), before the rule between them. */
export const ProductFieldsSchema = z.object({
  brandId: DbIdSchema,
  name: name(160),
  slug: SlugSchema.optional(),
  description: text(5000).default(''),
  productCode: text(60).default(''),
  sku: SkuSchema,
  rating: z.number().min(0).max(5).default(5),
  priceCents: cents,
  /** What one of the price buys, in a few words ("box of 10", "each"); shown beside every price. */
  sellingUnit: text(40).default(''),
  discountPriceCents: cents.nullable().default(null),
  discountPercentage: z.number().min(0).max(100).nullable().default(null),
  delivery: text(200).default(''),
  highlights: z.array(text(300).min(1)).max(20).default([]),
  importantNotice: text(2000).default(''),
  seller: text(120).default(''),
  specifications: z
    .array(z.object({ title: name(120), details: text(2000) }))
    .max(40)
    .default([]),
  images: z.array(ImageSchema).max(12).default([]),
  specImages: z.array(ImageSchema).max(12).default([]),
  isNew: z.boolean().default(false),
  isHot: z.boolean().default(false),
  hidden: z.boolean().default(false),
  /** What the state rules and the excise read; left out, unchanged (a new product: an accessory). */
  compliance: ComplianceAttributesSchema.optional(),
});

/** A discount is a price below the list price and a percentage, both or neither. */
export function productDiscountRule(
  p: { priceCents: number; discountPriceCents: number | null; discountPercentage: number | null },
  ctx: z.RefinementCtx,
) {
  if ((p.discountPriceCents == null) !== (p.discountPercentage == null)) {
    ctx.addIssue({ code: 'custom', path: ['discountPriceCents'], message: cm.discountIncomplete });
  } else if (p.discountPriceCents != null && p.discountPriceCents >= p.priceCents) {
    ctx.addIssue({ code: 'custom', path: ['discountPriceCents'], message: cm.discountNotBelowPrice });
  }
}

export const ProductBodySchema = ProductFieldsSchema.superRefine(productDiscountRule);
export type ProductBody = z.input<typeof ProductBodySchema>;
export type ProductValues = z.output<typeof ProductBodySchema>;

/** SPEC §3's product (our variant): what goes into a cart. */
export const VariantBodySchema = z.object({
  name: name(120),
  sku: SkuSchema,
  /** Left out: the product's first image. */
  image: ImageSchema.nullable().default(null),
  stock: z.number().int().min(0, 'Stock cannot be negative.').max(10_000_000),
  position,
  /** Case packs: the minimum per order, sold in cases of `orderIncrement`, an optional maximum. */
  minQuantity: z.number().int().min(1, 'At least 1.').max(100_000).default(1),
  orderIncrement: z.number().int().min(1, 'At least 1.').max(100_000).default(1),
  maxQuantity: z.number().int().min(1, 'At least 1.').max(1_000_000).nullable().default(null),
});
export type VariantBody = z.input<typeof VariantBodySchema>;
export type VariantValues = z.output<typeof VariantBodySchema>;

export const BannerBodySchema = z.object({
  slot: z.enum(BANNER_SLOTS),
  title: name(120),
  href: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/(?!\/)/, 'Links go to a page of this store, starting with /.')
    .default('/'),
  image: ImageSchema,
});
export type BannerBody = z.input<typeof BannerBodySchema>;
export type BannerValues = z.output<typeof BannerBodySchema>;
export const BannerOrderBodySchema = z.object({
  slot: z.enum(BANNER_SLOTS),
  /** Every banner of the slot, in the new order. */
  ids: z.array(DbIdSchema).max(100),
});

export const IdParamsSchema = z.object({ id: DbIdParamSchema });
export const ProductVariantParamsSchema = z.object({ id: DbIdParamSchema, variantId: DbIdParamSchema });

export const AdminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  group: z.enum(CATEGORY_GROUPS).nullable(),
  position: z.number().int(),
  brands: z.array(
    z.object({
      id: z.number().int(),
      categoryId: z.number().int(),
      name: z.string(),
      slug: z.string(),
      logo: ImageSchema.nullable(),
      position: z.number().int(),
      productCount: z.number().int(),
    }),
  ),
});
export const AdminCatalogueTreeSchema = z.object({ categories: z.array(AdminCategorySchema) });
export type AdminCatalogueTree = z.infer<typeof AdminCatalogueTreeSchema>;

export const AdminVariantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  image: ImageSchema,
  stock: z.number().int(),
  position: z.number().int(),
  minQuantity: z.number().int(),
  orderIncrement: z.number().int(),
  maxQuantity: z.number().int().nullable(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductSchema = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  brandName: z.string(),
  categoryName: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  productCode: z.string(),
  sku: z.string(),
  rating: z.number(),
  priceCents: z.number().int(),
  sellingUnit: z.string(),
  discountPriceCents: z.number().int().nullable(),
  discountPercentage: z.number().nullable(),
  delivery: z.string(),
  highlights: z.array(z.string()),
  importantNotice: z.string(),
  seller: z.string(),
  specifications: z.array(z.object({ title: z.string(), details: z.string() })),
  images: z.array(ImageSchema),
  specImages: z.array(ImageSchema),
  isNew: z.boolean(),
  isHot: z.boolean(),
  hidden: z.boolean(),
  compliance: ComplianceAttributesSchema,
  /** Where the storefront shows it: /product?categoryId=…&brandId=…&subBrandId=… */
  storefrontPath: z.string(),
  variants: z.array(AdminVariantSchema),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductRowSchema = AdminProductSchema.pick({
  id: true,
  name: true,
  sku: true,
  brandName: true,
  categoryName: true,
  priceCents: true,
  discountPriceCents: true,
  discountPercentage: true,
  isNew: true,
  isHot: true,
  hidden: true,
}).extend({ variantCount: z.number().int(), stock: z.number().int() });

export const AdminProductsQuerySchema = z.object({
  /** Part of the name, brand, category or an option's name (the storefront's search rule), or a SKU. */
  q: z.string().trim().max(100).optional(),
  brandId: DbIdParamSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const AdminProductListSchema = z.object({
  products: z.array(AdminProductRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const AdminBannerSchema = z.object({
  id: z.number().int(),
  slot: z.enum(BANNER_SLOTS),
  position: z.number().int(),
  title: z.string(),
  href: z.string(),
  image: ImageSchema,
});
export const AdminBannerListSchema = z.object({ banners: z.array(AdminBannerSchema) });

export const IMAGE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The WebP renditions each upload gets (longest side in pixels). */
export const IMAGE_RENDITIONS = { thumb: 160, card: 480, full: 1200 } as const;
export const UploadedImageSchema = z.object({
  image: ImageSchema,
  renditions: z.object({ thumb: z.string(), card: z.string(), full: z.string() }),
});

/** A create or edit answers the record's id. */
export const SavedResponseSchema = z.object({ message: z.string(), id: z.number().int() });
