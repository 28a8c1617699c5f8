import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type MailAttachmentRef, outbox } from './mail.table.ts';
import type { Mail, Mailer, MailFile } from './mailer.ts';

/**
 * How the outbox sends. One rule holds the timings together: a round is over — its last attempt
 * abandoned, should the server hang — before the lease on its mail runs out (roundMs +
 * sendTimeoutMs, 3 minutes, against leaseMs, 5), so no other instance takes a mail this one may
 * still be sending. The SMTP client's own timeouts (SMTP_TIMEOUTS) are shorter still.
 */
export const OUTBOX_POLICY = {
  /** About three hours of tries (30 s + 1 + 2 + 4 + 8 min, then every 15 min) before a mail is failed. */
  maxAttempts: 16,
  /**
   * Wait before retry n (1-based): 30 s, 1 min, 2 min … capped at 15 minutes, so mail that waited
   * out a long outage goes within a quarter of an hour of the server's return.
   */
  backoffMs: (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 15 * 60_000),
  batch: 100,
  pollMs: 5_000,
  /** A kick waits this long, so the mail of many changes in a burst goes out in one round. */
  kickDelayMs: 25,
  /** A claimed mail is due again after this, should its instance die before it records the outcome. */
  leaseMs: 5 * 60_000,
  /** One attempt is abandoned (its connection closed) after this, whatever the server does. */
  sendTimeoutMs: 60_000,
  /** A round starts no new mail after this; what it did not get to is due again at once. */
  roundMs: 2 * 60_000,
  /** Mail sent is recorded at least this often during a long round, and at its end. */
  recordSentMs: 1_000,
};
export type OutboxPolicy = typeof OUTBOX_POLICY;

/** Where the worker says what happened (the app's logger). */
export interface OutboxLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Tx = Pick<Db, 'insert'>;
type Row = typeof outbox.$inferSelect;

/** Queues mail; pass the transaction of the change that causes it. */
export async function enqueueMail(
  tx: Tx,
  mail: Mail & { attachments?: MailAttachmentRef[] },
  now: Date,
): Promise<void> {
  await tx.insert(outbox).values({ ...mail, createdAt: now, nextAttemptAt: now });
}

/**
 * The left part of a mail's Message-ID: its row's id and a digest of when and to whom it was
 * queued. The same on every attempt; unlike another store's row of the same id.
 */
export function messageKey(row: Pick<Row, 'id' | 'createdAt' | 'to'>): string {
  const digest = createHash('sha256')
    .update(`${row.id}\n${row.createdAt.toISOString()}\n${row.to}`)
    .digest('hex')
    .slice(0, 16);
  return `outbox.${row.id}.${digest}`;
}

/**
 * Failures that say the server, not this one mail, is not taking mail now (no connection, no or a
 * bad greeting, silence, 421 "closing"): the rest of the round waits too, without a connection each.
 */
const SERVER_DOWN = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EAUTH', 'EPROTOCOL']);
function serverDown(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  return e?.responseCode === 421 || (typeof e?.code === 'string' && SERVER_DOWN.has(e.code));
}

const errorText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500);

interface Round {
  lease: Date;
  started: number;
  sent: number[];
  recordedAt: number;
}

/**
 * Sends due mail. Each message is claimed by moving its next attempt into the future (the lease)
 * first, so two instances draining at once never send the same message twice; the outcome of an
 * attempt is written only while that claim holds.
 */
export class OutboxWorker {
  /** Mails this process sent, and sending attempts that failed (for /metrics). */
  readonly counts = { sent: 0, failedAttempts: 0 };
  private readonly policy: OutboxPolicy;
  private readonly log: OutboxLog | undefined;
  private readonly attach: ((refs: MailAttachmentRef[]) => Promise<MailFile[]>) | undefined;
  private timer: ReturnType<typeof setInterval> | null = null;
  private kickTimer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<number> | null = null;
  private followUp: Promise<number> | null = null;
  /** Fires at stop(): the attempt under way is abandoned, the rest of its round released. */
  private readonly stopping = new AbortController();
  /** When the server was found not taking mail, for the line saying it does again. */
  private downSince: Date | null = null;
  private drainFailing = false;
  /**
   * Mail the server took whose outcome could not be written (the database out of reach): written
   * before anything else once it answers, so none of it is sent again (unless the outage outlasts
   * the lease, and another instance takes it meanwhile).
   */
  private unrecorded: number[] = [];

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly clock: () => Date,
    options: {
      log?: OutboxLog;
      policy?: Partial<OutboxPolicy>;
      /** Makes the files a mail names (an invoice's PDF) as it is sent; a failure is a failed attempt. */
      attach?: (refs: MailAttachmentRef[]) => Promise<MailFile[]>;
    } = {},
  ) {
    this.policy = { ...OUTBOX_POLICY, ...options.policy };
    this.log = options.log;
    this.attach = options.attach;
    const { roundMs, sendTimeoutMs, leaseMs } = this.policy;
    if (roundMs + sendTimeoutMs >= leaseMs)
      throw new Error('outbox policy: roundMs + sendTimeoutMs must be shorter than leaseMs');
  }

  /** Mail was queued: send it soon (many kicks in a burst make one drain). */
  kick(): void {
    if (this.stopping.signal.aborted) return;
    this.kickTimer ??= setTimeout(() => {
      this.kickTimer = null;
      void this.drainLogged();
    }, this.policy.kickDelayMs);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.drainLogged(), this.policy.pollMs);
    this.timer.unref();
  }

  /**
   * A drain whose failure (the database out of reach: polled every 5 s) is logged once until a
   * drain works again, not every poll.
   */
  private async drainLogged(): Promise<void> {
    try {
      await this.drain();
      if (this.drainFailing) this.log?.info({}, 'outbox: draining again');
      this.drainFailing = false;
    } catch (err) {
      if (!this.drainFailing) this.log?.error({ err }, 'outbox: drain failed; tried again every poll');
      this.drainFailing = true;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.kickTimer) clearTimeout(this.kickTimer);
    this.kickTimer = null;
    this.stopping.abort();
    await this.running?.catch(() => {});
    await this.followUp?.catch(() => {});
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

  /**
   * One round:
   * 1. claim the oldest due mail (up to `batch`) for the lease;
   * 2. send it in queue order, each attempt abandoned after sendTimeoutMs; record what went;
   * 3. a mail the server refused waits its back-off; when the server itself is not taking mail,
   *    that mail and the rest of the round do, without trying each;
   * 4. after roundMs, or at stop(), what the round did not get to is due again at once.
   * Every write after the claim is conditional on it (see `failed`, `release`).
   */
  private async drainOnce(): Promise<number> {
    if (this.stopping.signal.aborted) return 0;
    const now = this.clock();
    const round: Round = {
      lease: new Date(now.getTime() + this.policy.leaseMs),
      started: performance.now(),
      sent: [],
      recordedAt: performance.now(),
    };
    if (this.unrecorded.length) await this.recordSent(round);
    const claimed = await this.claim(now, round.lease);
    if (!claimed.length) return 0;
    let next = 0;
    let sent = 0;
    // What went is never released, whatever the writes do: it must not be sent again.
    const went = new Set<number>();
    try {
      for (; next < claimed.length && !this.roundOver(round, claimed.length - next); next++) {
        const mail = claimed[next]!;
        const error = await this.attempt(mail);
        if (error === null) {
          round.sent.push(mail.id);
          sent++;
          this.counts.sent++;
          went.add(mail.id);
          if (performance.now() - round.recordedAt >= this.policy.recordSentMs) await this.recordSent(round);
        } else if (this.stopping.signal.aborted) {
          break; // shutting down: released below, this attempt not counted
        } else if (serverDown(error)) {
          await this.failed(claimed.slice(next), error, round.lease);
          this.noteServerDown(claimed.length - next, error);
          next = claimed.length;
        } else {
          await this.failed([mail], error, round.lease);
        }
      }
    } finally {
      await this.recordSent(round);
      const left = claimed.slice(next).filter((m) => !went.has(m.id));
      if (left.length) await this.release(left, round.lease);
    }
    return sent;
  }

  /** Claims in one statement: the oldest due mail, skipping rows another instance is claiming. */
  private async claim(now: Date, lease: Date): Promise<Row[]> {
    const due = and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now));
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
              .limit(this.policy.batch)
              .for('update', { skipLocked: true }),
          ),
          due,
        ),
      )
      .returning();
    // UPDATE … RETURNING gives no order: send in the order the mail was queued.
    return claimed.sort((a, b) => a.id - b.id);
  }

  private roundOver(round: Round, left: number): boolean {
    if (this.stopping.signal.aborted) return true;
    if (performance.now() - round.started < this.policy.roundMs) return false;
    this.log?.warn(
      { mails: left },
      `outbox: round stopped after ${this.policy.roundMs / 1000} s; ${left} mail(s) go in the next round`,
    );
    return true;
  }

  /** One attempt: null when the server took the mail, else what went wrong. */
  private async attempt(mail: Row): Promise<unknown> {
    const { sendTimeoutMs } = this.policy;
    const timeout = AbortSignal.timeout(sendTimeoutMs);
    const { to, subject, text, html } = mail;
    try {
      const attachments =
        mail.attachments.length && this.attach ? await this.attach(mail.attachments) : undefined;
      await this.mailer.send(
        { key: messageKey(mail), to, subject, text, html, ...(attachments && { attachments }) },
        AbortSignal.any([this.stopping.signal, timeout]),
      );
    } catch (err) {
      if (timeout.aborted && !this.stopping.signal.aborted)
        return Object.assign(
          new Error(`the mail server did not finish within ${sendTimeoutMs / 1000} s; attempt abandoned`),
          { code: 'ETIMEDOUT' },
        );
      return err;
    }
    if (this.downSince) {
      this.log?.info({ since: this.downSince.toISOString() }, 'outbox: the mail server takes mail again');
      this.downSince = null;
    }
    return null;
  }

  /**
   * Records the round's mail sent so far, and any an earlier write could not record (whatever
   * became of the claim: it went). Should the write fail, they wait in `unrecorded` for the next.
   */
  private async recordSent(round: Round): Promise<void> {
    round.recordedAt = performance.now();
    this.unrecorded.push(...round.sent.splice(0));
    const ids = [...this.unrecorded];
    if (!ids.length) return;
    await this.db
      .update(outbox)
      .set({ status: 'sent', sentAt: this.clock(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
      .where(and(inArray(outbox.id, ids), ne(outbox.status, 'sent')));
    this.unrecorded = this.unrecorded.slice(ids.length);
  }

  /**
   * Counts an attempt on each mail, with the error and its back-off (`failed` after the last), in
   * one statement — only where this round's claim still holds: had the lease run out and another
   * instance taken the mail (and sent it), its outcome stands.
   */
  private async failed(rows: Row[], err: unknown, lease: Date): Promise<void> {
    const { maxAttempts, backoffMs } = this.policy;
    const now = this.clock().getTime();
    const values = rows.map((m) => {
      const attempts = m.attempts + 1;
      const status = attempts >= maxAttempts ? 'failed' : 'pending';
      return { id: m.id, attempts, status, due: new Date(now + backoffMs(attempts)).toISOString() };
    });
    const error = errorText(err);
    this.counts.failedAttempts += rows.length;
    await this.db.execute(sql`
      update outbox o set attempts = v.attempts, status = v.status, last_error = ${error},
             next_attempt_at = v.due
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
             as v(id int, attempts int, status text, due timestamptz)
       where o.id = v.id and o.status = 'pending' and o.next_attempt_at = ${lease.toISOString()}::timestamptz`);
    for (const v of values) {
      if (v.status === 'failed')
        this.log?.error(
          { outboxId: v.id, attempts: v.attempts, error },
          `outbox: mail ${v.id} failed after ${v.attempts} tries; staff can send it again from the console's Mail page`,
        );
      else if (rows.length === 1)
        this.log?.warn(
          { outboxId: v.id, attempts: v.attempts, error, nextAttemptAt: v.due },
          'outbox: mail not sent',
        );
    }
  }

  private noteServerDown(mails: number, err: unknown): void {
    this.downSince ??= this.clock();
    this.log?.warn(
      { mails, error: errorText(err), since: this.downSince.toISOString() },
      `outbox: the mail server is not taking mail; ${mails} mail(s) wait for their next try`,
    );
  }

  /** Mail the round did not get to: due again now, for any instance (no attempt counted). */
  private async release(rows: Row[], lease: Date): Promise<void> {
    await this.db
      .update(outbox)
      .set({ nextAttemptAt: this.clock() })
      .where(
        and(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
          eq(outbox.status, 'pending'),
          eq(outbox.nextAttemptAt, lease),
        ),
      );
  }
}
