import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import type { AdminOrder } from '#shared/orders/orders-staff.schemas.ts';
import { formatCents } from '#shared/money.ts';
import { itemActions } from '#shared/orders/order-tracking.ts';
import { FormError } from '#web/components/ui/form.tsx';
import { errorMessage, useAdminMutation, useStaffMay } from '#web/lib/console-api.ts';
import { Badge, Button, DataTable, Loading, PageTitle, Panel } from '#web/components/console/console-ui.tsx';
import { Slot } from '#web/components/slots.tsx';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { adminOrderQuery } from '#web/features/orders/console/queries.ts';
import { StagePanel } from '#web/features/orders/console/stage-panel.tsx';
import { OrderChange } from '#web/features/orders/console/order-change.tsx';
import { OrderRevisions } from '#web/features/orders/console/order-revisions.tsx';
import { keyed } from '#web/lib/keys.ts';

/** One order: buyer, shipping, comments, items (deliver or cancel each), shipping stages. */
export function AdminOrderDetailPage() {
  const { number = '' } = useParams();
  const order = useQuery(adminOrderQuery(number));
  const may = useStaffMay();
  const item = useAdminMutation(
    'POST',
    (v: { sku: string; status: 'delivered' | 'cancelled' }) =>
      `orders/${encodeURIComponent(number)}/items/${encodeURIComponent(v.sku)}/status`,
    'AdminOrderSchema',
    (v) => ({ status: v.status }),
  );
  if (order.isPending) return <Loading />;
  if (order.error) return <p role="alert">{order.error.message}</p>;
  const o = order.data;
  // Items follow the stage, by the server's own rule.
  // Delivering and cancelling items is the warehouse's (decision 016): other roles read the order.
  const fulfils = may('orders.fulfil');
  const stage = o.events.at(-1)?.stage ?? 'placed';
  const stageActions = itemActions(stage);
  const canCancel = fulfils && stageActions.cancel;
  const canDeliver = fulfils && stageActions.deliver;
  const error = item.error;

  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/orders" className="font-semibold underline">
            All orders
          </Link>
        }
      >
        Order {o.orderNumber}
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-3">
        <BuyerPanel order={o} />
        <Panel title={o.shippingType === 'Pickup' ? 'Pickup in store' : 'Deliver to address'}>
          <address className="not-italic">
            {o.shippingDetails.name}
            <br />
            {o.shippingDetails.businessName}
            <br />
            {o.shippingDetails.address}
            <br />
            {o.shippingDetails.city}, {o.shippingDetails.state} {o.shippingDetails.postalCode}
          </address>
          <p className="mt-2 text-sm text-gray-700">Placed {formatDateTime(o.datePlaced)}</p>
          {o.feeNote && <p className="mt-2 text-sm">Delivery fee changed: {o.feeNote}</p>}
        </Panel>
        <StagePanel order={o} />
      </div>
      {(o.comments || o.internalNote) && (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {o.comments && (
            <Panel title="Comments">
              <p className="whitespace-pre-line break-words">{o.comments}</p>
            </Panel>
          )}
          {o.internalNote && (
            <Panel title="Internal note">
              <p className="mb-1 text-xs text-gray-700">Staff only: the buyer never sees it.</p>
              <p className="whitespace-pre-line break-words">{o.internalNote}</p>
            </Panel>
          )}
        </div>
      )}
      <div className="mt-4">
        <FormError message={error ? errorMessage(error) : null} />
      </div>
      <h2 className="mt-4 text-lg font-bold">Items</h2>
      <p className="mb-2 text-sm text-gray-700">
        An item is cancelled before the order ships, and marked delivered once it has.
      </p>
      {/* A placed order's lines and shipping are changed by roles that take orders (decision 016, part 4). */}
      {may('desk') && <OrderChange order={o} changeable={stage === 'placed'} />}
      <DataTable
        caption={`Items of ${o.orderNumber}`}
        head={['Item', 'SKU', 'Qty', 'Unit', 'Line', 'Status', ...(fulfils ? ['Change'] : [])]}
      >
        {keyed(o.items, (i) => i.variantId).map(({ key, item: i }) => (
          <tr key={key}>
            <td className="px-3 py-2">
              {i.productName} — {i.variantName}
            </td>
            <td className="px-3 py-2 font-mono text-xs">{i.variantId}</td>
            <td className="px-3 py-2">{i.quantity}</td>
            <td className="px-3 py-2">{formatCents(i.unitPriceCents)}</td>
            <td className="px-3 py-2">{formatCents(i.lineTotalCents)}</td>
            <td className="px-3 py-2">
              <Badge status={i.status} />
            </td>
            {fulfils && (
              <td className="px-3 py-2">
                {i.status === 'pending' && (canCancel || canDeliver) ? (
                  <span className="flex flex-wrap gap-2">
                    {canDeliver && (
                      <Button
                        tone="success"
                        aria-label={`Mark ${optionLabel(i.productName, i.variantName)} delivered`}
                        disabled={item.isPending}
                        onClick={() => item.mutate({ sku: i.variantId, status: 'delivered' })}
                      >
                        Delivered
                      </Button>
                    )}
                    {canCancel && (
                      <Button
                        tone="danger"
                        aria-label={`Cancel ${optionLabel(i.productName, i.variantName)}`}
                        disabled={item.isPending}
                        onClick={() => {
                          if (
                            window.confirm(
                              `Cancel ${i.quantity} × ${i.variantName}? The stock goes back on sale.`,
                            )
                          )
                            item.mutate({ sku: i.variantId, status: 'cancelled' });
                        }}
                      >
                        Cancel
                      </Button>
                    )}
                  </span>
                ) : (
                  '—'
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-2 gap-1 text-sm">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatCents(o.subtotalCents)}</dd>
        <dt>Shipping</dt>
        <dd className="text-right">{formatCents(o.shippingCents)}</dd>
        {o.exciseCents > 0 && (
          <>
            <dt>State excise</dt>
            <dd className="text-right">{formatCents(o.exciseCents)}</dd>
          </>
        )}
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold">{formatCents(o.totalCents)}</dd>
      </dl>
      <OrderRevisions revisions={o.revisions} />
      <Slot of="ConsoleOrderInvoices" orderNumber={o.orderNumber} />
      <Slot of="OrderCompliancePanel" number={o.orderNumber} />
    </>
  );
}

/**
 * Who the order is for. One taken at the desk (decision 016, part 2) was placed by a staff
 * member, the order's user, for the company: it names them, and links to no buyer's page.
 */
function BuyerPanel({ order: o }: { order: AdminOrder }) {
  const may = useStaffMay();
  return (
    <Panel title="Buyer">
      <p className="font-semibold">{o.buyer.businessName}</p>
      {o.quoteNumber && (
        <p className="mt-1 text-sm">
          From quote{' '}
          <Link className="font-semibold underline" to={`/admin/quotes/${encodeURIComponent(o.quoteNumber)}`}>
            {o.quoteNumber}
          </Link>
        </p>
      )}
      {o.takenAtDesk ? (
        <p className="mt-1 text-sm font-semibold">Taken at the desk by {o.placedBy.name}</p>
      ) : (
        <>
          <p>{o.buyer.name}</p>
          <p className="break-all text-sm text-gray-700">{o.buyer.email}</p>
          {may('buyers.read') && (
            <Link
              className="mt-2 inline-block text-sm font-semibold underline"
              to={`/admin/buyers/${o.buyer.id}`}
            >
              Buyer details
            </Link>
          )}
        </>
      )}
    </Panel>
  );
}
