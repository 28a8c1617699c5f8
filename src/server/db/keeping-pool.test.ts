import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool keeps connections the server refused a statement on', () => {
  let database: Database;
  beforeAll(async () => {
    const { openDatabase } = await import('./open.ts');
    database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent', databasePoolSize: 1 });
  });
  afterAll(async () => database?.close());

  const pid = async () => (await database.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;

  it('a raised exception, a bad cast or a refused drizzle statement leaves the same server process', async () => {
    const before = await pid();
    const refused = [
      () => database.query(`do $$ begin raise exception 'not_enough_stock:[1]'; end $$`),
      () => database.query('select $1::int as n', ['not a number']),
      () => database.db.execute(sql`select 1 / 0`),
      () => database.query('select * from no_such_table'),
    ];
    for (const statement of refused) await expect(statement()).rejects.toThrow();
    expect(await pid()).toBe(before);
    expect(database.poolStats!().total).toBe(1);
    // The connection is ready for the next statement, outside any transaction.
    expect((await database.query<{ n: number }>('select 2 as n'))[0]!.n).toBe(2);
    expect((await database.query<{ t: string }>('select txid_current_if_assigned() as t'))[0]!.t).toBeNull();
  });

  it('a connection that broke is dropped, and the next statement gets a new one', async () => {
    const before = await pid();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [before]);
    } finally {
      await admin.end();
    }
    // The pool may find out on its next statement (which then fails) or before it.
    await database.query('select 1').catch(() => {});
    const after = await pid();
    expect(after).not.toBe(before);
    expect(database.poolStats!().total).toBe(1);
  });

  it("pg's callback form still works through it", async () => {
    const pool = (database as Database & { pool: pg.Pool }).pool;
    const rows = await new Promise<unknown[]>((resolve, reject) =>
      pool.query('select 3 as n', (err, res) => (err ? reject(err) : resolve(res.rows))),
    );
    expect(rows).toEqual([{ n: 3 }]);
  });
});
