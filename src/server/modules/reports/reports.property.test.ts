import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { invoicesFixture } from '#server/modules/receivables/invoices.fixture.ts';
import { dayPlus } from '#shared/dates.ts';
import { BREAKDOWNS, BreakdownReportSchema, SalesReportSchema } from '#shared/reports/reports.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

/**
 * The reports over random data (decision 018, on PGlite and on PostgreSQL with test:pg): orders
 * placed, changed and cancelled item by item while the clock moves across the store's midnight
 * and into a new month (America/Chicago), the job folding the queued documents into the rollups
 * now and then. After each run: for a random range of days the sales report's totals and every
 * breakdown's are what the invoices less the credit notes of those days say (a report folds what is
 * still queued first), and the rollups so kept are what rebuilding them from every document gives.
 */
const clock = testClock(new Date('2026-12-01T04:30:00Z')); // 30 November, 22:30 in Chicago
const t = testAppForFile({ clock });
const d = invoicesFixture(() => t, clock);
const { f } = d;

type Step =
  | { kind: 'order'; a: number; b: number }
  | { kind: 'change'; which: number; a: number; b: number }
  | { kind: 'cancel'; which: number; line: 'a' | 'b' }
  | { kind: 'wait'; minutes: number }
  | { kind: 'fold' };

const which = fc.integer({ min: 0, max: 5 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    a: fc.integer({ min: 0, max: 4 }),
    b: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('change' as const),
    which,
    a: fc.integer({ min: 0, max: 5 }),
    b: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('cancel' as const),
    which,
    line: fc.constantFrom('a' as const, 'b' as const),
  }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 80 }) }),
  fc.record({ kind: fc.constant('fold' as const) }),
);

const queued = async () =>
  Number((await t.database.query<{ n: string }>('select count(*)::text as n from sales_rollup_queue'))[0]!.n);

/** The rollups as rows in a fixed order, for comparing. */
async function rollups() {
  const db = t.database;
  return {
    days: await db.query('select * from sales_day_totals order by day'),
    customers: await db.query(
      'select * from sales_customer_rollups order by grain, period, company_key, state, rep_key',
    ),
    items: await db.query('select * from sales_item_rollups order by grain, period, item_key'),
  };
}

/** What the documents of the days from `from` to `to` say, less credit notes. */
async function invoiced(from: string, to: string) {
  const [row] = await t.database.query<Record<string, string>>(
    `select coalesce(sum(s * subtotal_cents), 0)::text as goods, coalesce(sum(s * shipping_cents), 0)::text as shipping,
       coalesce(sum(s * excise_cents), 0)::text as excise, coalesce(sum(s * total_cents), 0)::text as total,
       count(*) filter (where kind = 'invoice' and references_id is null)::text as orders
     from (select *, case kind when 'invoice' then 1 else -1 end as s from invoices
           where invoice_date between $1::date and $2::date) d`,
    [from, to],
  );
  return {
    goodsCents: Number(row!.goods),
    shippingCents: Number(row!.shipping),
    exciseCents: Number(row!.excise),
    totalCents: Number(row!.total),
    orders: Number(row!.orders),
  };
}

let admin: Awaited<ReturnType<typeof d.staffWithTotp>>;
beforeAll(async () => {
  await t.database.query("update receivables_settings set time_zone = 'America/Chicago' where id = 1");
});

describe('the reports (property)', () => {
  it('keep to the invoices net of credit notes, and the rollups to a rebuild, over random orders and days', async () => {
    const seen = { orders: 0, changes: 0, cancels: 0, days: new Set<string>(), queuedAtReport: 0, folds: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: 0, max: 40 }),
        async (steps, startShift, length) => {
          admin = await d.staffWithTotp('admin'); // a staff session lasts 12 hours at most
          const life = await d.companyLife();
          seen.orders++;
          for (const s of steps) {
            if (s.kind === 'wait') {
              clock.advance(s.minutes * 60_000);
              // Both sessions used after each wait, as people do: none idles past its 2 hours.
              expect((await d.call('GET', `${ADMIN}/me`, admin.cookie)).statusCode).toBe(200);
              expect((await f.call('GET', '/api/v1/cart', life.o.owner.cookie)).statusCode).toBe(200);
            } else if (s.kind === 'fold') {
              // The job's run: what was queued is in the rollups, and the queue is empty.
              if ((await t.app.jobs.salesRollups()) > 0) seen.folds++;
              expect(await queued()).toBe(0);
            } else if (s.kind === 'order') {
              if (await life.order(s.a, s.b)) seen.orders++;
            } else if (s.kind === 'change') {
              if (await life.change(admin.cookie, s.which, s.a, s.b)) seen.changes++;
            } else if (await life.cancel(admin.cookie, s.which, s.line)) seen.cancels++;
          }
          const [span] = await t.database.query<{ first: string; last: string }>(
            `select to_char(min(invoice_date), 'YYYY-MM-DD') as first, to_char(max(invoice_date), 'YYYY-MM-DD') as last
             from invoices`,
          );
          for (const day of [span!.first, span!.last]) seen.days.add(day);
          const from = dayPlus(span!.first, startShift);
          const to = dayPlus(from, length);
          const want = await invoiced(from, to);
          if ((await queued()) > 0) seen.queuedAtReport++;
          const sales = await d.call(
            'GET',
            `${ADMIN}/reports/sales?from=${from}&to=${to}&grain=week`,
            admin.cookie,
          );
          expect(sales.statusCode, sales.body).toBe(200);
          expect(SalesReportSchema.parse(sales.json()).totals).toMatchObject(want);
          for (const by of BREAKDOWNS) {
            const res = await d.call(
              'GET',
              `${ADMIN}/reports/breakdown?from=${from}&to=${to}&by=${by}`,
              admin.cookie,
            );
            expect(res.statusCode, res.body).toBe(200);
            const totals = BreakdownReportSchema.parse(res.json()).totals;
            // Items carry goods and excise (delivery fees are the customers'); customers every figure.
            if (['state', 'company', 'rep'].includes(by)) expect(totals, by).toMatchObject(want);
            else
              expect(totals, by).toMatchObject({
                goodsCents: want.goodsCents,
                exciseCents: want.exciseCents,
              });
          }
          // The running sums the folds kept are what the documents give when added up again.
          expect(await queued()).toBe(0);
          const kept = await rollups();
          await t.database.query('select rebuild_sales_rollups()');
          expect(await rollups()).toEqual(kept);
        },
      ),
      // No shrinking: every run adds companies and options to one database, and the first failure is the one to read.
      { numRuns: 15, endOnFailure: true },
    );
    // The runs moved: orders were changed and cancelled, and documents fell on more than one day.
    expect(seen.changes + seen.cancels).toBeGreaterThan(0);
    expect(seen.days.size).toBeGreaterThan(1);
    // Reports were asked with documents still queued, and the job folded some in between steps.
    expect(seen.queuedAtReport).toBeGreaterThan(0);
    expect(seen.folds).toBeGreaterThan(0);
  }, 300_000);
});
