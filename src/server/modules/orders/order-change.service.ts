import { and, asc, eq, sql } from 'drizzle-orm';
import { Invalid, NotFound } from '#server/errors.ts';
import type { DeskContext } from './desk-reading.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { type CartLineRow, lineRow } from '#server/modules/cart/cart-lines.ts';
import { activeMembersOf } from '#server/modules/companies/company.service.ts';
import { ofRepCompanies } from '#server/modules/companies/company-sql.ts';
import { judgeLines, orderLicenceStates } from '#server/modules/compliance/compliance.service.ts';
import { orderRevisedMail } from '#server/modules/mail/templates.ts';
import { type LinePrice, priceLines } from '#server/modules/pricing/line-prices.ts';
import { groupOfCompany } from '#server/modules/pricing/price-book.ts';
import { optionLabel } from '#shared/catalogue/option-label.ts';
import { isoDay } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import {
  type OrderChangePreview,
  type OrderChangePreviewBodySchema,
  orderChangeMessages,
} from '#shared/orders/order-change.schemas.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import type { z } from 'zod';
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
  const [pending, [event], licences, settings, rules, book, model] = await Promise.all([
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
  ]);
  return { source, order, stage: event?.stage ?? 'placed', pending, licences, settings, rules, book, model };
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
  const { rows, prices, lines, judgedVersion } = await judgeChange(ctx, r, input);
  const pickup = input.shippingType === 'Pickup';
  const kept = new Set(rows.map((row) => row.sku.toUpperCase()));
  const removed = r.pending.filter((i) => !kept.has(i.sku.toUpperCase()));
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
  return {
    preview: {
      version: order.version,
      shippingType: input.shippingType,
      lines,
      before: {
        subtotalCents: order.subtotalCents,
        shippingCents: order.shippingCents,
        exciseCents: order.exciseCents,
        totalCents: order.totalCents,
      },
      after,
      changes,
      problems,
    },
    rows,
    prices,
    excise: lines.map((l) => l.exciseCents),
    order: {
      shipping_type: input.shippingType,
      shipping_cents: shipping,
      carrier: pickup ? '' : shippingChanged ? r.settings.carrier : order.carrier,
      subtotal_cents: subtotal,
      excise_cents: excise,
      total_cents: after.totalCents,
      was: Object.fromEntries(r.pending.map((i) => [i.sku, i.quantity])),
    },
    check: {
      version: judgedVersion,
      licences: r.licences,
      group: (() => {
        const g = order.companyId ? groupOfCompany(r.book, order.companyId) : null;
        return g && { id: g.id, version: g.version };
      })(),
    },
  };
}

/**
 * The lines as asked: each option from the catalogue (an unknown SKU refuses the change), priced
 * (agreed or today's), judged for the ship-to, and each one's problem.
 */
async function judgeChange(ctx: DeskContext, r: ChangeReading, input: ChangeInput) {
  const { order } = r;
  const agreed = new Map(r.pending.map((i) => [i.sku.toUpperCase(), i]));
  const rows: CartLineRow[] = [];
  const was: number[] = [];
  for (const line of input.lines) {
    const found = r.model.variantBySku(line.sku);
    if (!found) throw new Invalid(`${orderChangeMessages.unknownSku} (${line.sku})`, 'lines');
    rows.push(lineRow(found, line.quantity));
    was.push(agreed.get(found.variant.sku.toUpperCase())?.quantity ?? 0);
  }
  const today = priceLines(order.companyId ? groupOfCompany(r.book, order.companyId) : null, rows);
  const prices = rows.map((row, i): LinePrice => {
    const item = agreed.get(row.sku.toUpperCase());
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
    const changed = row.quantity !== was[i];
    const problem = verdict.blocks[0]
      ? verdict.blocks[0].reason
      : verdict.excise.missing.length
        ? 'Its excise cannot be worked out for this state.'
        : row.quantity - was[i]! > row.stock
          ? row.stock === 0
            ? 'Out of stock.'
            : `Only ${row.stock} more in stock.`
          : changed
            ? today[i]!.quantityProblem
            : null;
    return {
      sku: row.sku,
      productName: row.productName,
      variantName: row.variantName,
      sellingUnit: row.sellingUnit,
      quantity: row.quantity,
      was: was[i]!,
      unitPriceCents: prices[i]!.unitPriceCents,
      agreed: agreed.has(row.sku.toUpperCase()),
      lineTotalCents: prices[i]!.lineTotalCents,
      exciseCents: verdict.excise.cents,
      stock: row.stock,
      problem,
    };
  });
  return { rows, prices, lines, judgedVersion: judged.version };
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
