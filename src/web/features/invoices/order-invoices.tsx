import { Download } from 'lucide-react';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { InvoiceSummary } from '#shared/receivables/invoices.schemas.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useOrderInvoices } from './api/get-account.ts';
import { invoicePdfHref, kindLabel } from './invoice-labels.ts';

const TERM = 'text-xs font-semibold uppercase text-gray-600';

/**
 * An order's invoices and credit notes as the store issued them, each with its PDF. Nothing shows
 * before the order is invoiced, nor for an order that is not the member's to see (404).
 */
export function OrderInvoices({ orderNumber }: { orderNumber: string }) {
  const { data, error } = useOrderInvoices(orderNumber);
  if (error)
    return error instanceof ApiError && error.status === 404 ? null : (
      <p role="alert" className="mt-6 text-sm text-red-800 print:hidden">
        {error.message}
      </p>
    );
  if (!data?.invoices.length) return null;
  return (
    <section
      aria-labelledby="order-invoices-heading"
      className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-gray-200 sm:p-6 print:hidden"
    >
      <h2 id="order-invoices-heading" className="text-lg font-bold">
        Invoices
      </h2>
      <ul className="mt-3 divide-y divide-gray-100" aria-label={`Invoices of order ${orderNumber}`}>
        {data.invoices.map((d) => (
          <OrderDocument key={d.number} doc={d} />
        ))}
      </ul>
    </section>
  );
}

function OrderDocument({ doc: d }: { doc: InvoiceSummary }) {
  const credit = d.kind === 'credit_note';
  return (
    <li className="py-3" aria-label={`${kindLabel(d)} ${d.number}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-bold">{kindLabel(d)}</span> {d.number}
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
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className={TERM}>Date</dt>
          <dd>{formatDay(d.invoiceDate)}</dd>
        </div>
        {!credit && (
          <div>
            <dt className={TERM}>Due</dt>
            <dd>{formatDay(d.dueDate)}</dd>
          </div>
        )}
        <div>
          <dt className={TERM}>Total</dt>
          <dd className="font-semibold">{formatCents(d.totalCents)}</dd>
        </div>
      </dl>
      {d.reason && (credit || d.references) && (
        <p className="mt-2 text-sm text-gray-700">
          <span className="font-semibold text-gray-900">Reason:</span> {d.reason}
        </p>
      )}
    </li>
  );
}
