import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A document a mail carries, named by what makes it. */
export interface MailAttachmentRef {
  invoice: string;
}

/**
 * The transactional outbox: mail is written here in the same transaction as the change that
 * causes it, and a worker sends it with retries. An SMTP outage delays mail, never loses it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /**
     * Documents sent with it, made when it is sent (an invoice's PDF: `{ invoice: id }`), so the
     * outbox keeps references, not files.
     */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    /** pending → sent, or failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  // The drain takes the oldest due mail: pending rows in id order (sent ones, which pile up, are
  // never scanned); staff list a status newest first from the same index.
  (t) => [index('outbox_status_id_idx').on(t.status, t.id)],
);
