import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '#server/modules/orders/desk.fixture.ts';
import { invoicesFixture } from '#server/modules/receivables/invoices.fixture.ts';
import { DashboardSchema } from '#shared/reports/dashboard.schemas.ts';
import { SalesReportSchema } from '#shared/reports/reports.schemas.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

/**
 * The store's days, not UTC's (decision 018): in Chicago, summer time ends at 2:00 on 1 November
 * 2026, so that day has 25 hours. Orders at 23:30 on 31 October (04:30 UTC on 1 November), 00:30
 * on 1 November (05:30 UTC), 23:30 on 1 November (05:30 UTC on 2 November, after the change) and
 * 00:30 on 2 November (06:30 UTC); and one at 23:30 on 30 November (05:30 UTC on 1 December).
 */
const clock = testClock(new Date('2026-11-01T04:30:00Z'));
const t = testAppForFile({ clock });
const d = invoicesFixture(() => t, clock);

const at = (iso: string) => clock.advance(new Date(iso).getTime() - clock().getTime());
const numbers: string[] = [];

beforeAll(async () => {
  await t.database.query("update receivables_settings set time_zone = 'America/Chicago' where id = 1");
  for (const moment of [
    '2026-11-01T04:30:00Z',
    '2026-11-01T05:30:00Z',
    '2026-11-02T05:30:00Z',
    '2026-11-02T06:30:00Z',
    '2026-12-01T05:30:00Z',
  ]) {
    at(moment);
    numbers.push((await d.orderOfTwo()).number);
  }
});

describe("the reports' days across a change of the clocks", () => {
  it('puts each order on its store day and month, and the dashboard counts a 25-hour day whole', async () => {
    const admin = await d.staffWithTotp('admin');
    const dates = await t.database.query<{ d: string }>(
      "select to_char(invoice_date, 'YYYY-MM-DD') as d from invoices order by issued_at",
    );
    expect(dates.map((r) => r.d)).toEqual([
      '2026-10-31',
      '2026-11-01',
      '2026-11-01',
      '2026-11-02',
      '2026-11-30',
    ]);
    const byDay = await d.call('GET', `${ADMIN}/reports/sales?from=2026-10-31&to=2026-11-02`, admin.cookie);
    expect(byDay.statusCode, byDay.body).toBe(200);
    expect(SalesReportSchema.parse(byDay.json()).rows.map((r) => [r.bucket, r.current.orders])).toEqual([
      ['2026-10-31', 1],
      ['2026-11-01', 2],
      ['2026-11-02', 1],
    ]);
    const byMonth = await d.call(
      'GET',
      `${ADMIN}/reports/sales?from=2026-10-01&to=2026-12-31&grain=month`,
      admin.cookie,
    );
    expect(SalesReportSchema.parse(byMonth.json()).rows.map((r) => [r.bucket, r.current.orders])).toEqual([
      ['2026-10-01', 1],
      ['2026-11-01', 4],
      ['2026-12-01', 0],
    ]);

    // On 2 November at 01:00 in Chicago: today has one order, yesterday (25 hours) two.
    at('2026-11-02T07:00:00Z');
    const staff = await d.staffWithTotp('admin');
    const dash = DashboardSchema.parse((await d.call('GET', `${ADMIN}/dashboard`, staff.cookie)).json());
    expect(dash.today).toBe('2026-11-02');
    expect(dash.periods!.today.orders).toBe(1);
    expect(dash.periods!.today.previous.orders).toBe(2);
    // The week from Monday 2 November, today.
    expect(dash.periods!.week.orders).toBe(1);
    // Last week's same days: Monday 26 October only, when nothing was ordered.
    expect(dash.periods!.week.previous.orders).toBe(0);
    expect(dash.chart!.rows.at(-2)).toMatchObject({ day: '2026-11-01' });
    expect(dash.chart!.rows.at(-2)!.salesCents).toBeGreaterThan(0);
  });
});
