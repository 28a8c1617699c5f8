import type { Database } from './client.ts';

/** The wake-up every instance listens for; its payload means nothing. */
export const CHANGES_CHANNEL = 'changes';

type Handler = (payload: string) => void;

/**
 * Changes a transaction writes into `change_events` (place_order: the stock it took and the
 * buyer's cart event), delivered after commit to this instance's handlers for their channel — the
 * same handlers and payloads as a NOTIFY on that channel, without a NOTIFY in the transaction.
 *
 * Reading: each instance keeps a cursor, a transaction id. A read takes the rows of transactions
 * with ids from the cursor up to (not including) the oldest transaction still running, then moves
 * the cursor there: every transaction below it has ended, and every one yet to commit has an id at
 * or above it, so no row is read twice or skipped, in whatever order transactions commit.
 *
 * Waking: after a local commit that wrote rows (`committed()`), this instance reads at once and
 * sends one NOTIFY on CHANGES_CHANNEL, outside any order, at most one in flight (commits meanwhile
 * ask for one more after it); every instance reads on hearing it. A poll every `pollMs` catches up
 * when a process died between its commit and its NOTIFY, or the wake came while an older
 * transaction was still running. Wakes and commits within `batchMs` (10) share one read and one
 * NOTIFY, and a read or NOTIFY asked for during one waits a batch after it: at a thousand orders a
 * second that is at most one read per instance per 10 ms, not a thousand. On a database no other
 * process opens (`shared: false`, PGlite) there is no NOTIFY. Rows are kept for an hour.
 *
 * While the database is out of reach the cursor stays where it was: once reads work again (the
 * poll, or the listening connection coming back) everything committed meanwhile — by other
 * instances too — is read, in order, from there.
 */
export class ChangeFeed {
  private readonly handlers = new Map<string, Set<Handler>>();
  private cursor: string | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private notifying = false;
  private notifyAgain = false;
  private stopListening: (() => Promise<void>) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastPrune = 0;
  /** Whether the last read failed: a failure is reported once until a read works again. */
  private failing = false;

  constructor(
    private readonly database: Database,
    private readonly opts: {
      pollMs?: number;
      /** Wakes within this many ms make one read (and commits one NOTIFY): orders come many a second. */
      batchMs?: number;
      retainMs?: number;
      /**
       * Whether other processes use this database (default true). An embedded one (PGlite) is
       * opened by this process alone: its commits wake this feed directly, and a NOTIFY would be
       * a statement per batch that nobody needs.
       */
      shared?: boolean;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  on(channel: string, handler: Handler): () => void {
    const set = this.handlers.get(channel) ?? new Set<Handler>();
    this.handlers.set(channel, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Starts from now: what was written before is already in the read models this instance loads. */
  async start(): Promise<void> {
    const [row] = await this.database.query<{ xmin: string }>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    );
    this.cursor = row!.xmin;
    // Wakes lost while the listening connection was down are made up for by reading at once.
    this.stopListening = await this.database.listen(
      CHANGES_CHANNEL,
      () => this.wake(),
      () => this.wake(),
    );
    this.timer = setInterval(() => this.wake(), this.opts.pollMs ?? 1000);
    this.timer.unref();
  }

  /** Call after a local transaction that wrote change events has committed. */
  committed(): void {
    this.wake();
    if (this.opts.shared === false) return;
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    void (async () => {
      try {
        await this.pause();
        for (;;) {
          this.notifyAgain = false;
          await this.database.notify(CHANGES_CHANNEL, '');
          if (!this.notifyAgain || !this.stopListening) break;
          await this.pause(); // commits meanwhile: one more, a batch later
        }
      } catch (err) {
        this.opts.onError?.(err); // the poll still brings the others up to date
      } finally {
        this.notifying = false;
      }
    })();
  }

  /** Reads what is new, one read at a time; a wake during a read asks for another after it. */
  wake(): void {
    if (this.cursor === null) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = (async () => {
      try {
        await this.pause();
        for (;;) {
          this.readAgain = false;
          await this.read();
          if (!this.readAgain || this.cursor === null) break;
          await this.pause(); // woken meanwhile: one more read, a batch later
        }
        await this.prune();
        this.failing = false;
      } catch (err) {
        // Once while reads fail (the database out of reach, polled every second), not every poll.
        if (!this.failing) this.opts.onError?.(err);
        this.failing = true;
      } finally {
        this.reading = null;
      }
    })();
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.opts.batchMs ?? 10));
  }

  /** Resolves when the reads under way (and any they asked for) are done: for tests. */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }

  private async read(): Promise<void> {
    const [row] = await this.database.query<{ xmin: string; events: { c: string; p: string }[] }>(
      `with s as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
       select (select xmin::text from s) as xmin,
         coalesce((select json_agg(json_build_object('c', channel, 'p', payload) order by xid, id)
           from change_events, s where xid >= $1::xid8 and xid < s.xmin), '[]'::json) as events`,
      [this.cursor],
    );
    if (this.cursor === null) return; // closed meanwhile
    this.cursor = row!.xmin;
    for (const { c, p } of row!.events)
      for (const handler of this.handlers.get(c) ?? [])
        try {
          handler(p);
        } catch (err) {
          this.opts.onError?.(err);
        }
  }

  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 600_000) return;
    this.lastPrune = now;
    const keep = (this.opts.retainMs ?? 3_600_000) / 1000;
    await this.database.query(
      `delete from change_events where created_at < now() - make_interval(secs => $1)`,
      [keep],
    );
  }

  async close(): Promise<void> {
    this.cursor = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.().catch(() => {});
    await this.settled().catch(() => {});
  }
}
