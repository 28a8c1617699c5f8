import { z } from 'zod';
import { storeMessages } from '#shared/store/store.messages.ts';

export const SocialLinkSchema = z.object({ name: z.string(), url: z.string() });

/** Public store settings: what the header, footer and promises strip show. */
export const StoreInfoSchema = z.object({
  storeName: z.string(),
  shortName: z.string(),
  contact: z.object({
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    hours: z.string(),
  }),
  social: z.array(SocialLinkSchema),
  /** Where Pickup in store orders are collected. */
  pickupAddress: z.string(),
  deliveryFeeCents: z.number().int().nonnegative(),
  /** Per-order subtotal cap for buyers whose Sales ID and tobacco license are not both verified. */
  unverifiedCapCents: z.number().int().nonnegative(),
  /** The store's own state: pickup orders are judged (rules, excise) as shipped there. */
  storeState: z.string(),
  /** Who carries deliveries; the PACT Act report names it per shipment. */
  carrier: z.string(),
  /** How the store arranges payment after an order: the order confirmation page's "what happens next". */
  paymentNote: z.string(),
});
export type StoreInfo = z.infer<typeof StoreInfoSchema>;

export const EmailSchema = z
  .string({ message: storeMessages.invalidEmailFormat })
  .trim()
  .max(254, storeMessages.invalidEmailFormat)
  .pipe(z.email({ message: storeMessages.invalidEmailFormat }));

export const NewsletterBodySchema = z.object({ email: EmailSchema });
export type NewsletterBody = z.infer<typeof NewsletterBodySchema>;
export const MessageResponseSchema = z.object({
  message: z.string(),
  /** On a refused request: the field at fault, dotted ("shippingDetails.city"), when there is one. */
  field: z.string().optional(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
