import { z } from 'zod';
import { TRACKING_STAGES } from '#shared/orders/order-tracking.ts';
import { orderAdminMessages } from '#shared/orders/orders.messages.ts';
import { ORDER_ITEM_STATUSES, OrderSchema } from '#shared/orders/orders.schemas.ts';

type TrackingStage = (typeof TRACKING_STAGES)[number]['stage'];

export const ADMIN_ITEM_STATUSES = ['delivered', 'cancelled'] as const;
export const SetItemStatusBodySchema = z.object({ status: z.enum(ADMIN_ITEM_STATUSES) });
const TrackingStageSchema = z.enum(
  TRACKING_STAGES.map((s) => s.stage) as [TrackingStage, ...TrackingStage[]],
);
/** The next stage; when it is Shipped (a delivery), who carries it and its tracking number. */
export const SetStageBodySchema = z.object({
  stage: TrackingStageSchema,
  carrier: z.string().trim().min(1, orderAdminMessages.carrierRequired).max(80).optional(),
  trackingNumber: z
    .string()
    .trim()
    .max(40, orderAdminMessages.trackingNumberFormat)
    .regex(/^[A-Za-z0-9 -]*$/, orderAdminMessages.trackingNumberFormat)
    .optional(),
});
export type SetStageBody = z.infer<typeof SetStageBodySchema>;
/** A step back names the stage it steps back from, so a second click (or a colleague's) changes nothing. */
export const StepBackBodySchema = z.object({ from: TrackingStageSchema });

const IsoDaySchema = z.iso.date({ message: 'Dates are YYYY-MM-DD.' });
/** Orders waiting to ship: no stage since Order placed, not cancelled (the dashboard's queue). */
export const ADMIN_ORDER_STAGES = ['toShip'] as const;
export const AdminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_ITEM_STATUSES).optional(),
  stage: z.enum(ADMIN_ORDER_STAGES, { message: 'Choose a stage.' }).optional(),
  from: IsoDaySchema.optional(),
  to: IsoDaySchema.optional(),
  /** Part of the buyer's business name, name or email. */
  buyer: z.string().trim().max(100).optional(),
  number: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminOrdersQuery = z.output<typeof AdminOrdersQuerySchema>;
export const OrdersCsvQuerySchema = z.object({ from: IsoDaySchema, to: IsoDaySchema });

export const AdminOrderSchema = OrderSchema.extend({
  buyer: z.object({ id: z.string(), name: z.string(), businessName: z.string(), email: z.string() }),
  /** Who carries a delivery ('' for a pickup): the store's carrier when placed, or the one it shipped with. */
  carrier: z.string(),
  /** The tracking number staff last gave ('' when none), kept through a step back. */
  trackingNumber: z.string(),
  /** The stages the buyer has been mailed about: reaching one again mails nobody. */
  mailedStages: z.array(z.string()),
  /** The desk's note for staff ('' when none). */
  internalNote: z.string(),
  /** Why the desk changed the delivery fee ('' when it did not). */
  feeNote: z.string(),
  /** The order's version: a change names the one the page showed (decision 016, part 4). */
  version: z.number().int(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderListSchema = z.object({
  orders: z.array(AdminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * The warehouse's pick list (decision 016, part 1): what to take from the shelves for the orders
 * waiting to ship (latest stage "Order placed"), one line per option, its pending quantities
 * summed, with the orders that want it; optionally only pickups or deliveries.
 */
export const PickListQuerySchema = z.object({
  shipping: z.enum(['Pickup', 'Shiptoaddress']).optional(),
});
export const PickListSchema = z.object({
  /** How many orders the list is for. */
  orderCount: z.number().int(),
  lines: z.array(
    z.object({
      sku: z.string(),
      productName: z.string(),
      variantName: z.string(),
      sellingUnit: z.string(),
      /** Units to pick in all (of the unit the price was for: a box of 10 counts one). */
      quantity: z.number().int(),
      /** On the shelf now, by the catalogue (null: the option is no longer in it). */
      stock: z.number().int().nullable(),
      orders: z.array(z.object({ number: z.string(), business: z.string(), quantity: z.number().int() })),
    }),
  ),
});
export type PickList = z.infer<typeof PickListSchema>;
