import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '#tests/test-app.ts';
import { keepStatisticsFresh } from './statistics.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await t.database.query('create table stats_probe (n integer)');
  await t.database.query('create table stats_empty (n integer)');
  await t.database.query('insert into stats_probe select generate_series(1, 1000)');
});
afterAll(() => t?.drop());

/** What the planner believes a table holds: -1 until it is first analyzed. */
const believed = async (table: string) =>
  (
    await t.database.query<{ n: number }>('select reltuples::int as n from pg_class where relname = $1', [
      table,
    ])
  )[0]!.n;

const round = async () => {
  const errors: unknown[] = [];
  const keeper = keepStatisticsFresh(t.database, (err) => errors.push(err), 60_000);
  await keeper.done;
  keeper.stop();
  expect(errors).toEqual([]);
};

it('an embedded store analyzes a table that holds rows, leaves an empty one, and again once it grew by a fifth', async () => {
  expect(await believed('stats_probe')).toBe(-1);
  await round();
  const pglite = t.database.kind === 'pglite';
  // A server is left to its autovacuum (which has not come round in these milliseconds).
  expect(await believed('stats_probe')).toBe(pglite ? 1000 : -1);
  expect(await believed('stats_empty')).toBe(-1);
  if (!pglite) return;
  await t.database.query('insert into stats_probe select generate_series(1, 100)');
  await round();
  expect(await believed('stats_probe')).toBe(1000);
  await t.database.query('insert into stats_probe select generate_series(1, 1000)');
  await round();
  expect(await believed('stats_probe')).toBe(2100);
});

it('says what failed (an embedded database closed under it), and throws nothing', async () => {
  const gone = await openTestDatabase();
  await gone.drop();
  const errors: unknown[] = [];
  const keeper = keepStatisticsFresh(gone.database, (err) => errors.push(err), 60_000);
  await keeper.done;
  keeper.stop();
  expect(errors).toHaveLength(gone.database.kind === 'pglite' ? 1 : 0);
});
