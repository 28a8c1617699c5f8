import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { buyerMatches } from '#server/modules/accounts/buyer-search.ts';
import { sendStockAlerts } from '#server/modules/alerts/alerts.service.ts';
import { returnStock } from '#server/modules/catalogue/catalogue-stock.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { orderUpdateMail } from '#server/modules/mail/templates.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import { csvCell } from '#shared/csv.ts';
import { dayPlus } from '#shared/dates.ts';
import { STAGE_LABELS, TRACKING_STAGES } from '#shared/orders/order-tracking.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import type { AdminOrdersQuery } from '#shared/orders/orders-staff.schemas.ts';
import { hasItemWithStatus, withDetails } from './orders.service.ts';
import { orderEvents, orderItems, orders } from './orders.table.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';

function conditions(db: Db, q: Partial<AdminOrdersQuery>) {
  const c = [];
  if (q.status) c.push(hasItemWithStatus(db, q.status));
  if (q.from) c.push(gte(orders.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) c.push(lt(orders.createdAt, new Date(`${dayPlus(q.to, 1)}T00:00:00Z`)));
  if (q.number) c.push(eq(orders.number, q.number.toUpperCase()));
  if (q.buyer) c.push(buyerMatches(q.buyer));
  return c.length ? and(...c) : undefined;
}

/** Orders for the console: filters, newest first, one page, each with its buyer. */
export async function listAdminOrders({ db }: WithDb, q: AdminOrdersQuery) {
  const where = conditions(db, q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        buyer: { id: users.id, name: users.name, businessName: users.businessName, email: users.email },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const detailed = await withDetails(
    db,
    rows.map((r) => r.order),
  );
  return {
    orders: detailed.map((o, i) => ({ ...o, buyer: rows[i]!.buyer })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function loadAdminOrder({ db }: WithDb, number: string) {
  const { orders: found } = await listAdminOrders({ db: db }, { number, page: 1, pageSize: 1 });
  if (!found[0]) throw new NotFound(orderAdminMessages.orderNotFound);
  return found[0];
}

type StaffMailContext = StaffContext & { mail: MailSettings };
/** A staff change to an order: mailed to the buyer, and told to their open pages after it commits. */
type StaffOrderContext = StaffMailContext & { events: UserEventBus };

async function lockOrder(tx: Db, number: string) {
  const [row] = await tx
    .select({ order: orders, email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.number, number))
    .for('update', { of: orders });
  if (!row) throw new NotFound(orderAdminMessages.orderNotFound);
  return row;
}

async function tellBuyer(
  tx: Db,
  ctx: StaffMailContext,
  to: { email: string; name: string },
  number: string,
  news: string,
) {
  await enqueueMail(
    tx,
    orderUpdateMail(
      ctx.mail.storeName,
      to.email,
      to.name,
      number,
      news,
      `${ctx.mail.publicUrl}/track?order=${encodeURIComponent(number)}`,
    ),
    ctx.now,
  );
}

/**
 * Moves an order to the next shipping stage (Shipped, Out for Delivery, Delivered, Completed):
 * an order event the buyer's Track page shows. Only forward, so a double click records it once;
 * Delivered also marks the order's pending items delivered.
 */
export async function setStage(ctx: StaffOrderContext, number: string, stage: string): Promise<void> {
  const { userId } = await ctx.db.transaction(async (tx) => {
    const { order, email, name } = await lockOrder(tx, number);
    const events = await tx
      .select({ stage: orderEvents.stage })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
      .limit(1);
    const latest = events[0]?.stage ?? 'placed';
    if (latest === 'cancelled') throw new DomainError(409, orderAdminMessages.orderCancelled);
    const rank = (s: string) => TRACKING_STAGES.findIndex((t) => t.stage === s);
    if (rank(stage) <= rank(latest)) throw new DomainError(409, orderAdminMessages.stageNotNext);
    await tx.insert(orderEvents).values({ orderId: order.id, stage, createdAt: ctx.now });
    if (stage === 'delivered')
      await tx
        .update(orderItems)
        .set({ status: 'delivered' })
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.status, 'pending')));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'order.stage',
        entity: 'order',
        entityId: number,
        before: { stage: latest },
        after: { stage },
      },
      ctx.now,
    );
    await tellBuyer(tx, ctx, { email, name }, number, STAGE_LABELS[stage] ?? stage);
    return { userId: order.userId };
  });
  ctx.mail.kick();
  await ctx.events.publish(userId, 'orders');
}

/**
 * Marks one pending item delivered or cancelled. Cancelling gives its stock back exactly once:
 * only the update that finds the item still pending does it (a second click, or another staff
 * member at the same moment, finds it cancelled and changes nothing). An order whose items are
 * all cancelled gets a 'cancelled' event.
 */
export async function setItemStatus(
  ctx: StaffOrderContext,
  number: string,
  sku: string,
  status: 'delivered' | 'cancelled',
): Promise<void> {
  const { userId } = await ctx.db.transaction(async (tx) => {
    const { order, email, name } = await lockOrder(tx, number);
    const [item] = await tx
      .update(orderItems)
      .set({ status })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.sku, sku), eq(orderItems.status, 'pending')))
      .returning();
    if (!item) throw new DomainError(409, orderAdminMessages.itemNotPending);
    if (status === 'cancelled' && item.variantId !== null) {
      await returnStock(tx, item.variantId, item.quantity);
      await sendStockAlerts(tx, ctx, [item.variantId]);
      const [left] = await tx
        .select({ n: count() })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), sql`${orderItems.status} <> 'cancelled'`));
      if (!left?.n)
        await tx.insert(orderEvents).values({ orderId: order.id, stage: 'cancelled', createdAt: ctx.now });
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: `order.item_${status}`,
        entity: 'order',
        entityId: number,
        before: { sku, status: 'pending' },
        after: { sku, status },
      },
      ctx.now,
    );
    const what = `${item.quantity} × ${optionLabel(item.productName, item.variantName)}`;
    await tellBuyer(
      tx,
      ctx,
      { email, name },
      number,
      `${what} ${status === 'cancelled' ? 'cancelled' : 'delivered'}`,
    );
    return { userId: order.userId };
  });
  ctx.mail.kick();
  await ctx.events.publish(userId, 'orders');
}

export async function ordersCsv({ db }: WithDb, from: string, to: string): Promise<string> {
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
    const { orders: batch } = await listAdminOrders({ db: db }, { from, to, page, pageSize: 100 });
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
