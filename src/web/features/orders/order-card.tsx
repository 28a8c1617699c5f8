import { useState } from 'react';
import { Link } from 'react-router';
import type { QuickOrderLine } from '#shared/cart/quick-order.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { trackingState } from '#shared/orders/order-tracking.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { useNotify } from '#web/components/ui/notifications.tsx';
import { LineItem, quantityDetail } from '#web/components/catalogue/line-item.tsx';
import { productHref } from '#web/components/catalogue/links.ts';
import { QuickOrderLines } from '#web/components/catalogue/quick-order-lines.tsx';
import { setCartDrawerOpen } from '#web/lib/cart/cart-drawer-state.ts';
import { useBuyAgain } from './api/buy-again.ts';
import { useReorder } from './api/reorder.ts';
import { OrderRevised } from './order-revised.tsx';
import { Slot } from '#web/components/slots.tsx';
import { useLocations } from '#web/lib/locations.ts';
import { useMayOrder, useSession } from '#web/lib/session.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { keyed } from '#web/lib/keys.ts';

/** An order taken at the store's order desk names the staff member and the business (decision 016, part 2). */
function placedByText(order: Order, me: string | undefined): string {
  if (order.takenAtDesk) return `Placed by ${order.placedBy.name} for ${order.shippingDetails.businessName}`;
  return order.placedBy.id !== me && order.placedBy.name ? `Placed by ${order.placedBy.name}` : '';
}

/**
 * Which of the company's people and shops an order was for, when it says anything (decision 015):
 * who placed it unless it was me, and its location when the company has more than one; nothing
 * for a one-person, one-shop business, whose orders look as the spec draws them.
 */
function useWhose(order: Order): string | null {
  const me = useSession().data?.user?.id;
  const shops = useLocations().data?.locations.length ?? 0;
  const parts = [
    placedByText(order, me),
    order.quoteNumber ? `From quote ${order.quoteNumber}` : '',
    order.location && shops > 1 ? `For ${order.location.name}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

const STATUS_STYLE = {
  pending: 'bg-amber-100 text-amber-950',
  cancelled: 'bg-red-100 text-red-900',
  delivered: 'bg-green-100 text-green-900',
} as const;

/** SPEC §2 Orders: an order card with View Invoice and Track package; item rows with View Product and Buy Again. */
export function OrderCard({ order }: { order: Order }) {
  const q = `?order=${encodeURIComponent(order.orderNumber)}`;
  const whose = useWhose(order);
  // A viewer sees the company's orders, and is offered nothing that orders again (decision 015).
  const mayOrder = useMayOrder();
  const itemCount = order.items.reduce((n, i) => n + i.quantity, 0);
  const headingId = `order-${order.orderNumber}`;

  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 bg-gray-50 px-4 py-3 text-sm">
        <div>
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
          {/* Outside the list of terms: a <dl> holds only its term and description groups. */}
          {whose && <p className="mt-1 text-gray-700">{whose}</p>}
        </div>
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
      <OrderRevised revisions={order.revisions} />
      <ul className="divide-y divide-gray-100 px-4">
        {keyed(order.items, (i) => i.variantId).map(({ key, item }) => {
          return (
            <li key={key} className="flex flex-wrap items-center gap-3 py-3">
              <LineItem
                image={{ url: item.imageUrl }}
                thumb="md"
                bodyClassName="basis-48"
                title={item.productName}
                detail={quantityDetail(
                  item.variantName,
                  item.quantity,
                  formatCents(item.unitPriceCents),
                  item.sellingUnit,
                )}
                sku={item.variantId}
                aside={<OrderItemActions order={order} item={item} mayOrder={mayOrder} />}
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
      {mayOrder && <OrderActions order={order} />}
    </article>
  );
}

/** Reorder all (what stock and case packs allow, with a report) and Save to list, for the whole order. */
function OrderActions({ order }: { order: Order }) {
  const reorder = useReorder();
  const notify = useNotify();
  const [report, setReport] = useState<QuickOrderLine[] | null>(null);
  const onReorder = () =>
    reorder.mutate(order.orderNumber, {
      onSuccess: (added) => {
        notify({ type: added.addedCount ? 'success' : 'error', message: added.message });
        setReport(added.notAdded.length ? added.notAdded : null);
        if (added.addedCount) setCartDrawerOpen(true);
      },
      onError: (err) => notify({ type: 'error', message: err.message }),
    });
  return (
    <div className="border-t border-gray-100 px-4 py-3">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onReorder}
          disabled={reorder.isPending}
          aria-label={`Reorder all of ${order.orderNumber}`}
          className="rounded-lg bg-amber-400 px-3 py-2 text-sm font-bold text-gray-900 hover:bg-amber-300 disabled:opacity-60"
        >
          {reorder.isPending ? 'Adding…' : 'Reorder all'}
        </button>
        <Slot
          of="SaveToList"
          items={() => order.items.map((i) => ({ variantId: i.variantId, quantity: i.quantity }))}
        />
      </div>
      {report && <QuickOrderLines title="Not added in full" lines={report} report />}
    </div>
  );
}

function OrderItemActions({
  order,
  item,
  mayOrder,
}: {
  order: Order;
  item: Order['items'][number];
  mayOrder: boolean;
}) {
  const buyAgain = useBuyAgain();
  const notify = useNotify();
  const label = optionLabel(item.productName, item.variantName);
  return (
    <div className="flex w-full justify-end gap-2 sm:w-auto">
      <Link
        to={productHref({ categoryId: item.categoryId, brandId: item.brandId, id: item.productId })}
        aria-label={`View Product ${label}`}
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-100"
      >
        View Product
      </Link>
      {mayOrder && (
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
      )}
    </div>
  );
}
