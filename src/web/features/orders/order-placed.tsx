import { useEffect, useRef } from 'react';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { LineItem, quantityDetail } from '#web/components/catalogue/line-item.tsx';
import { OrderTotals } from '#web/components/catalogue/order-totals.tsx';
import { useSession } from '#web/lib/session.ts';
import { useStoreInfo } from '#web/lib/store-info.ts';
import { useOrder } from './api/get-orders.ts';

/**
 * The confirmation after Check out (decision 014, item 7), at the top of /orders (the spec sends a
 * placed order there): the number, what happens next — payment as the store's settings say, then
 * pickup or delivery — the summary, and the invoice, tracking and the orders below.
 */
export function OrderPlaced({ number, onDone }: { number: string; onDone: () => void }) {
  const order = useOrder(number);
  const store = useStoreInfo().data;
  const email = useSession().data?.user?.email;
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = Boolean(order.data);
  // Focus moves to the confirmation once it shows, so a screen reader starts there.
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  // An order that is not this buyer's (or a mistyped address) shows nothing here: the list below.
  if (!order.data) return null;
  const o = order.data;
  const q = `?order=${encodeURIComponent(o.orderNumber)}`;
  const pickup = o.shippingType === 'Pickup';
  const s = o.shippingDetails;
  return (
    <section
      aria-labelledby="order-placed-heading"
      className="mb-6 overflow-hidden rounded-2xl bg-white ring-1 ring-emerald-300"
    >
      <div className="flex items-start gap-3 bg-emerald-50 px-4 py-4 sm:px-6">
        <CircleCheck className="mt-0.5 size-7 shrink-0 text-emerald-700" aria-hidden />
        <div>
          <h2
            id="order-placed-heading"
            ref={heading}
            tabIndex={-1}
            className="text-xl font-extrabold tracking-tight focus:outline-none"
          >
            Thank you — order {o.orderNumber} is placed
          </h2>
          <p className="mt-1 text-sm text-gray-800">
            Placed {formatDateTime(o.datePlaced)}
            {email ? ` · a confirmation is on its way to ${email}` : ''}.
          </p>
        </div>
      </div>
      <div className="grid gap-6 px-4 py-4 sm:px-6 md:grid-cols-[1fr_minmax(0,20rem)]">
        <div>
          <h3 id="order-placed-next" className="text-sm font-bold uppercase tracking-wide text-gray-700">
            What happens next
          </h3>
          <ol
            aria-labelledby="order-placed-next"
            className="mt-2 list-decimal space-y-2 pl-5 text-sm text-gray-900"
          >
            <li>
              <span className="font-semibold">Payment.</span> {store?.paymentNote}
            </li>
            {pickup ? (
              <li>
                <span className="font-semibold">Pickup.</span> Collect your order at{' '}
                {store?.pickupAddress ?? 'the store'} once we tell you it is ready; we email you at each step.
              </li>
            ) : (
              <li>
                <span className="font-semibold">Delivery.</span> We ship it
                {store ? ` by ${store.carrier}` : ''} to {s.address}, {s.city}, {s.state} {s.postalCode}, and
                email you at each step; Track package follows it.
              </li>
            )}
          </ol>
          <h3
            id="order-placed-items"
            className="mt-5 text-sm font-bold uppercase tracking-wide text-gray-700"
          >
            {o.items.length} item{o.items.length === 1 ? '' : 's'}
          </h3>
          <ul aria-labelledby="order-placed-items" className="divide-y divide-gray-100">
            {o.items.map((i) => (
              <li key={i.variantId} className="flex items-center gap-3 py-2">
                <LineItem
                  image={{ url: i.imageUrl }}
                  title={i.productName}
                  detail={quantityDetail(
                    i.variantName,
                    i.quantity,
                    formatCents(i.unitPriceCents),
                    i.sellingUnit,
                  )}
                  sku={i.variantId}
                  aside={<span className="text-sm font-semibold">{formatCents(i.lineTotalCents)}</span>}
                />
              </li>
            ))}
          </ul>
        </div>
        <div className="space-y-4">
          <OrderTotals
            subtotalCents={o.subtotalCents}
            shippingCents={o.shippingCents}
            shippingLabel={pickup ? 'Pickup in store' : 'Delivery'}
            exciseCents={o.exciseCents}
            exciseLabel={`State excise (${pickup ? 'pickup' : s.state})`}
            totalCents={o.totalCents}
            className="[&>div:last-child]:border-t [&>div:last-child]:border-gray-300 [&>div:last-child]:pt-1"
          />
          <div className="flex flex-col gap-2">
            <Link
              to={`/invoice${q}`}
              className="rounded-lg bg-gray-900 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-gray-700"
            >
              View invoice
            </Link>
            <Link
              to={`/track${q}`}
              className="rounded-lg border border-gray-300 px-3 py-2 text-center text-sm font-semibold hover:bg-gray-100"
            >
              Track package
            </Link>
            <button
              type="button"
              onClick={onDone}
              className="rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold hover:bg-gray-100"
            >
              All your orders
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
