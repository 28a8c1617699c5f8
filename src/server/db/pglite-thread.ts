/**
 * The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: on
 * the app's thread, every statement it runs holds the event loop, so on PGlite the app's own work
 * (HTTP, JSON, pricing) and the database's queued one behind the other on one core. Here PGlite
 * runs in a worker thread (pglite-worker.ts) and this class stands in for it with the part of its
 * API the store uses — query, transaction, listen, dumpDataDir, close — which is also all that
 * drizzle's PGlite driver calls. Statements still run one at a time, in PGlite's own order; a
 * transaction holds the database until it ends, as in process.
 */
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (v: string) => unknown> };
type Reply = { id: number; ok: boolean; value?: unknown; error?: Record<string, unknown> };

export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Parsers that cross to the thread: only ones that keep the database's text (drizzle's). */
function rawTypes(options?: QueryOptions): number[] | undefined {
  if (!options?.parsers) return undefined;
  return Object.entries(options.parsers).map(([type, parse]) => {
    if (parse('2026-01-01 00:00:00') !== '2026-01-01 00:00:00')
      throw new Error(`PGlite thread: only text-keeping parsers are supported (type ${type})`);
    return Number(type);
  });
}

function errorFrom(fields: Record<string, unknown> = {}): Error {
  const err = new Error(String(fields.message));
  return Object.assign(err, fields);
}

export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private ended = false;

  private constructor(private readonly worker: Worker) {
    worker.unref(); // only a call in flight keeps the process alive, as an in-process PGlite
    worker.on('message', (m: Reply & { sub?: number; payload?: string }) => {
      if (m.sub !== undefined) return this.listeners.get(m.sub)?.(m.payload ?? '');
      const call = this.pending.get(m.id);
      if (!call) return;
      this.pending.delete(m.id);
      if (!this.pending.size) worker.unref();
      if (m.ok) call.resolve(m.value);
      else call.reject(errorFrom(m.error));
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', () => this.fail(new Error('the database thread has stopped')));
  }

  static async open(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  get closed(): boolean {
    return this.ended;
  }

  private fail(err: Error) {
    this.ended = true;
    for (const call of this.pending.values()) call.reject(err);
    this.pending.clear();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.ended) return Promise.reject(new Error('PGlite is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!this.pending.size) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      rawTypes: rawTypes(options),
      tx,
    });
  }

  /** PGlite's transaction(): the callback's statements run inside it; a throw rolls it back. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.call({ op: 'end', tx: id, commit });
    };
    const tx: ThreadTransaction = {
      query: (text, params, options) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.query(text, params, options, id);
      },
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    try {
      const result = await fn(tx);
      await end(true);
      return result;
    } catch (err) {
      await end(false).catch(() => {});
      throw err;
    }
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const sub = await this.call<number>({ op: 'listen', channel });
    this.listeners.set(sub, onPayload);
    return async () => {
      this.listeners.delete(sub);
      if (!this.ended) await this.call({ op: 'unlisten', sub });
    };
  }

  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  async close(): Promise<void> {
    if (this.ended) return;
    await this.call({ op: 'close' });
    this.ended = true;
    await this.worker.terminate();
  }
}
