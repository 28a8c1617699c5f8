import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeAttributes } from '#shared/compliance/attributes.ts';
import type { OrderCompliance } from '#shared/compliance/compliance.schemas.ts';
import { formatDateTime, formatDay, formatMonth } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { DataTable, Loading } from '#web/components/console/console-ui.tsx';
import { orderComplianceQuery } from '#web/features/compliance/console/queries.ts';

/**
 * An order and the state rules: what it was judged by when placed, its excise and PACT filing,
 * and each line judged again today. No per-order override: a rule change is the only way.
 */
export function OrderCompliancePanel({ number }: { number: string }) {
  const summary = useQuery(orderComplianceQuery(number));
  if (summary.isPending) return <Loading />;
  if (summary.error) return <p role="alert">{summary.error.message}</p>;
  const s = summary.data;
  const heldBack = s.lines.filter((l) => l.status === 'pending' && l.today.length);
  return (
    <section aria-labelledby="order-compliance" className="mt-6">
      <h2 id="order-compliance" className="mb-2 text-lg font-bold">
        Compliance
      </h2>
      {heldBack.length > 0 && (
        <div role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <strong>
            {heldBack.length === 1 ? '1 item' : `${heldBack.length} items`} may not ship under today's rules.
          </strong>{' '}
          Cancel {heldBack.length === 1 ? 'it' : 'them'} above, or, if a rule is wrong, change it on the{' '}
          <Link to="/admin/compliance" className="font-semibold underline">
            Compliance page
          </Link>
          : there is no override for one order.
        </div>
      )}
      <Facts s={s} />
      <DataTable
        caption={`Compliance of the items of ${s.orderNumber}`}
        head={['Item', 'What it is', 'Excise', 'Today']}
      >
        {s.lines.map((l) => (
          <tr key={l.sku} className="align-top">
            <td className="px-3 py-2">
              {l.productName} — {l.variantName}
              <span className="block font-mono text-xs">{l.sku}</span>
            </td>
            <td className="px-3 py-2">
              {describeAttributes(l.attributes)}
              {l.inPact && <span className="block text-xs">On the PACT Act report</span>}
            </td>
            <td className="px-3 py-2">{formatCents(l.exciseCents)}</td>
            <td className="px-3 py-2">
              {l.status === 'cancelled' ? (
                'Cancelled'
              ) : l.today.length ? (
                <ul className="space-y-1 text-red-800">
                  {l.today.map((b) => (
                    <li key={b.reason}>
                      <strong>{b.reason}</strong>
                      <span className="block text-xs text-gray-700">{b.source}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                'May ship'
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function Facts({ s }: { s: OrderCompliance }) {
  return (
    <dl className="mb-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Judged for</dt>
      <dd>
        {s.shipTo.stateName} ({s.shipTo.shipping === 'Pickup' ? "pickup: the store's state" : 'delivery'})
      </dd>
      <dt className="font-semibold">Rules</dt>
      <dd>
        {s.judgedByVersion === null
          ? 'Placed before the state rules were kept.'
          : `Version ${s.judgedByVersion} when placed${s.currentVersion === s.judgedByVersion ? ', still current.' : `; version ${s.currentVersion} now.`}`}
      </dd>
      <dt className="font-semibold">Buyer's licenses today</dt>
      <dd>{s.licences.length ? s.licences.join(', ') : 'None verified'}</dd>
      <dt className="font-semibold">Excise charged</dt>
      <dd>{formatCents(s.exciseCents)}</dd>
      <dt className="font-semibold">Carrier</dt>
      <dd>{s.shipTo.shipping === 'Pickup' ? '— (pickup)' : s.carrier || '—'}</dd>
      <dt className="font-semibold">PACT Act</dt>
      <dd>
        {s.pact ? (
          <>
            <Link
              to={`/admin/compliance/pact?month=${s.pact.month}&state=${s.pact.state}`}
              className="font-semibold underline"
            >
              {s.pact.state}, {formatMonth(s.pact.month)}
            </Link>{' '}
            {s.pact.filedAt
              ? `— filed ${formatDateTime(s.pact.filedAt)}`
              : `— due ${formatDay(s.pact.dueOn)}, not filed yet`}
          </>
        ) : (
          'Nothing to report (no ENDS or tobacco delivered)'
        )}
      </dd>
    </dl>
  );
}
