/**
 * The stock an order of this instance took is taken off at once (CatalogueCache.stockTaken), and a
 * stock read started before that — which may hold the stock from before the order — does not undo
 * it; a read started after it takes in what the database has.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { testAppForFile } from '#tests/test-app.ts';

const t = testAppForFile();

describe('stock an order took', () => {
  it('is shown at once, not undone by a read started before it, then brought up to date', async () => {
    const cache = t.app.catalogue;
    const model = await cache.get();
    const [v] = await t.database.query<{ id: number }>(
      'update variants set stock = 10 where id = (select min(id) from variants) returning id',
    );
    cache.stockChanged(String(v!.id));
    await expect.poll(() => model.variant(v!.id)!.variant.stock, { timeout: 10_000 }).toBe(10);

    // A read starts (as the change feed's would); before it answers, an order of this instance
    // takes 3 (which the read, started before, may not have seen).
    const reading = (cache as unknown as { applyStock(ids: number[]): Promise<void> }).applyStock([v!.id]);
    cache.stockTaken([{ id: v!.id, quantity: 3 }]);
    expect(model.variant(v!.id)!.variant.stock).toBe(7);
    await reading;
    expect(model.variant(v!.id)!.variant.stock).toBe(7); // the earlier read's 10 was not applied

    // The read stockTaken started afterwards brings in what the database has now.
    await expect.poll(() => model.variant(v!.id)!.variant.stock, { timeout: 10_000 }).toBe(10);
  });

  it('a stock read that fails keeps the model as it is, and is tried again', async () => {
    const cache = t.app.catalogue;
    const model = await cache.get();
    const [v] = await t.database.query<{ id: number; stock: number }>(
      'select id, stock from variants order by id desc limit 1',
    );
    const read = (cache as unknown as { applyStock(ids: number[]): Promise<void> }).applyStock.bind(cache);
    let failures = 1;
    const patched = cache as unknown as { applyStock(ids: number[]): Promise<void> };
    patched.applyStock = async (ids) => {
      if (failures-- > 0) throw new Error('the database is out of reach');
      return read(ids);
    };
    onTestFinished(() => {
      delete (patched as { applyStock?: unknown }).applyStock; // the class's own again
    });
    await t.database.query('update variants set stock = stock + 3 where id = $1', [v!.id]);
    cache.stockChanged(String(v!.id));
    await expect.poll(() => model.variant(v!.id)!.variant.stock, { timeout: 10_000 }).toBe(v!.stock + 3);
    expect(failures).toBe(-1); // the first read failed, the second applied
    expect(cache.peek()).not.toBeNull(); // the model was kept, not dropped
    expect(await cache.get()).toBe(model);
    expect(model.variant(v!.id)!.variant.stock).toBe(v!.stock + 3);
  });
});
