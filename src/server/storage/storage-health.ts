import type { ObjectBody, ObjectStore, StoredObject } from './object-store.ts';
import { StorageUnavailable, type StorageTrouble } from './storage-failure.ts';

/** The two calls of the app's logger (pino) this needs. */
export interface HealthLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** The log's line when a trouble starts (error) and when it ends (info); operators grep for them. */
export const STORAGE_TROUBLE_STARTED: Record<StorageTrouble, string> = {
  'disk-full':
    'storage: the disk is full: uploads are refused (503) until space is freed; reads go on. Logged once until writes work again',
  disk: 'storage: the disk cannot be read or written; affected requests answer 503. Logged once until it works again',
  'object-store':
    'storage: the object store cannot be reached or does not answer in time; uploads and files from it answer 503. Logged once until it answers again',
};
export const STORAGE_TROUBLE_ENDED: Record<StorageTrouble, string> = {
  'disk-full': 'storage: writes to the disk work again: uploads are accepted',
  disk: 'storage: the disk works again',
  'object-store': 'storage: the object store answers again',
};

/**
 * Remembers which storage troubles are going on, so the log says each once when it starts (an
 * error line) and once when it ends (an info line), not once per refused request: a full disk
 * would otherwise write a line per upload attempt, onto the disk that is full.
 */
export class StorageHealth {
  private readonly since = new Map<StorageTrouble, number>();

  constructor(private readonly log: HealthLog) {}

  /** The troubles going on now (for a health check or a metric). */
  get troubles(): StorageTrouble[] {
    return [...this.since.keys()];
  }

  failed(err: StorageUnavailable): void {
    if (this.since.has(err.trouble)) return;
    this.since.set(err.trouble, Date.now());
    this.log.error({ err: err.cause ?? err, trouble: err.trouble }, STORAGE_TROUBLE_STARTED[err.trouble]);
  }

  /** An operation that these troubles would have stopped has worked: they are over. */
  worked(ended: readonly StorageTrouble[]): void {
    for (const trouble of ended) {
      const since = this.since.get(trouble);
      if (since === undefined) continue;
      this.since.delete(trouble);
      this.log.info(
        { trouble, seconds: Math.round((Date.now() - since) / 1000) },
        STORAGE_TROUBLE_ENDED[trouble],
      );
    }
  }

  /** Runs a storage operation, noting its failure or, when it works, the end of `ends`. */
  async watch<T>(ends: readonly StorageTrouble[], op: () => Promise<T>): Promise<T> {
    try {
      const result = await op();
      this.worked(ends);
      return result;
    } catch (err) {
      if (err instanceof StorageUnavailable) this.failed(err);
      throw err;
    }
  }
}

/**
 * An object store whose failures and recoveries the health hears of. On the disk, only a write
 * that works ends "disk full" (reads go on working while it is full); any operation that works
 * ends "disk" and, on a bucket, "object store".
 */
export class WatchedObjectStore implements ObjectStore {
  /** The troubles a write that works ends, and those any operation that works ends (a remove too). */
  private readonly endedByWrite: readonly StorageTrouble[];
  private readonly endedByAny: readonly StorageTrouble[];

  constructor(
    readonly inner: ObjectStore,
    readonly health: StorageHealth,
  ) {
    this.endedByWrite = inner.kind === 'disk' ? ['disk-full', 'disk'] : ['object-store'];
    this.endedByAny = inner.kind === 'disk' ? ['disk'] : ['object-store'];
  }

  get kind() {
    return this.inner.kind;
  }

  get location() {
    return this.inner.location;
  }

  put(key: string, body: ObjectBody, contentType: string): Promise<void> {
    return this.health.watch(this.endedByWrite, () => this.inner.put(key, body, contentType));
  }

  get(key: string): Promise<StoredObject | null> {
    return this.health.watch(this.endedByAny, () => this.inner.get(key));
  }

  size(key: string): Promise<number | null> {
    return this.health.watch(this.endedByAny, () => this.inner.size(key));
  }

  remove(key: string): Promise<void> {
    return this.health.watch(this.endedByAny, () => this.inner.remove(key));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    try {
      yield* this.inner.list(prefix);
    } catch (err) {
      if (err instanceof StorageUnavailable) this.health.failed(err);
      throw err;
    }
  }

  close(): void {
    this.inner.close();
  }
}
