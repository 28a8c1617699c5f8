import { z } from 'zod';
import { parseAmount } from '#shared/money.ts';
import { MIN_PRICE_MAX_CENTS, minimumPriceMessages } from './minimum-prices.messages.ts';

export { MIN_PRICE_MAX_CENTS, minimumPriceMessages };

/*
 * Options' minimum prices (decision 016, part 3; /api/v1/admin/pricing/minimum-prices): the lowest
 * unit price staff with `prices` let the desk quote for an option, named by its SKU.
 */

/** Sets an option's minimum price; null removes it (the option has none then). */
export const MinimumPriceBodySchema = z.object({
  sku: z.string().trim().min(1, minimumPriceMessages.skuRequired).max(60, minimumPriceMessages.skuNotFound),
  minPriceCents: z
    .number({ message: minimumPriceMessages.amount })
    .int(minimumPriceMessages.amount)
    .min(0, minimumPriceMessages.amount)
    .max(MIN_PRICE_MAX_CENTS, minimumPriceMessages.tooHigh)
    .nullable(),
});
export type MinimumPriceBody = z.input<typeof MinimumPriceBodySchema>;

/**
 * The form as its boxes hold it (the minimum typed in dollars; empty removes it), read into
 * MinimumPriceBodySchema: the page and the server give the same messages, on the same boxes.
 */
export const MinimumPriceFormSchema = z
  .object({ sku: z.string(), minPriceCents: z.string() })
  .transform(({ sku, minPriceCents: typed }, ctx): MinimumPriceBody => {
    if (!typed.trim()) return { sku, minPriceCents: null };
    const cents = parseAmount(typed);
    if (cents === null || cents > MIN_PRICE_MAX_CENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['minPriceCents'],
        message: cents === null ? minimumPriceMessages.amount : minimumPriceMessages.tooHigh,
      });
      return z.NEVER;
    }
    return { sku, minPriceCents: cents };
  })
  .pipe(MinimumPriceBodySchema);
export type MinimumPriceForm = z.input<typeof MinimumPriceFormSchema>;

/** An option with a minimum price, beside its product's list price now. */
export const MinimumPriceSchema = z.object({
  sku: z.string(),
  productName: z.string(),
  variantName: z.string(),
  minPriceCents: z.number().int(),
  /** The option's product price now (products.price_cents), to compare with. */
  listPriceCents: z.number().int(),
  updatedAt: z.string(),
  /** The staff member who set it, or null when their account is gone. */
  updatedBy: z.string().nullable(),
});
export type MinimumPrice = z.infer<typeof MinimumPriceSchema>;

/** Every option with a minimum, by product name then option name. */
export const MinimumPriceListSchema = z.object({ minimums: z.array(MinimumPriceSchema) });
export type MinimumPriceList = z.infer<typeof MinimumPriceListSchema>;
