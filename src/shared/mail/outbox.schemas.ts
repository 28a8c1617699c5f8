import { z } from 'zod';

/** The mail outbox as staff see it. */
export const OutboxQuerySchema = z.object({
  status: z.enum(['pending', 'sent', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const OutboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export const OutboxListSchema = z.object({ mails: z.array(OutboxEntrySchema) });
