import { and, asc, desc, eq, exists, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import type { MemberContext } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { type Order, orderMessages } from '#shared/orders/orders.schemas.ts';
import { orderView } from './order-view.ts';
import { orderEvents, orderItems, orderRevisions, orders } from './orders.table.ts';

export interface OrderFilter {
  ids?: string[];
  number?: string;
  /** An order is under a tab when at least one of its items has that status (SPEC §4). */
  itemStatus?: 'pending' | 'cancelled' | 'delivered';
  since?: Date;
  limit?: number;
  /** The company's location it was for (decision 015: members filter by it). */
  locationId?: string;
  /** The member who placed it. */
  placedBy?: string;
}

/** An order is under a tab (or a status filter) when at least one of its items has that status. */
export const hasItemWithStatus = (db: Db, status: 'pending' | 'cancelled' | 'delivered') =>
  exists(
    db
      .select({ one: sql`1` })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.status, status))),
  );

/**
 * The company's orders, newest first, with items and status history: whoever of its members placed
 * them. A login without a company (staff) sees the orders it placed before companies, if any.
 */
export async function loadOrders(
  { db, userId, companyId }: Pick<MemberContext, 'db' | 'userId' | 'companyId'>,
  f: OrderFilter = {},
): Promise<Order[]> {
  const conditions = [
    companyId ? eq(orders.companyId, companyId) : and(eq(orders.userId, userId), isNull(orders.companyId))!,
  ];
  if (f.ids) conditions.push(inArray(orders.id, f.ids));
  if (f.number) conditions.push(eq(orders.number, f.number));
  if (f.since) conditions.push(gte(orders.createdAt, f.since));
  if (f.itemStatus) conditions.push(hasItemWithStatus(db, f.itemStatus));
  if (f.locationId) conditions.push(eq(orders.locationId, f.locationId));
  if (f.placedBy) conditions.push(eq(orders.userId, f.placedBy));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(f.limit ?? 50);
  return withDetails(db, rows);
}

/**
 * Order rows with their items, status history, who placed them and the location they were for,
 * as the API shows them.
 */
export async function withDetails(db: Db, rows: (typeof orders.$inferSelect)[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, events, whose, revisions] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    peopleAndPlaces(
      db,
      rows.map((r) => r.userId),
      rows.map((r) => r.locationId),
    ),
    db
      .select({ revision: orderRevisions, by: users.name })
      .from(orderRevisions)
      .innerJoin(users, eq(users.id, orderRevisions.staffId))
      .where(inArray(orderRevisions.orderId, ids))
      .orderBy(asc(orderRevisions.version)),
  ]);
  return rows.map((o) =>
    orderView(
      o,
      items.filter((i) => i.orderId === o.id),
      events.filter((e) => e.orderId === o.id),
      {
        placedBy: whose.person(o.userId),
        location: whose.place(o.locationId),
        revisions: revisions
          .filter((r) => r.revision.orderId === o.id)
          .map(({ revision: r, by }) => ({
            version: r.version,
            at: r.createdAt.toISOString(),
            by,
            reason: r.reason,
            changes: r.changes,
            totalBeforeCents: r.totalBeforeCents,
            totalAfterCents: r.totalAfterCents,
          })),
      },
    ),
  );
}

/**
 * The names of the members and locations orders (or requests) name, in two reads: a person by id,
 * a location by id (its name, else its street; null for none or one removed since).
 */
export async function peopleAndPlaces(db: Db, userIds: string[], locationIds: (string | null)[]) {
  const places = [...new Set(locationIds.filter((l): l is string => l !== null))];
  const [people, rows] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(userIds)])),
    places.length
      ? db
          .select({ id: addresses.id, name: addresses.name, street: addresses.streetAddress })
          .from(addresses)
          .where(inArray(addresses.id, places))
      : [],
  ]);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const placeOf = new Map(rows.map((p) => [p.id, { id: p.id, name: p.name || p.street }]));
  return {
    person: (id: string) => ({ id, name: nameOf.get(id) ?? '' }),
    place: (id: string | null) => (id && placeOf.get(id)) || null,
  };
}

export async function loadOrder(
  ctx: Pick<MemberContext, 'db' | 'userId' | 'companyId'>,
  number: string,
): Promise<Order> {
  const [order] = await loadOrders(ctx, { number, limit: 1 });
  if (!order) throw new NotFound(orderMessages.orderNotFound);
  return order;
}
