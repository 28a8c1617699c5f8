import { formatDay, formatMonth } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { type DayRange, percentChange, type ReportGrain, rangeDays } from '#shared/reports/periods.ts';

/**
 * How the reports say their figures (decision 018): a change against the period before in words
 * (not in colour alone), a range, a chart's buckets, and an axis's short amounts.
 */

/** "up 12%", "down 5%", "no change", or `none` when there was nothing before to compare with. */
export function changeWords(current: number, previous: number, none = 'no sales before'): string {
  const pct = percentChange(current, previous);
  if (pct === null) return none;
  if (pct === 0) return 'no change';
  return pct > 0 ? `up ${pct}%` : `down ${-pct}%`;
}

/** Which way a figure moved, for its colour and arrow (the words say it too). */
export function changeTone(current: number, previous: number): 'up' | 'down' | 'flat' {
  const pct = percentChange(current, previous);
  if (!pct) return 'flat';
  return pct > 0 ? 'up' : 'down';
}

/** "Nov 1, 2026 – Nov 30, 2026", or the one day. */
export const formatRange = (r: DayRange) =>
  r.from === r.to ? formatDay(r.from) : `${formatDay(r.from)} – ${formatDay(r.to)}`;

/** A chart bucket as the table says it: the day, "Week of Nov 23, 2026", "November 2026". */
export function bucketLabel(bucket: string, grain: ReportGrain): string {
  if (grain === 'month') return formatMonth(bucket.slice(0, 7));
  return grain === 'week' ? `Week of ${formatDay(bucket)}` : formatDay(bucket);
}

/** A bucket as an axis says it, short: "Nov 23", or "Nov 2026" for a month. */
export function bucketTick(bucket: string, grain: ReportGrain = 'day'): string {
  const at = new Date(`${bucket}T00:00:00Z`);
  return grain === 'month'
    ? at.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** An amount as an axis says it, short: "$950", "$1.2k", "$3.4M". */
export function compactCents(cents: number): string {
  const dollars = cents / 100;
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}$${trim(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}$${trim(abs / 1_000)}k`;
  return `${sign}$${Math.round(abs)}`;
}
const trim = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1).replace(/\.0$/, ''));

/** A count as people read it: "1,234". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 order", "3 orders". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * A chart's one-sentence summary: "Goods sold $12,345.00 over 30 days, up 12% on the 30 days before
 * ($11,000.00)."
 */
export function summarySentence({
  what,
  cents,
  previousCents,
  span,
  tail = '',
}: {
  what: string;
  cents: number;
  previousCents: number;
  /** "30 days" — the period before is "the 30 days before". */
  span: string;
  /** More of the same sentence: "; the chart shows the 10 largest". */
  tail?: string;
}): string {
  const change = changeWords(cents, previousCents);
  const before = percentChange(cents, previousCents) === null ? '' : ` on the ${span} before`;
  return `${what} ${formatCents(cents)} over ${span}, ${change}${before} (${formatCents(previousCents)})${tail}.`;
}

/** A range's length as a summary says it: "30 days", "1 day". */
export const spanWords = (r: DayRange) => plural(rangeDays(r), 'day');

/** The link style of the console's buttons that are links (a CSV download). */
export const BUTTON_LINK =
  'inline-flex min-h-10 items-center rounded-lg bg-white px-3.5 py-2 text-sm font-semibold ring-1 ring-gray-400 hover:bg-gray-100';
