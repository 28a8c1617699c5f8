import type { StoreSettings } from '#server/modules/store/store-settings.ts';
import type { Db } from '#server/db/client.ts';
import type { ComplianceCache } from '#server/modules/compliance/compliance-cache.ts';
import { and, asc, eq } from 'drizzle-orm';
import { NotFound } from '#server/errors.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';
import { orderItems, orders } from '#server/modules/orders/orders.table.ts';
import type { RequestContext } from '#server/http/request-context.ts';
import { stateName } from '#shared/accounts/us-states.ts';
import type { OrderCompliance } from '#shared/compliance/compliance.schemas.ts';
import { isPactKind, pactDueOn } from '#shared/compliance/pact.ts';
import { isoDay } from '#shared/dates.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import { blockView, orderLicenceStates, type ShipTo, verdictFor } from './compliance.service.ts';
import { pactFilings } from './compliance.table.ts';

type SummaryContext = Pick<RequestContext, 'now'> & {
  db: Db;
  compliance: ComplianceCache;
  settings: StoreSettings;
};

/**
 * An order as the rules see it: what it was judged by when placed, its excise and PACT filing,
 * and each line judged again today (same ship-to, the licenses its company holds now for its
 * location). A line a rule now blocks should not ship; staff cancel it, or change the rule if the
 * rule is wrong.
 */
export async function orderCompliance(ctx: SummaryContext, number: string): Promise<OrderCompliance> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.number, number));
  if (!order) throw new NotFound(orderAdminMessages.orderNotFound);
  const items = await ctx.db
    .select({ item: orderItems, productId: variants.productId })
    .from(orderItems)
    .leftJoin(variants, eq(variants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const delivery = order.shippingType === 'Shiptoaddress';
  const shipTo: ShipTo = delivery
    ? { state: order.shipState, shipping: 'Delivery' }
    : { state: (await ctx.settings.get()).storeState, shipping: 'Pickup' };
  const day = isoDay(ctx.now);
  const [data, licences] = await Promise.all([ctx.compliance.get(), orderLicenceStates(ctx.db, order, day)]);
  const held = new Set(licences);
  const lines = items.map(({ item, productId }) => {
    const verdict = verdictFor(
      data,
      // A product since deleted has no directory listing to find: a directory rule blocks it.
      {
        productId: productId ?? 0,
        attributes: item.compliance,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
      },
      shipTo,
      day,
      held,
    );
    return {
      sku: item.sku,
      productName: item.productName,
      variantName: item.variantName,
      status: item.status,
      attributes: item.compliance,
      exciseCents: item.exciseCents,
      inPact: delivery && item.status !== 'cancelled' && isPactKind(item.compliance),
      today: verdict.blocks.map(blockView),
    };
  });
  const month = isoDay(order.createdAt).slice(0, 7);
  let pact: OrderCompliance['pact'] = null;
  if (lines.some((l) => l.inPact)) {
    const [filing] = await ctx.db
      .select({ filedAt: pactFilings.filedAt })
      .from(pactFilings)
      .where(and(eq(pactFilings.state, order.shipState), eq(pactFilings.month, month)));
    pact = {
      state: order.shipState,
      month,
      dueOn: pactDueOn(month),
      filedAt: filing?.filedAt.toISOString() ?? null,
    };
  }
  return {
    orderNumber: order.number,
    shipTo: { state: shipTo.state, stateName: stateName(shipTo.state), shipping: shipTo.shipping },
    judgedByVersion: order.complianceVersion,
    currentVersion: data.version,
    licences,
    exciseCents: order.exciseCents,
    carrier: order.carrier,
    pact,
    lines,
  };
}
