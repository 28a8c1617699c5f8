import type { z } from 'zod';
import { Conflict, NotFound } from '#server/errors.ts';
import { sendStockAlerts } from '#server/modules/alerts/alerts.service.ts';
import { deskMessages } from '#shared/orders/desk.messages.ts';
import {
  type OrderChangeBodySchema,
  type OrderChangePreview,
  orderChangeMessages,
} from '#shared/orders/order-change.schemas.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import type { DeskContext } from './desk-reading.ts';
import {
  type ChangeInput,
  changeArgs,
  changeRecipients,
  readChange,
  workOut,
} from './order-change.service.ts';
import { lineName, shortOptions } from './order-lines.ts';
import { loadAdminOrder } from './orders-staff.service.ts';

/** What the change would make of the order, judged now; nothing is written. */
export async function previewChange(
  ctx: DeskContext,
  number: string,
  input: ChangeInput,
): Promise<OrderChangePreview> {
  const reading = await readChange(ctx, number, 'memory');
  if (reading.order.version !== input.version) throw new Conflict(orderChangeMessages.stale);
  return (await workOut(ctx, reading, input)).preview;
}

/**
 * Saves a change to a placed order (decision 016, part 4), in up to two tries, each from one
 * reading: worked out as the preview was (workOut); anything that stops it, or a total other than
 * the preview's, refuses it (409); then change_order, one statement and so one transaction, checks
 * the version, the stage, the pending lines, the rules, licenses, group and catalogue under lock,
 * moves the stock by each option's difference (never below zero), rewrites the lines and totals,
 * records the revision, audits it and mails the company. Of two staff changing the same version,
 * one wins; the other is told (409) and reads the order as it is.
 */
export async function saveChange(
  ctx: DeskContext,
  number: string,
  body: z.output<typeof OrderChangeBodySchema>,
) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const reading = await readChange(ctx, number, attempt === 0 ? 'memory' : 'database');
    if (reading.order.version !== body.version) throw new Conflict(orderChangeMessages.stale);
    const worked = await workOut(ctx, reading, body);
    const { preview } = worked;
    // What the preview showed is what is saved: lines, prices, excise and totals (its fingerprint).
    if (
      preview.problems.length ||
      preview.revision !== body.revision ||
      preview.after.totalCents !== body.expectedTotalCents
    ) {
      if (attempt === 0) continue;
      throw new Conflict(
        preview.problems.length
          ? preview.problems.join(' ')
          : preview.after.totalCents !== body.expectedTotalCents
            ? orderChangeMessages.pricesChanged(preview.after.totalCents)
            : orderChangeMessages.previewChanged,
      );
    }
    const recipients = await changeRecipients(ctx, reading.order);
    const args = changeArgs(ctx, reading, worked, {
      reason: body.reason,
      staff: ctx.actor.user.name,
      recipients,
    });
    let status: string;
    try {
      const [row] = await ctx.database.query<{ r: { status: string } }>(
        `select change_order($1::uuid, $2, $3::integer, $4::timestamptz, $5::jsonb, $6::jsonb, $7::jsonb,
          $8::jsonb, $9::jsonb, $10::integer, $11::uuid) as r`,
        [
          ctx.staffId,
          number,
          body.version,
          ctx.now.toISOString(),
          JSON.stringify(worked.order),
          JSON.stringify(args.lines),
          JSON.stringify(worked.check),
          JSON.stringify(args.revision),
          JSON.stringify(args.mail),
          reading.settings.unverifiedCapCents,
          ctx.companyScope,
        ],
      );
      status = row!.r.status;
    } catch (err) {
      const ids = shortOptions(err);
      if (!ids) throw err;
      throw new Conflict(
        orderChangeMessages.notEnoughStock(worked.rows.filter((l) => ids.has(l.variantId)).map(lineName)),
      );
    }
    if (status === 'not_found') throw new NotFound(orderAdminMessages.orderNotFound);
    if (status === 'stale') throw new Conflict(orderChangeMessages.stale);
    if (status === 'shipped') throw new Conflict(orderChangeMessages.shipped);
    if (status === 'company') throw new Conflict(deskMessages.companyDisabled);
    if (status === 'over_cap') throw new Conflict(deskMessages.overCap(reading.settings.unverifiedCapCents));
    if (status === 'done') {
      // Stock a change returned (lines lowered or removed) tells those waiting for it, as a
      // cancelled item does; after the change commits, in a transaction of its own.
      // Should that fail, the change stands and the alerts stay, for the next stock returned.
      const returned = returnedOptions(reading.pending, worked.rows);
      if (returned.length)
        await ctx.db.transaction((tx) => sendStockAlerts(tx, ctx, returned)).catch(() => 0);
      ctx.mail.kick();
      ctx.changes.committed();
      return loadAdminOrder(ctx, number);
    }
  }
  throw new Conflict(orderChangeMessages.keptChanging);
}

/** The options whose pending quantity a change lowered or removed. */
function returnedOptions(
  pending: { variantId: number | null; quantity: number }[],
  rows: { variantId: number; quantity: number }[],
): number[] {
  const now = new Map(rows.map((r) => [r.variantId, r.quantity]));
  return pending.flatMap((i) =>
    i.variantId !== null && (now.get(i.variantId) ?? 0) < i.quantity ? [i.variantId] : [],
  );
}
