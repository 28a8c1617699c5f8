import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '#shared/dates.ts';
import { quoteMessages } from '#shared/orders/quotes.messages.ts';
import type { Quote } from '#shared/orders/quotes.schemas.ts';
import { SignedInPage } from '#web/components/layout/signed-in-page.tsx';
import { FormError } from '#web/components/ui/form.tsx';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useQuote } from './api/get-quotes.ts';
import { type Notice, OpenQuote } from './quote-answer.tsx';
import { QuoteDocument } from './quote-document.tsx';
import { QuoteNotFound } from './quote-not-found.tsx';
import { orderHref } from './quote-status.tsx';

/**
 * /quotes/:number, the page the quote's mail links to (decision 016, part 3): the quote as a
 * document; while it is open, a member who may answer accepts the lines they choose or declines.
 */
export function QuotePage() {
  const { number = '' } = useParams();
  return (
    <SignedInPage>
      <QuoteView number={number} />
    </SignedInPage>
  );
}

function QuoteView({ number }: { number: string }) {
  const { data: quote, isPending, error } = useQuote(number);
  // Outside the open quote's own parts: its answer closes the quote, and the message stays.
  const [notice, setNotice] = useState<Notice | null>(null);
  if (error && !quote) {
    const unknown = error instanceof ApiError && (error.status === 404 || error.status === 400);
    if (unknown) return <QuoteNotFound message={error.message} />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <FormError message={error.message} />
      </div>
    );
  }
  if (isPending || !quote) return <PageSpinner />;
  const answering = quote.status === 'sent' && quote.now !== null && quote.canAnswer;
  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-4">
      <PageTitle>{`Quote ${quote.number}`}</PageTitle>
      <Link to="/quotes" className="text-sm font-semibold text-blue-800 hover:underline">
        ← Your Quotes
      </Link>
      {notice && <NoticeBox notice={notice} />}
      <div className="mt-4">
        {answering ? (
          <OpenQuote quote={quote} onNotice={setNotice} />
        ) : (
          <>
            <StateNote quote={quote} />
            <QuoteDocument quote={quote} />
          </>
        )}
      </div>
    </div>
  );
}

/** The answer's message, where the focus goes once it shows (so a screen reader reads it first). */
function NoticeBox({ notice }: { notice: Notice }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) box.current?.focus();
  }, [notice]);
  const done = notice.kind === 'done';
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={done ? 'status' : 'alert'}
      className={`mt-4 rounded-xl p-4 text-sm font-semibold ring-1 focus:outline-none focus-visible:ring-2 ${done ? 'bg-green-50 text-green-950 ring-green-300' : 'bg-red-50 text-red-900 ring-red-300'}`}
    >
      <p>{notice.message}</p>
      {notice.orderNumber && (
        <Link
          to={`/orders?placed=${encodeURIComponent(notice.orderNumber)}`}
          className="mt-2 inline-block rounded-lg bg-gray-900 px-3 py-2 text-white hover:bg-gray-700"
        >
          View order {notice.orderNumber}
        </Link>
      )}
    </div>
  );
}

/** Where a quote nobody can answer here stands, in a sentence, above the document. */
function StateNote({ quote }: { quote: Quote }) {
  const on = quote.decidedAt ? ` on ${formatDate(quote.decidedAt)}` : '';
  const reason = quote.closedReason ? ` Reason: ${quote.closedReason}` : '';
  let text: ReactNode;
  switch (quote.status) {
    case 'requested':
      text = `Asked for on ${formatDate(quote.createdAt)}. The store will reply with a quote by email.`;
      break;
    case 'sent':
      text = quote.canAnswer
        ? quoteMessages.notOpen
        : 'An owner or a buyer of your company can accept or decline this quote.';
      break;
    case 'accepted':
      text = (
        <>
          Accepted{on}
          {quote.orderNumber && (
            <>
              {' '}
              as order{' '}
              <Link to={orderHref(quote.orderNumber)} className="font-semibold text-blue-800 underline">
                {quote.orderNumber}
              </Link>
            </>
          )}
          .
        </>
      );
      break;
    case 'declined':
      text = `Declined${on}.${reason}`;
      break;
    case 'withdrawn':
      text = `The store withdrew this quote${on}.${reason}`;
      break;
    case 'expired':
      text = quoteMessages.expired;
      break;
  }
  return (
    <p role="note" className="mb-4 rounded-xl bg-gray-50 p-4 text-gray-900 ring-1 ring-gray-200">
      {text}
    </p>
  );
}
