import { and, eq } from 'drizzle-orm';
import { Conflict, Invalid } from '#server/errors.ts';
import { activeMembersOf } from '#server/modules/companies/company.service.ts';
import { deskOrderMail, orderMailLine, staffNewOrderMail } from '#server/modules/mail/templates.ts';
import { creditRefusal } from '#server/modules/receivables/credit-refusal.ts';
import { formatCents } from '#shared/money.ts';
import { type DeskPlaceBody, type DeskPlaced, deskMessages } from '#shared/orders/desk.schemas.ts';
import { quoteMessages } from '#shared/orders/quotes.schemas.ts';
import { staffAudience } from '#shared/staff/staff-roles.ts';
import { deskViewPriced } from './desk.service.ts';
import { type DeskContext, type DeskReading, readDesk, streetOf } from './desk-reading.ts';
import { lineName, ORDER_NUMBER_SLOT, shortOptions, snapshotLines } from './order-lines.ts';
import { orders } from './orders.table.ts';

type DeskStatus =
  | 'created'
  | 'gone'
  | 'draft'
  | 'company'
  | 'location'
  | 'changed'
  | 'over_cap'
  | 'duplicate'
  | 'quote_open'
  | 'quote_accepted';

/**
 * Places the staff member's draft for a company (decision 016, part 2), in up to two tries, each
 * from one reading (readDesk): this instance's memory first, the database after
 * place_desk_order found memory behind.
 *  1. The draft as the desk shows it (deskView): anything that keeps it from being ordered, or a
 *     total other than the one the page showed, refuses it (409) and the page reads it again.
 *  2. place_desk_order, one statement and so one transaction: the draft at the version shown, the
 *     company enabled (and the rep's), the location the company's, the rules, licenses, group and
 *     the draft's lines still what was priced and judged (else the next try), the cap, then the
 *     order with the staff member as the one who placed it, its stock taken with conditional
 *     updates (never oversold), the draft deleted, the audit entry, the members' and staff's mail.
 * A double press finds the first press's order by its key (the draft is gone by then). Any failure
 * rolls it all back.
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
    if (status === 'gone') {
      const twin = await orderByKey(ctx, companyId, body.idempotencyKey);
      if (twin) return { message: deskMessages.placed(twin, reading.company.businessName), number: twin };
      throw new Conflict(deskMessages.draftChanged);
    }
    // The key made another order, and this draft is a new one: the page makes a new key.
    if (status === 'duplicate') throw new Conflict(deskMessages.keyUsed);
    if (status === 'draft' || status === 'location') throw new Conflict(deskMessages.draftChanged);
    // Disabled, or no longer the rep's, since the reading: the next reading says which (or a 404).
    if (status === 'company' && attempt > 0) throw new Conflict(deskMessages.companyDisabled);
    if (status === 'over_cap') throw new Conflict(deskMessages.overCap(reading.settings.unverifiedCapCents));
    const quote = reading.quote?.number ?? '';
    if (status === 'quote_open') throw new Conflict(quoteMessages.quoteStillOpen(quote));
    if (status === 'quote_accepted') throw new Conflict(quoteMessages.quoteAccepted(quote));
  }
  throw new Conflict(deskMessages.keptChanging);
}

async function placeOnce(
  ctx: DeskContext,
  reading: DeskReading,
  body: DeskPlaceBody,
): Promise<DeskPlaced | DeskStatus> {
  const { draft } = reading;
  if (!draft) {
    const twin = await orderByKey(ctx, reading.company.id, body.idempotencyKey);
    if (twin) return { message: deskMessages.placed(twin, reading.company.businessName), number: twin };
    throw new Invalid(deskMessages.noLines);
  }
  // Another tab changed it, or the location the page showed was removed since (the draft would
  // fall back to the default): the page reads it again. place_desk_order checks the version too.
  if (draft.version !== body.version || reading.location?.id !== body.locationId)
    throw new Conflict(deskMessages.draftChanged);
  const { view, priced } = await deskViewPriced(ctx, reading);
  // What the page showed is what is ordered: anything else (memory may be behind) is read again,
  // then refused with the draft to look at again.
  if (view.problems.length || view.totalCents !== body.expectedTotalCents) {
    if (reading.source === 'memory') return 'changed';
    throw new Conflict(
      view.problems.length ? view.problems.join(' ') : deskMessages.pricesChanged(view.totalCents),
    );
  }
  const { rows, prices, verdicts } = priced;
  const members = await activeMembersOf(ctx.db, reading.company.id);
  const staff = ctx.actor.user.name;
  const lines = rows.map((l, i) => orderMailLine(l.quantity, lineName(l), prices[i]!.lineTotalCents));
  const args = [
    ctx.staffId,
    reading.company.id,
    body.version,
    body.idempotencyKey,
    ctx.now.toISOString(),
    JSON.stringify(orderRow(reading, view, members)),
    JSON.stringify(snapshotLines(rows, prices, (i) => verdicts[i]!.excise.cents)),
    reading.settings.unverifiedCapCents,
    JSON.stringify(deskMails(ctx, reading, { members, staff, totalCents: view.totalCents, lines })),
    JSON.stringify({
      version: reading.rules.version,
      licences: reading.licences,
      group: reading.group && { id: reading.group.id, version: reading.group.version },
    }),
    ctx.companyScope,
  ];
  let result: { status: DeskStatus; number?: string };
  try {
    const [row] = await ctx.database.query<{ r: typeof result }>(
      `select place_desk_order($1::uuid, $2::uuid, $3::integer, $4, $5::timestamptz, $6::jsonb, $7::jsonb,
        $8::integer, $9::jsonb, $10::jsonb, $11::uuid) as r`,
      args,
    );
    result = row!.r;
  } catch (err) {
    const credit = creditRefusal(err, 'staff');
    if (credit) throw credit;
    const ids = shortOptions(err);
    if (!ids) throw err;
    throw new Conflict(deskMessages.notEnoughStock(rows.filter((l) => ids.has(l.variantId)).map(lineName)));
  }
  if (result.status !== 'created') return result.status;
  ctx.catalogue.stockTaken(rows.map((l) => ({ id: l.variantId, quantity: l.quantity })));
  ctx.mail.kick();
  ctx.changes.committed();
  return {
    message: deskMessages.placed(result.number!, reading.company.businessName),
    number: result.number!,
  };
}

type Member = Awaited<ReturnType<typeof activeMembersOf>>[number];

/** The order as place_desk_order inserts it: the location's address, for the company's first owner. */
function orderRow(
  reading: DeskReading,
  view: { subtotalCents: number; shippingCents: number; exciseCents: number; totalCents: number },
  members: Member[],
) {
  const draft = reading.draft!;
  const location = reading.location!;
  const pickup = draft.shippingType === 'Pickup';
  return {
    location_id: location.id,
    shipping_type: draft.shippingType,
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

/** The order this staff member's key made for this company, if it made one. */
async function orderByKey(ctx: DeskContext, companyId: string, key: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(eq(orders.userId, ctx.staffId), eq(orders.idempotencyKey, key), eq(orders.companyId, companyId)),
    );
  return row?.number ?? null;
}
