import { and, asc, desc, eq, exists, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';
import { DomainError, Invalid, NotFound } from '#server/errors.ts';
import type { MailSettings } from '#server/modules/accounts/accounts.service.ts';
import type { UserRow } from '#server/modules/accounts/accounts.table.ts';
import {
  type ActiveSession,
  forgetSession,
  type SessionCheck,
  sessionCheck,
} from '#server/modules/accounts/session.service.ts';
import type { CartLineRow } from '#server/modules/cart/cart-lines.ts';
import type { CatalogueReadModel } from '#server/modules/catalogue/catalogue-read-model.ts';
import type { ComplianceData } from '#server/modules/compliance/compliance.service.ts';
import type { ComplianceCache } from '#server/modules/compliance/compliance-cache.ts';
import { orderConfirmationMail, orderMailLine } from '#server/modules/mail/templates.ts';
import { priceLines } from '#server/modules/pricing/line-prices.ts';
import { type GroupBook, groupOf } from '#server/modules/pricing/price-book.ts';
import type { PricingCache } from '#server/modules/pricing/pricing-cache.ts';
import type { BuyerContext } from '#server/plugins/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { ShippingType } from '#shared/cart/cart.rules.ts';
import { shippingFeeCents } from '#shared/cart/cart.rules.ts';
import { formatCents } from '#shared/money.ts';
import { type Order, orderMessages as om, type PlaceOrderInput } from '#shared/orders/orders.schemas.ts';
import { casePacksHold, judgeOrder, lineName, linesToPlace, snapshotLines } from './order-lines.ts';
import { orderEvents, orderItems, orders } from './orders.table.ts';

export interface OrderingSettings {
  deliveryFeeCents: number;
  /** Orders from buyers without both documents verified are capped at this subtotal. */
  unverifiedCapCents: number;
  /** Pickup orders are judged and taxed as shipped to the store's own state. */
  storeState: string;
  /** Recorded on each order for the PACT Act report. */
  carrier: string;
}

export interface OrdersContext {
  db: Db;
  /**
   * Raw statements: place_order is called through it, not the query builder (drizzle's PGlite
   * driver gives every statement its own result parsers, and PGlite then copies its 318-entry
   * parser table: about 80 µs a statement, a tenth of an order's time on PGlite).
   */
  query: Database['query'];
  now: Date;
  mail: MailSettings;
  settings: OrderingSettings;
  /** The catalogue read model this instance keeps current; the database checks its prices. */
  catalogue: CatalogueReadModel;
  /** State rules, listings and rates; the database checks their version. */
  compliance: ComplianceCache;
  /** Customer groups and price lists; the database checks the buyer's group and its version. */
  pricing: PricingCache;
  /**
   * The stock an order this instance placed took, by option: applied to this instance's read model
   * before the order is answered, so the buyer's next page shows it (the change feed tells the
   * other instances, and this one the stock as the database has it).
   */
  stockTaken: (taken: { id: number; quantity: number }[]) => void;
}

class DuplicateOrder extends Error {}
/** place_order found the session taken from memory no longer valid (see placeOrderFor). */
class SessionNotCurrent extends Error {}

const NOT_ENOUGH_STOCK = /not_enough_stock:(\[[\d,\s]*\])/;
/** The order number is made in the database; the mail carries this until it is filled in. */
const ORDER_NUMBER_SLOT = '[[ORDER_NUMBER]]';

type PlaceResult = {
  status: 'created' | 'duplicate' | 'over_cap' | 'changed' | 'session';
  number?: string;
};

/**
 * Places an order for the signed-in actor. A session the guard took from memory
 * (`signedInCheckedInStatement`) is checked by place_order itself, in the order's transaction; when
 * that check fails, or the remembered user has no verified email, the session is looked up again
 * (`lookUp`): gone is a 401, else the order is placed for the session as it is now.
 */
export async function placeOrderFor(
  ctx: OrdersContext,
  actor: ActiveSession,
  input: PlaceOrderInput,
  lookUp: () => Promise<ActiveSession | null>,
): Promise<{ order: Order; created: boolean }> {
  if (actor.remembered && actor.user.emailVerifiedAt) {
    try {
      return await placeOrder(ctx, actor.user, input, sessionCheck(actor, ctx.now));
    } catch (err) {
      if (!(err instanceof SessionNotCurrent)) throw err;
      forgetSession(actor.session.tokenHash);
    }
  }
  const current = actor.remembered ? await lookUp() : actor;
  if (!current) throw new DomainError(401, accountMessages.notSignedIn);
  return placeOrder(ctx, current.user, input);
}

/**
 * Places an order from the buyer's server-side cart, in one or two round trips:
 *  1. the lines checkout showed, or else the cart read from the database, priced from the current
 *     catalogue with the shared rules (never the client's prices), and the confirmation mail;
 *  2. `place_order` (its live text: migration 0025), one statement and so one transaction: it locks the cart and
 *     checks that it and the prices are still what was priced (else this starts again, reading
 *     the database itself), applies the unverified cap,
 *     inserts the order (unique per buyer and idempotency key: a repeat or a concurrent twin finds
 *     the first order), takes the stock with conditional updates so concurrent orders never
 *     oversell, snapshots the items, records the first status event, empties the cart, queues the
 *     mail and writes change events for the buyer's other pages and every instance's storefront;
 *  3. the stock it took, taken off this instance's catalogue before the answer (`stockTaken`).
 * A shortfall names the options; any failure rolls the statement back: stock, cart, orders and
 * outbox are as they were.
 */
async function placeOrder(
  ctx: OrdersContext,
  user: UserRow,
  input: PlaceOrderInput,
  session?: SessionCheck,
): Promise<{ order: Order; created: boolean }> {
  if (!user.emailVerifiedAt) throw new DomainError(403, om.verifyEmail);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      // First from memory; should the cart or a price have changed meanwhile, from the database.
      const read = await linesToPlace(ctx, user.id, input, attempt === 0);
      const rules = attempt === 0 ? await ctx.compliance.get() : await ctx.compliance.fresh();
      const book = attempt === 0 ? await ctx.pricing.get() : await ctx.pricing.fresh();
      const placed = await attemptOrder(
        ctx,
        user,
        input,
        read,
        { rules, group: groupOf(book, user.id), session },
        attempt === 0,
      );
      if (placed) {
        ctx.mail.kick();
        return { order: placed, created: true };
      }
    }
    throw new DomainError(409, om.cartChanged);
  } catch (err) {
    // A twin request with the same key may have won meanwhile (and emptied the cart this one
    // then found empty): its order is the answer to both.
    if (err instanceof DuplicateOrder || err instanceof DomainError) {
      const twin = await findOrderByKey(ctx.db, user.id, input.idempotencyKey);
      if (twin) return { order: twin, created: false };
    }
    throw err;
  }
}

/** One try: the order, or null when the cart or a price changed between reading and placing it. */
async function attemptOrder(
  ctx: OrdersContext,
  user: UserRow,
  input: PlaceOrderInput,
  { lines, licences }: { lines: CartLineRow[]; licences: string[] | undefined },
  { rules, group, session }: { rules: ComplianceData; group: GroupBook | null; session?: SessionCheck },
  fromMemory: boolean,
): Promise<Order | null> {
  if (!lines.length) throw new Invalid(om.emptyCart);
  const prices = priceLines(group, lines);
  const subtotal = prices.reduce((n, p) => n + p.lineTotalCents, 0);
  const shipping = shippingFeeCents(input.shippingType as ShippingType, ctx.settings.deliveryFeeCents);
  const d = input.shippingDetails;
  if (!casePacksHold(lines, prices, fromMemory)) return null;
  const judged = await judgeOrder(ctx, user, input, lines, prices, licences, rules, fromMemory);
  if (!judged) return null;
  const exciseOf = (i: number) => judged.verdicts[i]!.excise.cents;
  const excise = lines.reduce((n, _, i) => n + exciseOf(i), 0);
  // What the buyer saw at checkout is what is charged: a price that moved since refuses the order.
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== subtotal + shipping + excise) {
    if (fromMemory) return null;
    throw new DomainError(409, om.pricesChanged);
  }
  const priced = snapshotLines(lines, prices, exciseOf);
  const orderRow = {
    shipping_type: input.shippingType,
    ship_name: d.name,
    ship_business_name: d.businessName,
    ship_address: d.address,
    ship_city: d.city,
    ship_state: d.state,
    ship_postal_code: d.postalCode,
    comments: input.comments,
    subtotal_cents: subtotal,
    shipping_cents: shipping,
    excise_cents: excise,
    total_cents: subtotal + shipping + excise,
    carrier: input.shippingType === 'Pickup' ? '' : ctx.settings.carrier,
  };
  const check = {
    version: judged.version,
    licences: judged.licences,
    group: group && { id: group.id, version: group.version },
  };
  const mail = orderConfirmationMail(
    ctx.mail.storeName,
    user.email,
    user.name,
    ORDER_NUMBER_SLOT,
    formatCents(subtotal + shipping + excise),
    `${ctx.mail.publicUrl}/orders`,
    lines.map((l, i) => orderMailLine(l.quantity, lineName(l), prices[i]!.lineTotalCents)),
  );

  let result: PlaceResult;
  try {
    const [row] = await ctx.query<{ r: PlaceResult }>(
      'select place_order($1::uuid, $2, $3::timestamptz, $4::jsonb, $5::jsonb, $6::integer, $7::jsonb, $8::jsonb, $9::jsonb) as r',
      [
        user.id,
        input.idempotencyKey,
        ctx.now.toISOString(),
        JSON.stringify(orderRow),
        JSON.stringify(priced),
        ctx.settings.unverifiedCapCents,
        JSON.stringify(mail),
        JSON.stringify(check),
        session ? JSON.stringify(session) : null,
      ],
    );
    result = row!.r;
  } catch (err) {
    const short = NOT_ENOUGH_STOCK.exec(String((err as Error).message ?? err));
    if (!short) throw err;
    const ids = new Set(JSON.parse(short[1]!) as number[]);
    const names = lines.filter((l) => ids.has(l.variantId)).map(lineName);
    throw new DomainError(409, om.notEnoughStock(names));
  }
  if (result.status === 'session') throw new SessionNotCurrent();
  if (result.status === 'changed') return null;
  if (result.status === 'over_cap') throw new Invalid(om.overCap(ctx.settings.unverifiedCapCents));
  if (result.status === 'duplicate') throw new DuplicateOrder();
  ctx.stockTaken(lines.map((l) => ({ id: l.variantId, quantity: l.quantity })));

  const at = ctx.now.toISOString();
  return {
    orderNumber: result.number!,
    datePlaced: at,
    shippingType: input.shippingType,
    shippingDetails: d,
    comments: input.comments,
    subtotalCents: subtotal,
    shippingCents: shipping,
    exciseCents: excise,
    totalCents: subtotal + shipping + excise,
    items: priced.map((p) => ({
      variantId: p.sku,
      productName: p.product_name,
      variantName: p.variant_name,
      imageUrl: p.image_url,
      unitPriceCents: p.unit_price_cents,
      quantity: p.quantity,
      lineTotalCents: p.unit_price_cents * p.quantity,
      exciseCents: p.excise_cents,
      status: 'pending' as const,
      categoryId: p.category_slug,
      brandId: p.brand_slug,
      productId: p.product_slug,
    })),
    events: [{ stage: 'placed', at }],
  };
}

async function findOrderByKey(db: Db, userId: string, key: string): Promise<Order | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  if (!row) return null;
  return (await loadOrders({ db, userId }, { ids: [row.id] }))[0] ?? null;
}

export interface OrderFilter {
  ids?: string[];
  number?: string;
  /** An order is under a tab when at least one of its items has that status (SPEC §4). */
  itemStatus?: 'pending' | 'cancelled' | 'delivered';
  since?: Date;
  limit?: number;
}

/** An order is under a tab (or a status filter) when at least one of its items has that status. */
export const hasItemWithStatus = (db: Db, status: 'pending' | 'cancelled' | 'delivered') =>
  exists(
    db
      .select({ one: sql`1` })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.status, status))),
  );

/** The buyer's orders, newest first, with items and status history. */
export async function loadOrders(
  { db, userId }: Pick<BuyerContext, 'db' | 'userId'>,
  f: OrderFilter = {},
): Promise<Order[]> {
  const conditions = [eq(orders.userId, userId)];
  if (f.ids) conditions.push(inArray(orders.id, f.ids));
  if (f.number) conditions.push(eq(orders.number, f.number));
  if (f.since) conditions.push(gte(orders.createdAt, f.since));
  if (f.itemStatus) conditions.push(hasItemWithStatus(db, f.itemStatus));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(f.limit ?? 50);
  return withDetails(db, rows);
}

/** Order rows with their items and status history, as the API shows them. */
export async function withDetails(db: Db, rows: (typeof orders.$inferSelect)[]): Promise<Order[]> {
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
    exciseCents: o.exciseCents,
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
        exciseCents: i.exciseCents,
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

export async function loadOrder(ctx: Pick<BuyerContext, 'db' | 'userId'>, number: string): Promise<Order> {
  const [order] = await loadOrders(ctx, { number, limit: 1 });
  if (!order) throw new NotFound(om.orderNotFound);
  return order;
}
