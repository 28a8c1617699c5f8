import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#tests/test-app.ts';
import type { Database } from './client.ts';
import { NotifiedCache } from './notified-cache.ts';

/** Waits long enough for a NOTIFY to travel to every listener (PGlite and a server alike). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('a notified cache', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  function counting() {
    let loads = 0;
    const cache = new NotifiedCache(database, 'test_cache_changed', async () => ++loads);
    return { cache, loads: () => loads };
  }

  it('offers the loaded copy without a promise, and none while it is (re)loading', async () => {
    const a = counting();
    expect(a.cache.loaded()).toBeUndefined();
    const loading = a.cache.get();
    expect(a.cache.loaded()).toBeUndefined();
    expect(await loading).toBe(1);
    expect(a.cache.loaded()).toBe(1);
    a.cache.invalidate();
    expect(a.cache.loaded()).toBeUndefined();
    expect(await a.cache.get()).toBe(2);
    expect(a.cache.loaded()).toBe(2);
  });

  it('reloads once after its own change, and the other instances reload too', async () => {
    const a = counting();
    const b = counting();
    await a.cache.listen();
    await b.cache.listen();
    try {
      expect(await a.cache.get()).toBe(1);
      expect(await b.cache.get()).toBe(1);
      expect(await a.cache.get()).toBe(1); // kept

      await a.cache.changed();
      expect(await a.cache.get()).toBe(2); // this instance reads again at once
      await settle();
      // Its own notification is not a second change: the copy made after the write stays.
      expect(await a.cache.get()).toBe(2);
      // The other instance heard it and reads again.
      expect(await b.cache.get()).toBe(2);

      // A notification from anyone else (the seed script, another instance) drops the copy.
      await database.notify('test_cache_changed', 'seed');
      await settle();
      expect(await a.cache.get()).toBe(3);
    } finally {
      await a.cache.close();
      await b.cache.close();
    }
  });

  it('a failed load does not stick', async () => {
    let fail = true;
    const cache = new NotifiedCache(database, 'test_cache_failing', async () => {
      if (fail) throw new Error('down');
      return 'ok';
    });
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });

  it('with the database out of reach, serves the last copy read, and reads again once it answers', async () => {
    let down = false;
    let loads = 0;
    const cache = new NotifiedCache(database, 'test_cache_outage', async () => {
      if (down) throw new Error('down');
      return ++loads;
    });
    expect(await cache.get()).toBe(1);
    down = true;
    cache.invalidate(); // a change was heard just as the database went away
    expect(await cache.get()).toBe(1);
    // Straight from the database means straight from it: that fails, while requests get the copy.
    await expect(cache.fresh()).rejects.toThrow('down');
    expect(await cache.get()).toBe(1);
    expect(cache.loaded()).toBe(1);
    down = false; // it is tried again every second until a read works
    for (let i = 0; i < 100 && cache.loaded() === 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(cache.loaded()).toBe(2);
    await cache.close();
  });

  it('refresh reads a new copy while the current one is served, and keeps the current one when it fails', async () => {
    let release: () => void = () => {};
    let loads = 0;
    let fail = false;
    const cache = new NotifiedCache(database, 'test_cache_refresh', async () => {
      if (fail) throw new Error('down');
      if (loads > 0) await new Promise<void>((r) => (release = r));
      return ++loads;
    });
    expect(await cache.get()).toBe(1);
    const refreshing = cache.refresh();
    expect(await cache.get()).toBe(1); // still served while the new copy is read
    release();
    await refreshing;
    expect(await cache.get()).toBe(2);
    fail = true;
    await cache.refresh();
    expect(await cache.get()).toBe(2);
    await cache.close();
  });
});
