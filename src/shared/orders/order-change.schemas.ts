import { z } from 'zod';
import { SHIPPING_TYPES } from '#shared/cart/cart.rules.ts';
import { orderChangeMessages } from './order-change.messages.ts';

export { orderChangeMessages };

/** The most lines a changed order holds. */
export const ORDER_CHANGE_LINES_MAX = 500;
export const ORDER_CHANGE_REASON_MAX = 300;

const Version = z
  .number({ message: orderChangeMessages.versionMissing })
  .int(orderChangeMessages.versionMissing)
  .nonnegative(orderChangeMessages.versionMissing);

export const OrderChangeLineSchema = z.object({
  sku: z.string().trim().min(1, orderChangeMessages.unknownSku).max(60, orderChangeMessages.unknownSku),
  quantity: z
    .number({ message: orderChangeMessages.quantityRange })
    .int(orderChangeMessages.quantityRange)
    .min(1, orderChangeMessages.quantityRange)
    .max(10_000, orderChangeMessages.quantityRange),
});

/**
 * A change to a placed order that has not shipped (decision 016, part 4): the whole set of its
 * lines as they are to be (a line left out is removed, a new SKU added), pickup or delivery, at the
 * version the page showed. Lines that stay keep their agreed unit price; new ones take the
 * company's price today.
 */
export const OrderChangePreviewBodySchema = z.object({
  version: Version,
  lines: z
    .array(OrderChangeLineSchema)
    .min(1, orderChangeMessages.noLines)
    .max(ORDER_CHANGE_LINES_MAX, orderChangeMessages.tooManyLines)
    .refine(
      (l) => new Set(l.map((x) => x.sku.toUpperCase())).size === l.length,
      orderChangeMessages.repeatedLine,
    ),
  shippingType: z.enum(SHIPPING_TYPES),
});
export type OrderChangePreviewBody = z.input<typeof OrderChangePreviewBodySchema>;

/** The change saved: with why (the buyer sees it) and the total the preview showed. */
export const OrderChangeBodySchema = OrderChangePreviewBodySchema.extend({
  reason: z
    .string()
    .trim()
    .min(1, orderChangeMessages.reasonRequired)
    .max(ORDER_CHANGE_REASON_MAX, orderChangeMessages.reasonTooLong),
  expectedTotalCents: z.number().int().nonnegative().max(1_000_000_000),
  /** The preview's fingerprint: a save whose lines, prices, excise or totals moved since is refused. */
  revision: z.string().regex(/^[0-9a-f]{32}$/, orderChangeMessages.versionMissing),
});
export type OrderChangeBody = z.input<typeof OrderChangeBodySchema>;

const Totals = z.object({
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  exciseCents: z.number().int(),
  totalCents: z.number().int(),
});

/** What the change would make of the order, judged now, before it is saved. */
export const OrderChangePreviewSchema = z.object({
  version: z.number().int(),
  shippingType: z.enum(SHIPPING_TYPES),
  lines: z.array(
    z.object({
      sku: z.string(),
      productName: z.string(),
      variantName: z.string(),
      sellingUnit: z.string(),
      quantity: z.number().int(),
      /** The quantity the order holds now (0: a new line). */
      was: z.number().int(),
      unitPriceCents: z.number().int(),
      /** The unit price agreed when it was ordered (a line that stays), not today's. */
      agreed: z.boolean(),
      lineTotalCents: z.number().int(),
      exciseCents: z.number().int(),
      stock: z.number().int(),
      /** Why this line cannot be as asked (stock, case pack, the rules), or null. */
      problem: z.string().nullable(),
    }),
  ),
  before: Totals,
  after: Totals,
  /** What changes, a sentence each (as the revision and the mail say it). */
  changes: z.array(z.string()),
  /** Why it cannot be saved as it is (each a sentence); empty: it can. */
  problems: z.array(z.string()),
  /** A fingerprint of all of the above the save sends back: anything moved since refuses it. */
  revision: z.string(),
});
export type OrderChangePreview = z.infer<typeof OrderChangePreviewSchema>;

/** One change of an order, as its history keeps it. */
export const OrderRevisionSchema = z.object({
  /** The order's version after it (the first change makes version 1). */
  version: z.number().int(),
  at: z.string(),
  by: z.string(),
  reason: z.string(),
  changes: z.array(z.string()),
  totalBeforeCents: z.number().int(),
  totalAfterCents: z.number().int(),
});
export type OrderRevision = z.infer<typeof OrderRevisionSchema>;
