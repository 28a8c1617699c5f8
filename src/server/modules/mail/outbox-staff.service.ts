import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { Conflict, NotFound } from '#server/errors.ts';
import type { RequestContext, StaffContext, WithDb } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { auditLog } from '#server/modules/staff/staff.table.ts';
import { carriesToken, redactLinks } from '#shared/mail/redact-links.ts';
import { mailStaffMessages, type OutboxMessage } from '#shared/mail/outbox.schemas.ts';
import { outbox } from './mail.table.ts';
import { enqueueMail } from './outbox.ts';

/** The outbox for the console: newest first, optionally one status. */
const listed = {
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  nextAttemptAt: outbox.nextAttemptAt,
};
const dated = <T extends { createdAt: Date; sentAt: Date | null; nextAttemptAt: Date }>(r: T) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
});

export async function listOutbox(
  { db }: WithDb,
  f: { status?: 'pending' | 'sent' | 'failed'; limit: number },
) {
  const rows = await db
    .select(listed)
    .from(outbox)
    .where(f.status ? eq(outbox.status, f.status) : undefined)
    .orderBy(desc(outbox.id))
    .limit(f.limit);
  return rows.map(dated);
}

/**
 * One mail as staff read it: its plain text with every token in a link redacted here, on the
 * server, so a verification or reset link never reaches the console (decision 014, item 18).
 */
export async function readMail({ db }: WithDb, id: number): Promise<OutboxMessage> {
  const [row] = await db
    .select({ ...listed, text: outbox.text, html: outbox.html })
    .from(outbox)
    .where(eq(outbox.id, id));
  if (!row) throw new NotFound(mailStaffMessages.notFound);
  const { text, html, ...entry } = row;
  return { ...dated(entry), text: redactLinks(text), carriesToken: carriesToken(text) || carriesToken(html) };
}

/** A second resend of the same mail within this is refused: two staff answering one buyer's call. */
export const RESEND_QUIET_MS = 5 * 60_000;

/**
 * Staff resend a sent mail (a buyer lost an order confirmation): a copy queued as a new outbox row,
 * audited (`mail.resent`), in one transaction. Refused (409):
 * - a mail carrying a one-time link: that link may have expired or been used, and a copy would
 *   not say so; a new link comes from the buyer's own Send Link or Lost password, or staff mark
 *   the email verified;
 * - a mail not sent: a failed one is retried instead, a waiting one goes out on its own;
 * - a mail resent in the last five minutes: the original row is locked first, so of two staff
 *   resending at once the second waits, sees the first's audit entry, and queues nothing.
 */
export async function resendMail(ctx: StaffContext, id: number): Promise<{ id: number; to: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
    if (!row) throw new NotFound(mailStaffMessages.notFound);
    if (carriesToken(row.text) || carriesToken(row.html)) throw new Conflict(mailStaffMessages.tokenMail);
    if (row.status !== 'sent') throw new Conflict(mailStaffMessages.onlySentResent);
    const [recent] = await tx
      .select({ after: auditLog.after, by: users.name })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.entity, 'mail'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, 'mail.resent'),
          gt(auditLog.createdAt, new Date(ctx.now.getTime() - RESEND_QUIET_MS)),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (recent) {
      const copy = (recent.after as { id?: unknown } | null)?.id;
      throw new Conflict(mailStaffMessages.resentJustNow(recent.by, typeof copy === 'number' ? copy : 0));
    }
    await enqueueMail(tx, { to: row.to, subject: row.subject, text: row.text, html: row.html }, ctx.now);
    // The row just queued, by this transaction's own sequence value (no other insert can be it).
    const [copy] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.id, sql`currval(pg_get_serial_sequence('outbox', 'id'))`));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'mail.resent',
        entity: 'mail',
        entityId: String(id),
        after: { id: copy!.id, to: row.to },
      },
      ctx.now,
    );
    return { id: copy!.id, to: row.to };
  });
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
