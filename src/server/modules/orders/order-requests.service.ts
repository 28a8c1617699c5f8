import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, NotFound } from '#server/errors.ts';
import type { MemberContext } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { tellMembers } from '#server/modules/companies/company.service.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { requestDecidedMail } from '#server/modules/mail/templates.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { ShippingType } from '#shared/cart/cart.rules.ts';
import type { OrderRequest, OrderRequestStatus } from '#shared/orders/order-requests.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { peopleAndPlaces } from './order-reads.ts';
import { type OrderRequestRow, orderRequests } from './order-requests.table.ts';

/** A request's stored line, as place_order was given it (snake case: the function's own fields). */
interface StoredLine {
  variant_id: number;
  sku: string;
  product_name: string;
  variant_name: string;
  image_url: string;
  unit_price_cents: number;
  selling_unit?: string;
  quantity: number;
  excise_cents: number;
}

export const storedLines = (row: OrderRequestRow) => row.lines as unknown as StoredLine[];
const field = (row: OrderRequestRow, name: string) => String(row.shipping[name] ?? '');

/** Requests as members see them: who placed and decided them, and the location, in two more reads. */
async function views(db: Db, rows: OrderRequestRow[]): Promise<OrderRequest[]> {
  if (!rows.length) return [];
  const whose = await peopleAndPlaces(
    db,
    rows.flatMap((r) => [r.userId, ...(r.decidedBy ? [r.decidedBy] : [])]),
    rows.map((r) => r.locationId),
  );
  const person = whose.person;
  return rows.map((r) => ({
    number: r.number,
    status: r.status as OrderRequestStatus,
    createdAt: r.createdAt.toISOString(),
    placedBy: person(r.userId),
    location: whose.place(r.locationId),
    shippingType: field(r, 'shipping_type') as ShippingType,
    shippingDetails: {
      name: field(r, 'ship_name'),
      businessName: field(r, 'ship_business_name'),
      address: field(r, 'ship_address'),
      city: field(r, 'ship_city'),
      state: field(r, 'ship_state'),
      postalCode: field(r, 'ship_postal_code'),
    },
    comments: field(r, 'comments'),
    items: storedLines(r).map((l) => ({
      variantId: l.sku,
      productName: l.product_name,
      variantName: l.variant_name,
      imageUrl: l.image_url,
      unitPriceCents: l.unit_price_cents,
      sellingUnit: l.selling_unit ?? '',
      quantity: l.quantity,
      lineTotalCents: l.unit_price_cents * l.quantity,
      exciseCents: l.excise_cents,
    })),
    subtotalCents: r.subtotalCents,
    shippingCents: r.shippingCents,
    exciseCents: r.exciseCents,
    totalCents: r.totalCents,
    limitCents: r.limitCents,
    decidedBy: r.decidedBy ? person(r.decidedBy) : null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    note: r.note,
  }));
}

/** The company's order requests, newest first (every member sees them, as they see its orders). */
export async function listRequests(
  { db, companyId }: Pick<MemberContext, 'db' | 'companyId'>,
  status?: OrderRequestStatus,
): Promise<OrderRequest[]> {
  if (!companyId) return [];
  const rows = await db
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.companyId, companyId), status ? eq(orderRequests.status, status) : undefined))
    .orderBy(desc(orderRequests.createdAt), desc(orderRequests.number))
    .limit(100);
  return views(db, rows);
}

/** One of the company's requests as a row; another company's is as unknown as a made-up number. */
export async function requestRow(db: Db, companyId: string | null, number: string): Promise<OrderRequestRow> {
  const [row] = companyId
    ? await db
        .select()
        .from(orderRequests)
        .where(and(eq(orderRequests.companyId, companyId), eq(orderRequests.number, number)))
    : [];
  if (!row) throw new NotFound(orderMessages.requestNotFound);
  return row;
}

export async function loadRequest(db: Db, companyId: string | null, number: string): Promise<OrderRequest> {
  return (await views(db, [await requestRow(db, companyId, number)]))[0]!;
}

/** The request a buyer's idempotency key made, if any (a twin of an order sent for approval). */
export async function findRequestByKey(db: Db, userId: string, key: string): Promise<OrderRequest | null> {
  const [row] = await db
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.userId, userId), eq(orderRequests.idempotencyKey, key)));
  return row ? ((await views(db, [row]))[0] ?? null) : null;
}

/** The request was decided meanwhile: who did what (the one who lost the race is told). */
export async function alreadyDecided(db: Db, row: Pick<OrderRequestRow, 'id'>): Promise<DomainError> {
  const [now] = await db.select().from(orderRequests).where(eq(orderRequests.id, row.id));
  const [who] = now?.decidedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, now.decidedBy))
    : [];
  return new DomainError(409, orderMessages.requestDecided(now?.status ?? 'decided', who?.name ?? 'someone'));
}

type DecideContext = MemberContext & { events: UserEventBus; mail: MailSettings };

/**
 * An owner declines a waiting request with a note: the buyer is mailed it. A conditional update,
 * so of two owners acting at once one wins and the other is told who did what.
 */
export async function declineRequest(
  ctx: DecideContext,
  number: string,
  note: string,
): Promise<OrderRequest> {
  const row = await requestRow(ctx.db, ctx.companyId, number);
  const decided = await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(orderRequests)
      .set({ status: 'declined', decidedBy: ctx.userId, decidedAt: ctx.now, note })
      .where(and(eq(orderRequests.id, row.id), eq(orderRequests.status, 'awaiting')))
      .returning();
    if (!after) return null;
    const [buyer] = await tx.select().from(users).where(eq(users.id, after.userId));
    if (buyer && !buyer.disabledAt)
      await enqueueMail(
        tx,
        requestDecidedMail(
          ctx.mail.storeName,
          buyer.email,
          buyer.name,
          number,
          { approved: false, note },
          `${ctx.mail.publicUrl}/orders`,
        ),
        ctx.now,
      );
    await audit(
      tx,
      {
        actorId: ctx.userId,
        action: 'order_request.declined',
        entity: 'order_request',
        entityId: number,
        before: { status: 'awaiting' },
        after: { status: 'declined', note },
      },
      ctx.now,
    );
    return after;
  });
  if (!decided) throw await alreadyDecided(ctx.db, row);
  ctx.mail.kick();
  await tellCompany(ctx, row.companyId);
  return loadRequest(ctx.db, ctx.companyId, number);
}

/** The buyer who placed a waiting request takes it back (nothing was taken from stock). */
export async function withdrawRequest(ctx: DecideContext, number: string): Promise<OrderRequest> {
  const row = await requestRow(ctx.db, ctx.companyId, number);
  if (row.userId !== ctx.userId) throw new DomainError(403, orderMessages.onlyPlacerWithdraws);
  const [after] = await ctx.db
    .update(orderRequests)
    .set({ status: 'withdrawn', decidedBy: ctx.userId, decidedAt: ctx.now })
    .where(and(eq(orderRequests.id, row.id), eq(orderRequests.status, 'awaiting')))
    .returning();
  if (!after) throw await alreadyDecided(ctx.db, row);
  await tellCompany(ctx, row.companyId);
  return loadRequest(ctx.db, ctx.companyId, number);
}

/** Every member's open orders pages read the company's orders and requests again. */
export const tellCompany = (ctx: { db: Db; events: UserEventBus }, companyId: string) =>
  tellMembers(ctx, companyId, 'orders');
