import { Link } from 'react-router';
import { formatCents } from '#shared/money.ts';
import type {
  Dashboard,
  DashboardFigures,
  DashboardQueue,
  DashboardQueueKey,
} from '#shared/reports/dashboard.schemas.ts';
import { ChangeNote } from './figures.tsx';
import { formatCount } from './report-format.ts';

type Periods = NonNullable<Dashboard['periods']>;

const PERIODS: { key: keyof Periods; title: string; against: string }[] = [
  { key: 'today', title: 'Today', against: 'yesterday' },
  { key: 'week', title: 'This week', against: 'the same days last week' },
  { key: 'month', title: 'This month', against: 'the same days last month' },
];

const FIGURES: { key: keyof DashboardFigures; label: string; format: (n: number) => string; none: string }[] =
  [
    { key: 'orders', label: 'Orders', format: formatCount, none: 'no orders before' },
    { key: 'salesCents', label: 'Sales', format: formatCents, none: 'no sales before' },
    { key: 'averageOrderCents', label: 'Average order', format: formatCents, none: 'no orders before' },
    { key: 'newCompanies', label: 'New companies', format: formatCount, none: 'none before' },
  ];

/**
 * Today, this week and this month so far, each figure beside the same days of the period before
 * (decision 018): its change in words, and what it was.
 */
export function PeriodTiles({ periods }: { periods: Periods }) {
  return (
    <section aria-labelledby="dashboard-periods">
      <h2 id="dashboard-periods" className="mb-2 text-lg font-bold text-gray-900">
        So far
      </h2>
      <p className="mb-3 text-xs text-gray-700">
        Sales are what invoices say, net of credit notes: goods and delivery, before excise. Orders are those
        placed, their average of goods and delivery.
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        {PERIODS.map(({ key, title, against }) => {
          const p = periods[key];
          return (
            <section
              key={key}
              aria-labelledby={`dashboard-${key}`}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
            >
              <h3 id={`dashboard-${key}`} className="text-base font-bold text-gray-900">
                {title}
              </h3>
              <p className="mb-2 text-xs text-gray-700">Compared with {against}</p>
              <dl className="grid grid-cols-2 gap-3">
                {FIGURES.map((f) => (
                  <div key={f.key}>
                    <dt className="text-xs font-semibold uppercase tracking-wide text-gray-700">{f.label}</dt>
                    <dd className="text-lg font-bold tabular-nums text-gray-900">{f.format(p[f.key])}</dd>
                    <dd>
                      <ChangeNote current={p[f.key]} previous={p.previous[f.key]} none={f.none} />
                    </dd>
                    <dd className="text-xs tabular-nums text-gray-700">was {f.format(p.previous[f.key])}</dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
      </div>
    </section>
  );
}

interface QueueShown {
  /** What the count counts, after it: "documents to verify". */
  what: (q: DashboardQueue) => string;
  /** Its page, the queue filtered where the page can; null: no console page shows it. */
  to: string | null;
  note?: string;
}

const noun = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** Each queue's words and page. */
export const QUEUES: Record<DashboardQueueKey, QueueShown> = {
  documents: { what: (q) => `${noun(q.count, 'document')} to verify`, to: '/admin/verification' },
  toShip: { what: (q) => `${noun(q.count, 'order')} to ship`, to: '/admin/orders?stage=toShip' },
  approvals: {
    what: (q) => `${noun(q.count, 'order request')} awaiting a company's approval`,
    to: null,
    note: "A company's owner approves its members' requests in their own account.",
  },
  quotes: {
    what: (q) => `${noun(q.count, 'quote request')} to answer`,
    to: '/admin/quotes?status=requested',
  },
  overdue: {
    what: (q) =>
      `${noun(q.count, 'company', 'companies')} overdue${q.amountCents ? `, ${formatCents(q.amountCents)} past due` : ''}`,
    to: '/admin/receivables?status=overdue',
  },
  lowStock: { what: (q) => `${noun(q.count, 'option')} below the reorder point`, to: '/admin/low-stock' },
  failingMail: { what: (q) => `${noun(q.count, 'mail')} failed to send`, to: '/admin/mail?status=failed' },
};

/** A queue in words: "3 documents to verify". */
export const queueLabel = (q: DashboardQueue) => `${formatCount(q.count)} ${QUEUES[q.key].what(q)}`;

/** The queues that need someone, those the role may open (the server sends only those). */
export function QueueList({ queues }: { queues: DashboardQueue[] }) {
  return (
    <section aria-labelledby="dashboard-queues">
      <h2 id="dashboard-queues" className="mb-2 text-lg font-bold text-gray-900">
        Waiting
      </h2>
      {queues.length === 0 ? (
        <p className="text-gray-800">Nothing waits for your role.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          {queues.map((q) => {
            const shown = QUEUES[q.key];
            const body = (
              <>
                <span
                  className={`block text-2xl font-extrabold tabular-nums ${q.count ? 'text-gray-900' : 'text-gray-600'}`}
                >
                  {formatCount(q.count)}
                </span>
                <span className="block text-sm font-semibold">{shown.what(q)}</span>
              </>
            );
            return (
              <li
                key={q.key}
                className={
                  q.count
                    ? 'rounded-xl bg-amber-50 ring-1 ring-amber-200'
                    : 'rounded-xl bg-white ring-1 ring-gray-200'
                }
              >
                {shown.to ? (
                  <Link
                    to={shown.to}
                    aria-label={queueLabel(q)}
                    className="block min-h-10 rounded-xl px-4 py-3 text-gray-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
                  >
                    {body}
                  </Link>
                ) : (
                  <div className="px-4 py-3 text-gray-900">
                    {body}
                    {shown.note && <span className="mt-1 block text-xs text-gray-700">{shown.note}</span>}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
