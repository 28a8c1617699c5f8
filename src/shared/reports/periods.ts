/**
 * The reports' periods (decision 018): ranges of the store's days (YYYY-MM-DD, both ends in), the
 * period before one, the buckets of a chart, and how a range is read from the rollups (whole
 * months from the monthly rows, the days at its ends from the daily ones).
 */
import { dayPlus } from '#shared/dates.ts';
import { daysBetween } from '#shared/receivables/store-day.ts';

export interface DayRange {
  from: string;
  to: string;
}

export const REPORT_GRAINS = ['day', 'week', 'month'] as const;
export type ReportGrain = (typeof REPORT_GRAINS)[number];

/** How many days a range holds, both ends in. */
export const rangeDays = (r: DayRange): number => daysBetween(r.from, r.to) + 1;

/** The period of the same length that ends the day before `r` begins: what a report compares with. */
export function previousPeriod(r: DayRange): DayRange {
  return { from: dayPlus(r.from, -rangeDays(r)), to: dayPlus(r.from, -1) };
}

/** The same day `months` months earlier, or that month's last day when it is shorter. */
export function monthsBefore(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(Number(day.slice(8, 10)), last)).padStart(2, '0')}`;
}

/**
 * The period a chart of this grain compares with, bucket by bucket: by day the days just before;
 * by week as many whole weeks earlier as the range has weeks (the same weekdays); by month as many
 * months earlier as it has months (the same days, or the month's last). Either way it has as many
 * buckets as the range, each as partial as its counterpart.
 */
export function comparedPeriod(r: DayRange, grain: ReportGrain): DayRange {
  if (grain === 'day') return previousPeriod(r);
  const n = bucketsIn(r, grain).length;
  if (grain === 'week') return { from: dayPlus(r.from, -7 * n), to: dayPlus(r.to, -7 * n) };
  return { from: monthsBefore(r.from, n), to: monthsBefore(r.to, n) };
}

/** The first day of the month of `day`. */
export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

/** The first day of the month after the month of `day`. */
export function nextMonthStart(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The Monday of the week of `day` (weeks run Monday to Sunday, as ISO 8601 has them). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return dayPlus(day, -((weekday + 6) % 7));
}

/** The bucket a day falls in on a chart of this grain: the day, its week's Monday, its month's 1st. */
export function bucketOf(day: string, grain: ReportGrain): string {
  if (grain === 'day') return day;
  return grain === 'week' ? weekStart(day) : monthStart(day);
}

/** Every bucket of a range in order, the first and last as they fall (a chart shows empty ones). */
export function bucketsIn(r: DayRange, grain: ReportGrain): string[] {
  const out: string[] = [];
  let bucket = bucketOf(r.from, grain);
  while (bucket <= r.to) {
    out.push(bucket);
    bucket =
      grain === 'day' ? dayPlus(bucket, 1) : grain === 'week' ? dayPlus(bucket, 7) : nextMonthStart(bucket);
  }
  return out;
}

/**
 * How a range is read from the rollups: the whole months in it (`months`, first days from
 * `from` up to but not including `until`; null when it holds none) from the monthly rows, and
 * every other day of it (`days`: at most two ranges, before and after the months) from the daily.
 */
export function rollupSpans(r: DayRange): {
  months: { from: string; until: string } | null;
  days: DayRange[];
} {
  const first = r.from === monthStart(r.from) ? r.from : nextMonthStart(r.from);
  const until = nextMonthStart(r.to) === dayPlus(r.to, 1) ? dayPlus(r.to, 1) : monthStart(r.to);
  if (first >= until) return { months: null, days: [r] };
  const days: DayRange[] = [];
  if (r.from < first) days.push({ from: r.from, to: dayPlus(first, -1) });
  if (until <= r.to) days.push({ from: until, to: r.to });
  return { months: { from: first, until }, days };
}

/**
 * The change from `previous` to `current` in whole percent, rounded half away from zero; null
 * when there was nothing before to compare with.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const ratio = ((current - previous) / Math.abs(previous)) * 100;
  return Math.sign(ratio) * Math.round(Math.abs(ratio));
}

/**
 * The dashboard's periods on the store's `today`: today, this week (from Monday) and this month
 * (from the 1st), each so far, with the same days of the period before (yesterday; last week's
 * Monday to the same weekday; last month's first days, as many as this month's so far — fewer
 * when last month was shorter).
 */
export function dashboardPeriods(
  today: string,
): Record<'today' | 'week' | 'month', { now: DayRange; before: DayRange }> {
  const week = weekStart(today);
  const month = monthStart(today);
  const lastMonth = monthStart(dayPlus(month, -1));
  const lastMonthEnd = dayPlus(month, -1);
  // As many days into last month as today is into this one, or all of it when it was shorter.
  const sameDay = dayPlus(
    lastMonth,
    Math.min(daysBetween(month, today), daysBetween(lastMonth, lastMonthEnd)),
  );
  return {
    today: { now: { from: today, to: today }, before: { from: dayPlus(today, -1), to: dayPlus(today, -1) } },
    week: { now: { from: week, to: today }, before: { from: dayPlus(week, -7), to: dayPlus(today, -7) } },
    month: {
      now: { from: month, to: today },
      before: { from: lastMonth, to: sameDay },
    },
  };
}
