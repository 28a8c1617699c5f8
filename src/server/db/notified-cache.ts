import { randomUUID } from 'node:crypto';
import type { Database } from './client.ts';

/**
 * A value read from the database once and kept in memory until it changes. `changed()` (after a
 * write commits) drops this instance's copy and tells every other instance through NOTIFY on the
 * channel; each instance ignores its own notification, which it has already acted on, so one
 * write costs one reload here, not two (and a version made at the reload stays put).
 */
export class NotifiedCache<T> {
  private current: Promise<T> | null = null;
  /** What `current` resolved to, once it has. */
  private value: T | undefined = undefined;
  private readonly origin = randomUUID();
  /** When the copy being served was read (ms since the epoch), and how long that took (ms). */
  loadedAt: number | null = null;
  lastLoadMs: number | null = null;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    protected readonly database: Database,
    private readonly channel: string,
    private readonly load: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    if (!this.current) {
      const started = performance.now();
      const loading = this.load();
      this.current = loading;
      this.value = undefined;
      loading.then(
        (value) => {
          if (this.current !== loading) return;
          this.value = value;
          this.loadedAt = Date.now();
          this.lastLoadMs = performance.now() - started;
        },
        // A failed load must not stick: the next request tries again.
        () => {
          if (this.current === loading) this.current = null;
        },
      );
    }
    return this.current;
  }

  /** The copy being served when it is loaded (undefined while none is): for hot paths that need no promise. */
  loaded(): T | undefined {
    return this.current ? this.value : undefined;
  }

  /** The copy being served, if one is loaded or loading. */
  peek(): Promise<T> | null {
    return this.current;
  }

  invalidate(): void {
    this.current = null;
    this.value = undefined;
  }

  /** Straight from the database (an order whose checked version moved judges or prices again from this). */
  fresh(): Promise<T> {
    this.invalidate();
    return this.get();
  }

  /** Call after a write commits: drops this instance's copy and tells the others. */
  async changed(): Promise<void> {
    this.invalidate();
    await this.database.notify(this.channel, this.origin);
  }

  async listen(): Promise<void> {
    this.stop = await this.database.listen(this.channel, (payload) => {
      if (payload !== this.origin) this.invalidate();
    });
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    // The database may already be gone (shutdown order, a failed connection): nothing to undo.
    await stop?.().catch(() => {});
  }
}
