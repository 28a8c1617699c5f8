import { z } from 'zod';

/*
 * What the storefront tells a signed-in buyer in a customer group about their own price. Present
 * only in that buyer's answers (private, never cached publicly); visitors and buyers without a
 * group see the list and sale prices alone.
 */

const cents = z.number().int().nonnegative();

/** A quantity break: from this quantity on, one unit costs this (for this buyer). */
export const TierRowSchema = z.object({ minQuantity: z.number().int().positive(), unitPriceCents: cents });
export type TierRow = z.infer<typeof TierRowSchema>;

/** On a product card: the buyer's lowest unit price over the options; `from` when options differ. */
export const CardPriceSchema = z.object({ unitPriceCents: cents, from: z.boolean() });
export type CardPrice = z.infer<typeof CardPriceSchema>;

/** On an option: the buyer's unit price at the option's minimum quantity, and the volume tiers. */
export const OptionPriceSchema = z.object({ unitPriceCents: cents, tiers: z.array(TierRowSchema) });
export type OptionPrice = z.infer<typeof OptionPriceSchema>;

/** Case packs as the storefront shows them: minimum, increment (case of N), optional maximum. */
export const QuantityRuleViewSchema = z.object({
  minQuantity: z.number().int().positive(),
  increment: z.number().int().positive(),
  maxQuantity: z.number().int().positive().nullable(),
});
