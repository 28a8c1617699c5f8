import { randomUUID } from 'node:crypto';
import type { Database } from './client.ts';

/** While the database is out of reach, a copy that could not be read again is retried this often. */
const RETRY_MS = 1_000;

/**
 * A value read from the database once and kept in memory until it changes. `changed()` (after a
 * write commits) drops this instance's copy and tells every other instance through NOTIFY on the
 * channel; each instance ignores its own notification, which it has already acted on, so one
 * write costs one reload here, not two (and a version made at the reload stays put).
 *
 * When the database is out of reach, requests are still answered from memory: a read that fails
 * serves the last copy read (and tries again every second until a read succeeds); only a cache
 * that never read one fails. When the listening connection comes back, notifications may have been
 * missed meanwhile, so a new copy is read while the current one is still served (`refresh`).
 */
export class NotifiedCache<T> {
  private current: Promise<T> | null = null;
  /** What `current` resolved to, once it has. */
  private value: T | undefined = undefined;
  /** The newest copy ever read: what is served when a read fails. */
  private lastGood: T | undefined = undefined;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private readonly origin = randomUUID();
  /** When the copy being served was read (ms since the epoch), and how long that took (ms). */
  loadedAt: number | null = null;
  lastLoadMs: number | null = null;
  private stop: (() => Promise<void>) | null = null;
  protected closed = false;

  constructor(
    protected readonly database: Database,
    private readonly channel: string,
    private readonly load: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    if (!this.current) this.read();
    return this.current!;
  }

  /**
   * Starts a read and serves it as the current copy: should it fail, the last copy read is served
   * instead (if there is one). Returns the read itself, which fails when it fails.
   */
  private read(): Promise<T> {
    const started = performance.now();
    const fallback = this.lastGood;
    const reading = this.load();
    const serving: Promise<T> = reading.then(
      (value) => {
        if (this.current === serving) this.install(value, started);
        return value;
      },
      (err) => {
        // Nothing read yet: the next request tries again. Else the last copy, until a read works.
        if (fallback === undefined) {
          if (this.current === serving) this.current = null;
          throw err;
        }
        if (this.current === serving) {
          this.value = fallback;
          this.retryLater();
        }
        return fallback;
      },
    );
    serving.catch(() => {}); // its failure is its awaiters' to handle, not an unhandled one
    this.current = serving;
    this.value = undefined;
    return reading;
  }

  private install(value: T, started: number): void {
    this.value = value;
    this.lastGood = value;
    this.loadedAt = Date.now();
    this.lastLoadMs = performance.now() - started;
  }

  private retryLater(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.refresh();
    }, RETRY_MS);
    this.retry.unref();
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

  /**
   * Straight from the database (an order whose checked version moved judges or prices again from
   * this): fails when the read fails — never the last copy — while other requests are served it.
   */
  fresh(): Promise<T> {
    return this.read();
  }

  /**
   * Reads a new copy while the current one is still served, and serves the new one once read;
   * should the read fail, the current copy stays and the read is tried again a second later.
   */
  async refresh(): Promise<void> {
    const serving = this.current;
    if (!serving) return void (await this.get().catch(() => {}));
    const started = performance.now();
    try {
      const value = await this.load();
      if (this.current !== serving) return; // changed meanwhile: that newer read wins
      this.current = Promise.resolve(value);
      this.install(value, started);
    } catch {
      this.retryLater();
    }
  }

  /** Call after a write commits: drops this instance's copy and tells the others. */
  async changed(): Promise<void> {
    this.invalidate();
    await this.database.notify(this.channel, this.origin);
  }

  async listen(): Promise<void> {
    this.stop = await this.database.listen(
      this.channel,
      (payload) => {
        if (payload !== this.origin) this.invalidate();
      },
      () => void this.refresh(),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const stop = this.stop;
    this.stop = null;
    // The database may already be gone (shutdown order, a failed connection): nothing to undo.
    await stop?.().catch(() => {});
  }
}
