import { z } from 'zod';
import { AddressSchema, DOCUMENT_KINDS } from '#shared/accounts/accounts.schemas.ts';
import { OrderSchema } from '#shared/orders/orders.schemas.ts';

/** Staff management of buyer accounts: search, detail, verify email, disable. */
export const DOCUMENT_FILTERS = ['missing', 'pending', 'reupload_requested', 'verified'] as const;
export const BuyersQuerySchema = z.object({
  /** Part of the business name, name or email. */
  q: z.string().trim().max(100).optional(),
  state: z.string().trim().toUpperCase().length(2).optional(),
  /** Buyers with at least one document in this state ('missing': one not uploaded). */
  documents: z.enum(DOCUMENT_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type BuyersQuery = z.output<typeof BuyersQuerySchema>;

const DocStatus = z.enum(['pending', 'verified', 'reupload_requested']).nullable();
export const BuyerRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  state: z.string().nullable(),
  createdAt: z.string(),
  disabled: z.boolean(),
  documents: z.object({ salesId: DocStatus, tobaccoLicense: DocStatus }),
});
export const BuyerListSchema = z.object({
  buyers: z.array(BuyerRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const BuyerDetailSchema = z.object({
  buyer: BuyerRowSchema.extend({ phone: z.string() }),
  /** The company the buyer is (or was) a member of: its console page (decision 015, step 5). */
  companyId: z.string().nullable(),
  addresses: z.array(AddressSchema),
  documents: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(DOCUMENT_KINDS),
      status: z.string(),
      originalName: z.string(),
      uploadedAt: z.string(),
      documentNumber: z.string().nullable(),
      issuingState: z.string().nullable(),
      expiresOn: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  orders: z.array(OrderSchema),
});
export const DisableBuyerBodySchema = z.object({ disabled: z.boolean() });
