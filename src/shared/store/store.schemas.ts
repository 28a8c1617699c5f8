import { z } from 'zod';
import { messages } from '#shared/messages.ts';

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
  /** Per-order subtotal cap for buyers whose Sales ID and tobacco licence are not both verified. */
  unverifiedCapCents: z.number().int().nonnegative(),
});
export type StoreInfo = z.infer<typeof StoreInfoSchema>;

export const EmailSchema = z
  .string({ message: messages.invalidEmailFormat })
  .trim()
  .max(254, messages.invalidEmailFormat)
  .pipe(z.email({ message: messages.invalidEmailFormat }));

export const NewsletterBodySchema = z.object({ email: EmailSchema });
export type NewsletterBody = z.infer<typeof NewsletterBodySchema>;
export const MessageResponseSchema = z.object({
  message: z.string(),
  /** On a refused request: the field at fault, dotted ("shippingDetails.city"), when there is one. */
  field: z.string().optional(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
