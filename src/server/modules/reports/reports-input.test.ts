import { beforeAll, describe, expect, it } from 'vitest';
import { signUpBuyer } from '#tests/accounts.ts';
import { staffHelpers } from '#tests/staff.ts';
import { testAppForFile, testClock } from '#tests/test-app.ts';

/** Who may read the reports and the excise return, and the input they refuse (decision 018). */
const clock = testClock(new Date('2026-11-27T17:00:00Z'));
const t = testAppForFile({ clock });
const { call, staffWithTotp, expectStaffOnly } = staffHelpers(() => t, clock);
const ADMIN = '/api/v1/admin';
const DAY_27 = 'from=2026-11-27&to=2026-11-27';

let admin: Awaited<ReturnType<typeof staffWithTotp>>;
beforeAll(async () => {
  admin = await staffWithTotp('admin');
});

describe('who may read reports, and what they refuse', () => {
  it('staff with their second factor only: anonymous 401, a buyer 403, halfway signed in 401', async () => {
    const buyer = await signUpBuyer(t.app);
    await expectStaffOnly(
      [
        ['GET', `${ADMIN}/dashboard`],
        ['GET', `${ADMIN}/reports/sales?${DAY_27}`],
        ['GET', `${ADMIN}/reports/breakdown.csv?${DAY_27}&by=company`],
        ['GET', `${ADMIN}/reports/low-stock`],
        ['PUT', `${ADMIN}/reports/reorder-points/1`],
        ['GET', `${ADMIN}/compliance/excise-return?month=2026-11&state=CT`],
        ['POST', `${ADMIN}/compliance/excise-returns`],
      ],
      buyer.cookie,
    );
  });

  it('refuses a reversed range, years 0 and 10000, a range past three years, and other bad input, with the field', async () => {
    const bad: [string, string, string][] = [
      ['/reports/sales?from=2026-11-27&to=2026-11-01', 'to', 'The last day is before the first.'],
      ['/reports/sales?from=0000-01-01&to=2026-11-01', 'from', 'Choose a date from 2000 to 2099.'],
      ['/reports/breakdown?from=2026-01-01&to=10000-01-01&by=state', 'to', 'Choose the last day.'],
      ['/reports/credited?from=2000-01-01&to=2099-12-31', 'to', 'Choose a period of three years at most.'],
      ['/reports/breakdown?from=2026-01-01&to=2026-01-02&by=colour', 'by', 'Choose what to group by.'],
      ['/reports/sales?from=2026-01-01&to=2026-01-02&grain=hour', 'grain', 'Choose day, week or month.'],
      ['/reports/slow-movers?days=0', 'days', 'Enter a number of days from 1 to 365.'],
      ['/dashboard?days=31', 'days', 'Choose 30 or 90 days.'],
      ['/compliance/excise-return?month=10000-01&state=CT', 'month', 'Choose a month (YYYY-MM).'],
      ['/compliance/excise-return?month=2026-11&state=ZZ', 'state', 'Choose a state.'],
      ['/compliance/excise-return?month=2026-11&state=CT&page=0', 'page', 'Choose a page.'],
      ['/compliance/excise-return?month=2026-11&state=CT&page=99999999999', 'page', 'Choose a page.'],
    ];
    for (const [url, field, message] of bad) {
      const res = await call('GET', `${ADMIN}${url}`, admin.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(message);
      expect(JSON.stringify(res.json()), url).toContain(field);
    }
    const point = await call('PUT', `${ADMIN}/reports/reorder-points/1`, admin.cookie, { point: -1 });
    expect(point.statusCode).toBe(400);
    expect(point.json().message).toBe('Enter a reorder point from 0 to 1,000,000.');
    const past = await call('PUT', `${ADMIN}/reports/reorder-points/2147483648`, admin.cookie, { point: 1 });
    expect(past.statusCode).toBe(400);
  });
});
