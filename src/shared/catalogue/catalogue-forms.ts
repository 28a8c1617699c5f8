import { z } from 'zod';
import { CATEGORY_GROUPS } from '#shared/catalogue/catalogue.constants.ts';
import { wholeNumberText } from '#shared/input/form-text.ts';
import { ImageSchema } from './catalogue.schemas.ts';
import {
  BannerBodySchema,
  BrandBodySchema,
  CategoryBodySchema,
  VariantBodySchema,
} from './catalogue-staff.schemas.ts';

/**
 * The console's catalogue forms: what staff type in text boxes (numbers, amounts, a select's
 * value), turned into the body the API takes and then checked by that body's own schema, so the
 * form and the server say the same thing. Field names are the body's, so a refusal that names a
 * field lands under it.
 */
export const catalogueFormMessages = {
  position: 'Enter the order as a whole number from 0 to 100000.',
  stock: 'Enter the stock as a whole number from 0.',
} as const;
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
});

/** A banner: the picture is uploaded first, then title and link. */
export const BannerFormSchema = BannerBodySchema.extend({
  image: ImageSchema.nullable().transform((image, ctx) => {
    if (image) return image;
    ctx.addIssue({ code: 'custom', message: 'Upload the banner picture first.' });
    return z.NEVER;
  }),
});
