import { formatDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { type MemberAccount, METHOD_LABELS } from '#shared/receivables/payments.schemas.ts';

type Payment = MemberAccount['payments'][number];

const TERM = 'text-xs font-semibold uppercase text-gray-600';

/** The company's payments, each with the invoices it paid and any credit it left unused. */
export function PaymentList({ payments }: { payments: Payment[] }) {
  return (
    <ul className="mt-3 space-y-3" aria-label="Payments">
      {payments.map((p) => (
        <PaymentRow key={p.number} payment={p} />
      ))}
    </ul>
  );
}

function PaymentRow({ payment: p }: { payment: Payment }) {
  return (
    <li className="rounded-2xl bg-white px-4 py-3 ring-1 ring-gray-200" aria-label={`Payment ${p.number}`}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold">{p.number}</span>
        {p.voided && (
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-bold text-gray-800 ring-1 ring-gray-300">
            Void
          </span>
        )}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className={TERM}>Date</dt>
          <dd>{formatDay(p.receivedOn)}</dd>
        </div>
        <div>
          <dt className={TERM}>Method</dt>
          <dd>{METHOD_LABELS[p.method]}</dd>
        </div>
        <div>
          <dt className={TERM}>Reference</dt>
          <dd className="break-words">{p.reference || '—'}</dd>
        </div>
        <div>
          <dt className={TERM}>Amount</dt>
          <dd className="font-bold">{formatCents(p.amountCents)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-3">
          <dt className={TERM}>Applied to</dt>
          <dd>
            {p.applied.length ? (
              <ul>
                {p.applied.map((a) => (
                  <li key={a.invoice}>
                    {a.invoice} · {formatCents(a.amountCents)}
                  </li>
                ))}
              </ul>
            ) : (
              'Nothing yet'
            )}
          </dd>
        </div>
        <div>
          <dt className={TERM}>Unused credit</dt>
          <dd className={p.unappliedCents > 0 ? 'font-bold text-green-800' : undefined}>
            {formatCents(p.unappliedCents)}
          </dd>
        </div>
      </dl>
    </li>
  );
}
