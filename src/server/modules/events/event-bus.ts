import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';

export const USER_EVENTS_CHANNEL = 'user_events';
/** `prices`: the buyer's own prices changed (their group or its price list): carts and pages re-price. */
export type UserEventType = 'profile' | 'cart' | 'orders' | 'prices';

type Listener = (type: UserEventType) => void;
const ALL_TYPES: readonly UserEventType[] = ['profile', 'cart', 'orders', 'prices'];
/** Open pages told to read everything again after a lost connection come back within this. */
const RESYNC_SPREAD_MS = 5_000;

/**
 * Per-buyer events for open pages (Server-Sent Events), carried between server instances by
 * PostgreSQL LISTEN/NOTIFY: whichever instance makes a change, every instance holding a stream
 * for that buyer hears it. Works the same on PGlite.
 */
export class UserEventBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;
  /** Events not delivered since the last one that was (the database out of reach). */
  private undelivered = 0;

  constructor(
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'> = { warn() {}, info() {} },
  ) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(
      USER_EVENTS_CHANNEL,
      (payload) => this.deliver(payload),
      () => this.resync(),
    );
  }

  /**
   * Events may have been missed while the listening connection was down: every open page here is
   * told everything may have changed, and reads its cart, profile, orders and prices again.
   */
  private resync(): void {
    // Spread over a few seconds: every open page reading everything again at the moment the
    // database is back would be a burst of its own.
    for (const set of this.listeners.values())
      for (const listener of set) {
        const timer = setTimeout(() => {
          if (set.has(listener)) for (const type of ALL_TYPES) listener(type);
        }, Math.random() * RESYNC_SPREAD_MS);
        timer.unref();
      }
  }

  /** An event heard from the database (a NOTIFY, or a change event an order wrote) to this instance's streams. */
  deliver(payload: string): void {
    try {
      const { userId, userIds, type } = JSON.parse(payload) as {
        userId?: string;
        userIds?: string[];
        type: UserEventType;
      };
      for (const id of userIds ?? [userId])
        for (const listener of this.listeners.get(id ?? '') ?? []) listener(type);
    } catch {
      // Not ours: ignore.
    }
  }

  /**
   * Tells the buyer's open pages, on every instance, that something of theirs changed. A service
   * calls it after its transaction commits (never a route handler). It never fails the change,
   * which stands: should the database be out of reach, the pages miss the event (they read again
   * when their connection comes back) and the failure is logged once while it lasts, with how many
   * events were missed when telling works again.
   */
  async publish(userId: string, type: UserEventType): Promise<void> {
    await this.notify(JSON.stringify({ userId, type }));
  }

  /** One event for many buyers (a group's price list changed), a notification per hundred of them. */
  async publishMany(userIds: readonly string[], type: UserEventType): Promise<void> {
    for (let i = 0; i < userIds.length; i += 100)
      await this.notify(JSON.stringify({ userIds: userIds.slice(i, i + 100), type }));
  }

  private async notify(payload: string): Promise<void> {
    try {
      await this.database.notify(USER_EVENTS_CHANNEL, payload);
    } catch (err) {
      if (this.undelivered++ === 0)
        this.log.warn(
          { err },
          'events: cannot tell open pages of a change (they catch up when they reconnect)',
        );
      return;
    }
    if (this.undelivered > 0) {
      this.log.info(`events: telling open pages again; ${this.undelivered} event(s) were not delivered`);
      this.undelivered = 0;
    }
  }

  /** Open subscriptions (a buyer's SSE streams) on this instance. */
  get subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  subscribe(userId: string, listener: Listener): () => void {
    const set = this.listeners.get(userId) ?? new Set<Listener>();
    this.listeners.set(userId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.().catch(() => {});
    this.listeners.clear();
  }
}
