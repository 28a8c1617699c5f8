/**
 * The calendar day (YYYY-MM-DD) it is at `at` in a time zone (the store's: invoice dates, due
 * dates, aging and reminders are its days; decision 017). The database works out the same day
 * with `at time zone`; a test holds the two together.
 */
export function dayIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD): positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The aging buckets, by days past due (decision 017): not yet due, then 1–30 … over 90. */
export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  d1_30: '1–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  over_90: 'Over 90 days',
};

/** The bucket of an amount `daysPastDue` days past its due date (0 or less: not yet due, current). */
export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'd1_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'over_90';
}

/**
 * An invoice's state for people: paid (nothing left), overdue (something left and the store's
 * today after its due date: due today is not overdue), partly paid, or open.
 */
export function invoiceState(
  i: { totalCents: number; openCents: number; dueDate: string },
  today: string,
): 'paid' | 'overdue' | 'partly_paid' | 'open' {
  if (i.openCents <= 0) return 'paid';
  if (today > i.dueDate) return 'overdue';
  return i.openCents < i.totalCents ? 'partly_paid' : 'open';
}
