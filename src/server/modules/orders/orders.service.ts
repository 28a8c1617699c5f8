import { and, asc, desc, eq, exists, gte, inArray, sql } from 'drizzle-orm';
import type { ShippingType } from '#shared/cart/cart.rules.ts';
import { lineTotalCents, shippingFeeCents, subtotalCents } from '#shared/cart/cart.rules.ts';
import { unitPriceCents } from '#shared/catalogue/price.ts';
import { formatCents } from '#shared/money.ts';
import { type Order, orderMessages as om, type PlaceOrderInput } from '#shared/orders/orders.schemas.ts';
import type { Db } from '../../db/client.ts';
import { DomainError, Invalid, NotFound } from '../../errors.ts';
import type { MailSettings } from '../accounts/accounts.service.ts';
import { documents, type UserRow } from '../accounts/accounts.table.ts';
import { selectCartLines } from '../cart/cart.service.ts';
import { cartItems } from '../cart/cart.table.ts';
import { variants } from '../catalogue/catalogue.table.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { orderConfirmationMail } from '../mail/templates.ts';
import { orderEvents, orderItems, orderNumberSeq, orders } from './orders.table.ts';

export interface OrderingSettings {
  deliveryFeeCents: number;
  /** Orders from buyers without both documents verified are capped at this subtotal. */
  unverifiedCapCents: number;
}

export interface OrdersContext {
  db: Db;
  now: Date;
  mail: MailSettings;
  settings: OrderingSettings;
  /** Tests only: runs inside the transaction right after the stock is taken. */
  afterStockTaken?: () => void;
}

class DuplicateOrder extends Error {}

async function documentsVerified(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ kind: documents.kind })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, 'verified')));
  const kinds = new Set(rows.map((r) => r.kind));
  return kinds.has('sales_id') && kinds.has('tobacco_license');
}

/**
 * Places an order from the buyer's server-side cart, in one transaction:
 *  1. read the cart and price every line from the current catalogue (never the client's prices);
 *  2. check the unverified-documents cap;
 *  3. create the order (its idempotency key is unique per buyer: a repeat or a concurrent twin
 *     finds the first order instead of making a second);
 *  4. take the stock with conditional updates (`stock >= quantity`), so concurrent orders can
 *     never oversell; a shortfall names the options and rolls everything back;
 *  5. snapshot the items, record the first status event, empty the cart, queue the confirmation.
 * Any failure rolls the whole transaction back: stock, cart and orders are as they were.
 */
export async function placeOrder(
  ctx: OrdersContext,
  user: UserRow,
  input: PlaceOrderInput,
): Promise<{ order: Order; created: boolean; variantIds: number[] }> {
  if (!user.emailVerifiedAt) throw new DomainError(403, om.verifyEmail);
  const existing = await findOrderByKey(ctx.db, user.id, input.idempotencyKey);
  if (existing) return { order: existing, created: false, variantIds: [] };
  const verified = await documentsVerified(ctx.db, user.id);

  let orderId: string;
  let variantIds: number[] = [];
  try {
    orderId = await ctx.db.transaction(async (tx) => {
      const lines = await selectCartLines(tx, user.id);
      if (!lines.length) throw new Invalid(om.emptyCart);
      variantIds = lines.map((l) => l.variantId);
      const subtotal = subtotalCents(lines);
      if (!verified && subtotal > ctx.settings.unverifiedCapCents)
        throw new Invalid(om.overCap(ctx.settings.unverifiedCapCents));
      const shipping = shippingFeeCents(input.shippingType as ShippingType, ctx.settings.deliveryFeeCents);

      const numbered = (await tx.execute(
        sql.raw(`select nextval('${orderNumberSeq.seqName}') as n`),
      )) as unknown as {
        rows: { n: string | number }[];
      };
      const n = numbered.rows[0]!.n;
      const [order] = await tx
        .insert(orders)
        .values({
          number: `SS-${n}`,
          userId: user.id,
          idempotencyKey: input.idempotencyKey,
          shippingType: input.shippingType,
          shipName: input.shippingDetails.name,
          shipBusinessName: input.shippingDetails.businessName,
          shipAddress: input.shippingDetails.address,
          shipCity: input.shippingDetails.city,
          shipState: input.shippingDetails.state,
          shipPostalCode: input.shippingDetails.postalCode,
          comments: input.comments,
          subtotalCents: subtotal,
          shippingCents: shipping,
          totalCents: subtotal + shipping,
          createdAt: ctx.now,
        })
        .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
        .returning({ id: orders.id, number: orders.number });
      if (!order) throw new DuplicateOrder();

      const short: string[] = [];
      for (const line of lines) {
        const taken = await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} - ${line.quantity}` })
          .where(and(eq(variants.id, line.variantId), gte(variants.stock, line.quantity)))
          .returning({ stock: variants.stock });
        if (!taken.length) short.push(`${line.productName} — ${line.variantName}`);
      }
      if (short.length) throw new DomainError(409, om.notEnoughStock(short));
      ctx.afterStockTaken?.();

      await tx.insert(orderItems).values(
        lines.map((l) => ({
          orderId: order.id,
          variantId: l.variantId,
          sku: l.sku,
          productName: l.productName,
          variantName: l.variantName,
          imageUrl: l.image.url,
          unitPriceCents: unitPriceCents(l),
          quantity: l.quantity,
          categorySlug: l.categorySlug,
          brandSlug: l.brandSlug,
          productSlug: l.productSlug,
        })),
      );
      await tx.insert(orderEvents).values({ orderId: order.id, stage: 'placed', createdAt: ctx.now });
      await tx.delete(cartItems).where(eq(cartItems.userId, user.id));
      await enqueueMail(
        tx,
        orderConfirmationMail(
          ctx.mail.storeName,
          user.email,
          user.name,
          order.number,
          formatCents(subtotal + shipping),
          `${ctx.mail.publicUrl}/orders`,
          lines.map(
            (l) => `${l.quantity} × ${l.productName} — ${l.variantName} (${formatCents(lineTotalCents(l))})`,
          ),
        ),
        ctx.now,
      );
      return order.id;
    });
  } catch (err) {
    // A twin request with the same key may have won meanwhile (and emptied the cart this one
    // then found empty): its order is the answer to both.
    if (err instanceof DuplicateOrder || err instanceof DomainError) {
      const twin = await findOrderByKey(ctx.db, user.id, input.idempotencyKey);
      if (twin) return { order: twin, created: false, variantIds: [] };
    }
    throw err;
  }
  ctx.mail.kick();
  const [order] = await loadOrders(ctx.db, user.id, { ids: [orderId] });
  return { order: order!, created: true, variantIds };
}

async function findOrderByKey(db: Db, userId: string, key: string): Promise<Order | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  if (!row) return null;
  return (await loadOrders(db, userId, { ids: [row.id] }))[0] ?? null;
}

export interface OrderFilter {
  ids?: string[];
  number?: string;
  /** An order is under a tab when at least one of its items has that status (SPEC §4). */
  itemStatus?: 'pending' | 'cancelled' | 'delivered';
  since?: Date;
  limit?: number;
}

/** The buyer's orders, newest first, with items and status history. */
export async function loadOrders(db: Db, userId: string, f: OrderFilter = {}): Promise<Order[]> {
  const conditions = [eq(orders.userId, userId)];
  if (f.ids) conditions.push(inArray(orders.id, f.ids));
  if (f.number) conditions.push(eq(orders.number, f.number));
  if (f.since) conditions.push(gte(orders.createdAt, f.since));
  if (f.itemStatus) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.status, f.itemStatus))),
      ),
    );
  }
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(f.limit ?? 50);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, events] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return rows.map((o) => ({
    orderNumber: o.number,
    datePlaced: o.createdAt.toISOString(),
    shippingType: o.shippingType as ShippingType,
    shippingDetails: {
      name: o.shipName,
      businessName: o.shipBusinessName,
      address: o.shipAddress,
      city: o.shipCity,
      state: o.shipState,
      postalCode: o.shipPostalCode,
    },
    comments: o.comments,
    subtotalCents: o.subtotalCents,
    shippingCents: o.shippingCents,
    totalCents: o.totalCents,
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        variantId: i.sku,
        productName: i.productName,
        variantName: i.variantName,
        imageUrl: i.imageUrl,
        unitPriceCents: i.unitPriceCents,
        quantity: i.quantity,
        lineTotalCents: i.unitPriceCents * i.quantity,
        status: i.status as 'pending' | 'cancelled' | 'delivered',
        categoryId: i.categorySlug,
        brandId: i.brandSlug,
        productId: i.productSlug,
      })),
    events: events
      .filter((e) => e.orderId === o.id)
      .map((e) => ({ stage: e.stage, at: e.createdAt.toISOString() })),
  }));
}

export async function loadOrder(db: Db, userId: string, number: string): Promise<Order> {
  const [order] = await loadOrders(db, userId, { number, limit: 1 });
  if (!order) throw new NotFound(om.orderNotFound);
  return order;
}
