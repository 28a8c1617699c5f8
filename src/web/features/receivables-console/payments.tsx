import { formatDateTime, formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { type LedgerPayment, METHOD_LABELS } from '#shared/receivables/payments.schemas.ts';
import { Badge, DataTable } from '#web/components/console/console-ui.tsx';
import { Card } from './card.tsx';
import { VoidPayment } from './void-payment.tsx';

/** The company's payments: how each was applied, what is left unapplied, voids and why. */
export function PaymentsCard({ payments, writes }: { payments: LedgerPayment[]; writes: boolean }) {
  return (
    <Card title="Payments">
      {payments.length === 0 ? (
        <p className="text-sm text-gray-700">No payments recorded.</p>
      ) : (
        <DataTable
          caption="Payments"
          head={['Payment', 'Received', 'Method', 'Amount', 'Applied to', 'Unapplied', 'Status']}
        >
          {payments.map((p) => (
            <tr key={p.number}>
              <td className="px-3 py-2">
                <span className="font-mono text-xs">{p.number}</span>
                <span className="block text-xs text-gray-700">by {p.recordedBy}</span>
              </td>
              <td className="px-3 py-2">{formatDay(p.receivedOn)}</td>
              <td className="px-3 py-2">
                {METHOD_LABELS[p.method]}
                {p.reference && <span className="block text-xs text-gray-700">{p.reference}</span>}
                {p.note && <span className="block text-xs break-words text-gray-700">{p.note}</span>}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatCents(p.amountCents)}</td>
              <td className="px-3 py-2">
                {p.applied.length === 0
                  ? '—'
                  : p.applied.map((a) => (
                      <span key={a.invoice} className="block text-xs">
                        {a.invoice}: {formatCents(a.amountCents)}
                      </span>
                    ))}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatCents(p.unappliedCents)}</td>
              <td className="px-3 py-2">
                <PaymentStatus payment={p} writes={writes} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

function PaymentStatus({ payment: p, writes }: { payment: LedgerPayment; writes: boolean }) {
  if (p.voided)
    return (
      <>
        <Badge status="void">void</Badge>
        <span className="block text-xs text-gray-700">
          {formatDateTime(p.voided.at)} by {p.voided.by}: {p.voided.reason}
        </span>
      </>
    );
  return writes ? <VoidPayment number={p.number} /> : <Badge status="recorded">recorded</Badge>;
}
