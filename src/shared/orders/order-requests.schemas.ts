import { z } from 'zod';
import { SHIPPING_TYPES } from '#shared/cart/cart.rules.ts';
import { orderMessages } from './orders.messages.ts';
import { PlaceOrderBodySchema, PlaceOrderResponseSchema } from './orders.schemas.ts';

export const ORDER_REQUEST_STATUSES = ['awaiting', 'approved', 'declined', 'withdrawn'] as const;
export type OrderRequestStatus = (typeof ORDER_REQUEST_STATUSES)[number];

const Person = z.object({ id: z.string(), name: z.string() });

/** An order over its buyer's limit, waiting for an owner (decision 015, step 4), or decided. */
export const OrderRequestSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_REQUEST_STATUSES),
  createdAt: z.string(),
  placedBy: Person,
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
  shippingType: z.enum(SHIPPING_TYPES),
  shippingDetails: PlaceOrderBodySchema.shape.shippingDetails,
  comments: z.string(),
  items: z.array(
    z.object({
      variantId: z.string(),
      productName: z.string(),
      variantName: z.string(),
      imageUrl: z.string(),
      unitPriceCents: z.number().int(),
      sellingUnit: z.string(),
      quantity: z.number().int().positive(),
      lineTotalCents: z.number().int(),
      exciseCents: z.number().int(),
    }),
  ),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  exciseCents: z.number().int(),
  totalCents: z.number().int(),
  /** The buyer's order limit it was over, when placed. */
  limitCents: z.number().int(),
  decidedBy: Person.nullable(),
  decidedAt: z.string().nullable(),
  /** The owner's note on a decline. */
  note: z.string().nullable(),
});
export type OrderRequest = z.infer<typeof OrderRequestSchema>;
export const OrderRequestListSchema = z.object({ requests: z.array(OrderRequestSchema) });

export const OrderRequestsQuerySchema = z.object({
  status: z.enum(ORDER_REQUEST_STATUSES).optional(),
});

/** What changed since the request was placed, line by line, as the approver is told. */
export const RequestChangeSchema = z.object({
  variantId: z.string(),
  name: z.string(),
  /** What is different now: the unit price, the excise, a rule, the stock, the case pack. */
  kind: z.enum(['price', 'excise', 'blocked', 'stock', 'case_pack', 'gone']),
  before: z.string(),
  now: z.string(),
  /** Whether the line stays in the order if the approver accepts (a blocked, short or gone one does not). */
  kept: z.boolean(),
});
export type RequestChange = z.infer<typeof RequestChangeSchema>;

/** 409 from approve: the request is not what it was; accept `revision` to approve it as it is now. */
export const RequestChangedSchema = z.object({
  message: z.string(),
  changes: z.array(RequestChangeSchema),
  /** The totals the order would have now (what accepting approves). */
  totalCents: z.number().int(),
  /** Names this revision: approving with it places exactly these figures. Null: nothing can be kept. */
  revision: z.string().nullable(),
});
export type RequestChanged = z.infer<typeof RequestChangedSchema>;

export const ApproveRequestBodySchema = z.object({
  /** The revision the approver was shown (after a 409), accepted as it is now. */
  acceptRevision: z.string().max(128).optional(),
});
export const DeclineRequestBodySchema = z.object({
  note: z
    .string({ message: orderMessages.declineNoteRequired })
    .trim()
    .min(1, orderMessages.declineNoteRequired)
    .max(500, orderMessages.declineNoteTooLong),
});
export type DeclineRequestBody = z.input<typeof DeclineRequestBodySchema>;

/** The answer to an order placed: the order, or (over the buyer's limit) its request. */
export const OrderRequestPlacedSchema = z.object({ message: z.string(), request: OrderRequestSchema });

/** What placing an order answers: the order (200, 201) or its request for approval (202). */
export const PlaceOrderAnswerSchema = z.union([PlaceOrderResponseSchema, OrderRequestPlacedSchema]);
export const RequestDecidedSchema = z.object({ message: z.string(), request: OrderRequestSchema });
