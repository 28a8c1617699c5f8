import { Link } from 'react-router';
import { formatDate } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { trackingState } from '#shared/orders/order-tracking.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { useNotify } from '#web/app/notifications.tsx';
import { LineItem, quantityDetail } from '#web/components/catalogue/line-item.tsx';
import { productHref } from '#web/components/catalogue/links.ts';
import { useBuyAgain } from './api/buy-again.ts';

const STATUS_STYLE = {
  pending: 'bg-amber-100 text-amber-950',
  cancelled: 'bg-red-100 text-red-900',
  delivered: 'bg-green-100 text-green-900',
} as const;

/** SPEC §2 Orders: an order card with View Invoice and Track package; item rows with View Product and Buy Again. */
export function OrderCard({ order }: { order: Order }) {
  const q = `?order=${encodeURIComponent(order.orderNumber)}`;
  const itemCount = order.items.reduce((n, i) => n + i.quantity, 0);
  const headingId = `order-${order.orderNumber}`;

  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 bg-gray-50 px-4 py-3 text-sm">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
          <div>
            <dt className="text-xs font-semibold uppercase text-gray-600">Order</dt>
            <dd id={headingId} className="font-bold">
              {order.orderNumber}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-gray-600">Placed</dt>
            <dd>{formatDate(order.datePlaced)}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-gray-600">Total</dt>
            <dd className="font-bold">{formatCents(order.totalCents)}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase text-gray-600">Status</dt>
            <dd>{trackingState(order.events).label}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/invoice${q}`}
            className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 font-semibold hover:bg-gray-100"
            aria-label={`View Invoice for ${order.orderNumber}`}
          >
            View Invoice
          </Link>
          <Link
            to={`/track${q}`}
            className="rounded-lg bg-gray-900 px-3 py-1.5 font-semibold text-white hover:bg-gray-700"
            aria-label={`Track package for ${order.orderNumber}`}
          >
            Track package
          </Link>
        </div>
      </header>
      <p className="px-4 pt-3 text-xs text-gray-600">
        {itemCount} item{itemCount === 1 ? '' : 's'} ·{' '}
        {order.shippingType === 'Pickup' ? 'Pickup in store' : 'Deliver to address'}
      </p>
      <ul className="divide-y divide-gray-100 px-4">
        {order.items.map((item) => {
          return (
            <li key={item.variantId} className="flex flex-wrap items-center gap-3 py-3">
              <LineItem
                image={{ url: item.imageUrl }}
                thumb="md"
                bodyClassName="basis-48"
                title={item.productName}
                detail={quantityDetail(item.variantName, item.quantity, formatCents(item.unitPriceCents))}
                aside={<OrderItemActions order={order} item={item} />}
              >
                <span
                  className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-bold capitalize ${STATUS_STYLE[item.status]}`}
                >
                  {item.status}
                </span>
              </LineItem>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

function OrderItemActions({ order, item }: { order: Order; item: Order['items'][number] }) {
  const buyAgain = useBuyAgain();
  const notify = useNotify();
  const label = `${item.productName} — ${item.variantName}`;
  return (
    <div className="flex w-full justify-end gap-2 sm:w-auto">
      <Link
        to={productHref({ categoryId: item.categoryId, brandId: item.brandId, id: item.productId })}
        aria-label={`View Product ${label}`}
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
      >
        View Product
      </Link>
      <button
        type="button"
        aria-label={`Buy Again ${label}`}
        disabled={buyAgain.isPending}
        onClick={() =>
          buyAgain.mutate(
            { orderNumber: order.orderNumber, variantId: item.variantId },
            {
              onSuccess: (res) => notify({ type: 'success', message: res.message }),
              onError: (err) => notify({ type: 'error', message: err.message }),
            },
          )
        }
        className="rounded-lg bg-amber-400 px-3 py-1.5 text-sm font-bold text-gray-900 hover:bg-amber-300 disabled:opacity-60"
      >
        Buy Again
      </button>
    </div>
  );
}
