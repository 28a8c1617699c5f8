import { Link, Navigate } from 'react-router';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { STAGE_LABELS, TRACKING_STAGES, trackingState } from '#shared/orders/order-tracking.ts';
import { PageSpinner } from '#web/components/ui/page-spinner.tsx';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { useSession } from '#web/lib/session.ts';
import { OrderNotFound } from './order-not-found.tsx';
import { useOrderParam } from './use-order-param.ts';

// One date style across the store (shared/dates.ts).
const formatWhen = formatDateTime;

/** /track?order=… : the order's real status history on the SPEC §4 progress bar. */
export function TrackPage() {
  const session = useSession();
  const { data: order, isPending, error, number } = useOrderParam();
  if (session.isPending) return <PageSpinner />;
  if (!session.data?.user) return <Navigate to="/" replace />;
  if (!number) return <Navigate to="/orders" replace />;
  if (error) return <OrderNotFound message={error.message} />;
  if (isPending) return <PageSpinner />;

  const state = trackingState(order.events);
  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4">
      <PageTitle>{`Track ${order.orderNumber}`}</PageTitle>
      <Link to="/orders" className="text-sm font-semibold text-blue-800 hover:underline">
        ← Your Orders
      </Link>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight">Track package</h1>
      <p className="mt-1 text-gray-700">
        Order <strong>{order.orderNumber}</strong>, placed {formatDate(order.datePlaced)}
      </p>

      <section
        aria-labelledby="track-status"
        className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-gray-200 sm:p-6"
      >
        <h2 id="track-status" className={`text-xl font-extrabold ${state.cancelled ? 'text-red-800' : ''}`}>
          {state.label}
        </h2>
        <div
          role="progressbar"
          aria-label="Delivery progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.percent}
          aria-valuetext={`${state.label}, ${state.percent}%`}
          className="mt-5 h-3 overflow-hidden rounded-full bg-gray-200"
        >
          <div
            className={`h-full rounded-full transition-[width] ${state.cancelled ? 'bg-red-600' : 'bg-green-600'}`}
            style={{ width: `${state.percent}%` }}
          />
        </div>
        <ol className="mt-3 grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
          {TRACKING_STAGES.map((s) => {
            const reached = state.percent >= s.percent;
            return (
              <li key={s.stage} className={reached ? 'font-bold text-green-800' : 'text-gray-600'}>
                {s.label}
                <span className="sr-only">{reached ? ' (done)' : ' (not yet)'}</span>
              </li>
            );
          })}
        </ol>
        {order.tracking && <Shipment tracking={order.tracking} />}
      </section>

      <section
        aria-labelledby="track-history"
        className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-gray-200 sm:p-6"
      >
        <h2 id="track-history" className="text-lg font-bold">
          History
        </h2>
        <ol className="mt-3 space-y-3 border-l-2 border-gray-200 pl-4">
          {[...order.events].reverse().map((e) => (
            <li key={`${e.stage}-${e.at}`}>
              <p className="font-semibold">{STAGE_LABELS[e.stage] ?? e.stage}</p>
              <p className="text-sm text-gray-600">{formatWhen(e.at)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** Who carries the parcel, its tracking number and a link to the carrier's own page when there is one. */
function Shipment({ tracking }: { tracking: NonNullable<Order['tracking']> }) {
  return (
    <dl className="mt-5 grid gap-x-4 gap-y-1 border-t border-gray-200 pt-4 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Carrier</dt>
      <dd>{tracking.carrier}</dd>
      {tracking.number && (
        <>
          <dt className="font-semibold">Tracking number</dt>
          <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono">{tracking.number}</span>
            {tracking.url && (
              <a
                href={tracking.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-blue-800 underline"
              >
                Track with {tracking.carrier}
                <span className="sr-only"> (opens the carrier's site)</span>
              </a>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
