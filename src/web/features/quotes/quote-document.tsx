import type { ReactNode } from 'react';
import { formatDate, formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { Quote } from '#shared/orders/quotes.schemas.ts';
import { OrderTotals } from '#web/components/catalogue/order-totals.tsx';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { type LineChoice, QuoteLines } from './quote-lines.tsx';
import { QuoteStatusText } from './quote-status.tsx';

const HEADING = 'text-xs font-bold uppercase tracking-wide text-gray-600';

/** How the goods reach the business, as the order will say it. */
export const shippingText = (quote: Quote) =>
  quote.shippingType === 'Pickup' ? 'Pickup in store' : 'Deliver to address';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className={HEADING}>{title}</h2>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}

/** Number, state, dates and who wrote it; the store's own block beside. */
function QuoteHeader({ quote }: { quote: Quote }) {
  const store = useStoreInfo().data;
  const requested = quote.status === 'requested';
  return (
    <header className="flex flex-wrap justify-between gap-6 border-b border-gray-200 pb-5">
      <div>
        <h1 id="quote-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          Quote {quote.number}
        </h1>
        <p className="mt-1">
          <QuoteStatusText status={quote.status} orderNumber={quote.orderNumber} />
        </p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-gray-600">{requested ? 'Asked' : 'Sent'}</dt>
          <dd>{formatDate(quote.sentAt ?? quote.createdAt)}</dd>
          {quote.expiresOn && (
            <>
              <dt className="text-gray-600">Valid until</dt>
              <dd className="font-semibold">{formatDay(quote.expiresOn)}</dd>
            </>
          )}
          {quote.staffName && (
            <>
              <dt className="text-gray-600">Prepared by</dt>
              <dd>{quote.staffName}</dd>
            </>
          )}
        </dl>
      </div>
      {store && (
        <address className="text-sm not-italic sm:text-right" aria-label="From">
          <strong className="text-base">{store.storeName}</strong>
          <br />
          {store.contact.address}
          <br />
          {store.contact.phone}
          <br />
          {store.contact.email}
        </address>
      )}
    </header>
  );
}

/**
 * A quote as a shop reads it (decision 016, part 3): from the store, for the business and its
 * location, valid until a day, the store's note, the lines at their prices, delivery and totals.
 * `choice` (while a member may answer) puts a checkbox on each line.
 */
export function QuoteDocument({ quote, choice }: { quote: Quote; choice?: LineChoice }) {
  const l = quote.location;
  const priced = quote.status !== 'requested';
  return (
    <article aria-labelledby="quote-title" className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-8">
      <QuoteHeader quote={quote} />
      <section className="grid grid-cols-1 gap-4 border-b border-gray-200 py-5 sm:grid-cols-2">
        <Part title="For">
          <strong>{quote.businessName}</strong>
          {l && (
            <>
              <br />
              {l.name && (
                <>
                  {l.name}
                  <br />
                </>
              )}
              {l.address}
              <br />
              {l.city}, {l.state} {l.postalCode}
            </>
          )}
        </Part>
        <Part title={quote.shippingType === 'Pickup' ? 'Pickup' : 'Delivery'}>
          {shippingText(quote)}
          {priced && ` · ${formatCents(quote.shippingCents)}`}
        </Part>
      </section>
      {(quote.note || quote.requestNote) && (
        <section className="grid grid-cols-1 gap-4 border-b border-gray-200 py-5 sm:grid-cols-2">
          {quote.note && (
            <Part title="Note from the store">
              <p className="whitespace-pre-line break-words">{quote.note}</p>
            </Part>
          )}
          {quote.requestNote && (
            <Part title={quote.requestedBy ? `Asked by ${quote.requestedBy}` : 'Your request'}>
              <p className="whitespace-pre-line break-words">{quote.requestNote}</p>
            </Part>
          )}
        </section>
      )}
      <QuoteLines quote={quote} choice={choice} />
      {priced && (
        <OrderTotals
          subtotalCents={quote.subtotalCents}
          shippingCents={quote.shippingCents}
          shippingLabel={shippingText(quote)}
          exciseCents={quote.exciseCents}
          totalCents={quote.totalCents}
          className="ml-auto mt-4 w-full max-w-xs border-t border-gray-200 pt-3 [&>div:last-child]:border-t [&>div:last-child]:border-gray-300"
          totalClassName="text-base"
        />
      )}
    </article>
  );
}
