import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DomainError } from '#server/errors.ts';
import type { MemberContext } from '#server/http/request-context.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { type CartLineRow, lineRow } from '#server/modules/cart/cart-lines.ts';
import { judgeLines, orderLicenceStates } from '#server/modules/compliance/compliance.service.ts';
import type { UserEventBus } from '#server/modules/events/event-bus.ts';
import { orderMailLine, requestDecidedMail, staffNewOrderMail } from '#server/modules/mail/templates.ts';
import { priceLines } from '#server/modules/pricing/line-prices.ts';
import { groupOf } from '#server/modules/pricing/price-book.ts';
import { creditRefusal } from '#server/modules/receivables/credit-refusal.ts';
import { isoDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import type { RequestChange, RequestChanged } from '#shared/orders/order-requests.schemas.ts';
import { orderMessages } from '#shared/orders/orders.messages.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import { staffAudience } from '#shared/staff/staff-roles.ts';
import { lineName, shortOptions, snapshotLines } from './order-lines.ts';
import { loadOrder } from './order-reads.ts';
import { alreadyDecided, requestRow, storedLines, tellCompany } from './order-requests.service.ts';
import type { OrderRequestRow } from './order-requests.table.ts';
import type { PlaceOrderContext } from './orders-context.ts';

type ApproveContext = PlaceOrderContext &
  Pick<MemberContext, 'userId' | 'companyId'> & { events: UserEventBus };

/** The request judged and priced again as things are now: the lines kept, and what changed. */
interface Rejudged {
  lines: CartLineRow[];
  snapshot: ReturnType<typeof snapshotLines>;
  amounts: { subtotal_cents: number; shipping_cents: number; excise_cents: number; total_cents: number };
  check: { version: number; licences: string[]; group: { id: number; version: number } | null };
  changes: RequestChange[];
  revision: string | null;
}

/**
 * A request's lines as they would be ordered now (decision 015, step 4): each option from the
 * catalogue (gone if it is no longer there), priced for the company's group, judged for the
 * request's ship-to with its location's licenses (as approve_order reads them), and checked for
 * stock and case packs. A line blocked, short, gone or not in its case pack is dropped if the
 * approver accepts; a new price or excise is kept.
 */
async function rejudge(ctx: ApproveContext, row: OrderRequestRow, fresh: boolean): Promise<Rejudged> {
  // A retry reads the catalogue from the database too (a rare, whole read): memory may lag behind.
  const [model, rules, book, settings] = await Promise.all([
    fresh ? ctx.catalogue.fresh() : ctx.catalogue.get(),
    fresh ? ctx.compliance.fresh() : ctx.compliance.get(),
    fresh ? ctx.pricing.fresh() : ctx.pricing.get(),
    ctx.settings.get(),
  ]);
  const stored = storedLines(row);
  const changes: RequestChange[] = [];
  const found: { line: CartLineRow; was: (typeof stored)[number] }[] = [];
  for (const was of stored) {
    const option = model.variant(was.variant_id);
    if (!option || option.variant.sku !== was.sku) {
      const name = `${was.product_name} — ${was.variant_name}`;
      changes.push({
        variantId: was.sku,
        name,
        kind: 'gone',
        before: 'in the catalogue',
        now: 'gone',
        kept: false,
      });
    } else found.push({ line: lineRow(option, was.quantity), was });
  }
  const group = groupOf(book, ctx.userId);
  const prices = priceLines(
    group,
    found.map((f) => f.line),
  );
  const pickup = row.shipping.shipping_type === 'Pickup';
  const licences = await orderLicenceStates(ctx.db, row, isoDay(ctx.now));
  const judged = await judgeLines(
    ctx.db,
    rules,
    { userId: ctx.userId, locationId: row.locationId },
    ctx.now,
    found.map((f, i) => ({ ...f.line, unitPriceCents: prices[i]!.unitPriceCents })),
    pickup
      ? { state: settings.storeState, shipping: 'Pickup' }
      : { state: String(row.shipping.ship_state), shipping: 'Delivery' },
    licences,
  );
  const keep: number[] = [];
  found.forEach(({ line, was }, i) => {
    const said = lineChanges(line, was, prices[i]!, judged.verdicts[i]!);
    changes.push(...said);
    if (said.every((c) => c.kept)) keep.push(i);
  });
  const lines = keep.map((i) => found[i]!.line);
  const keptPrices = keep.map((i) => prices[i]!);
  const snapshot = snapshotLines(lines, keptPrices, (k) => judged.verdicts[keep[k]!]!.excise.cents);
  const subtotal = keptPrices.reduce((n, p) => n + p.lineTotalCents, 0);
  const excise = snapshot.reduce((n, l) => n + l.excise_cents, 0);
  const amounts = {
    subtotal_cents: subtotal,
    shipping_cents: row.shippingCents,
    excise_cents: excise,
    total_cents: subtotal + row.shippingCents + excise,
  };
  const revision = lines.length
    ? createHash('sha256')
        .update(
          JSON.stringify([
            snapshot.map((l) => [l.variant_id, l.quantity, l.unit_price_cents, l.excise_cents]),
            amounts,
          ]),
        )
        .digest('hex')
        .slice(0, 32)
    : null;
  const check = {
    version: judged.version,
    licences,
    group: group && { id: group.id, version: group.version },
  };
  return { lines, snapshot, amounts, check, changes, revision };
}

/** What changed of one line since it was placed: dropped when blocked, short or not in its case pack. */
function lineChanges(
  line: CartLineRow,
  was: ReturnType<typeof storedLines>[number],
  price: ReturnType<typeof priceLines>[number],
  verdict: Awaited<ReturnType<typeof judgeLines>>['verdicts'][number],
): RequestChange[] {
  const name = lineName(line);
  const change = (kind: RequestChange['kind'], before: string, now: string, kept: boolean) => [
    { variantId: line.sku, name, kind, before, now, kept },
  ];
  if (verdict.blocks.length || verdict.excise.missing.length)
    return change(
      'blocked',
      'allowed',
      verdict.blocks[0]?.reason ?? 'its excise cannot be worked out',
      false,
    );
  if (line.stock < line.quantity)
    return change('stock', `${line.quantity} ordered`, `${line.stock} in stock`, false);
  if (price.quantityProblem) return change('case_pack', `${line.quantity}`, price.quantityProblem, false);
  return [
    ...(price.unitPriceCents !== was.unit_price_cents
      ? change('price', formatCents(was.unit_price_cents), formatCents(price.unitPriceCents), true)
      : []),
    ...(verdict.excise.cents !== was.excise_cents
      ? change('excise', formatCents(was.excise_cents), formatCents(verdict.excise.cents), true)
      : []),
  ];
}

/**
 * An owner approves a waiting request: judged again now (rejudge); if anything changed, the
 * approver is told what (the answer is `changed`) and approves again accepting that revision,
 * which orders the lines kept at today's figures. approve_order makes the order in one statement
 * and is the judge: of two owners at once, one wins and the other is told who did what.
 */
export async function approveRequest(
  ctx: ApproveContext,
  number: string,
  acceptRevision?: string,
): Promise<{ order: Order } | { changed: RequestChanged }> {
  if (ctx.actor.member?.role !== 'owner') throw new DomainError(403, orderMessages.onlyOwnersDecide);
  const cap = (await ctx.settings.get()).unverifiedCapCents;
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await requestRow(ctx.db, ctx.companyId, number);
    if (row.status !== 'awaiting') throw await alreadyDecided(ctx.db, row);
    // Its location was removed since: the company's documents would judge it wrongly.
    if (row.shipping.location_id && !row.locationId)
      throw new DomainError(409, orderMessages.requestLocationGone);
    const now = await rejudge(ctx, row, attempt > 0);
    if (now.changes.length && (!now.revision || acceptRevision !== now.revision))
      return {
        changed: {
          message: now.revision ? orderMessages.requestChanged : orderMessages.requestNothingLeft,
          changes: now.changes,
          totalCents: now.amounts.total_cents,
          revision: now.revision,
        },
      };
    const status = await callApprove(ctx, row, now, cap);
    if (status === 'decided') throw await alreadyDecided(ctx.db, row);
    if (status === 'not_owner') throw new DomainError(403, orderMessages.onlyOwnersDecide);
    const refusal = REFUSALS[status];
    if (refusal) throw new DomainError(409, refusal(cap));
    if (status === 'created') {
      ctx.catalogue.stockTaken(now.lines.map((l) => ({ id: l.variantId, quantity: l.quantity })));
      ctx.mail.kick();
      ctx.changes.committed();
      await tellCompany(ctx, row.companyId);
      return { order: await loadOrder(ctx, number) };
    }
  }
  throw new DomainError(409, orderMessages.requestChanged);
}

/** approve_order's refusals the owner can only answer by declining (or, for the cap, waiting). */
const REFUSALS: Record<string, ((cap: number) => string) | undefined> = {
  buyer_gone: () => orderMessages.requestBuyerGone,
  location: () => orderMessages.requestLocationGone,
  key_used: () => orderMessages.requestKeyUsed,
  over_cap: (cap) => orderMessages.overCap(cap),
};

/** approve_order, one statement: its status, or a 409 naming the lines short of stock (nothing written). */
async function callApprove(
  ctx: ApproveContext,
  row: OrderRequestRow,
  now: Rejudged,
  cap: number,
): Promise<string> {
  const [buyer] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  const total = formatCents(now.amounts.total_cents);
  const lines = now.snapshot.map((l, i) =>
    orderMailLine(l.quantity, lineName(now.lines[i]!), l.unit_price_cents * l.quantity),
  );
  const ship = row.shipping;
  const mail = {
    ...requestDecidedMail(
      ctx.mail.storeName,
      buyer!.email,
      buyer!.name,
      row.number,
      { approved: true },
      `${ctx.mail.publicUrl}/orders`,
    ),
    staff: staffNewOrderMail(
      ctx.mail.storeName,
      String(ship.ship_business_name),
      row.number,
      total,
      ship.shipping_type === 'Pickup'
        ? 'pickup in store'
        : `delivery to ${ship.ship_city}, ${ship.ship_state}`,
      lines,
      `${ctx.mail.publicUrl}/admin/orders/${row.number}`,
    ),
    // To the staff who chose it and whose role reads this order (decision 016).
    staffAudience: staffAudience('orders.read'),
  };
  try {
    const [result] = await ctx.database.query<{ r: { status: string } }>(
      'select approve_order($1::uuid, $2::uuid, $3::timestamptz, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, $8::integer) as r',
      [
        row.id,
        ctx.userId,
        ctx.now.toISOString(),
        JSON.stringify(now.amounts),
        JSON.stringify(now.snapshot),
        JSON.stringify(now.check),
        JSON.stringify(mail),
        cap,
      ],
    );
    return result!.r.status;
  } catch (err) {
    const credit = creditRefusal(err, { phone: (await ctx.settings.get()).contact.phone });
    if (credit) throw credit;
    const ids = shortOptions(err);
    if (!ids) throw err;
    throw new DomainError(
      409,
      orderMessages.requestNotEnoughStock(now.lines.filter((l) => ids.has(l.variantId)).map(lineName)),
    );
  }
}
