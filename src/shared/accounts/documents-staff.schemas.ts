import { z } from 'zod';
import { DOCUMENT_KINDS } from '#shared/accounts/accounts.schemas.ts';
import { US_STATE_CODES } from '#shared/accounts/us-states.ts';
import { verificationMessages } from './accounts.messages.ts';

const vm = verificationMessages;

export const VerifyDocumentBodySchema = z.object({
  documentNumber: z.string({ message: vm.numberRequired }).trim().min(1, vm.numberRequired).max(60),
  issuingState: z
    .string({ message: vm.stateRequired })
    .trim()
    .toUpperCase()
    .refine((s) => US_STATE_CODES.includes(s), vm.stateRequired),
  expiresOn: z.iso.date({ message: vm.expiryInvalid }),
});
export type VerifyDocumentBody = z.input<typeof VerifyDocumentBodySchema>;

export const RequestReuploadBodySchema = z.object({
  note: z.string({ message: vm.noteRequired }).trim().min(1, vm.noteRequired).max(500, vm.noteRequired),
});

export const QueuedDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  buyer: z.object({ id: z.string(), name: z.string(), businessName: z.string(), email: z.string() }),
  /** The company whose document it is (its console page). */
  companyId: z.string(),
  /** A location's own document: which location (its name, else its street) and its state; null: the company's. */
  location: z.object({ id: z.string(), name: z.string(), state: z.string() }).nullable(),
});
export const VerificationQueueSchema = z.object({ documents: z.array(QueuedDocumentSchema) });

export const ExpiringQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });
export const ExpiringListSchema = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(DOCUMENT_KINDS),
      expiresOn: z.string(),
      documentNumber: z.string().nullable(),
      buyer: z.object({ id: z.string(), name: z.string(), businessName: z.string(), email: z.string() }),
    }),
  ),
});
