import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayPlus } from '#shared/dates.ts';
import {
  bucketOf,
  bucketsIn,
  comparedPeriod,
  dashboardPeriods,
  monthStart,
  monthsBefore,
  nextMonthStart,
  percentChange,
  previousPeriod,
  REPORT_GRAINS,
  rangeDays,
  rollupSpans,
  weekStart,
} from './periods.ts';

const dayArb = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("the reports' periods (decision 018)", () => {
  it('counts both ends, and the period before is as long and ends the day before', () => {
    expect(rangeDays({ from: '2026-11-01', to: '2026-11-01' })).toBe(1);
    expect(rangeDays({ from: '2026-11-01', to: '2026-11-30' })).toBe(30);
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
    });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
  });

  it('finds the month, the next month and the week (Monday) of a day', () => {
    expect(monthStart('2026-11-27')).toBe('2026-11-01');
    expect(nextMonthStart('2026-11-27')).toBe('2026-12-01');
    expect(nextMonthStart('2026-12-31')).toBe('2027-01-01');
    expect(nextMonthStart('2026-09-05')).toBe('2026-10-01');
    // 2026-11-23 is a Monday, 2026-11-29 a Sunday.
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-27')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(bucketOf('2026-11-27', 'day')).toBe('2026-11-27');
    expect(bucketOf('2026-11-27', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-27', 'month')).toBe('2026-11-01');
  });

  it('lists every bucket of a range, the first and last as they fall', () => {
    expect(bucketsIn({ from: '2026-11-29', to: '2026-12-01' }, 'day')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(bucketsIn({ from: '2026-11-27', to: '2026-12-08' }, 'week')).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(bucketsIn({ from: '2026-11-15', to: '2027-01-01' }, 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
    expect(bucketsIn({ from: '2026-11-15', to: '2026-11-15' }, 'month')).toEqual(['2026-11-01']);
  });

  it('reads whole months from the monthly rows and the other days from the daily ones', () => {
    expect(rollupSpans({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      months: { from: '2026-11-01', until: '2026-12-01' },
      days: [],
    });
    expect(rollupSpans({ from: '2026-10-15', to: '2027-01-10' })).toEqual({
      months: { from: '2026-11-01', until: '2027-01-01' },
      days: [
        { from: '2026-10-15', to: '2026-10-31' },
        { from: '2027-01-01', to: '2027-01-10' },
      ],
    });
    expect(rollupSpans({ from: '2026-11-02', to: '2026-11-30' })).toEqual({
      months: null,
      days: [{ from: '2026-11-02', to: '2026-11-30' }],
    });
    expect(rollupSpans({ from: '2026-11-01', to: '2026-11-29' })).toEqual({
      months: null,
      days: [{ from: '2026-11-01', to: '2026-11-29' }],
    });
    expect(rollupSpans({ from: '2026-10-31', to: '2026-12-01' })).toEqual({
      months: { from: '2026-11-01', until: '2026-12-01' },
      days: [
        { from: '2026-10-31', to: '2026-10-31' },
        { from: '2026-12-01', to: '2026-12-01' },
      ],
    });
  });

  it('covers every day of any range exactly once', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 800 }), (from, length) => {
        const to = dayPlus(from, length);
        const { months, days } = rollupSpans({ from, to });
        const covered: string[] = [];
        if (months)
          for (let m = months.from; m < months.until; m = nextMonthStart(m)) {
            expect(m).toBe(monthStart(m));
            for (let d = m; d < nextMonthStart(m); d = dayPlus(d, 1)) covered.push(d);
          }
        for (const r of days) for (let d = r.from; d <= r.to; d = dayPlus(d, 1)) covered.push(d);
        covered.sort();
        expect(covered.length).toBe(length + 1);
        expect(covered[0]).toBe(from);
        expect(covered.at(-1)).toBe(to);
        expect(new Set(covered).size).toBe(covered.length);
      }),
      { numRuns: 200 },
    );
  });

  it('compares a chart with as many buckets before, each as partial as its counterpart', () => {
    expect(comparedPeriod({ from: '2026-11-01', to: '2026-11-30' }, 'day')).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
    });
    // Six weeks (Sunday 1 November falls in the week of 26 October): six weeks earlier.
    expect(comparedPeriod({ from: '2026-11-01', to: '2026-11-30' }, 'week')).toEqual({
      from: '2026-09-20',
      to: '2026-10-19',
    });
    // Three months: three months earlier, the 31st of October for the 31st of January.
    expect(comparedPeriod({ from: '2026-01-31', to: '2026-03-01' }, 'month')).toEqual({
      from: '2025-10-31',
      to: '2025-12-01',
    });
    expect(comparedPeriod({ from: '2026-03-30', to: '2026-04-30' }, 'month')).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    });
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2026-12-15', 12)).toBe('2025-12-15');
    expect(monthsBefore('2026-01-15', 1)).toBe('2025-12-15');
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2026-07-31', 1)).toBe('2026-06-30');
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 0, max: 800 }),
        fc.constantFrom(...REPORT_GRAINS),
        (from, length, grain) => {
          const r = { from, to: dayPlus(from, length) };
          const before = comparedPeriod(r, grain);
          expect(before.to < r.from).toBe(true);
          expect(before.from <= before.to).toBe(true);
          expect(bucketsIn(before, grain)).toHaveLength(bucketsIn(r, grain).length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('says a change in whole percent, none from nothing', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 100)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(1, 3)).toBe(-67);
    expect(percentChange(2, 3)).toBe(-33);
    expect(percentChange(-50, -100)).toBe(50);
    expect(percentChange(201, 200)).toBe(1);
    expect(percentChange(199, 200)).toBe(-1);
  });

  it('gives the dashboard today, this week and this month so far, beside the same days before', () => {
    // Friday 27 November 2026.
    expect(dashboardPeriods('2026-11-27')).toEqual({
      today: {
        now: { from: '2026-11-27', to: '2026-11-27' },
        before: { from: '2026-11-26', to: '2026-11-26' },
      },
      week: {
        now: { from: '2026-11-23', to: '2026-11-27' },
        before: { from: '2026-11-16', to: '2026-11-20' },
      },
      month: {
        now: { from: '2026-11-01', to: '2026-11-27' },
        before: { from: '2026-10-01', to: '2026-10-27' },
      },
    });
    // The 31st of March beside February: all of February.
    expect(dashboardPeriods('2026-03-31').month.before).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dashboardPeriods('2026-03-28').month.before).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dashboardPeriods('2026-03-27').month.before).toEqual({ from: '2026-02-01', to: '2026-02-27' });
    expect(dashboardPeriods('2026-01-01').month.before).toEqual({ from: '2025-12-01', to: '2025-12-01' });
  });
});
