import { z } from 'zod';
import { DbIdParamSchema, DbIdSchema } from '#shared/input/input.ts';
import { BasisPointsSchema, PRICE_SCOPES, TierSchema } from './price-resolution.ts';
import { pricingMessages } from './pricing.messages.ts';

/*
 * The console's customer groups and price lists (/api/v1/admin/pricing). A price list entry names
 * its target as people know it: an option by its SKU, a product by its product SKU, a brand as
 * `category-slug/brand-slug`, a category by its slug.
 */

export const GroupBodySchema = z.object({
  name: z.string().trim().min(1, pricingMessages.groupNameRequired).max(60, 'At most 60 characters.'),
  description: z.string().trim().max(300, 'At most 300 characters.').default(''),
});
export type GroupBody = z.input<typeof GroupBodySchema>;

export const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  version: z.number().int(),
  memberCount: z.number().int().nonnegative(),
  entryCount: z.number().int().nonnegative(),
});
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = z.object({ groups: z.array(GroupSchema) });

export const MemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  businessName: z.string(),
});
export const MemberListSchema = z.object({ members: z.array(MemberSchema) });

/** Puts a buyer in a group (replacing the one they were in) or in none. */
export const BuyerGroupBodySchema = z.object({ groupId: DbIdSchema.nullable() });
export const BuyerGroupSchema = z.object({
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
});
export const BuyerParamsSchema = z.object({ userId: z.uuid('Buyer not found') });

const target = z.string().trim().min(1, pricingMessages.targetRequired).max(200);
/** Tiers in increasing quantity, each one cheaper than the price before it. */
export const TiersSchema = z
  .array(TierSchema)
  .max(20, 'At most 20 tiers.')
  .superRefine((tiers, ctx) => {
    tiers.forEach((t, i) => {
      const before = tiers[i - 1];
      if (before && t.minQuantity <= before.minQuantity)
        ctx.addIssue({ code: 'custom', path: [i, 'minQuantity'], message: pricingMessages.tiersInOrder });
    });
  });

export const EntryBodySchema = z.discriminatedUnion('scope', [
  z.object({
    scope: z.enum(['variant', 'product']),
    target,
    priceCents: z
      .number()
      .int()
      .min(0, 'Prices cannot be negative.')
      .max(100_000_000, pricingMessages.priceTooHigh),
    tiers: TiersSchema.default([]),
  }),
  z.object({
    scope: z.enum(['brand', 'category']),
    target,
    basisPoints: BasisPointsSchema.refine((bp) => bp > 0, pricingMessages.percentRequired),
  }),
]);
export type EntryBody = z.input<typeof EntryBodySchema>;

/** Tiers must each lower the price: checked with the entry's own price. */
export function tierProblem(priceCents: number, tiers: readonly { priceCents: number }[]): number | null {
  let last = priceCents;
  for (const [i, t] of tiers.entries()) {
    if (t.priceCents >= last) return i;
    last = t.priceCents;
  }
  return null;
}

export const EntrySchema = z.object({
  id: z.number().int(),
  scope: z.enum(PRICE_SCOPES),
  target: z.string(),
  /** What the target is: "Nimbus Bar Mango — 5 %", "Vapes / Nimbus"… */
  label: z.string(),
  /** The product's list price, for options and products (what the entry is compared with). */
  listPriceCents: z.number().int().nullable(),
  priceCents: z.number().int().nullable(),
  basisPoints: z.number().int().nullable(),
  tiers: z.array(TierSchema),
});
export type Entry = z.infer<typeof EntrySchema>;
export const EntryListSchema = z.object({ entries: z.array(EntrySchema), total: z.number().int() });
export const EntriesQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  scope: z.enum(PRICE_SCOPES).optional(),
});
export const GroupParamsSchema = z.object({ id: DbIdParamSchema });
export const EntryParamsSchema = GroupParamsSchema.extend({ entryId: DbIdParamSchema });
