import { z } from 'zod';

/** What buyers read about back-in-stock alerts. */
export const alertMessages = {
  subscribed: 'We will email you once when it is back in stock.',
  inStock: 'This option is in stock: add it to your cart.',
  removed: 'Alert removed.',
  notFound: 'You have no alert for this option.',
  variantNotFound: 'This product option is no longer available',
  tooMany: 'You can keep up to 200 alerts: remove some first.',
} as const;
export const ALERT_LIMIT = 200;

const Sku = z.string().trim().min(1).max(60);
export const AlertBodySchema = z.object({ variantId: Sku });
export const AlertParamsSchema = z.object({ variantId: Sku });

export const AlertSchema = z.object({
  variantId: z.string(),
  variantName: z.string(),
  productName: z.string(),
  /** The product page's ids; null when the product is no longer sold. */
  product: z.object({ categoryId: z.string(), brandId: z.string(), id: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertListSchema = z.object({ alerts: z.array(AlertSchema) });
