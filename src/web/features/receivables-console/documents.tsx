import { Link } from 'react-router';
import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { LedgerInvoice } from '#shared/receivables/payments.schemas.ts';
import { Badge, DataTable } from '#web/components/console/console-ui.tsx';
import { useStaffMay } from '#web/lib/console-api.ts';
import { Card } from './card.tsx';
import { invoicePdfUrl, LINK, STATE_LABELS } from './labels.ts';

/** The company's invoices and credit notes, newest as the ledger lists them, each with its PDF. */
export function DocumentsCard({ invoices }: { invoices: LedgerInvoice[] }) {
  const readsOrders = useStaffMay()('orders.read');
  return (
    <Card title="Invoices and credit notes">
      {invoices.length === 0 ? (
        <p className="text-sm text-gray-700">No invoices yet.</p>
      ) : (
        <DataTable
          caption="Invoices and credit notes"
          head={['Document', 'Order', 'Date', 'Due', 'Total', 'Open', 'State', 'PDF']}
        >
          {invoices.map((d) => (
            <tr key={d.number}>
              <td className="px-3 py-2">
                <span className="font-mono text-xs">{d.number}</span>
                <span className="block text-xs text-gray-700">
                  {d.kind === 'credit_note' ? 'Credit note' : 'Invoice'}
                </span>
              </td>
              <td className="px-3 py-2">
                {readsOrders ? (
                  <Link to={`/admin/orders/${encodeURIComponent(d.orderNumber)}`} className={LINK}>
                    {d.orderNumber}
                  </Link>
                ) : (
                  d.orderNumber
                )}
              </td>
              <td className="px-3 py-2">{formatDay(d.invoiceDate)}</td>
              <td className="px-3 py-2">{d.kind === 'invoice' ? formatDay(d.dueDate) : '—'}</td>
              <td className="px-3 py-2 tabular-nums">{formatCents(d.totalCents)}</td>
              <td className="px-3 py-2 tabular-nums">
                {formatCents(d.openCents)}
                {d.kind === 'credit_note' && d.openCents > 0 && (
                  <span className="block text-xs text-gray-700">unused credit</span>
                )}
              </td>
              <td className="px-3 py-2">
                {d.state ? <Badge status={d.state}>{STATE_LABELS[d.state]}</Badge> : '—'}
                {d.state === 'overdue' && (
                  <span className="block text-xs text-gray-700">{d.daysPastDue} days past due</span>
                )}
              </td>
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
    </Card>
  );
}
