import { csvCell } from '#shared/csv.ts';
import { listAdminOrders, type OrdersScope } from './orders-staff.service.ts';

/** The orders placed in a date range (UTC days, both included), as CSV for staff, 100 at a time. */
export async function ordersCsv(ctx: OrdersScope, from: string, to: string): Promise<string> {
  const header = [
    'order',
    'placed',
    'business',
    'buyer',
    'email',
    'shipping',
    'items',
    'statuses',
    'subtotal',
    'shipping fee',
    'total',
  ];
  const lines = [header.join(',')];
  for (let page = 1; ; page++) {
    const { orders: batch } = await listAdminOrders(ctx, { from, to, page, pageSize: 100 });
    for (const o of batch)
      lines.push(
        [
          o.orderNumber,
          o.datePlaced,
          o.buyer.businessName,
          o.buyer.name,
          o.buyer.email,
          o.shippingType,
          o.items.reduce((n, i) => n + i.quantity, 0),
          [...new Set(o.items.map((i) => i.status))].join(' '),
          (o.subtotalCents / 100).toFixed(2),
          (o.shippingCents / 100).toFixed(2),
          (o.totalCents / 100).toFixed(2),
        ]
          .map((v) => csvCell(v))
          .join(','),
      );
    if (batch.length < 100) break;
  }
  return `${lines.join('\r\n')}\r\n`;
}
