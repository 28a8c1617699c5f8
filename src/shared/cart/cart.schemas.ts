import { z } from 'zod';
import { QuantityRuleViewSchema, TierRowSchema } from '#shared/pricing/buyer-price.schemas.ts';
import { BlockSchema } from '#shared/compliance/compliance.schemas.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { cartMessages } from './cart.messages.ts';
import { SHIPPING_TYPES } from './cart.rules.ts';

export { cartMessages };

const Quantity = z.coerce
  .number({ message: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number');
/** Variants are addressed by their SKU, as the product page shows them. */
const VariantId = z.string().trim().min(1).max(60);

/** SPEC §5: only options with a count above 0 are added; counts never go below 0. */
export const AddToCartBodySchema = z.object({
  items: z
    .array(
      z.object({ variantId: VariantId, quantity: Quantity.min(0, 'Quantity cannot be below 0').max(10_000) }),
    )
    .max(100)
    .transform((items) => items.filter((i) => i.quantity > 0))
    .refine((items) => items.length > 0, cartMessages.nothingToAdd),
});
export type AddToCartBody = z.input<typeof AddToCartBodySchema>;

export const SetQuantityBodySchema = z.object({
  quantity: Quantity.min(1, 'Quantity must be at least 1').max(10_000),
});
export const VariantParamsSchema = z.object({ variantId: VariantId });

export const CartLineSchema = z.object({
  variantId: z.string(),
  variantName: z.string(),
  productName: z.string(),
  /** What one of the unit price buys ("box of 10"); '' when the product does not say. */
  sellingUnit: z.string(),
  productId: z.string(),
  categoryId: z.string(),
  brandId: z.string(),
  imageUrl: z.string(),
  priceCents: z.number().int(),
  discountPriceCents: z.number().int().nullable(),
  discountPercentage: z.number().nullable(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int().positive(),
  stock: z.number().int().nonnegative(),
  lineTotalCents: z.number().int(),
  /** Why the line cannot go to the cart's ship-to (empty: it can). */
  blocks: z.array(BlockSchema),
  /** State excise on the line for the ship-to, in cents. */
  exciseCents: z.number().int().nonnegative(),
  /** Where the unit price comes from: the list price, the sale price or the buyer's group price list. */
  priceSource: z.enum(['list', 'sale', 'group']),
  /** The next quantity break that lowers this buyer's unit price, if any. */
  nextTier: TierRowSchema.nullable(),
  /** Case packs: the quantities this option is sold in. */
  quantityRule: QuantityRuleViewSchema,
  /** Why the line's quantity is not one the option is sold in (the case pack changed), or null. */
  quantityProblem: z.string().nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/**
 * Where the cart is judged for: the checkout's chosen location (its state and its licenses), else
 * the company's default location; `state` (the release before's) judges the default location's
 * licenses for another state.
 */
export const CartQuerySchema = z.object({
  locationId: z.uuid({ message: accountMessages.addressNotFound }).optional(),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a state.')
    .optional(),
  shipping: z.enum(SHIPPING_TYPES).optional(),
});
export type CartQuery = z.infer<typeof CartQuerySchema>;

export const CartSchema = z.object({
  items: z.array(CartLineSchema),
  itemCount: z.number().int().nonnegative(),
  subtotalCents: z.number().int().nonnegative(),
  /** The ship-to the lines were judged and taxed for; null when there is none yet (no address). */
  shipTo: z.object({ state: z.string(), stateName: z.string(), shipping: z.enum(SHIPPING_TYPES) }).nullable(),
  exciseCents: z.number().int().nonnegative(),
  /** Lines that cannot go to the ship-to: Check out waits until they are removed. */
  blockedCount: z.number().int().nonnegative(),
});
export type Cart = z.infer<typeof CartSchema>;
