import { z } from 'zod';
import { CartSchema } from './cart.schemas.ts';
import { parseQuickOrder, QUICK_ORDER_MAX_CHARS, quickOrderMessages } from './quick-order.ts';

/** The lines as typed; the server reads them with the same parser the page uses. */
export const QuickOrderBodySchema = z.object({
  text: z.string().max(QUICK_ORDER_MAX_CHARS, quickOrderMessages.tooLong),
});
export type QuickOrderBody = z.infer<typeof QuickOrderBodySchema>;

/** Why a line cannot go to the cart, or 'ok'. */
export const QUICK_ORDER_STATUSES = [
  'ok',
  'invalid',
  'unknown',
  'unavailable',
  'outOfStock',
  'short',
  'caseRule',
  'blocked',
] as const;

export const QuickOrderLineSchema = z.object({
  /** The text's line numbers (the same SKU on two lines is one line of both quantities). */
  lines: z.array(z.number().int().positive()),
  sku: z.string(),
  quantity: z.number().int().nonnegative(),
  status: z.enum(QUICK_ORDER_STATUSES),
  problem: z.string().nullable(),
  /** The option, when the SKU names one the storefront sells. */
  productName: z.string().nullable(),
  variantName: z.string().nullable(),
  /** What one of the unit price buys ("box of 10"); '' when not said, null when unknown. */
  sellingUnit: z.string().nullable(),
  /** The product page's ids, when the storefront sells it. */
  product: z.object({ categoryId: z.string(), brandId: z.string(), id: z.string() }).nullable(),
  /** Already in the cart: the line's checks count it with the quantity. */
  inCart: z.number().int().nonnegative(),
  /**
   * This buyer's unit price at the quantity the cart line would hold, and the line's total: of its
   * whole quantity, or, for a line that went in only in part, of what went in (`addedQuantity`).
   */
  unitPriceCents: z.number().int().nullable(),
  lineTotalCents: z.number().int().nullable(),
  priceSource: z.enum(['list', 'sale', 'group']).nullable(),
  /**
   * How many went (or would go) into the cart: all of a ready line, part of one when a list or an
   * order fills the cart (then `problem` says why the rest did not).
   */
  addedQuantity: z.number().int().nonnegative(),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

export const QuickOrderCheckSchema = z.object({
  lines: z.array(QuickOrderLineSchema),
  okCount: z.number().int().nonnegative(),
  problemCount: z.number().int().nonnegative(),
  /** The ready lines' total, in cents. */
  totalCents: z.number().int().nonnegative(),
  /** The state lines were judged for (the default address's), or null without an address. */
  shipTo: z.object({ state: z.string(), stateName: z.string() }).nullable(),
  message: z.string(),
});
export type QuickOrderCheck = z.infer<typeof QuickOrderCheckSchema>;

export const QuickOrderAddedSchema = z.object({
  cart: CartSchema,
  addedCount: z.number().int().nonnegative(),
  /** The lines that did not go in, with why. */
  notAdded: z.array(QuickOrderLineSchema),
  message: z.string(),
});
export type QuickOrderAdded = z.infer<typeof QuickOrderAddedSchema>;

/** The page's form: the same text rules the server applies before it judges any line. */
export const QuickOrderFormSchema = QuickOrderBodySchema.superRefine((body, issue) => {
  const parsed = parseQuickOrder(body.text);
  if ('problem' in parsed) issue.addIssue({ code: 'custom', path: ['text'], message: parsed.problem });
});
