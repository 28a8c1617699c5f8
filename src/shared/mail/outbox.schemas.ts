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

/** One mail opened in the console: its plain text, every token in a link redacted by the server. */
export const OutboxMessageSchema = OutboxEntrySchema.extend({
  text: z.string(),
  /** It carries a one-time link (verification, password reset): shown redacted, never resent. */
  carriesToken: z.boolean(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const ResendResponseSchema = z.object({
  message: z.string(),
  /** The copy's own outbox row. */
  id: z.number().int(),
});

export const mailStaffMessages = {
  notFound: 'Mail not found',
  onlyFailedRetried: 'Only a failed mail can be retried.',
  onlySentResent:
    'Only a sent mail can be resent: retry a failed one, and a waiting one goes out on its own.',
  tokenMail:
    "This mail carries a one-time link (an email verification or a password reset), which may have expired or been used, so it is not sent again. Mark the email verified on the buyer's page, or ask the buyer for a new link: Send Link on their account, or Lost password.",
  resentJustNow: (by: string, copyId: number) =>
    `${by} resent this mail moments ago (mail #${copyId}); it is not queued twice. Try again in a few minutes if another copy is needed.`,
  resent: (to: string) => `A copy of the mail will be sent to ${to}.`,
} as const;
