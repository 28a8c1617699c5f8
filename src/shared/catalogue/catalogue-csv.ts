import { z } from 'zod';
import { CATEGORY_GROUPS } from '#shared/catalogue/catalogue.constants.ts';
import { parseAmount } from '#shared/money.ts';
import { QuantityRuleSchema } from '#shared/pricing/quantity-rule.ts';
import { ProductBodySchema, SkuSchema } from './catalogue-staff.schemas.ts';

/**
 * The catalogue as CSV: one row per option (SPEC's product, our variant), upserted by its SKU.
 * The product fields repeat on each of its rows and are matched by `product_sku`. Lists use
 * " | " between entries; a specification is "Title: details". Images are managed in the console.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'category',
  'category_group',
  'brand',
  'product',
  'product_sku',
  'product_code',
  'description',
  'price',
  'discount_price',
  'discount_percentage',
  'rating',
  'is_new',
  'is_hot',
  'hidden',
  'delivery',
  'seller',
  'important_notice',
  'highlights',
  'specifications',
  'option',
  'sku',
  'stock',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
export const LIST_SEPARATOR = ' | ';

const money = (label: string) =>
  z
    .string()
    .trim()
    .refine((s) => parseAmount(s) !== null, `${label} must be an amount like 12.50.`)
    .transform((s) => parseAmount(s) as number);
const optionalMoney = (label: string) =>
  z
    .string()
    .trim()
    .transform((s) => (s === '' ? null : s))
    .pipe(money(label).nullable());
const flag = (label: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (s) => ['', 'true', 'false', 'yes', 'no', '1', '0'].includes(s),
      `${label} must be true or false.`,
    )
    .transform((s) => s === 'true' || s === 'yes' || s === '1');

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} is too long.`);

export const CatalogueCsvRowSchema = z.object({
  category: required('Category', 80),
  category_group: z
    .string()
    .trim()
    .transform((s) => (s === '' ? null : s))
    .pipe(
      z
        .enum(CATEGORY_GROUPS, {
          message: `Category group must be empty or ${CATEGORY_GROUPS.join(' or ')}.`,
        })
        .nullable(),
    ),
  brand: required('Brand', 80),
  product: required('Product', 160),
  product_sku: SkuSchema,
  product_code: z.string().trim().max(60),
  description: z.string().trim().max(5000),
  price: money('Price'),
  discount_price: optionalMoney('Discount price'),
  discount_percentage: z
    .string()
    .trim()
    .transform((s) => (s === '' ? null : Number(s)))
    .pipe(
      z.number({ message: 'Discount percentage must be a number from 0 to 100.' }).min(0).max(100).nullable(),
    ),
  rating: z
    .string()
    .trim()
    .transform((s) => (s === '' ? 5 : Number(s)))
    .pipe(z.number({ message: 'Rating must be a number from 0 to 5.' }).min(0).max(5)),
  is_new: flag('is_new'),
  is_hot: flag('is_hot'),
  hidden: flag('hidden'),
  delivery: z.string().trim().max(200),
  seller: z.string().trim().max(120),
  important_notice: z.string().trim().max(2000),
  highlights: z.string().transform((s) =>
    s
      .split('|')
      .map((h) => h.trim())
      .filter(Boolean),
  ),
  specifications: z.string().transform((s) =>
    s
      .split('|')
      .map((h) => h.trim())
      .filter(Boolean)
      .map((h) => {
        const at = h.indexOf(':');
        return at === -1
          ? { title: h, details: '' }
          : { title: h.slice(0, at).trim(), details: h.slice(at + 1).trim() };
      }),
  ),
  option: required('Option', 120),
  sku: SkuSchema,
  stock: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'Stock must be a whole number, 0 or more.')
    .transform(Number),
});
export type CatalogueCsvRow = z.output<typeof CatalogueCsvRowSchema>;

/** The product's fields a row carries, named as the console's product form and the table name them. */
export function productFieldsFromRow(row: CatalogueCsvRow) {
  return {
    name: row.product,
    description: row.description,
    productCode: row.product_code,
    sku: row.product_sku,
    rating: row.rating,
    priceCents: row.price,
    discountPriceCents: row.discount_price,
    discountPercentage: row.discount_percentage,
    delivery: row.delivery,
    highlights: row.highlights,
    importantNotice: row.important_notice,
    seller: row.seller,
    specifications: row.specifications,
    isNew: row.is_new,
    isHot: row.is_hot,
    hidden: row.hidden,
  };
}
export type ProductFields = ReturnType<typeof productFieldsFromRow>;
export const PRODUCT_FIELD_KEYS = Object.keys(
  productFieldsFromRow({} as CatalogueCsvRow),
) as (keyof ProductFields)[];

/** The product fields of a row, checked with the same rules as the console's product form. */
export function productFieldsOf(row: CatalogueCsvRow) {
  return ProductBodySchema.safeParse({ brandId: 1, ...productFieldsFromRow(row) });
}

export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  written: z.boolean(),
  rows: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), sku: z.string(), message: z.string() })),
  changes: z.object({
    categoriesCreated: z.number().int(),
    brandsCreated: z.number().int(),
    productsCreated: z.number().int(),
    productsUpdated: z.number().int(),
    optionsCreated: z.number().int(),
    optionsUpdated: z.number().int(),
    unchanged: z.number().int(),
    /** Products whose state directory listings the file changes. */
    listingsChanged: z.number().int(),
  }),
  /** Up to 200 rows that would change, for the dry run's preview. */
  preview: z.array(
    z.object({
      line: z.number().int(),
      sku: z.string(),
      action: z.enum(['create', 'update']),
      summary: z.string(),
    }),
  ),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/**
 * The product's selling unit ("box of 10"), an optional column: a file without it leaves every
 * product's unit as it is (decision 014, item 9); with it, empty means none said.
 */
export const SELLING_UNIT_CSV_COLUMN = 'selling_unit';
export const SellingUnitCsvSchema = z
  .string()
  .trim()
  .max(40, 'selling_unit: a selling unit is at most 40 characters.');

/**
 * An option's case pack (shared/pricing/quantity-rule.ts) as three columns, a set or none at all
 * (a file without them leaves every option's case pack as it is): `min_quantity` and
 * `order_increment` (empty: 1), `max_quantity` (empty: no maximum).
 */
export const CASE_PACK_CSV_COLUMNS = ['min_quantity', 'order_increment', 'max_quantity'] as const;
const wholeNumber = (column: string, empty: number | null) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{1,7}$/.test(s), `${column} must be a whole number.`)
    .transform((s) => (s === '' ? empty : Number(s)));
export const CasePackCsvSchema = z
  .object({
    min_quantity: wholeNumber('min_quantity', 1),
    order_increment: wholeNumber('order_increment', 1),
    max_quantity: wholeNumber('max_quantity', null),
  })
  .transform((c) => ({
    minQuantity: c.min_quantity!,
    increment: c.order_increment!,
    maxQuantity: c.max_quantity,
  }))
  .pipe(QuantityRuleSchema)
  .transform((r) => ({
    minQuantity: r.minQuantity,
    orderIncrement: r.increment,
    maxQuantity: r.maxQuantity,
  }));
export type CasePack = z.output<typeof CasePackCsvSchema>;
/** The CSV's cells of a case pack. */
export const casePackCells = (
  c: CasePack,
): Record<(typeof CASE_PACK_CSV_COLUMNS)[number], string | number> => ({
  min_quantity: c.minQuantity,
  order_increment: c.orderIncrement,
  max_quantity: c.maxQuantity ?? '',
});
/** "cases of 10, minimum 20, maximum 200" (what a dry run says changed). */
export const casePackText = (c: CasePack) =>
  [
    c.orderIncrement > 1 ? `cases of ${c.orderIncrement}` : 'one by one',
    c.minQuantity > 1 ? `minimum ${c.minQuantity}` : null,
    c.maxQuantity !== null ? `maximum ${c.maxQuantity}` : null,
  ]
    .filter(Boolean)
    .join(', ');
