import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { MemberAccount } from '#shared/receivables/payments.schemas.ts';
import { AGING_BUCKETS, AGING_LABELS } from '#shared/receivables/store-day.ts';

type Summary = NonNullable<MemberAccount['summary']>;

const CARD = 'rounded-2xl bg-white p-4 ring-1 ring-gray-200';
const TERM = 'text-xs font-semibold uppercase text-gray-600';

/** What the company owes (or holds in credit), what is overdue, and the open amounts by age. */
export function AccountSummary({ summary: s }: { summary: Summary }) {
  const inCredit = s.balanceCents < 0;
  const overdue = s.overdueCents > 0;
  return (
    <section aria-labelledby="balance-heading" className="mt-4 space-y-3">
      <h2 id="balance-heading" className="sr-only">
        Balance
      </h2>
      <p className="text-sm text-gray-700">As of {formatDay(s.today)}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className={CARD}>
          <dt className={TERM}>{inCredit ? 'In credit' : 'You owe'}</dt>
          <dd className={`mt-1 text-2xl font-extrabold ${inCredit ? 'text-green-800' : ''}`}>
            {formatCents(Math.abs(s.balanceCents))}
          </dd>
        </div>
        <div className={overdue ? 'rounded-2xl bg-red-50 p-4 ring-2 ring-red-300' : CARD}>
          <dt className={overdue ? 'text-xs font-semibold uppercase text-red-800' : TERM}>Overdue</dt>
          <dd className={`mt-1 text-2xl font-extrabold ${overdue ? 'text-red-800' : ''}`}>
            {formatCents(s.overdueCents)}
          </dd>
          {overdue && (
            <dd className="mt-1 text-sm text-red-800">Past its due date. Please arrange payment.</dd>
          )}
        </div>
        <div className={CARD}>
          <dt className={TERM}>Unused credit</dt>
          <dd className="mt-1 text-2xl font-extrabold">{formatCents(s.unappliedCents)}</dd>
          <dd className="mt-1 text-xs text-gray-700">
            Payments and credit notes not yet set against an invoice.
          </dd>
        </div>
      </dl>
      <div className={CARD}>
        <h3 id="aging-heading" className="text-sm font-bold">
          What is owed, by days past due
        </h3>
        <dl
          aria-labelledby="aging-heading"
          className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-5"
        >
          {AGING_BUCKETS.map((b) => (
            <div key={b}>
              <dt className={TERM}>{AGING_LABELS[b]}</dt>
              <dd className={`font-semibold ${b !== 'current' && s.aging[b] > 0 ? 'text-red-800' : ''}`}>
                {formatCents(s.aging[b])}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
