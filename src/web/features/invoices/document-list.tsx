import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { LedgerInvoice } from '#shared/receivables/payments.schemas.ts';
import { invoicePdfHref, kindLabel, orderHref, STATE_STYLE, stateLabel } from './invoice-labels.ts';

const TERM = 'text-xs font-semibold uppercase text-gray-600';

/**
 * The invoices and credit notes, newest first as the server sends them: a card each on a phone, a
 * row each on a wide screen, every value named by its term.
 */
export function DocumentList({ documents }: { documents: LedgerInvoice[] }) {
  return (
    <ul className="mt-3 space-y-3" aria-label="Invoices and credit notes">
      {documents.map((d) => (
        <DocumentRow key={d.number} doc={d} />
      ))}
    </ul>
  );
}

function DocumentRow({ doc: d }: { doc: LedgerInvoice }) {
  const credit = d.kind === 'credit_note';
  const state = stateLabel(d);
  return (
    <li
      className="rounded-2xl bg-white px-4 py-3 ring-1 ring-gray-200"
      aria-label={`${kindLabel(d)} ${d.number}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold">{d.number}</span>
          <span className="text-sm text-gray-700">{kindLabel(d)}</span>
          {state && d.state && (
            <span className={`rounded-full px-2 py-0.5 text-xs font-bold ring-1 ${STATE_STYLE[d.state]}`}>
              {state}
            </span>
          )}
        </p>
        <a
          href={invoicePdfHref(d.number)}
          download
          aria-label={`Download PDF of ${d.number}`}
          className="flex items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
        >
          <Download className="size-4" aria-hidden /> PDF
        </a>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-5">
        <div>
          <dt className={TERM}>Order</dt>
          <dd>
            <Link
              to={orderHref(d.orderNumber)}
              className="font-semibold text-blue-800 underline hover:text-blue-950"
            >
              {d.orderNumber}
            </Link>
          </dd>
        </div>
        <div>
          <dt className={TERM}>Date</dt>
          <dd>{formatDay(d.invoiceDate)}</dd>
        </div>
        {!credit && (
          <div>
            <dt className={TERM}>Due</dt>
            <dd className={d.state === 'overdue' ? 'font-semibold text-red-800' : undefined}>
              {formatDay(d.dueDate)}
            </dd>
          </div>
        )}
        <div>
          <dt className={TERM}>Total</dt>
          <dd className="font-semibold">{formatCents(d.totalCents)}</dd>
        </div>
        <div>
          <dt className={TERM}>{credit ? 'Credit unused' : 'Left to pay'}</dt>
          <dd className="font-bold">{formatCents(d.openCents)}</dd>
        </div>
      </dl>
    </li>
  );
}
