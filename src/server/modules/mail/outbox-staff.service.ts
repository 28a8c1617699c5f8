import { and, desc, eq } from 'drizzle-orm';
import type { RequestContext, WithDb } from '#server/http/request-context.ts';
import { outbox } from './mail.table.ts';

/** The outbox for the console: newest first, optionally one status. */
export async function listOutbox(
  { db }: WithDb,
  f: { status?: 'pending' | 'sent' | 'failed'; limit: number },
) {
  const rows = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    .where(f.status ? eq(outbox.status, f.status) : undefined)
    .orderBy(desc(outbox.id))
    .limit(f.limit);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
  }));
}

/**
 * Staff retry: a failed mail goes out on the next drain, with a fresh attempt count. Not a waiting
 * one: it may be in the middle of an attempt (claimed), and moving it would send it twice.
 */
export async function retryMail(
  { db, now }: Pick<RequestContext, 'now'> & WithDb,
  id: number,
): Promise<{ to: string; status: string } | null> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ to: outbox.to, status: outbox.status });
  return row ?? null;
}
