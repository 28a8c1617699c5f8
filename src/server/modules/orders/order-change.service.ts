import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Invalid, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { type CartLineRow, lineRow } from '#server/modules/cart/cart-lines.ts';
import { activeMembersOf } from '#server/modules/companies/company.service.ts';
import { ofRepCompanies } from '#server/modules/companies/company-sql.ts';
import { judgeLines, orderLicenceStates } from '#server/modules/compliance/compliance.service.ts';
import { orderRevisedMail } from '#server/modules/mail/templates.ts';
import { type LinePrice, priceLines } from '#server/modules/pricing/line-prices.ts';
import { type GroupBook, groupOfCompany } from '#server/modules/pricing/price-book.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { isoDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { deskMessages } from '#shared/orders/desk.messages.ts';
import {
  type OrderChangePreview,
  type OrderChangePreviewBodySchema,
  orderChangeMessages,
} from '#shared/orders/order-change.schemas.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import type { DeskContext } from './desk-reading.ts';
import { snapshotLines } from './order-lines.ts';
import { orderEvents, orderItems, orders } from './orders.table.ts';

export type ChangeInput = z.output<typeof OrderChangePreviewBodySchema>;
type OrderRow = typeof orders.$inferSelect;

/** What a change is worked out from, read once: the order (a rep's own only), its pending lines, and what judges them now. */
interface ChangeReading {
  source: 'memory' | 'database';
  order: OrderRow;
  stage: string;
  pending: (typeof orderItems.$inferSelect)[];
  licences: string[];
  companyDisabled: boolean;
  /** How many of the two documents stand verified for the order's location (the cap below two). */
  verifiedDocuments: number;
  settings: Awaited<ReturnType<DeskContext['settings']['get']>>;
  rules: Awaited<ReturnType<DeskContext['compliance']['get']>>;
  book: Awaited<ReturnType<DeskContext['pricing']['get']>>;
  model: Awaited<ReturnType<DeskContext['catalogue']['get']>>;
}

export async function readChange(
  ctx: DeskContext,
  number: string,
  source: ChangeReading['source'],
): Promise<ChangeReading> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.number, number),
        ctx.companyScope ? ofRepCompanies(orders.companyId, ctx.companyScope) : undefined,
      ),
    );
  if (!order) throw new NotFound(orderAdminMessages.orderNotFound);
  const fresh = source === 'database';
  const [pending, [event], licences, settings, rules, book, model, [standing]] = await Promise.all([
    ctx.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.status, 'pending')))
      .orderBy(asc(orderItems.id)),
    ctx.db
      .select({ stage: orderEvents.stage })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(sql`${orderEvents.createdAt} desc, ${orderEvents.id} desc`)
      .limit(1),
    orderLicenceStates(ctx.db, order, isoDay(ctx.now)),
    ctx.settings.get(),
    fresh ? ctx.compliance.fresh() : ctx.compliance.get(),
    fresh ? ctx.pricing.fresh() : ctx.pricing.get(),
    fresh ? ctx.catalogue.fresh() : ctx.catalogue.get(),
    ctx.database.query<{ disabled: boolean; n: number }>(
      `select coalesce((select disabled_at is not null from companies where id = $1), false) as disabled,
         documents_verified_for($1::uuid, $2::uuid, $3::timestamptz) as n`,
      [order.companyId, order.locationId, ctx.now.toISOString()],
    ),
  ]);
  return {
    source,
    order,
    stage: event?.stage ?? 'placed',
    pending,
    licences,
    companyDisabled: standing?.disabled ?? false,
    verifiedDocuments: standing?.n ?? 0,
    settings,
    rules,
    book,
    model,
  };
}

/** The change worked out: the new lines priced and judged, the totals, what changes, and what stops it. */
export interface WorkedChange {
  preview: OrderChangePreview;
  rows: CartLineRow[];
  prices: LinePrice[];
  excise: number[];
  order: Record<string, unknown>;
  check: { version: number; licences: string[]; group: { id: number; version: number } | null };
}

/**
 * A change as it would be now (decision 016, part 4): each line the order keeps at its agreed unit
 * price whatever its new quantity, each new one at the company's price today (its group, tiers at
 * its quantity); every line judged again for the order's location and shipping (a line now
 * blocked, or whose excise cannot be worked out, stops the change), excise recomputed; case packs
 * for the quantities that change; stock for what is taken. Shipping changed: a delivery takes the
 * store's fee now, a pickup none; unchanged, the order's fee stays.
 */
export async function workOut(ctx: DeskContext, r: ChangeReading, input: ChangeInput): Promise<WorkedChange> {
  const { order } = r;
  const problems: string[] = [];
  if (r.stage !== 'placed') problems.push(orderChangeMessages.shipped);
  const group = order.companyId ? groupOfCompany(r.book, order.companyId) : null;
  const { rows, prices, lines, removed, judgedVersion } = await judgeChange(ctx, r, input, group);
  const pickup = input.shippingType === 'Pickup';
  const shippingChanged = input.shippingType !== order.shippingType;
  const shipping = !shippingChanged ? order.shippingCents : pickup ? 0 : r.settings.deliveryFeeCents;
  // Cancelled items stay as they are, in the totals as they were (a cancellation does not change them).
  const pendingSubtotal = r.pending.reduce((n, i) => n + i.unitPriceCents * i.quantity, 0);
  const pendingExcise = r.pending.reduce((n, i) => n + i.exciseCents, 0);
  const subtotal = order.subtotalCents - pendingSubtotal + lines.reduce((n, l) => n + l.lineTotalCents, 0);
  const excise = order.exciseCents - pendingExcise + lines.reduce((n, l) => n + l.exciseCents, 0);
  const after = {
    subtotalCents: subtotal,
    shippingCents: shipping,
    exciseCents: excise,
    totalCents: subtotal + shipping + excise,
  };
  const name = (l: { productName: string; variantName: string }) => optionLabel(l.productName, l.variantName);
  const changes = [
    ...lines.flatMap((l) =>
      l.was === 0
        ? [orderChangeMessages.added(l.quantity, name(l))]
        : l.was !== l.quantity
          ? [orderChangeMessages.quantity(name(l), l.was, l.quantity)]
          : [],
    ),
    ...removed.map((i) => orderChangeMessages.removed(i.quantity, name(i))),
    ...(shippingChanged
      ? [orderChangeMessages.shipping(shippingLabel(order.shippingType), shippingLabel(input.shippingType))]
      : []),
  ];
  if (!changes.length) problems.push(orderChangeMessages.nothingChanged);
  for (const l of lines) if (l.problem) problems.push(`${name(l)}: ${l.problem}`);
  // The desk's rules hold for a change too: an enabled company, and the unverified cap for a
  // change that raises the subtotal (one that does not is allowed, whatever the order was).
  if (r.companyDisabled) problems.push(deskMessages.companyDisabled);
  if (r.verifiedDocuments < 2 && subtotal > Math.max(r.settings.unverifiedCapCents, order.subtotalCents))
    problems.push(deskMessages.overCap(r.settings.unverifiedCapCents));
  const before = {
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    exciseCents: order.exciseCents,
    totalCents: order.totalCents,
  };
  const revision = createHash('sha256')
    .update(
      // Not the stock: another order taking some meanwhile leaves this change as it was (the
      // function takes what it needs, or refuses).
      JSON.stringify([
        order.version,
        input.shippingType,
        lines.map(({ stock: _, ...l }) => l),
        before,
        after,
        changes,
      ]),
    )
    .digest('hex')
    .slice(0, 32);
  return {
    preview: {
      version: order.version,
      shippingType: input.shippingType,
      lines,
      before,
      after,
      changes,
      problems,
      revision,
    },
    rows,
    prices,
    excise: lines.slice(0, rows.length).map((l) => l.exciseCents),
    order: {
      shipping_type: input.shippingType,
      shipping_cents: shipping,
      carrier: pickup ? '' : shippingChanged ? r.settings.carrier : order.carrier,
      subtotal_cents: subtotal,
      excise_cents: excise,
      total_cents: after.totalCents,
      // The pending items the change was worked out from, as change_order reads them under lock.
      was: Object.fromEntries(
        r.pending.map((i) => [i.variantId === null ? `sku:${i.sku}` : String(i.variantId), i.quantity]),
      ),
    },
    check: {
      version: judgedVersion,
      licences: r.licences,
      group: group && { id: group.id, version: group.version },
    },
  };
}

type PendingItem = ChangeReading['pending'][number];

/**
 * The lines as asked, each matched to the pending item it continues by option (the SKU it was
 * ordered under names it too, though the catalogue may have renamed it since; a new SKU is a new
 * line): priced (the item's agreed unit price, or the company's today), judged for the ship-to,
 * each with its problem. An item whose option is no longer sold is shown, to be removed.
 */
async function judgeChange(ctx: DeskContext, r: ChangeReading, input: ChangeInput, group: GroupBook | null) {
  const { order } = r;
  const byOption = new Map(
    r.pending.flatMap((i) => (i.variantId === null ? [] : [[i.variantId, i] as const])),
  );
  const bySku = new Map(r.pending.map((i) => [i.sku, i]));
  const rows: CartLineRow[] = [];
  const items: (PendingItem | undefined)[] = [];
  const gone: { item: PendingItem; quantity: number }[] = [];
  for (const line of input.lines) {
    const ordered = bySku.get(line.sku);
    const found =
      ordered?.variantId != null ? r.model.variant(ordered.variantId) : r.model.variantBySku(line.sku);
    if (!found) {
      if (!ordered) throw new Invalid(`${orderChangeMessages.unknownSku} (${line.sku})`, 'lines');
      gone.push({ item: ordered, quantity: line.quantity });
      continue;
    }
    if (rows.some((row) => row.variantId === found.variant.id))
      throw new Invalid(orderChangeMessages.repeatedLine, 'lines');
    rows.push(lineRow(found, line.quantity));
    items.push(byOption.get(found.variant.id));
  }
  const today = priceLines(group, rows);
  const prices = rows.map((row, i): LinePrice => {
    const item = items[i];
    return item
      ? {
          ...today[i]!,
          unitPriceCents: item.unitPriceCents,
          lineTotalCents: item.unitPriceCents * row.quantity,
        }
      : today[i]!;
  });
  const pickup = input.shippingType === 'Pickup';
  const judged = await judgeLines(
    ctx.db,
    r.rules,
    // The location's licenses are read already (readChange); the holder is not read.
    { userId: order.userId, locationId: order.locationId },
    ctx.now,
    rows.map((row, i) => ({ ...row, unitPriceCents: prices[i]!.unitPriceCents })),
    pickup
      ? { state: r.settings.storeState, shipping: 'Pickup' }
      : { state: order.shipState, shipping: 'Delivery' },
    r.licences,
  );
  const lines = rows.map((row, i) => {
    const verdict = judged.verdicts[i]!;
    const was = items[i]?.quantity ?? 0;
    const problem = verdict.blocks[0]
      ? verdict.blocks[0].reason
      : verdict.excise.missing.length
        ? orderChangeMessages.lineNoExcise
        : row.quantity - was > row.stock
          ? orderChangeMessages.lineShort(row.stock)
          : row.quantity !== was
            ? today[i]!.quantityProblem
            : null;
    return {
      sku: row.sku,
      productName: row.productName,
      variantName: row.variantName,
      sellingUnit: row.sellingUnit,
      quantity: row.quantity,
      was,
      unitPriceCents: prices[i]!.unitPriceCents,
      agreed: items[i] !== undefined,
      lineTotalCents: prices[i]!.lineTotalCents,
      exciseCents: verdict.excise.cents,
      stock: row.stock,
      problem,
    };
  });
  const goneLines = gone.map(({ item, quantity }) => ({
    sku: item.sku,
    productName: item.productName,
    variantName: item.variantName,
    sellingUnit: item.sellingUnit,
    quantity,
    was: item.quantity,
    unitPriceCents: item.unitPriceCents,
    agreed: true,
    lineTotalCents: item.unitPriceCents * quantity,
    exciseCents: item.exciseCents,
    stock: 0,
    problem: orderChangeMessages.lineGone,
  }));
  const kept = new Set([...items.filter((i) => i !== undefined), ...gone.map((g) => g.item)]);
  return {
    rows,
    prices,
    lines: [...lines, ...goneLines],
    removed: r.pending.filter((i) => !kept.has(i)),
    judgedVersion: judged.version,
  };
}

const shippingLabel = (t: string) => (t === 'Pickup' ? 'pickup' : 'delivery');

/** Who is told of a change: every active member of the order's company, or the login of an order without one. */
export async function changeRecipients(ctx: DeskContext, order: OrderRow) {
  if (order.companyId) return activeMembersOf(ctx.db, order.companyId);
  return ctx.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, order.userId));
}

/** The revised order's mail to each recipient, and the snapshot of its lines, as change_order takes them. */
export function changeArgs(
  ctx: DeskContext,
  r: ChangeReading,
  worked: WorkedChange,
  {
    reason,
    staff,
    recipients,
  }: { reason: string; staff: string; recipients: { email: string; name: string }[] },
) {
  const number = r.order.number;
  const mail = recipients.map((m) =>
    orderRevisedMail(
      ctx.mail.storeName,
      m.email,
      {
        name: m.name,
        staff,
        number,
        reason,
        total: formatCents(worked.preview.after.totalCents),
        totalBefore: formatCents(r.order.totalCents),
      },
      worked.preview.changes,
      `${ctx.mail.publicUrl}/orders`,
    ),
  );
  return {
    lines: snapshotLines(worked.rows, worked.prices, (i) => worked.excise[i]!),
    mail: { to: mail },
    revision: { reason, changes: worked.preview.changes },
  };
}
