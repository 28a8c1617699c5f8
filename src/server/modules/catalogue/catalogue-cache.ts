import { inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { NotifiedCache } from '#server/db/notified-cache.ts';
import { variants } from './catalogue.table.ts';
import { CatalogueReadModel } from './catalogue-read-model.ts';

export const CATALOGUE_CHANNEL = 'catalogue_changed';
/**
 * Stock taken or given back: a NOTIFY after the change (cancellations), or a change event written
 * inside the order's transaction (place_order, through the ChangeFeed); the payload is the ids.
 */
export const STOCK_CHANNEL = 'stock_changed';
const STOCK_BATCH_MS = 50;
/** A stock read that failed is tried again after this long. */
const STOCK_RETRY_MS = 1_000;

/**
 * Holds the current read model. `invalidate()` drops it, so the next request waits for a fresh
 * one: a change is visible at once, never served stale. Other instances hear of a change
 * through PostgreSQL LISTEN/NOTIFY on CATALOGUE_CHANNEL. While the database is out of reach the
 * model in memory goes on answering (NotifiedCache), and stock reads wait for it to come back.
 */
export class CatalogueCache extends NotifiedCache<CatalogueReadModel> {
  private stopStock: (() => Promise<void>) | null = null;

  constructor(database: Database) {
    super(database, CATALOGUE_CHANNEL, () => CatalogueReadModel.load(database.db));
  }

  /** Runs a catalogue write (it commits inside), then makes every instance's storefront read it. */
  async write<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    await this.changed();
    return result;
  }

  private pendingStock = new Set<number>();
  private stockTimer: ReturnType<typeof setTimeout> | null = null;
  /** Stock reads started so far; each read is numbered by it. */
  private stockReads = 0;
  /**
   * Options whose stock an order of this instance just set: the number of the last read started
   * before it. A read started no later than that may have read the stock before the order took
   * it, so its value for these options is not applied.
   */
  private readonly takenAfterRead = new Map<number, number>();

  /**
   * Orders arrive many a second: their variant ids are gathered for 50 ms and read
   * back in one query, not one per order. A read that fails (the database out of reach) keeps
   * the model as it is and is tried again, with the ids of the reads that follow.
   */
  stockChanged(payload: string): void {
    for (const id of payload.split(',').map(Number)) if (Number.isInteger(id)) this.pendingStock.add(id);
    this.scheduleStockRead(STOCK_BATCH_MS);
  }

  private scheduleStockRead(ms: number): void {
    if (this.closed) return;
    this.stockTimer ??= setTimeout(() => {
      this.stockTimer = null;
      const ids = [...this.pendingStock];
      this.pendingStock.clear();
      void this.applyStock(ids).catch(() => {
        for (const id of ids) this.pendingStock.add(id);
        this.scheduleStockRead(STOCK_RETRY_MS);
      });
    }, ms);
    this.stockTimer.unref?.();
  }

  private async applyStock(ids: number[]): Promise<void> {
    const current = this.peek();
    if (!current || !ids.length) return; // no model yet: the next load reads the fresh stock
    const read = ++this.stockReads;
    const rows = await this.database.db
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .where(inArray(variants.id, ids));
    const model = await current;
    if (this.peek() !== current) return;
    const fresh = rows.filter((row) => {
      const before = this.takenAfterRead.get(row.id);
      if (before === undefined) return true;
      if (read <= before) return false;
      this.takenAfterRead.delete(row.id);
      return true;
    });
    model.applyStock(fresh);
  }

  /**
   * An order this instance placed took this stock: taken off the model at once, before the order
   * is answered, so the buyer's next page shows it. A read already under way may hold the stock
   * from before the order: its value for these options is not applied; one more read, started now,
   * brings the stock as the database has it (other orders' included) a moment later.
   */
  stockTaken(taken: { id: number; quantity: number }[]): void {
    if (!taken.length) return;
    const model = this.loaded();
    if (model) {
      const rows = [];
      for (const { id, quantity } of taken) {
        const option = model.variant(id);
        if (option) rows.push({ id, stock: Math.max(0, option.variant.stock - quantity) });
        this.takenAfterRead.set(id, this.stockReads);
      }
      model.applyStock(rows);
    }
    // With no model loaded (one is being read, perhaps from before the order), that read brings it in.
    this.stockChanged(taken.map((t) => t.id).join(','));
  }

  override async listen(): Promise<void> {
    await super.listen();
    this.stopStock = await this.database.listen(STOCK_CHANNEL, (payload) => this.stockChanged(payload));
  }

  override async close(): Promise<void> {
    this.closed = true;
    const stop = this.stopStock;
    this.stopStock = null;
    if (this.stockTimer) clearTimeout(this.stockTimer);
    this.stockTimer = null;
    await stop?.().catch(() => {});
    await super.close();
  }
}
