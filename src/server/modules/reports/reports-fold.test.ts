import { expect, it } from 'vitest';
import { invoicesFixture } from '#server/modules/receivables/invoices.fixture.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

/**
 * The rollups' queue under load (decision 018, on both databases): four companies place orders at
 * once while the job folds again and again (and now and then rebuilds), beside the orders that
 * queue documents. Every document is then in the rollups exactly once: none lost to a snapshot,
 * none added twice by two folds or by a rebuild and a fold, and the queue is empty.
 */
const clock = testClock(new Date('2026-11-10T16:00:00Z'));
const t = testAppForFile({ clock });
const d = invoicesFixture(() => t, clock);

const rollups = async () => ({
  days: await t.database.query('select * from sales_day_totals order by day'),
  customers: await t.database.query(
    'select * from sales_customer_rollups order by grain, period, company_key, state, rep_key',
  ),
  items: await t.database.query('select * from sales_item_rollups order by grain, period, item_key'),
});
const count = async (sql: string) => Number((await t.database.query<{ n: string }>(sql))[0]!.n);

it('folds and rebuilds beside orders being placed: each document once', async () => {
  await t.app.jobs.salesRollups();
  const lives = [];
  for (let i = 0; i < 4; i++) lives.push(await d.companyLife());
  let placing = true;
  const job = (async () => {
    for (let round = 1; placing; round++) {
      // Now and then a rebuild, as after a bulk load on a live store: it takes every document
      // committed before it, and leaves queued only those committed after.
      if (round % 4 === 0) await t.database.query('select rebuild_sales_rollups()');
      else await t.app.jobs.salesRollups();
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  await Promise.all(
    lives.map(async (life, i) => {
      for (let n = 1; n <= 3; n++) await life.order(n, i + 1);
    }),
  );
  placing = false;
  await job;
  await t.app.jobs.salesRollups();

  const documents = await count('select count(*)::text as n from invoices');
  expect(await count('select count(*)::text as n from sales_rollup_queue')).toBe(0);
  expect(await count('select coalesce(sum(orders), 0)::text as n from sales_day_totals')).toBe(documents);
  const kept = await rollups();
  await t.database.query('select rebuild_sales_rollups()');
  expect(await rollups()).toEqual(kept);
});
