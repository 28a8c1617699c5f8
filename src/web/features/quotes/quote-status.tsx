import { Link } from 'react-router';
import type { QuoteStatus } from '#shared/orders/quotes.schemas.ts';

/** How each state of a quote reads to the buyer, the same in the list and on the quote. */
export const STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: 'Requested',
  sent: 'Open',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn by the store',
  expired: 'Expired',
};

// Dark text on a light tint: each pair is above 4.5:1.
const STATUS_STYLE: Record<QuoteStatus, string> = {
  requested: 'bg-blue-100 text-blue-900',
  sent: 'bg-amber-100 text-amber-950',
  accepted: 'bg-green-100 text-green-900',
  declined: 'bg-gray-200 text-gray-900',
  withdrawn: 'bg-gray-200 text-gray-900',
  expired: 'bg-red-100 text-red-900',
};

/** An order's own page: its invoice, the order as a document. */
export const orderHref = (orderNumber: string) => `/invoice?order=${encodeURIComponent(orderNumber)}`;

/** "Expired", "Open", or "Accepted → order SS-1042" with the order linked. */
export function QuoteStatusText({
  status,
  orderNumber,
}: {
  status: QuoteStatus;
  orderNumber: string | null;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[status]}`}>
        {STATUS_LABEL[status]}
      </span>
      {status === 'accepted' && orderNumber && (
        <span className="text-sm">
          <span aria-hidden>→</span>
          <span className="sr-only">as</span> order{' '}
          <Link to={orderHref(orderNumber)} className="font-semibold text-blue-800 underline">
            {orderNumber}
          </Link>
        </span>
      )}
    </span>
  );
}
