import { z } from 'zod';
import { pricingMessages } from './pricing.messages.ts';

/*
 * Case packs: per option, a minimum order quantity, an order increment (sold in cases of N) and an
 * optional maximum per order. One rule, used by the quantity selector, add to cart, set quantity,
 * Buy Again, quick order and place order alike. Quantities are whole cases: multiples of the
 * increment, from the minimum (itself a whole number of cases) up to the maximum.
 */

export const QuantityRuleSchema = z
  .object({
    minQuantity: z.number().int().min(1, 'At least 1.').max(100_000, 'At most 100,000.'),
    increment: z.number().int().min(1, 'At least 1.').max(100_000, 'At most 100,000.'),
    maxQuantity: z.number().int().min(1, 'At least 1.').max(1_000_000, 'At most 1,000,000.').nullable(),
  })
  .refine((r) => r.minQuantity % r.increment === 0, {
    path: ['minQuantity'],
    message: pricingMessages.minimumNotInCases,
  })
  .refine(
    (r) => r.maxQuantity === null || (r.maxQuantity >= r.minQuantity && r.maxQuantity % r.increment === 0),
    {
      path: ['maxQuantity'],
      message: pricingMessages.maximumBelowMinimum,
    },
  );

export {
  allowedQuantity,
  largestAllowedAtMost,
  NO_QUANTITY_RULE,
  type QuantityRule,
  quantityProblem,
  stepQuantity,
} from './quantity-steps.ts';
