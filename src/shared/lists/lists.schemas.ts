import { z } from 'zod';
import { QuantityRuleViewSchema } from '#shared/pricing/buyer-price.schemas.ts';
import { LIST_LIMITS, listMessages } from './lists.messages.ts';

export { LIST_LIMITS, listMessages } from './lists.messages.ts';

const Quantity = z.coerce
  .number({ message: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(10_000, 'Quantity must be at most 10,000');
const Sku = z.string().trim().min(1).max(60);

export const ListNameSchema = z.object({
  name: z.string().trim().min(1, listMessages.nameRequired).max(LIST_LIMITS.name, listMessages.nameTooLong),
});
export type ListNameBody = z.input<typeof ListNameSchema>;

export const ListParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ListItemParamsSchema = ListParamsSchema.extend({ variantId: Sku });

/** Items to save: options by SKU with a quantity (the same SKU twice counts both). */
export const ListItemsBodySchema = z.object({
  items: z
    .array(z.object({ variantId: Sku, quantity: Quantity }))
    .min(1, 'Choose at least one item to save')
    .max(LIST_LIMITS.items, listMessages.tooManyItems),
});
export type ListItemsBody = z.input<typeof ListItemsBodySchema>;

export const ListQuantitySchema = z.object({ quantity: Quantity });

export const ListSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  itemCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type ListSummary = z.infer<typeof ListSummarySchema>;
export const ListListSchema = z.object({ lists: z.array(ListSummarySchema) });

export const ListItemSchema = z.object({
  variantId: z.string(),
  variantName: z.string(),
  productName: z.string(),
  /** The product page's ids; null when the product is no longer sold. */
  product: z.object({ categoryId: z.string(), brandId: z.string(), id: z.string() }).nullable(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int().positive(),
  stock: z.number().int().nonnegative(),
  /** This buyer's unit price at the list's quantity; null when no longer sold. */
  unitPriceCents: z.number().int().nullable(),
  quantityRule: QuantityRuleViewSchema,
  /** Why this line would not go to the cart as it is (out of stock, case pack, not sold), or null. */
  problem: z.string().nullable(),
});
export type ListItem = z.infer<typeof ListItemSchema>;

export const ListDetailSchema = ListSummarySchema.extend({ items: z.array(ListItemSchema) });
export type ListDetail = z.infer<typeof ListDetailSchema>;

/** The "Save to list" form: one of my lists, or a new one by name. */
export const SaveToListFormSchema = z
  .object({ listId: z.string(), name: z.string() })
  .superRefine((v, issue) => {
    if (v.listId !== 'new') return;
    const name = ListNameSchema.shape.name.safeParse(v.name);
    if (!name.success)
      issue.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]!.message });
  });
