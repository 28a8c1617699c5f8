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

/**
 * Holds the current read model. `invalidate()` drops it, so the next request waits for a fresh
 * one: a change is visible at once, never served stale. Other instances hear of a change
 * through PostgreSQL LISTEN/NOTIFY on CATALOGUE_CHANNEL.
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

  /**
   * Orders arrive many a second: their variant ids are gathered for 50 ms and read
   * back in one query, not one per order.
   */
  stockChanged(payload: string): void {
    for (const id of payload.split(',').map(Number)) if (Number.isInteger(id)) this.pendingStock.add(id);
    this.stockTimer ??= setTimeout(() => {
      this.stockTimer = null;
      const ids = [...this.pendingStock];
      this.pendingStock.clear();
      void this.applyStock(ids).catch(() => this.invalidate());
    }, STOCK_BATCH_MS);
  }

  private async applyStock(ids: number[]): Promise<void> {
    const current = this.peek();
    if (!current || !ids.length) return; // no model yet: the next load reads the fresh stock
    const rows = await this.database.db
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .where(inArray(variants.id, ids));
    const model = await current;
    if (this.peek() === current) model.applyStock(rows);
  }

  override async listen(): Promise<void> {
    await super.listen();
    this.stopStock = await this.database.listen(STOCK_CHANNEL, (payload) => this.stockChanged(payload));
  }

  override async close(): Promise<void> {
    const stop = this.stopStock;
    this.stopStock = null;
    if (this.stockTimer) clearTimeout(this.stockTimer);
    this.stockTimer = null;
    await stop?.().catch(() => {});
    await super.close();
  }
}
