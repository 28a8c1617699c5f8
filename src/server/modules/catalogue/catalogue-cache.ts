import { inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { variants } from './catalogue.table.ts';
import { CatalogueReadModel } from './catalogue-read-model.ts';

export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** Stock taken or given back: `pg_notify` inside the transaction that changes it (place_order, cancellations). */
export const STOCK_CHANNEL = 'stock_changed';
const STOCK_BATCH_MS = 50;

/**
 * Holds the current read model. `invalidate()` drops it, so the next request waits for a fresh
 * one: a change is visible at once, never served stale. Other instances hear of a change
 * through PostgreSQL LISTEN/NOTIFY on CATALOGUE_CHANNEL.
 */
export class CatalogueCache {
  private current: Promise<CatalogueReadModel> | null = null;
  private generation = 0;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  get(): Promise<CatalogueReadModel> {
    if (!this.current) {
      const generation = this.generation;
      const loading = CatalogueReadModel.load(this.database.db);
      this.current = loading;
      // A failed load must not stick: the next request tries again.
      loading.catch(() => {
        if (this.generation === generation && this.current === loading) this.current = null;
      });
    }
    return this.current;
  }

  invalidate(): void {
    this.generation++;
    this.current = null;
  }

  /** Runs a catalogue write (it commits inside), then makes every instance's storefront read it. */
  async write<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    await this.changed();
    return result;
  }

  /** Call after a catalogue write commits: drops this instance's model and tells the others. */
  async changed(): Promise<void> {
    this.invalidate();
    await this.database.notify(CATALOGUE_CHANNEL, String(Date.now()));
  }

  private pendingStock = new Set<number>();
  private stockTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Orders arrive many a second: their variant ids are gathered for 50 ms and read
   * back in one query, not one per order.
   */
  private queueStock(payload: string): void {
    for (const id of payload.split(',').map(Number)) if (Number.isInteger(id)) this.pendingStock.add(id);
    this.stockTimer ??= setTimeout(() => {
      this.stockTimer = null;
      const ids = [...this.pendingStock];
      this.pendingStock.clear();
      void this.applyStock(ids).catch(() => this.invalidate());
    }, STOCK_BATCH_MS);
  }

  private async applyStock(ids: number[]): Promise<void> {
    const current = this.current;
    if (!current || !ids.length) return; // no model yet: the next load reads the fresh stock
    const rows = await this.database.db
      .select({ id: variants.id, stock: variants.stock })
      .from(variants)
      .where(inArray(variants.id, ids));
    const model = await current;
    if (this.current === current) model.applyStock(rows);
  }

  async listen(): Promise<void> {
    const stopCatalogue = await this.database.listen(CATALOGUE_CHANNEL, () => this.invalidate());
    const stopStock = await this.database.listen(STOCK_CHANNEL, (payload) => this.queueStock(payload));
    this.stopListening = async () => {
      await stopCatalogue();
      await stopStock();
    };
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    if (this.stockTimer) clearTimeout(this.stockTimer);
    this.stockTimer = null;
    // The database may already be gone (shutdown order, a failed connection): nothing to undo.
    await stop?.().catch(() => {});
  }
}
