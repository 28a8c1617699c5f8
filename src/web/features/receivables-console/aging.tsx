import { formatCents } from '#shared/money.ts';
import type { Aging } from '#shared/receivables/payments.schemas.ts';
import { AGING_BUCKETS, AGING_LABELS } from '#shared/receivables/store-day.ts';

/** Figures side by side, each a label over its amount: a summary's or the totals' row. */
export function Figures({ label, figures }: { label: string; figures: [string, number][] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
      {figures.map(([name, cents]) => (
        <div key={name} className="rounded-lg bg-gray-50 px-3 py-2">
          <dt className="text-xs font-semibold uppercase tracking-wide text-gray-700">{name}</dt>
          <dd className="text-base font-bold tabular-nums text-gray-900">{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The aging buckets, in order, as figures: Current, 1–30 days … Over 90 days. */
export const agingFigures = (aging: Aging): [string, number][] =>
  AGING_BUCKETS.map((b) => [AGING_LABELS[b], aging[b]]);
