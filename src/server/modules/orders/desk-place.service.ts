import { and, asc, eq, isNull } from 'drizzle-orm';
import { Conflict, DomainError, Invalid } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { companyMembers } from '#server/modules/companies/companies.table.ts';
import { deskOrderMail, orderMailLine, staffNewOrderMail } from '#server/modules/mail/templates.ts';
import { formatCents } from '#shared/money.ts';
import { type DeskPlaceBody, type DeskPlaced, deskMessages } from '#shared/orders/desk.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import { staffAudience } from '#shared/staff/staff-roles.ts';
import { lineName, snapshotLines } from './order-lines.ts';
import { deskView } from './desk.service.ts';
import { type DeskContext, type DeskReading, priceAndJudge, readDesk, streetOf } from './desk-reading.ts';
import { orders } from './orders.table.ts';

const NOT_ENOUGH_STOCK = /not_enough_stock:(\[[\d,\s]*\])/;
/** The order number is made in the database; the mails carry this until it is filled in. */
const ORDER_NUMBER_SLOT = '[[ORDER_NUMBER]]';

type DeskStatus =
  | 'created'
  | 'gone'
  | 'draft'
  | 'company'
  | 'location'
  | 'changed'
  | 'over_cap'
  | 'duplicate';

/**
 * Places the staff member's draft for a company (decision 016, part 2), in up to two tries, each
 * from one reading (readDesk): this instance's memory first, the database after
 * place_desk_order found memory behind.
 *  1. The draft as the desk shows it (deskView): any problem refuses it (400) with what to fix; a
 *     total other than the one the page showed refuses it (409) with the new total.
 *  2. place_desk_order, one statement and so one transaction: the draft at the version shown, the
 *     company enabled (and the rep's), the location the company's, the rules, licenses, group and
 *     the draft's lines still what was priced and judged (else the next try), the cap, then the
 *     order with the staff member as the one who placed it, its stock taken with conditional
 *     updates (never oversold), the draft deleted, the audit entry, the members' and staff's mail.
 * A double press finds the first press's order by its key. Any failure rolls it all back.
 */
export async function placeDesk(
  ctx: DeskContext,
  companyId: string,
  body: DeskPlaceBody,
): Promise<DeskPlaced> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const reading = await readDesk(ctx, companyId, attempt === 0 ? 'memory' : 'database');
    const status = await placeOnce(ctx, reading, body);
    if (typeof status === 'object') return status;
    if (status === 'gone' || status === 'duplicate') {
      const twin = await orderByKey(ctx, body.idempotencyKey);
      if (twin) return { message: deskMessages.placed(twin, reading.company.businessName), number: twin };
      if (status === 'gone') throw new Conflict(deskMessages.draftChanged);
    }
    if (status === 'draft') throw new Conflict(deskMessages.draftChanged);
    // Disabled, or no longer the rep's, since the reading: the next reading says which (or a 404).
    if (status === 'company' && attempt > 0) throw new Conflict(deskMessages.companyDisabled);
    if (status === 'location') throw new Conflict(deskMessages.draftChanged);
    if (status === 'over_cap') throw new Invalid(orderMessages.overCap(reading.settings.unverifiedCapCents));
  }
  throw new Conflict(orderMessages.cartChanged);
}

async function placeOnce(
  ctx: DeskContext,
  reading: DeskReading,
  body: DeskPlaceBody,
): Promise<DeskPlaced | DeskStatus> {
  if (!reading.draft) {
    const twin = await orderByKey(ctx, body.idempotencyKey);
    if (twin) return { message: deskMessages.placed(twin, reading.company.businessName), number: twin };
    throw new Invalid(deskMessages.noLines);
  }
  // Another tab changed it, or the location the page showed was removed since (the draft would
  // fall back to the default): the page reads it again. place_desk_order checks the version too.
  if (reading.draft.version !== body.version || reading.location?.id !== body.locationId)
    throw new Conflict(deskMessages.draftChanged);
  const view = await deskView(ctx, reading);
  if (view.problems.length) {
    if (reading.source === 'memory') return 'changed';
    throw new Invalid(view.problems.join(' '));
  }
  if (view.totalCents !== body.expectedTotalCents) {
    if (reading.source === 'memory') return 'changed';
    throw new Conflict(deskMessages.pricesChanged(view.totalCents));
  }
  const [{ rows, prices, verdicts }, members, staffName] = await Promise.all([
    priceAndJudge(ctx, reading),
    membersOf(ctx, reading.company.id),
    staffNameOf(ctx),
  ]);
  const location = reading.location!;
  const draft = reading.draft;
  const pickup = draft.shippingType === 'Pickup';
  const snapshot = snapshotLines(rows, prices, (i) => verdicts[i]!.excise.cents);
  const order = {
    location_id: location.id,
    shipping_type: draft.shippingType,
    // Attention of the company's first owner (the order is the company's, taken from one of them).
    ship_name:
      members.find((m) => m.role === 'owner')?.name ?? members[0]?.name ?? reading.company.businessName,
    ship_business_name: reading.company.businessName,
    ship_address: streetOf(location),
    ship_city: location.city,
    ship_state: location.state,
    ship_postal_code: location.zipCode,
    comments: draft.buyerNote,
    internal_note: draft.internalNote,
    fee_note: !pickup && draft.feeCents !== null ? `${formatCents(draft.feeCents)}: ${draft.feeReason}` : '',
    subtotal_cents: view.subtotalCents,
    shipping_cents: view.shippingCents,
    excise_cents: view.exciseCents,
    total_cents: view.totalCents,
    carrier: pickup ? '' : reading.settings.carrier,
  };
  const check = {
    version: reading.rules.version,
    licences: reading.licences,
    group: reading.group && { id: reading.group.id, version: reading.group.version },
  };
  const mailLines = rows.map((l, i) => orderMailLine(l.quantity, lineName(l), prices[i]!.lineTotalCents));
  const mail = deskMails(ctx, reading, {
    members,
    staff: staffName,
    totalCents: view.totalCents,
    lines: mailLines,
  });
  try {
    const [row] = await ctx.database.query<{ r: { status: DeskStatus; number?: string } }>(
      `select place_desk_order($1::uuid, $2::uuid, $3::integer, $4, $5::timestamptz, $6::jsonb, $7::jsonb,
        $8::integer, $9::jsonb, $10::jsonb, $11::uuid) as r`,
      [
        ctx.staffId,
        reading.company.id,
        body.version,
        body.idempotencyKey,
        ctx.now.toISOString(),
        JSON.stringify(order),
        JSON.stringify(snapshot),
        reading.settings.unverifiedCapCents,
        JSON.stringify(mail),
        JSON.stringify(check),
        ctx.companyScope,
      ],
    );
    const result = row!.r;
    if (result.status !== 'created') return result.status;
    ctx.catalogue.stockTaken(rows.map((l) => ({ id: l.variantId, quantity: l.quantity })));
    ctx.mail.kick();
    ctx.changes.committed();
    return {
      message: deskMessages.placed(result.number!, reading.company.businessName),
      number: result.number!,
    };
  } catch (err) {
    const short = NOT_ENOUGH_STOCK.exec(String((err as Error).message ?? err));
    if (!short) throw err;
    const ids = new Set(JSON.parse(short[1]!) as number[]);
    throw new DomainError(
      409,
      orderMessages.notEnoughStock(rows.filter((l) => ids.has(l.variantId)).map(lineName)),
    );
  }
}

/**
 * The confirmation for each active member of the company (owners, buyers and viewers: all follow
 * its orders; place_desk_order sends only to those still members), and the staff notice for those
 * whose role reads orders (a rep: their companies).
 */
function deskMails(
  ctx: DeskContext,
  reading: DeskReading,
  {
    members,
    staff,
    totalCents,
    lines,
  }: { members: Member[]; staff: string; totalCents: number; lines: string[] },
) {
  const total = formatCents(totalCents);
  const draft = reading.draft!;
  const order = {
    staff,
    business: reading.company.businessName,
    number: ORDER_NUMBER_SLOT,
    total,
    note: draft.buyerNote,
  };
  return {
    members: members.map((m) => ({
      userId: m.userId,
      ...deskOrderMail(
        ctx.mail.storeName,
        m.email,
        { ...order, name: m.name },
        `${ctx.mail.publicUrl}/orders`,
        lines,
      ),
    })),
    staff: staffNewOrderMail(
      ctx.mail.storeName,
      reading.company.businessName,
      ORDER_NUMBER_SLOT,
      total,
      draft.shippingType === 'Pickup'
        ? 'pickup in store'
        : `delivery to ${reading.location!.city}, ${reading.location!.state}`,
      lines,
      `${ctx.mail.publicUrl}/admin/orders/${ORDER_NUMBER_SLOT}`,
    ),
    staffAudience: staffAudience('orders.read'),
  };
}

type Member = Awaited<ReturnType<typeof membersOf>>[number];

/** The company's active members, who are told of the order (and the first owner, whose attention it is for). */
function membersOf(ctx: DeskContext, companyId: string) {
  return ctx.db
    .select({ userId: users.id, email: users.email, name: users.name, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        isNull(companyMembers.removedAt),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(asc(users.email));
}

async function staffNameOf(ctx: DeskContext): Promise<string> {
  const [staff] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, ctx.staffId));
  return staff?.name ?? '';
}

async function orderByKey(ctx: DeskContext, key: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ number: orders.number })
    .from(orders)
    .where(and(eq(orders.userId, ctx.staffId), eq(orders.idempotencyKey, key)));
  return row?.number ?? null;
}
