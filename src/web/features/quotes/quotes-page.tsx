import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { QuoteSummary } from '#shared/orders/quotes.schemas.ts';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useQuotes } from './api/get-quotes.ts';
import { QuoteStatusText } from './quote-status.tsx';

/** /quotes: the company's quotes, newest first (decision 016, part 3); every member sees them. */
export function QuotesPage() {
  return (
    <SignedInPage>
      <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
        <PageTitle>Your Quotes</PageTitle>
        <h1 className="text-2xl font-extrabold tracking-tight">Your Quotes</h1>
        <p className="mt-1 text-sm text-gray-700">
          Prices the store offers your business, to accept into an order before they expire.
        </p>
        <QuoteList />
      </div>
    </SignedInPage>
  );
}

function QuoteList() {
  const { data, isPending, error } = useQuotes();
  if (error) return <FormError message={error.message} />;
  if (isPending) return <PageSpinner />;
  if (!data.quotes.length)
    return (
      <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center ring-1 ring-gray-200">
        <FileText className="size-10 text-gray-400" aria-hidden />
        <p className="font-semibold">You have no quotes yet.</p>
        <p className="max-w-md text-sm text-gray-700">
          When the store sends your business a quote, it shows here. To ask for one, fill your cart and press
          “Request a quote” in it.
        </p>
      </div>
    );
  return (
    <ul className="mt-5 space-y-3" aria-label="Quotes">
      {data.quotes.map((q) => (
        <QuoteRow key={q.number} quote={q} />
      ))}
    </ul>
  );
}

const TERM = 'text-xs font-semibold uppercase text-gray-600';

function QuoteRow({ quote: q }: { quote: QuoteSummary }) {
  const requested = q.status === 'requested';
  const from = requested
    ? q.requestedBy && `Requested by ${q.requestedBy}`
    : q.staffName && `From ${q.staffName}`;
  return (
    <li className="rounded-2xl bg-white px-4 py-3 ring-1 ring-gray-200">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-[7rem_minmax(0,1fr)_4rem_7rem_7rem_7rem]">
        <div>
          <dt className={TERM}>Quote</dt>
          <dd>
            <Link
              to={`/quotes/${encodeURIComponent(q.number)}`}
              className="font-bold text-blue-800 underline hover:text-blue-950"
            >
              {q.number}
            </Link>
          </dd>
        </div>
        <div>
          <dt className={TERM}>Status</dt>
          <dd>
            <QuoteStatusText status={q.status} orderNumber={q.orderNumber} />
          </dd>
        </div>
        <div>
          <dt className={TERM}>Lines</dt>
          <dd>{q.lineCount}</dd>
        </div>
        <div>
          <dt className={TERM}>Total</dt>
          <dd className="font-bold">{requested ? 'Not priced yet' : formatCents(q.totalCents)}</dd>
        </div>
        <div>
          <dt className={TERM}>Valid until</dt>
          <dd>{q.expiresOn ? formatDay(q.expiresOn) : '—'}</dd>
        </div>
        <div>
          <dt className={TERM}>{requested ? 'Asked' : 'Date'}</dt>
          <dd>{formatDate(q.createdAt)}</dd>
        </div>
      </dl>
      {from && <p className="mt-1 text-xs text-gray-700">{from}</p>}
    </li>
  );
}
