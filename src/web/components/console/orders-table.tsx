import { Link } from 'react-router';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { trackingState } from '#shared/orders/order-tracking.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { DataTable } from './console-ui.tsx';

/**
 * A buyer's or a company's orders in the console: number (to its page, for a role that reads
 * orders), placed, stage, total.
 */
export function OrdersTable({
  orders,
  caption,
  linked = true,
}: {
  orders: Pick<Order, 'orderNumber' | 'datePlaced' | 'events' | 'totalCents'>[];
  caption: string;
  linked?: boolean;
}) {
  if (orders.length === 0) return <p className="text-gray-700">No orders yet.</p>;
  return (
    <DataTable caption={caption} head={['Order', 'Placed', 'Stage', 'Total']}>
      {orders.map((o) => (
        <tr key={o.orderNumber}>
          <td className="px-3 py-2">
            {linked ? (
              <Link className="font-semibold underline" to={`/admin/orders/${o.orderNumber}`}>
                {o.orderNumber}
              </Link>
            ) : (
              <span className="font-semibold">{o.orderNumber}</span>
            )}
          </td>
          <td className="px-3 py-2">{formatDateTime(o.datePlaced)}</td>
          <td className="px-3 py-2">{trackingState(o.events).label}</td>
          <td className="px-3 py-2">{formatCents(o.totalCents)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
