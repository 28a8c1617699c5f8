import { useQuery } from '@tanstack/react-query';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { termsLabel } from '#shared/receivables/terms.ts';
import { DataTable, Panel } from '#web/components/console/console-ui.tsx';
import { useStaffMay } from '#web/lib/console-api.ts';
import { documentKind, invoicePdfUrl, LINK } from './labels.ts';
import { orderInvoicesQuery } from './queries.ts';
import { RecordReturn } from './record-return.tsx';

/** An order's invoices and credit notes as issued, each with its PDF (the order's console page). */
export function OrderInvoices({ orderNumber }: { orderNumber: string }) {
  const list = useQuery(orderInvoicesQuery(orderNumber));
  const writes = useStaffMay()('receivables');
  return (
    <div className="mt-4">
      <Panel title="Invoices">
        {list.isPending ? (
          <p className="text-sm text-gray-700">Loading…</p>
        ) : list.error ? (
          <p role="alert">{list.error.message}</p>
        ) : list.data.invoices.length === 0 ? (
          <p className="text-sm text-gray-700">No invoice issued for this order yet.</p>
        ) : (
          <DataTable
            caption={`Invoices of ${orderNumber}`}
            head={['Document', 'Kind', 'Date', 'Due', 'Total', 'PDF']}
          >
            {list.data.invoices.map((d) => (
              <tr key={d.number}>
                <td className="px-3 py-2 font-mono text-xs">{d.number}</td>
                <td className="px-3 py-2">
                  {documentKind(d)}
                  {d.references && <span className="block text-xs text-gray-700">to {d.references}</span>}
                  {d.reason && <span className="block text-xs break-words text-gray-700">{d.reason}</span>}
                </td>
                <td className="px-3 py-2">{formatDay(d.invoiceDate)}</td>
                <td className="px-3 py-2">
                  {d.kind === 'invoice' ? `${formatDay(d.dueDate)} (${termsLabel(d.terms)})` : '—'}
                </td>
                <td className="px-3 py-2 tabular-nums">{formatCents(d.totalCents)}</td>
                <td className="px-3 py-2">
                  <a
                    href={invoicePdfUrl(d.number)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`PDF of ${d.number}`}
                    className={LINK}
                  >
                    PDF
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {writes && list.data && list.data.invoices.length > 0 && <RecordReturn orderNumber={orderNumber} />}
      </Panel>
    </div>
  );
}
