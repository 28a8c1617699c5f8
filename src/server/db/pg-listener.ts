import pg from 'pg';

interface Subscription {
  onPayload: (payload: string) => void;
  onRestored?: () => void;
}

/** How long to wait before trying again after the connection failed: doubling, at most a second. */
const RETRY_MS = { first: 100, max: 1_000 };

/**
 * LISTEN on a PostgreSQL server for every channel of one instance, over one connection that comes
 * back by itself. When the connection is lost (the server restarted, the session was terminated,
 * the network broke), it is made again — every `RETRY_MS`, doubling up to a second, for as long
 * as it takes — and every channel is listened to again; notifications sent meanwhile are lost, so
 * each subscriber's `onRestored` then runs, for it to catch up (reload, read what is new).
 */
export class PgListener {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Set<Subscription>>();
  private connecting: Promise<pg.Client> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private retryMs = RETRY_MS.first;
  /** Whether a connection was ever made: a later loss is restored by itself, the first must succeed. */
  private started = false;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    /** Told once when the connection is lost, and once when it is back. */
    private readonly onStatus: (event: 'lost' | 'restored') => void = () => {},
  ) {}

  /** Whether the connection is up and listening now (readiness). */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Listens on `channel`. Before the first connection this connects (and throws when it cannot:
   * a start-up against a database that is not there must fail); later, while the connection is
   * down, the subscription waits for it to come back.
   */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRestored?: () => void,
  ): Promise<() => Promise<void>> {
    const sub: Subscription = { onPayload, onRestored };
    const first = !this.channels.has(channel);
    if (first) this.channels.set(channel, new Set());
    const set = this.channels.get(channel)!;
    set.add(sub);
    try {
      const client = this.client ?? (this.started ? null : await this.connect());
      if (first && client && client === this.client)
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      set.delete(sub);
      if (!set.size) this.channels.delete(channel);
      throw err;
    }
    return async () => {
      set.delete(sub);
      if (set.size || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  /** One connection at a time; on success it listens to every channel named so far. */
  private connect(): Promise<pg.Client> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ ...this.config, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      client.on('notification', (msg) => {
        for (const sub of this.channels.get(msg.channel) ?? []) sub.onPayload(msg.payload ?? '');
      });
      try {
        await client.connect();
        const names = [...this.channels.keys()];
        if (names.length) await client.query(names.map((c) => `LISTEN ${pg.escapeIdentifier(c)};`).join(' '));
      } catch (err) {
        client.removeAllListeners();
        client.on('error', () => {});
        await client.end().catch(() => {});
        throw err;
      }
      if (this.closed) {
        await client.end().catch(() => {});
        throw new Error('listener closed');
      }
      this.client = client;
      this.started = true;
      this.retryMs = RETRY_MS.first;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners();
    client.on('error', () => {});
    if (this.closed) return;
    this.onStatus('lost');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => {
          this.onStatus('restored');
          for (const set of this.channels.values()) for (const sub of set) sub.onRestored?.();
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.channels.clear();
    await this.connecting?.catch(() => {});
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
