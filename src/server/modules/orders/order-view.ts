import type { ShippingType } from '#shared/cart/cart.rules.ts';
import { trackingUrl } from '#shared/orders/carriers.ts';
import { TRACKING_STAGES } from '#shared/orders/order-tracking.ts';
import type { Order } from '#shared/orders/orders.schemas.ts';
import type { orderEvents, orderItems, orders } from './orders.table.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type EventRow = typeof orderEvents.$inferSelect;

/**
 * An order as the buyer's API shows it, from its row, its items' rows and its status events: the
 * one mapping, for orders read back (withDetails) and for the order just placed (its snapshot,
 * before reading it back would cost a round trip).
 */
export function orderView(
  o: Pick<
    OrderRow,
    | 'number'
    | 'createdAt'
    | 'shippingType'
    | 'shipName'
    | 'shipBusinessName'
    | 'shipAddress'
    | 'shipCity'
    | 'shipState'
    | 'shipPostalCode'
    | 'comments'
    | 'subtotalCents'
    | 'shippingCents'
    | 'exciseCents'
    | 'totalCents'
    | 'carrier'
    | 'trackingNumber'
    | 'takenAtDesk'
  > &
    Partial<Pick<OrderRow, 'quoteNumber'>>,
  items: Pick<
    ItemRow,
    | 'sku'
    | 'productName'
    | 'variantName'
    | 'imageUrl'
    | 'unitPriceCents'
    | 'sellingUnit'
    | 'quantity'
    | 'exciseCents'
    | 'status'
    | 'categorySlug'
    | 'brandSlug'
    | 'productSlug'
  >[],
  events: Pick<EventRow, 'stage' | 'createdAt'>[],
  /** Who of the company placed it, and the location it was for (decision 015). */
  whose: Pick<Order, 'placedBy' | 'location'> & { revisions?: Order['revisions'] },
): Order {
  return {
    orderNumber: o.number,
    ...whose,
    revisions: whose.revisions ?? [],
    takenAtDesk: o.takenAtDesk,
    quoteNumber: o.quoteNumber ?? null,
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
    items: items.map((i) => ({
      variantId: i.sku,
      productName: i.productName,
      variantName: i.variantName,
      imageUrl: i.imageUrl,
      unitPriceCents: i.unitPriceCents,
      sellingUnit: i.sellingUnit,
      quantity: i.quantity,
      lineTotalCents: i.unitPriceCents * i.quantity,
      exciseCents: i.exciseCents,
      status: i.status as 'pending' | 'cancelled' | 'delivered',
      categoryId: i.categorySlug,
      brandId: i.brandSlug,
      productId: i.productSlug,
    })),
    events: events.map((e) => ({ stage: e.stage, at: e.createdAt.toISOString() })),
    tracking: shipped(events) && o.carrier ? tracking(o.carrier, o.trackingNumber) : null,
  };
}

/** Whether the order is at a shipping stage now (a step back to Order placed, or a cancellation, is not). */
const shipped = (events: Pick<EventRow, 'stage'>[]) =>
  TRACKING_STAGES.some((t) => t.stage === events.at(-1)?.stage);

const tracking = (carrier: string, number: string) => ({
  carrier,
  number,
  url: trackingUrl(carrier, number),
});
