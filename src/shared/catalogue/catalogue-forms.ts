import { z } from 'zod';
import { CATEGORY_GROUPS } from '#shared/catalogue/catalogue.constants.ts';
import { CANNABINOIDS, PRODUCT_KINDS } from '#shared/compliance/compliance.constants.ts';
import {
  amountText,
  decimalText,
  linesText,
  optionalAmountText,
  wholeNumberText,
} from '#shared/input/form-text.ts';
import { DbIdSchema } from '#shared/input/input.ts';
import { casePackProblem } from '#shared/pricing/quantity-steps.ts';
import { catalogueFormMessages } from './catalogue.messages.ts';
import { ImageSchema } from './catalogue.schemas.ts';
import {
  BannerBodySchema,
  BrandBodySchema,
  CategoryBodySchema,
  ProductFieldsSchema,
  productDiscountRule,
  VariantBodySchema,
} from './catalogue-staff.schemas.ts';

const fm = catalogueFormMessages;

const position = wholeNumberText(100_000, fm.position);

export const CategoryFormSchema = CategoryBodySchema.extend({
  group: z
    .string()
    .transform((g) => g || null)
    .pipe(z.enum(CATEGORY_GROUPS).nullable()),
  position,
});

export const BrandFormSchema = BrandBodySchema.extend({
  categoryId: z.string().transform(Number).pipe(BrandBodySchema.shape.categoryId),
  position,
});

export const VariantFormSchema = VariantBodySchema.extend({
  stock: wholeNumberText(10_000_000, fm.stock),
  minQuantity: wholeNumberText(100_000, fm.casePack).pipe(z.number().min(1, fm.casePack)),
  orderIncrement: wholeNumberText(100_000, fm.casePack).pipe(z.number().min(1, fm.casePack)),
  /** Empty: no maximum. */
  maxQuantity: z
    .string()
    .trim()
    .refine((t) => t === '' || /^[1-9]\d{0,6}$/.test(t), fm.casePack)
    .transform((t) => (t === '' ? null : Number(t))),
}).superRefine((v, ctx) => {
  const problem = casePackProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

/** A banner: the picture is uploaded first, then title and link. */
export const BannerFormSchema = BannerBodySchema.extend({
  image: ImageSchema.nullable().transform((image, ctx) => {
    if (image) return image;
    ctx.addIssue({ code: 'custom', message: 'Upload the banner picture first.' });
    return z.NEVER;
  }),
});

/** The compliance attributes as the editor shows them: figures as text, empty for unknown. */
export const ComplianceFormSchema = z.object({
  kind: z.enum(PRODUCT_KINDS),
  flavoured: z.boolean(),
  nicotineMgPerMl: decimalText(0, 1000, null, fm.figure),
  liquidMlPerUnit: decimalText(0, 10_000, null, fm.figure),
  cartridgesPerUnit: decimalText(0, 10_000, null, fm.wholeFigure).refine(
    (n) => n === null || Number.isInteger(n),
    fm.wholeFigure,
  ),
  cannabinoid: z
    .string()
    .transform((c) => c || null)
    .pipe(z.enum(CANNABINOIDS).nullable()),
  thcMgPerContainer: decimalText(0, 1_000_000, null, fm.figure),
  synthesised: z.boolean(),
});

/** A product's fields as the editor shows them: amounts, numbers and lines as text. */
export const ProductFormSchema = ProductFieldsSchema.extend({
  brandId: z
    .string()
    .refine((v) => v !== '', fm.brand)
    .transform(Number)
    .pipe(DbIdSchema),
  slug: z
    .string()
    .trim()
    .transform((s) => s || undefined)
    .pipe(ProductFieldsSchema.shape.slug),
  priceCents: amountText(fm.price),
  discountPriceCents: optionalAmountText(fm.discountPrice),
  discountPercentage: decimalText(0, 100, null, fm.discountPercentage),
  rating: decimalText(0, 5, 0, fm.rating),
  highlights: linesText().pipe(ProductFieldsSchema.shape.highlights.unwrap()),
  // A row left without a title is dropped, as an empty line of highlights is.
  specifications: z
    .array(z.object({ title: z.string(), details: z.string() }))
    .transform((rows) => rows.filter((s) => s.title.trim()))
    .pipe(ProductFieldsSchema.shape.specifications.unwrap()),
  compliance: ComplianceFormSchema,
}).superRefine(productDiscountRule);

/**
 * The product editor: the product, and for a new product its first option (the create body is
 * `{ product, variants: [option] }`, so a refusal's field lands under the box it names).
 */
export const ProductEditorFormSchema = z.object({
  product: ProductFormSchema,
  variants: z.tuple([VariantFormSchema]).optional(),
});
