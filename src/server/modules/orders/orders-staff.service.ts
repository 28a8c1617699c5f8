import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, NotFound } from '#server/errors.ts';
import type { RequestContext, StaffContext, WithDb } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { buyerMatches } from '#server/modules/accounts/buyer-search.ts';
import { sendStockAlerts } from '#server/modules/alerts/alerts.service.ts';
import { returnStock } from '#server/modules/catalogue/catalogue-stock.ts';
import { activeMembersOf, tellMembers } from '#server/modules/companies/company.service.ts';
import { ofRepCompanies, orderBusinessSql } from '#server/modules/companies/company-sql.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { orderUpdateMail } from '#server/modules/mail/templates.ts';
import { invoiceOrder } from '#server/modules/receivables/invoicing.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { dayPlus } from '#shared/dates.ts';
import { normaliseTrackingNumber, trackingUrl } from '#shared/orders/carriers.ts';
import { itemActions, STAGE_LABELS, TRACKING_STAGES } from '#shared/orders/order-tracking.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import type { AdminOrdersQuery, SetStageBody } from '#shared/orders/orders-staff.schemas.ts';
import { hasItemWithStatus, withDetails } from './order-reads.ts';
import { orderEvents, orderItems, orders, ordersAwaitingShipment } from './orders.table.ts';

/** What the console's order reads are limited to: a sales rep's companies (decision 016), or all. */
export type OrdersScope = WithDb & Pick<RequestContext, 'companyScope'>;

/** A sales rep's companies' orders only, or no condition for a role that sees every company. */
const inScope = (companyScope: string | null) =>
  companyScope ? ofRepCompanies(orders.companyId, companyScope) : undefined;

function conditions(db: Db, q: Partial<AdminOrdersQuery>, companyScope: string | null) {
  const c = [];
  const scoped = inScope(companyScope);
  if (scoped) c.push(scoped);
  if (q.status) c.push(hasItemWithStatus(db, q.status));
  if (q.stage === 'toShip')
    c.push(
      inArray(orders.id, db.select({ id: ordersAwaitingShipment.orderId }).from(ordersAwaitingShipment)),
    );
  if (q.from) c.push(gte(orders.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) c.push(lt(orders.createdAt, new Date(`${dayPlus(q.to, 1)}T00:00:00Z`)));
  if (q.number) c.push(eq(orders.number, q.number.toUpperCase()));
  if (q.buyer) c.push(buyerMatches(q.buyer));
  return c.length ? and(...c) : undefined;
}

/** Orders for the console: filters, newest first, one page, each with its buyer. */
export async function listAdminOrders({ db, companyScope }: OrdersScope, q: AdminOrdersQuery) {
  const where = conditions(db, q, companyScope);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        // The company's name: an order taken at the desk was placed by staff, whose own is the store's.
        buyer: {
          id: users.id,
          name: users.name,
          businessName: orderBusinessSql(),
          email: users.email,
        },
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
    orders: detailed.map((o, i) => ({
      ...o,
      buyer: rows[i]!.buyer,
      carrier: rows[i]!.order.carrier,
      trackingNumber: rows[i]!.order.trackingNumber,
      mailedStages: rows[i]!.order.mailedStages,
      internalNote: rows[i]!.order.internalNote,
      feeNote: rows[i]!.order.feeNote,
      version: rows[i]!.order.version,
    })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Orders waiting to ship: no stage since 'placed' and not cancelled (the console's menu shows the
 * count, and the dashboard). An order stepped back to Order placed waits again. Read from the rows
 * the order_events trigger keeps (decision 018), not from every order.
 */
export async function ordersToShip({ db, companyScope }: OrdersScope): Promise<number> {
  const scoped = inScope(companyScope);
  const [row] = scoped
    ? await db
        .select({ n: count() })
        .from(ordersAwaitingShipment)
        .innerJoin(orders, eq(orders.id, ordersAwaitingShipment.orderId))
        .where(scoped)
    : await db.select({ n: count() }).from(ordersAwaitingShipment);
  return row?.n ?? 0;
}

export async function loadAdminOrder(ctx: OrdersScope, number: string) {
  const { orders: found } = await listAdminOrders(ctx, { number, page: 1, pageSize: 1 });
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
  // Every staff change counts as a version: a change made from an earlier look (decision 016,
  // part 4) is refused rather than undo an item cancelled or a stage reached meanwhile.
  await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1` })
    .where(eq(orders.id, row.order.id));
  // An order taken at the desk was placed by staff: its news goes to the company's members, as
  // its confirmation did (decision 016, part 2).
  const to =
    row.order.takenAtDesk && row.order.companyId
      ? await activeMembersOf(tx, row.order.companyId)
      : [{ email: row.email, name: row.name }];
  return { order: row.order, to };
}

async function tellBuyer(
  tx: Db,
  ctx: StaffMailContext,
  recipients: { email: string; name: string }[],
  number: string,
  news: string,
  more?: string,
) {
  for (const to of recipients)
    await enqueueMail(
      tx,
      orderUpdateMail(
        ctx.mail.storeName,
        to.email,
        to.name,
        number,
        news,
        `${ctx.mail.publicUrl}/track?order=${encodeURIComponent(number)}`,
        more,
      ),
      ctx.now,
    );
}

/** The order's latest event (its stage now); every order has its 'placed' event. */
async function latestEvent(tx: Db, orderId: string) {
  const [event] = await tx
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);
  return event;
}

const rank = (s: string) => TRACKING_STAGES.findIndex((t) => t.stage === s);

/**
 * Moves an order to a later shipping stage (Shipped, Out for Delivery, Delivered, Completed): an
 * order event the buyer's Track page shows. Only forward, so a double click records it once;
 * Delivered also marks the order's pending items delivered (and remembers which). A delivery
 * that ships may take its carrier and tracking number. The buyer is mailed the first time the
 * order reaches a stage, never again for the same stage after a step back.
 */
export async function setStage(ctx: StaffOrderContext, number: string, input: SetStageBody): Promise<void> {
  const { stage } = input;
  const placedBy = await ctx.db.transaction(async (tx) => {
    const { order, to } = await lockOrder(tx, number);
    const latest = (await latestEvent(tx, order.id))?.stage ?? 'placed';
    if (latest === 'cancelled') throw new DomainError(409, orderAdminMessages.orderCancelled);
    if (rank(stage) <= rank(latest)) throw new DomainError(409, orderAdminMessages.stageNotNext);
    // One at a time, so Delivered always marks the items and no stage is reached unmailed.
    if (rank(stage) > rank(latest) + 1) throw new DomainError(409, orderAdminMessages.oneStageAtATime);
    const shipping = input.carrier !== undefined || input.trackingNumber !== undefined;
    if (shipping && order.shippingType === 'Pickup')
      throw new DomainError(409, orderAdminMessages.pickupHasNoTracking);
    if (shipping && stage !== 'shipped')
      throw new DomainError(409, orderAdminMessages.trackingOnlyWhenShipping);
    let deliveredItemIds: number[] = [];
    if (stage === 'delivered')
      deliveredItemIds = (
        await tx
          .update(orderItems)
          .set({ status: 'delivered' })
          .where(and(eq(orderItems.orderId, order.id), eq(orderItems.status, 'pending')))
          .returning({ id: orderItems.id })
      ).map((i) => i.id);
    await tx.insert(orderEvents).values({ orderId: order.id, stage, deliveredItemIds, createdAt: ctx.now });
    if (stage === 'shipped') await invoiceOrder(tx, order.id, ctx.now, 'shipped');
    const tracking = shipping
      ? {
          carrier: input.carrier ?? order.carrier,
          trackingNumber: normaliseTrackingNumber(input.trackingNumber ?? ''),
        }
      : null;
    const firstTime = !order.mailedStages.includes(stage);
    // Shipped again after a step back with another carrier or number: the buyer has the wrong one.
    const corrected =
      tracking !== null &&
      (tracking.carrier !== order.carrier || tracking.trackingNumber !== order.trackingNumber);
    const mails = firstTime || corrected;
    await tx
      .update(orders)
      .set({ ...tracking, mailedStages: firstTime ? [...order.mailedStages, stage] : order.mailedStages })
      .where(eq(orders.id, order.id));
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'order.stage',
        entity: 'order',
        entityId: number,
        before: {
          stage: latest,
          ...(tracking && { carrier: order.carrier, trackingNumber: order.trackingNumber }),
        },
        after: { stage, ...tracking, ...(!mails && { buyerMailed: false }) },
      },
      ctx.now,
    );
    if (mails) await tellBuyer(tx, ctx, to, number, STAGE_LABELS[stage] ?? stage, carriedBy(tracking));
    return { userId: order.userId, companyId: order.companyId };
  });
  ctx.mail.kick();
  await ordersChanged(ctx, placedBy);
}

/** What a shipment's mail adds: who carries it, and its tracking number and page. */
function carriedBy(tracking: { carrier: string; trackingNumber: string } | null) {
  if (!tracking) return undefined;
  if (!tracking.trackingNumber) return `It travels with ${tracking.carrier}.`;
  const url = trackingUrl(tracking.carrier, tracking.trackingNumber);
  return `It travels with ${tracking.carrier}, tracking number ${tracking.trackingNumber}${url ? ` (${url})` : ''}.`;
}

/**
 * Steps an order back one shipping stage, to correct a slip: the latest stage event is removed
 * (the audit log keeps it) and the buyer is not mailed. Stepping back from Delivered returns the
 * items that stage delivered to pending; an order with an item marked delivered cannot go back to
 * Order placed. `from` must be the stage the order is at, so a repeated click changes nothing.
 */
export async function stepBack(ctx: StaffOrderContext, number: string, from: string): Promise<void> {
  const placedBy = await ctx.db.transaction(async (tx) => {
    const { order } = await lockOrder(tx, number);
    const event = await latestEvent(tx, order.id);
    const latest = event?.stage ?? 'placed';
    if (latest === 'cancelled') throw new DomainError(409, orderAdminMessages.orderCancelled);
    if (!event || rank(latest) < 0) throw new DomainError(409, orderAdminMessages.noStageToStepBack);
    if (latest !== from) throw new DomainError(409, orderAdminMessages.stageChanged);
    if (event.deliveredItemIds.length)
      await tx
        .update(orderItems)
        .set({ status: 'pending' })
        .where(and(inArray(orderItems.id, event.deliveredItemIds), eq(orderItems.status, 'delivered')));
    await tx.delete(orderEvents).where(eq(orderEvents.id, event.id));
    const to = (await latestEvent(tx, order.id))?.stage ?? 'placed';
    if (to === 'placed') {
      const [delivered] = await tx
        .select({ n: count() })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.status, 'delivered')));
      if (delivered?.n) throw new DomainError(409, orderAdminMessages.deliveredItemsBlockStepBack);
    }
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'order.stage_back',
        entity: 'order',
        entityId: number,
        before: { stage: latest, at: event.createdAt.toISOString() },
        after: { stage: to },
      },
      ctx.now,
    );
    return { userId: order.userId, companyId: order.companyId };
  });
  await ordersChanged(ctx, placedBy);
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
  const placedBy = await ctx.db.transaction(async (tx) => {
    const { order, to } = await lockOrder(tx, number);
    const stage = (await latestEvent(tx, order.id))?.stage ?? 'placed';
    if (stage === 'cancelled') throw new DomainError(409, orderAdminMessages.itemNotPending);
    const may = itemActions(stage);
    if (status === 'delivered' && !may.deliver) throw new DomainError(409, orderAdminMessages.itemNotShipped);
    if (status === 'cancelled' && !may.cancel) throw new DomainError(409, orderAdminMessages.itemShipped);
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
    if (status === 'cancelled')
      await invoiceOrder(tx, order.id, ctx.now, 'changed', `Cancelled: ${item.quantity} × ${item.sku}`);
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
    await tellBuyer(tx, ctx, to, number, `${what} ${status === 'cancelled' ? 'cancelled' : 'delivered'}`);
    return { userId: order.userId, companyId: order.companyId };
  });
  ctx.mail.kick();
  await ordersChanged(ctx, placedBy);
}

/** The company's open pages (every member's) read their orders again; a staff order's placer only. */
async function ordersChanged(
  ctx: WithDb & { events: UserEventBus },
  order: { userId: string; companyId: string | null },
) {
  if (order.companyId) await tellMembers(ctx, order.companyId, 'orders');
  else await ctx.events.publish(order.userId, 'orders');
}
