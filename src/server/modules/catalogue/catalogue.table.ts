import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Image } from '#shared/catalogue/catalogue.schemas.ts';
import {
  type ComplianceAttributes,
  DEFAULT_ATTRIBUTES,
  type VariantCompliance,
} from '#shared/compliance/attributes.ts';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    group: text('group'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('categories_group_check', sql`${t.group} is null or ${t.group} in ('Vape Hardware', 'Smoke Shop')`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    logo: jsonb('logo').$type<Image>(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('brands_category_slug_unique').on(t.categoryId, t.slug)],
);

export interface Specification {
  title: string;
  details: string;
}

/** The spec's "sub-brand": the page a buyer opens. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    productCode: text('product_code').notNull(),
    sku: text('sku').notNull().unique(),
    rating: real('rating').notNull().default(5),
    priceCents: integer('price_cents').notNull(),
    /** What one of the price buys: "box of 10", "display of 24", "each" ('' when not said). */
    sellingUnit: text('selling_unit').notNull().default(''),
    discountPriceCents: integer('discount_price_cents'),
    discountPercentage: real('discount_percentage'),
    delivery: text('delivery').notNull().default(''),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    importantNotice: text('important_notice').notNull().default(''),
    seller: text('seller').notNull().default(''),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    specImages: jsonb('spec_images').$type<Image[]>().notNull().default([]),
    images: jsonb('images').$type<Image[]>().notNull().default([]),
    isNew: boolean('is_new').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    /** Staff hid it (a product with orders cannot be deleted): gone from the storefront and carts. */
    hidden: boolean('hidden').notNull().default(false),
    /** What the state rules and the excise tax read (shared/compliance/attributes.ts). */
    compliance: jsonb('compliance').$type<ComplianceAttributes>().notNull().default(DEFAULT_ATTRIBUTES),
    /** Normalised names of the product, its brand, category and variants (see shared search-key.ts). */
    searchKey: text('search_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_brand_slug_unique').on(t.brandId, t.slug),
    index('products_search_key_trgm').using('gin', t.searchKey.op('gin_trgm_ops')),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_rating_check', sql`${t.rating} between 0 and 5`),
  ],
);

/** The spec's "product": what goes into a cart (a flavour, colour or size), with its own stock. */
export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku').notNull().unique(),
    image: jsonb('image').$type<Image>().notNull(),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
    /** Where the option differs from its product for the rules: flavour, nicotine strength. */
    compliance: jsonb('compliance').$type<VariantCompliance>().notNull().default({}),
    /** Case packs (shared/pricing/quantity-rule.ts): at least this many, in cases of `orderIncrement`. */
    minQuantity: integer('min_quantity').notNull().default(1),
    orderIncrement: integer('order_increment').notNull().default(1),
    /** At most this many per order; null: no limit but the stock. */
    maxQuantity: integer('max_quantity'),
  },
  (t) => [
    index('variants_product_idx').on(t.productId),
    /** SKUs as buyers type them, in any case (quick order's lookups of SKUs not sold). */
    index('variants_sku_upper_idx').on(sql`upper(${t.sku})`),
    check('variants_stock_check', sql`${t.stock} >= 0`),
    check(
      'variants_quantity_rule_check',
      sql`${t.orderIncrement} >= 1 and ${t.minQuantity} >= 1 and ${t.minQuantity} % ${t.orderIncrement} = 0
        and (${t.maxQuantity} is null or (${t.maxQuantity} >= ${t.minQuantity} and ${t.maxQuantity} % ${t.orderIncrement} = 0))`,
    ),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    slot: text('slot').notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    href: text('href').notNull().default('/'),
    image: jsonb('image').$type<Image>().notNull(),
  },
  (t) => [
    index('banners_slot_idx').on(t.slot, t.position),
    check('banners_slot_check', sql`${t.slot} in ('main', 'second', 'vertical', 'promo', 'brand_tile')`),
  ],
);
