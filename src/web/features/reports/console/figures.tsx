import { formatCents } from '#shared/money.ts';
import type { DayRange } from '#shared/reports/periods.ts';
import type { Figures } from '#shared/reports/reports.schemas.ts';
import { changeTone, changeWords, formatCount, formatRange } from './report-format.ts';

const TONE_CLASS = { up: 'text-emerald-800', down: 'text-red-800', flat: 'text-gray-700' } as const;
const ARROW = { up: '▲', down: '▼', flat: '' } as const;

/** A figure's change against the period before, in words with an arrow: "▲ up 12% on yesterday". */
export function ChangeNote({
  current,
  previous,
  none,
  against,
}: {
  current: number;
  previous: number;
  /** What to say when there was nothing before ("no sales before"). */
  none?: string;
  /** What it is compared with ("yesterday"), said after the change. */
  against?: string;
}) {
  const tone = changeTone(current, previous);
  const words = changeWords(current, previous, none);
  const compared = against && tone !== 'flat' ? ` on ${against}` : '';
  return (
    <span className={`text-xs font-semibold ${TONE_CLASS[tone]}`}>
      {ARROW[tone] && <span aria-hidden>{ARROW[tone]} </span>}
      {words}
      {compared}
    </span>
  );
}

export interface ComparedFigure {
  label: string;
  current: number;
  previous: number;
  format: (n: number) => string;
  /** What to say when the period before had none ("no sales before"). */
  none?: string;
}

/**
 * A sales report's totals as figures: goods, the count it keeps (`orders` for sales to customers
 * and per day, `quantity` — units — for catalogue items), what invoices came to, what was credited.
 */
export function salesFigures(now: Figures, before: Figures, count: 'orders' | 'quantity'): ComparedFigure[] {
  return [
    { label: 'Goods', current: now.goodsCents, previous: before.goodsCents, format: formatCents },
    count === 'orders'
      ? {
          label: 'Orders',
          current: now.orders,
          previous: before.orders,
          format: formatCount,
          none: 'no orders before',
        }
      : {
          label: 'Units',
          current: now.quantity,
          previous: before.quantity,
          format: formatCount,
          none: 'none before',
        },
    { label: 'Total invoiced', current: now.totalCents, previous: before.totalCents, format: formatCents },
    {
      label: 'Credited',
      current: now.creditedCents,
      previous: before.creditedCents,
      format: formatCents,
      none: 'none before',
    },
  ];
}

/**
 * A report's totals beside the period before's: each figure, its change and what it was, under a
 * line naming both ranges.
 */
export function ComparedFigures({
  label,
  range,
  previous,
  figures,
}: {
  label: string;
  range: DayRange;
  previous: DayRange;
  figures: ComparedFigure[];
}) {
  return (
    <section aria-label={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5">
      <p className="mb-3 text-sm text-gray-800">
        <strong>{formatRange(range)}</strong> compared with the period before,{' '}
        <strong>{formatRange(previous)}</strong>.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-gray-50 px-3 py-2">
            <dt className="text-xs font-semibold uppercase tracking-wide text-gray-700">{f.label}</dt>
            <dd className="text-base font-bold tabular-nums text-gray-900">{f.format(f.current)}</dd>
            <dd>
              <ChangeNote current={f.current} previous={f.previous} none={f.none} />
            </dd>
            <dd className="text-xs text-gray-700 tabular-nums">before: {f.format(f.previous)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
