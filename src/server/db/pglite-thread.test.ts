import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client.ts';
import type { PgliteThread } from './pglite-thread.ts';

let database: Database & { client: PgliteThread };

beforeAll(async () => {
  database = await openPglite();
  await database.query('create table t (id int primary key, at timestamptz, d date)');
});
afterAll(() => database.close());

const ids = async () =>
  (await database.query<{ id: number }>('select id from t order by id')).map((r) => r.id);

describe('PGlite on its own thread', () => {
  it('answers raw statements with parsed values, and drizzle with the database text it expects', async () => {
    await database.query(`insert into t values (1, '2026-11-24T10:00:00Z', '2026-11-24')`);
    const [raw] = await database.query<{ at: Date; d: Date; n: number; j: { a: number[] } }>(
      `select at, d, 2::int as n, '{"a":[1]}'::jsonb as j from t where id = 1`,
    );
    expect(raw!.at).toBeInstanceOf(Date);
    expect(raw!.at.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(raw!.n).toBe(2);
    expect(raw!.j).toEqual({ a: [1] });
    const built = await database.db.execute(sql`select at, d from t where id = 1`);
    expect((built as unknown as { rows: { at: unknown; d: unknown }[] }).rows[0]).toEqual({
      at: '2026-11-24 10:00:00+00',
      d: '2026-11-24',
    });
    await database.query('delete from t');
  });

  it("carries the database's error fields across (code, constraint) and stays usable", async () => {
    await database.query('insert into t (id) values (5)');
    const err = await database.query('insert into t (id) values (5)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(database.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
    expect(await ids()).toEqual([5]);
    await database.query('delete from t');
  });

  it('commits a transaction, rolls one back on a throw, and nests with savepoints', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (10)`);
      await tx.execute(sql`insert into t (id) values (11)`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id) values (12)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (13)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (id) values (14)`);
          throw new Error('inner only');
        })
        .catch(() => {});
    });
    // A failed statement aborts its transaction: nothing of it is kept.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id) values (15)`);
        await tx.execute(sql`insert into t (id) values (10)`);
      }),
    ).rejects.toThrow();
    expect(await ids()).toEqual([10, 11, 13]);
    await database.query('delete from t');
  });

  it('holds other statements until a transaction ends, as PGlite in process does', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into t (id) values (20)`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = database.query<{ n: string }>('select count(*)::text as n from t');
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await outside)[0]!.n).toBe('1');
    await database.query('delete from t');
  });

  it('delivers notifications to listeners until they stop', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_test', (p) => heard.push(p));
    await database.notify('thread_test', 'one');
    await new Promise((r) => setTimeout(r, 50));
    await stop();
    await database.notify('thread_test', 'two');
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['one']);
  });

  it('dumps its data directory, which a new one starts from; a closed one refuses', async () => {
    await database.query('insert into t (id) values (30)');
    const dump = await database.dumpDataDir!();
    const copy = await openPglite({ loadDataDir: dump });
    expect((await copy.query<{ id: number }>('select id from t')).map((r) => r.id)).toEqual([30]);
    await copy.close();
    expect(copy.client.closed).toBe(true);
    await expect(copy.query('select 1')).rejects.toThrow('closed');
  });
});
