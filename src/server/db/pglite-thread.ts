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
import { DatabaseUnavailable } from './errors.ts';

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

/** A subscription of this side, listened to again on each new thread. */
interface Subscription {
  channel: string;
  onPayload: (payload: string) => void;
  onRestored?: () => void;
  /** The thread's id for it (changes when the thread is restarted). */
  remote: number;
}

/** Waits before starting the thread again after it stopped: doubling, at most 2 s. */
const RESTART_MS = { first: 100, max: 2_000 };

type Options = { dataDir?: string; loadDataDir?: Blob };

export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly subs = new Map<number, Subscription>();
  private readonly watchers: ((event: 'lost' | 'restored') => void)[] = [];
  private nextId = 1;
  private nextSub = 1;
  private ended = false;
  private up = true;
  private restartMs = RESTART_MS.first;

  private constructor(
    private worker: Worker,
    private readonly dataDir: string | undefined,
  ) {
    this.attach(worker);
  }

  private attach(worker: Worker): void {
    worker.unref(); // only a call in flight keeps the process alive, as an in-process PGlite
    worker.on('message', (m: Reply & { sub?: number; payload?: string }) => {
      if (m.sub !== undefined) {
        for (const sub of this.subs.values()) if (sub.remote === m.sub) sub.onPayload(m.payload ?? '');
        return;
      }
      const call = this.pending.get(m.id);
      if (!call) return;
      this.pending.delete(m.id);
      if (!this.pending.size) worker.unref();
      if (m.ok) call.resolve(m.value);
      else call.reject(errorFrom(m.error));
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', () => this.fail(worker, new Error('the database thread has stopped')));
  }

  static async open(options: Options): Promise<PgliteThread> {
    return new PgliteThread(await PgliteThread.spawn(options), options.dataDir);
  }

  private static async spawn(options: Options): Promise<Worker> {
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
        worker.off('exit', onExit);
        resolve();
      };
      const onExit = () => reject(new Error('the database thread stopped while starting'));
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', onExit);
    });
    return worker;
  }

  /** Closed by `close()`: no call is taken again. */
  get closed(): boolean {
    return this.ended;
  }

  /** Whether the thread is running and answering (false while it restarts, or after it failed for good). */
  get alive(): boolean {
    return this.up && !this.ended;
  }

  /** Told once when the thread stops unexpectedly, and once when it runs again. */
  onConnection(watch: (event: 'lost' | 'restored') => void): void {
    this.watchers.push(watch);
  }

  /**
   * The thread stopped (PGlite aborted, out of memory, killed): every call in flight fails as
   * unavailable. A database in a data directory is started again on a new thread — PostgreSQL's
   * own recovery brings it to its last commit — and every LISTEN is made again; one in memory is
   * gone with its thread, so it stays unavailable.
   */
  private fail(worker: Worker, cause: Error) {
    if (worker !== this.worker || !this.up) return;
    this.up = false;
    const err = new DatabaseUnavailable('The embedded database has stopped', { cause });
    for (const call of this.pending.values()) call.reject(err);
    this.pending.clear();
    if (this.ended) return;
    for (const watch of this.watchers) watch('lost');
    if (this.dataDir !== undefined) this.scheduleRestart();
  }

  private scheduleRestart(): void {
    setTimeout(() => void this.restart(), this.restartMs).unref();
  }

  private async restart(): Promise<void> {
    if (this.ended) return;
    let worker: Worker;
    try {
      worker = await PgliteThread.spawn({ dataDir: this.dataDir });
    } catch {
      this.restartMs = Math.min(this.restartMs * 2, RESTART_MS.max);
      return this.scheduleRestart();
    }
    if (this.ended) {
      await worker.terminate();
      return;
    }
    this.worker = worker;
    this.attach(worker);
    this.up = true;
    this.restartMs = RESTART_MS.first;
    try {
      for (const sub of this.subs.values())
        sub.remote = await this.call<number>({ op: 'listen', channel: sub.channel });
    } catch {
      return; // it stopped again: fail() has scheduled the next restart
    }
    for (const watch of this.watchers) watch('restored');
    for (const sub of this.subs.values()) sub.onRestored?.();
  }

  /** Stops the thread at once, as a crash would (the fault tests). */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.ended) return Promise.reject(new DatabaseUnavailable('PGlite is closed'));
    if (!this.up) return Promise.reject(new DatabaseUnavailable('The embedded database is restarting'));
    const id = this.nextId++;
    const worker = this.worker;
    return new Promise<T>((resolve, reject) => {
      if (!this.pending.size) worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...message });
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

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRestored?: () => void,
  ): Promise<() => Promise<void>> {
    const remote = await this.call<number>({ op: 'listen', channel });
    const id = this.nextSub++;
    const sub: Subscription = { channel, onPayload, onRestored, remote };
    this.subs.set(id, sub);
    return async () => {
      this.subs.delete(id);
      if (this.alive) await this.call({ op: 'unlisten', sub: sub.remote });
    };
  }

  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  async close(): Promise<void> {
    if (this.ended) return;
    if (this.up) await this.call({ op: 'close' }).catch(() => {});
    this.ended = true;
    await this.worker.terminate();
  }
}
