import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, Invalid } from '#server/errors.ts';
import type { UserRow } from '#server/modules/accounts/accounts.table.ts';
import type { ActiveSession } from '#server/modules/accounts/active-session.ts';
import { forgetSession, type SessionCheck, sessionCheck } from '#server/modules/accounts/session.service.ts';
import type { CartLineRow } from '#server/modules/cart/cart-lines.ts';
import {
  approvalRequestMail,
  orderConfirmationMail,
  orderMailLine,
  staffNewOrderMail,
} from '#server/modules/mail/templates.ts';
import { priceLines } from '#server/modules/pricing/line-prices.ts';
import { creditRefusal } from '#server/modules/receivables/credit-refusal.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { ShippingType } from '#shared/cart/cart.rules.ts';
import { shippingFeeCents } from '#shared/cart/cart.rules.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { mayOrder } from '#shared/companies/companies.rules.ts';
import { formatCents } from '#shared/money.ts';
import type { OrderRequest } from '#shared/orders/order-requests.schemas.ts';
import { type Order, orderMessages, type PlaceOrderInput } from '#shared/orders/orders.schemas.ts';
import { staffAudience } from '#shared/staff/staff-roles.ts';
import {
  casePacksHold,
  judgeOrder,
  lineName,
  ORDER_NUMBER_SLOT,
  readOrder,
  shortOptions,
  snapshotLines,
} from './order-lines.ts';
import { loadOrders } from './order-reads.ts';
import { findRequestByKey, loadRequest } from './order-requests.service.ts';
import { orderView } from './order-view.ts';
import { orders } from './orders.table.ts';
import type { OrderingSettings, OrderReading, PlaceOrderContext } from './orders-context.ts';

/** An order placed, or (over its buyer's limit) the request waiting for an owner; `created`: by this call. */
export type PlaceOutcome = { order: Order; created: boolean } | { request: OrderRequest; created: boolean };

class DuplicateOrder extends Error {}
/** place_order found the session taken from memory no longer valid (see placeOrderFor). */
class SessionNotCurrent extends Error {}

/** place_order's refusal of a login with no enabled company (staff). */
const NO_COMPANY = /\bno_company\b/;
/** place_order's refusal of a viewer (decision 015, step 4). */
const VIEWER = /\bviewer_cannot_order\b/;
/** And the buyer's order limit, in an owner's approval mail (request_approval fills it in). */
const LIMIT_SLOT = '[[LIMIT]]';

type PlaceResult = {
  status: 'created' | 'awaiting' | 'duplicate' | 'over_cap' | 'changed' | 'session' | 'location';
  /** The location the order was placed for (created). */
  location?: { id: string; name: string } | null;
  number?: string;
};

/**
 * Places an order for the request's signed-in buyer (the route's `req.ctx`). A session the guard
 * took from memory (`signedInCheckedInStatement`) is checked by place_order itself, in the order's
 * transaction; when that check fails, or the remembered user has no verified email, the session is
 * looked up again: gone is a 401, else the order is placed for the session as it is now.
 */
export async function placeOrder(ctx: PlaceOrderContext, input: PlaceOrderInput): Promise<PlaceOutcome> {
  const { deliveryFeeCents, unverifiedCapCents, storeState, carrier } = await ctx.settings.get();
  const ordering: OrderingSettings = { deliveryFeeCents, unverifiedCapCents, storeState, carrier };
  const actor = ctx.actor;
  let placed: PlaceOutcome | undefined;
  if (actor.remembered && actor.user.emailVerifiedAt) {
    try {
      placed = await placeInTries(ctx, ordering, actor, input, sessionCheck(actor, ctx.now));
    } catch (err) {
      if (!(err instanceof SessionNotCurrent)) throw err;
      forgetSession(actor.session.tokenHash);
    }
  }
  if (!placed) {
    const current = actor.remembered ? await ctx.session() : actor;
    if (!current) throw new DomainError(401, accountMessages.notSignedIn);
    // The guard let a remembered role through; the session as it is now may be a viewer's.
    if (current.member && !mayOrder(current.member.role))
      throw new DomainError(403, companyMessages.viewerReadOnly);
    placed = await placeInTries(ctx, ordering, current, input);
  }
  // The buyer's other pages and every instance's storefront hear of it from the change feed.
  if (placed.created) ctx.changes.committed();
  return placed;
}

/**
 * Places an order from the buyer's server-side cart, in up to three tries, each from one reading
 * (readOrder): the first from this instance's memory, a later one from the database, when
 * place_order found the cart, a price, a rule or the buyer's group changed since the reading:
 *  1. the lines priced from the reading with the shared rules (never the client's prices), judged
 *     for where the order goes, and the confirmation mail;
 *  2. `place_order` (db/functions/place_order.sql), one statement and so one transaction: it locks
 *     the cart and checks that it and the prices are still what was priced (else the next try),
 *     applies the unverified cap, inserts the order (unique per buyer and idempotency key: a repeat
 *     or a concurrent twin finds the first order), takes the stock with conditional updates so
 *     concurrent orders never oversell, snapshots the items, records the first status event,
 *     empties the cart, queues the mail and writes change events for the buyer's other pages and
 *     every instance's storefront;
 *  3. the stock it took, taken off this instance's catalogue before the answer.
 * A shortfall names the options; any failure rolls the statement back: stock, cart, orders and
 * outbox are as they were.
 */
async function placeInTries(
  ctx: PlaceOrderContext,
  ordering: OrderingSettings,
  { user, company, member }: Pick<ActiveSession, 'user' | 'company' | 'member'>,
  input: PlaceOrderInput,
  session?: SessionCheck,
): Promise<PlaceOutcome> {
  if (!user.emailVerifiedAt) throw new DomainError(403, orderMessages.verifyEmail);
  // A buyer's order may wait for an owner: its mail goes along (the limit is the one place_order reads).
  const mayWait = member?.role === 'buyer';
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const reading = await readOrder(ctx, user.id, input, attempt === 0 ? 'memory' : 'database');
      const businessName = company?.businessName ?? user.businessName;
      const placed = await placeOnce(ctx, ordering, { user, businessName, input, session, mayWait }, reading);
      if (placed && 'requestNumber' in placed) {
        ctx.mail.kick();
        const request = await loadRequest(ctx.db, company?.id ?? '', placed.requestNumber);
        return { request, created: true };
      }
      if (placed) {
        ctx.mail.kick();
        return { order: placed, created: true };
      }
    }
    throw new DomainError(409, orderMessages.cartChanged);
  } catch (err) {
    // A twin request with the same key may have won meanwhile (and emptied the cart this one
    // then found empty): its order is the answer to both.
    if (err instanceof DuplicateOrder || err instanceof DomainError) {
      const twin = await findOrderByKey(ctx.db, user.id, input.idempotencyKey);
      if (twin) return { order: twin, created: false };
      const request = await findRequestByKey(ctx.db, user.id, input.idempotencyKey);
      if (request) return { request, created: false };
    }
    throw err;
  }
}

const mailLines = (lines: CartLineRow[], prices: { lineTotalCents: number }[]) =>
  lines.map((l, i) => orderMailLine(l.quantity, lineName(l), prices[i]!.lineTotalCents));

/**
 * The buyer's confirmation and, under `staff`, the notice for staff who chose new-order mail; the
 * order number is a slot place_order fills in.
 */
function orderMails(
  ctx: PlaceOrderContext,
  { user, businessName, mayWait }: { user: UserRow; businessName: string; mayWait: boolean },
  input: PlaceOrderInput,
  totalCents: number,
  lines: string[],
) {
  const total = formatCents(totalCents);
  const d = input.shippingDetails;
  // Over a buyer's limit, the order waits: each owner is asked (decision 015, step 4). Built for
  // every buyer, not only those the session remembers with a limit: the limit may have changed
  // elsewhere since, and place_order judges by the one it reads (it fills in [[LIMIT]]).
  const approval = mayWait
    ? {
        approval: approvalRequestMail(
          ctx.mail.storeName,
          user.name,
          ORDER_NUMBER_SLOT,
          total,
          LIMIT_SLOT,
          lines,
          `${ctx.mail.publicUrl}/orders?awaiting=${ORDER_NUMBER_SLOT}`,
        ),
      }
    : {};
  return {
    ...approval,
    ...orderConfirmationMail(
      ctx.mail.storeName,
      user.email,
      user.name,
      ORDER_NUMBER_SLOT,
      total,
      `${ctx.mail.publicUrl}/orders`,
      lines,
    ),
    staff: staffNewOrderMail(
      ctx.mail.storeName,
      businessName,
      ORDER_NUMBER_SLOT,
      total,
      input.shippingType === 'Pickup' ? 'pickup in store' : `delivery to ${d.city}, ${d.state}`,
      lines,
      `${ctx.mail.publicUrl}/admin/orders/${ORDER_NUMBER_SLOT}`,
    ),
    // To the staff who chose it and whose role reads this order (decision 016).
    staffAudience: staffAudience('orders.read'),
  };
}

/** One try from one reading: the order, or null when place_order (or memory) says to read again. */
async function placeOnce(
  ctx: PlaceOrderContext,
  ordering: OrderingSettings,
  {
    user,
    businessName,
    input,
    session,
    mayWait,
  }: {
    user: UserRow;
    businessName: string;
    input: PlaceOrderInput;
    session?: SessionCheck;
    mayWait: boolean;
  },
  reading: OrderReading,
): Promise<Order | { requestNumber: string } | null> {
  const { lines } = reading;
  if (!lines.length) throw new Invalid(orderMessages.emptyCart);
  const prices = priceLines(reading.group, lines);
  const subtotal = prices.reduce((n, p) => n + p.lineTotalCents, 0);
  const shipping = shippingFeeCents(input.shippingType as ShippingType, ordering.deliveryFeeCents);
  const d = input.shippingDetails;
  if (!casePacksHold(reading, prices)) return null;
  const judged = await judgeOrder(ctx, reading, {
    userId: user.id,
    input,
    prices,
    storeState: ordering.storeState,
  });
  if (!judged) return null;
  const exciseOf = (i: number) => judged.verdicts[i]!.excise.cents;
  const excise = lines.reduce((n, _, i) => n + exciseOf(i), 0);
  // What the buyer saw at checkout is what is charged: a price that moved since refuses the order.
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== subtotal + shipping + excise) {
    if (reading.source === 'memory') return null;
    throw new DomainError(409, orderMessages.pricesChanged);
  }
  const priced = snapshotLines(lines, prices, exciseOf);
  const orderRow = {
    location_id: input.locationId ?? null,
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
    carrier: input.shippingType === 'Pickup' ? '' : ordering.carrier,
  };
  const check = {
    version: judged.version,
    licences: judged.licences,
    group: reading.group && { id: reading.group.id, version: reading.group.version },
  };
  const mail = orderMails(
    ctx,
    { user, businessName, mayWait },
    input,
    subtotal + shipping + excise,
    mailLines(lines, prices),
  );

  const result = await callPlaceOrder(ctx, lines, [
    user.id,
    input.idempotencyKey,
    ctx.now.toISOString(),
    JSON.stringify(orderRow),
    JSON.stringify(priced),
    ordering.unverifiedCapCents,
    JSON.stringify(mail),
    JSON.stringify(check),
    session ? JSON.stringify(session) : null,
  ]);
  if (result.status === 'session') throw new SessionNotCurrent();
  if (result.status === 'changed') return null;
  if (result.status === 'over_cap') throw new Invalid(orderMessages.overCap(ordering.unverifiedCapCents));
  if (result.status === 'duplicate') throw new DuplicateOrder();
  if (result.status === 'location') throw new DomainError(409, orderMessages.locationGone);
  if (result.status === 'awaiting') return { requestNumber: result.number! };
  ctx.catalogue.stockTaken(lines.map((l) => ({ id: l.variantId, quantity: l.quantity })));

  return orderView(
    {
      number: result.number!,
      createdAt: ctx.now,
      shippingType: input.shippingType,
      shipName: d.name,
      shipBusinessName: d.businessName,
      shipAddress: d.address,
      shipCity: d.city,
      shipState: d.state,
      shipPostalCode: d.postalCode,
      comments: input.comments,
      subtotalCents: subtotal,
      shippingCents: shipping,
      exciseCents: excise,
      totalCents: subtotal + shipping + excise,
      carrier: orderRow.carrier,
      trackingNumber: '',
      takenAtDesk: false,
    },
    priced.map((p) => ({
      sku: p.sku,
      productName: p.product_name,
      variantName: p.variant_name,
      imageUrl: p.image_url,
      unitPriceCents: p.unit_price_cents,
      sellingUnit: p.selling_unit,
      quantity: p.quantity,
      exciseCents: p.excise_cents,
      status: 'pending',
      categorySlug: p.category_slug,
      brandSlug: p.brand_slug,
      productSlug: p.product_slug,
    })),
    [{ stage: 'placed', createdAt: ctx.now }],
    {
      placedBy: { id: user.id, name: user.name },
      location: result.location ?? null,
    },
  );
}

/** place_order, one statement: its answer, or a 409 naming the lines short of stock (nothing written). */
async function callPlaceOrder(
  ctx: PlaceOrderContext,
  lines: CartLineRow[],
  args: unknown[],
): Promise<PlaceResult> {
  try {
    const [row] = await ctx.database.query<{ r: PlaceResult }>(
      'select place_order($1::uuid, $2, $3::timestamptz, $4::jsonb, $5::jsonb, $6::integer, $7::jsonb, $8::jsonb, $9::jsonb) as r',
      args,
    );
    return row!.r;
  } catch (err) {
    const message = String((err as Error).message ?? err);
    if (NO_COMPANY.test(message)) throw new DomainError(403, orderMessages.staffCannotOrder);
    if (VIEWER.test(message)) throw new DomainError(403, companyMessages.viewerReadOnly);
    const credit = creditRefusal(err, { phone: (await ctx.settings.get()).contact.phone });
    if (credit) throw credit;
    const ids = shortOptions(err);
    if (!ids) throw err;
    const names = lines.filter((l) => ids.has(l.variantId)).map(lineName);
    throw new DomainError(409, orderMessages.notEnoughStock(names));
  }
}

async function findOrderByKey(db: Db, userId: string, key: string): Promise<Order | null> {
  const [row] = await db
    .select({ id: orders.id, companyId: orders.companyId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  if (!row) return null;
  return (await loadOrders({ db, userId, companyId: row.companyId }, { ids: [row.id] }))[0] ?? null;
}
