import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#tests/test-app.ts';
import { CHANGES_CHANNEL, ChangeFeed } from './change-feed.ts';
import { type Database, openPostgres } from './client.ts';

let database: Database;
let url: string | undefined;
let drop: () => Promise<void>;
const feeds: ChangeFeed[] = [];
const others: Database[] = [];

beforeAll(async () => {
  ({ database, url, drop } = await openTestDatabase());
});
afterAll(async () => {
  await Promise.all(feeds.map((f) => f.close()));
  await Promise.all(others.map((d) => d.close()));
  await drop();
});

/**
 * A feed with a recorder on two channels. It polls every half second, as a write transaction in
 * another test file's database may hold its read back (xids are server-wide; see `until`).
 */
async function feedOn(db: Database, pollMs = 500, shared = true) {
  const feed = new ChangeFeed(db, { pollMs, shared });
  const heard: string[] = [];
  feed.on('stock_changed', (p) => heard.push(`stock:${p}`));
  feed.on('user_events', (p) => heard.push(`user:${p}`));
  await feed.start();
  feeds.push(feed);
  return { feed, heard };
}

const write = (db: Database, channel: string, payload: string) =>
  db.query('insert into change_events (channel, payload) values ($1, $2)', [channel, payload]);

/**
 * Writes in one transaction on one connection (a server's pool would spread a bare `begin`,
 * insert and `rollback` over three connections and leave one open); rolls back if asked.
 */
async function inTransaction(rows: [string, string][], rollBack = false) {
  const undo = new Error('roll back');
  await database.db
    .transaction(async (tx) => {
      for (const [channel, payload] of rows)
        await tx.execute(sql`insert into change_events (channel, payload) values (${channel}, ${payload})`);
      if (rollBack) throw undo;
    })
    .catch((e) => {
      if (e !== undo) throw e;
    });
}

/**
 * Waits for a delivery. The feed reads below the oldest transaction still running on the whole
 * server (xids are cluster-wide), so a long write in another test file's database delays it: wait
 * long enough for that, returning as soon as the check holds.
 */
async function until(check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

describe('change feed', { timeout: 60_000 }, () => {
  it('delivers what a committed transaction wrote, once, in order, to the handlers of its channel', async () => {
    const { feed, heard } = await feedOn(database);
    await inTransaction([
      ['stock_changed', '1,2'],
      ['user_events', '{"userId":"u1","type":"cart"}'],
      ['other_channel', 'ignored'],
    ]);
    feed.committed();
    await until(() => heard.length === 2);
    await feed.settled();
    feed.wake();
    await feed.settled();
    expect(heard).toEqual(['stock:1,2', 'user:{"userId":"u1","type":"cart"}']);
  });

  it('never delivers what a transaction rolled back', async () => {
    const { feed, heard } = await feedOn(database);
    await inTransaction([['stock_changed', 'rolled-back']], true);
    await write(database, 'stock_changed', '7');
    feed.committed();
    await until(() => heard.length === 1);
    await feed.settled();
    expect(heard).toEqual(['stock:7']);
  });

  it('another instance hears it through the wake-up, and a poll catches up without one', async () => {
    const second = url ? await openPostgres(url, 2) : database;
    if (url) others.push(second);
    const a = await feedOn(database);
    const b = await feedOn(second);
    const polled = await feedOn(second, 50);
    await write(database, 'stock_changed', '11');
    a.feed.committed();
    await until(() => b.heard.length === 1 && a.heard.length === 1);
    expect(b.heard).toEqual(['stock:11']);
    // Written with no committed() after it (its process died before the wake-up): the poll finds it.
    await write(database, 'stock_changed', '12');
    await until(() => polled.heard.length === 2);
    expect(polled.heard).toEqual(['stock:11', 'stock:12']);
  });

  it('on a database no other process opens, delivers its own commits without a NOTIFY', async () => {
    const wakeUps: string[] = [];
    const stop = await database.listen(CHANGES_CHANNEL, (p) => wakeUps.push(p));
    const { feed, heard } = await feedOn(database, 500, false);
    for (const n of ['21', '22', '23']) {
      await write(database, 'stock_changed', n);
      feed.committed();
    }
    await until(() => heard.length === 3);
    await feed.settled();
    await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(heard).toEqual(['stock:21', 'stock:22', 'stock:23']);
    expect(wakeUps).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'change feed on a PostgreSQL server',
  { timeout: 60_000 },
  () => {
    it('a transaction that commits after a younger one is neither skipped nor read twice', async () => {
      const { feed, heard } = await feedOn(database);
      const older = new pg.Client({ connectionString: url });
      const younger = new pg.Client({ connectionString: url });
      await older.connect();
      await younger.connect();
      try {
        await older.query('begin');
        await older.query(`insert into change_events (channel, payload) values ('stock_changed', 'older')`);
        await younger.query('begin');
        await younger.query(
          `insert into change_events (channel, payload) values ('stock_changed', 'younger')`,
        );
        await younger.query('commit');
        feed.committed();
        await feed.settled();
        // The younger one waits until every older transaction has ended.
        expect(heard).toEqual([]);
        await older.query('commit');
        feed.committed();
        await until(() => heard.length === 2);
        await feed.settled();
        feed.wake();
        await feed.settled();
        expect(heard).toEqual(['stock:older', 'stock:younger']);
      } finally {
        await older.end();
        await younger.end();
      }
    });
  },
);
