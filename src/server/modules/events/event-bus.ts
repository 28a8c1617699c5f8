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

  constructor(private readonly database: Database) {}

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

  /** Call after the change commits. */
  async publish(userId: string, type: UserEventType): Promise<void> {
    await this.database.notify(USER_EVENTS_CHANNEL, JSON.stringify({ userId, type }));
  }

  /** One event for many buyers (a group's price list changed), a notification per hundred of them. */
  async publishMany(userIds: readonly string[], type: UserEventType): Promise<void> {
    for (let i = 0; i < userIds.length; i += 100)
      await this.database.notify(
        USER_EVENTS_CHANNEL,
        JSON.stringify({ userIds: userIds.slice(i, i + 100), type }),
      );
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
