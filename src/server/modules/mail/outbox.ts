import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { RequestContext } from '#server/plugins/request-context.ts';
import { outbox } from './mail.table.ts';
import type { Mail, Mailer } from './mailer.ts';

export const OUTBOX_POLICY = {
  maxAttempts: 10,
  /** Wait before retry n (1-based): 30 s, 1 min, 2 min … capped at 1 hour. */
  backoffMs: (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000),
  batch: 100,
  pollMs: 5_000,
  /** A kick waits this long, so the mail of many changes in a burst goes out in one round. */
  kickDelayMs: 25,
};

type Tx = Pick<Db, 'insert'>;

/** Queues mail; pass the transaction of the change that causes it. */
export async function enqueueMail(tx: Tx, mail: Mail, now: Date): Promise<void> {
  await tx.insert(outbox).values({ ...mail, createdAt: now, nextAttemptAt: now });
}

/**
 * Sends due mail. Each message is claimed by moving its next attempt into the future first, so
 * two instances draining at once never send the same message twice.
 */
export class OutboxWorker {
  /** Mails this process sent, and sending attempts that failed (for /metrics). */
  readonly counts = { sent: 0, failedAttempts: 0 };
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;
  private followUp: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly clock: () => Date,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private kickTimer: ReturnType<typeof setTimeout> | null = null;

  /** Mail was queued: send it soon (many kicks in a burst make one drain). */
  kick(): void {
    this.kickTimer ??= setTimeout(() => {
      this.kickTimer = null;
      void this.drain().catch(this.onError);
    }, OUTBOX_POLICY.kickDelayMs);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.drain().catch(this.onError), OUTBOX_POLICY.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.kickTimer) clearTimeout(this.kickTimer);
    this.kickTimer = null;
    await this.running?.catch(() => {});
    this.mailer.close();
  }

  /**
   * Sends what is due now; returns how many were sent. A call during a run is not lost: it gets
   * one more run after the current one (mail queued meanwhile goes out then), shared by every
   * caller that arrived during the run.
   */
  drain(): Promise<number> {
    if (!this.running) {
      this.running = this.drainOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.followUp ??= this.running
      .catch(() => 0)
      .then(() => {
        this.followUp = null;
        return this.drain();
      });
    return this.followUp;
  }

  private async drainOnce(): Promise<number> {
    const now = this.clock();
    const lease = new Date(now.getTime() + 5 * 60_000);
    const due = and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now));
    // Claim in one statement: the oldest due mail, skipping rows another instance is claiming.
    const claimed = await this.db
      .update(outbox)
      .set({ nextAttemptAt: lease })
      .where(
        and(
          inArray(
            outbox.id,
            this.db
              .select({ id: outbox.id })
              .from(outbox)
              .where(due)
              .orderBy(asc(outbox.id))
              .limit(OUTBOX_POLICY.batch)
              .for('update', { skipLocked: true }),
          ),
          due,
        ),
      )
      .returning();
    if (!claimed.length) return 0;
    const sent: number[] = [];
    // UPDATE … RETURNING gives no order: send in the order the mail was queued.
    claimed.sort((a, b) => a.id - b.id);
    for (const mail of claimed) {
      try {
        await this.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        sent.push(mail.id);
      } catch (err) {
        this.counts.failedAttempts++;
        const attempts = mail.attempts + 1;
        const failed = attempts >= OUTBOX_POLICY.maxAttempts;
        await this.db
          .update(outbox)
          .set({
            attempts,
            status: failed ? 'failed' : 'pending',
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: new Date(this.clock().getTime() + OUTBOX_POLICY.backoffMs(attempts)),
          })
          .where(eq(outbox.id, mail.id));
      }
    }
    // One write for the whole batch (a busy store queues many confirmations a second). Should the
    // process die before it, the lease runs out and those mails go once more: at least once.
    this.counts.sent += sent.length;
    if (sent.length)
      await this.db
        .update(outbox)
        .set({ status: 'sent', sentAt: this.clock(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
        .where(inArray(outbox.id, sent));
    return sent.length;
  }
}

/** The outbox for the console: newest first, optionally one status. */
export async function listOutbox(
  { db }: Pick<RequestContext, 'db'>,
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

/** Staff retry: a failed (or waiting) mail goes out on the next drain, with a fresh attempt count. */
export async function retryMail(
  { db, now }: Pick<RequestContext, 'db' | 'now'>,
  id: number,
): Promise<{ to: string; status: string } | null> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['failed', 'pending'])))
    .returning({ to: outbox.to, status: outbox.status });
  return row ?? null;
}
