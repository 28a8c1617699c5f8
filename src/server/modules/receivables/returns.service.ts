import { and, eq, sql } from 'drizzle-orm';
import { Conflict, NotFound } from '#server/errors.ts';
import type { ScopedStaffContext } from '#server/http/request-context.ts';
import { orderItems, orders } from '#server/modules/orders/orders.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import type { ReturnBody } from '#shared/receivables/payments.schemas.ts';
import { returnMessages } from '#shared/receivables/receivables.messages.ts';
import { staffCompany } from './company-scope.ts';
import { invoiceOrder } from './invoicing.ts';
import { itemReturns } from './receivables.table.ts';

/**
 * Records units of a delivered item the company sent back (decision 017: "credit notes come from
 * cancelled or returned items"): never more than were delivered less those already returned; the
 * order's documents are brought to what it owes now, which issues the credit note. The order row
 * is held for the transaction, so two staff recording the same return at once cannot both pass.
 */
export async function recordReturn(ctx: ScopedStaffContext, number: string, body: ReturnBody) {
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
    if (!order) throw new NotFound(orderAdminMessages.orderNotFound);
    if (order.companyId) await staffCompany(tx, ctx.companyScope, order.companyId);
    else if (ctx.companyScope) throw new NotFound(orderAdminMessages.orderNotFound);
    const [item] = await tx
      .select({
        id: orderItems.id,
        quantity: orderItems.quantity,
        // Spelled out: in a one-table query the builder leaves columns unqualified, and a bare
        // "id" inside the subquery would be the return's own.
        returned: sql<number>`coalesce((select sum(r.quantity) from item_returns r
          where r.order_item_id = "order_items"."id"), 0)::integer`,
      })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, order.id),
          eq(orderItems.sku, body.sku),
          eq(orderItems.status, 'delivered'),
        ),
      );
    if (!item) throw new Conflict(returnMessages.notDelivered(body.sku), 'sku');
    const left = item.quantity - item.returned;
    if (body.quantity > left) throw new Conflict(returnMessages.tooMany(left), 'quantity');
    await tx.insert(itemReturns).values({
      orderItemId: item.id,
      quantity: body.quantity,
      reason: body.reason,
      staffId: ctx.staffId,
      createdAt: ctx.now,
    });
    await invoiceOrder(
      tx,
      order.id,
      ctx.now,
      'changed',
      `Returned: ${body.quantity} × ${body.sku} — ${body.reason}`,
    );
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'order.item_returned',
        entity: 'order',
        entityId: number,
        before: { sku: body.sku, returned: item.returned },
        after: { sku: body.sku, returned: item.returned + body.quantity, reason: body.reason },
      },
      ctx.now,
    );
  });
  return { message: returnMessages.recorded(body.quantity, body.sku, number) };
}
