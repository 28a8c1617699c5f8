import { z } from 'zod';
import { parseAmount } from '#shared/money.ts';
import { PRICE_SCOPES } from './price-resolution.ts';
import { pricingMessages } from './pricing.messages.ts';
import type { EntryBody } from './pricing-staff.schemas.ts';

/*
 * The console's price list form, as staff type it: a price in dollars for an option or a product
 * (with tiers "from 10, $4.50"), a percentage off for a brand or a category ("12.5" for 12.5 %).
 * It becomes the API's EntryBody; the server checks it again (EntryBodySchema).
 */

/** "12.5" → 1250 hundredths of a percent; null when it is not a percentage with at most 2 decimals. */
export function percentToBasisPoints(text: string): number | null {
  const t = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const bp = Math.round(Number(t) * 100);
  return bp > 0 && bp <= 10_000 ? bp : null;
}

/** 1250 → "12.5". */
export const basisPointsText = (bp: number) => String(bp / 100);

export const EntryFormSchema = z
  .object({
    scope: z.enum(PRICE_SCOPES),
    target: z.string().trim().min(1, pricingMessages.targetRequired).max(200),
    price: z.string(),
    percent: z.string(),
    tiers: z.array(z.object({ minQuantity: z.string(), price: z.string() })).max(20),
  })
  .superRefine((f, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (f.scope === 'brand' || f.scope === 'category') {
      if (percentToBasisPoints(f.percent) === null) issue(['percent'], pricingMessages.percentText);
      return;
    }
    if (parseAmount(f.price) === null) issue(['price'], pricingMessages.priceText);
    f.tiers.forEach((t, i) => {
      const q = t.minQuantity.trim();
      if (!/^\d{1,7}$/.test(q) || Number(q) < 2)
        issue(['tiers', i, 'minQuantity'], pricingMessages.tierQuantityText);
      if (parseAmount(t.price) === null) issue(['tiers', i, 'price'], pricingMessages.priceText);
    });
  })
  .transform((f): EntryBody => {
    if (f.scope === 'brand' || f.scope === 'category')
      return { scope: f.scope, target: f.target, basisPoints: percentToBasisPoints(f.percent)! };
    return {
      scope: f.scope,
      target: f.target,
      priceCents: parseAmount(f.price)!,
      tiers: f.tiers.map((t) => ({
        minQuantity: Number(t.minQuantity.trim()),
        priceCents: parseAmount(t.price)!,
      })),
    };
  });
export type EntryForm = z.input<typeof EntryFormSchema>;
