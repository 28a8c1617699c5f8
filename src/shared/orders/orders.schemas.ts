import { z } from 'zod';
import { SHIPPING_TYPES } from '#shared/cart/cart.rules.ts';
import { CartSchema } from '#shared/cart/cart.schemas.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import { OrderRevisionSchema } from './order-change.schemas.ts';
import { ORDER_TABS } from './order-tracking.ts';
import { orderMessages } from './orders.messages.ts';

export { orderMessages };

const text = (max: number) =>
  z
    .string({ message: orderMessages.shippingRequired })
    .trim()
    .min(1, orderMessages.shippingRequired)
    .max(max);

/** The most lines an order's body names (a larger cart is placed without naming them). */
export const ORDER_LINES_MAX = 5_000;

/** SPEC §7 orderFunctionMain payload, plus comments and an idempotency key. The cart is the server's. */
export const PlaceOrderBodySchema = z.object({
  shippingDetails: z.object({
    name: text(100),
    businessName: text(120),
    address: text(240),
    city: text(80),
    state: text(40),
    postalCode: text(20),
  }),
  shippingType: z.enum(SHIPPING_TYPES),
  /**
   * The company's location the order is for (its licenses judge it; a delivery goes to its
   * address): the address chosen at checkout. Absent: the company's default location.
   */
  locationId: z.uuid({ message: accountMessages.addressNotFound }).optional(),
  comments: z.string().max(1000).default(''),
  idempotencyKey: z.uuid(),
  /** The total checkout showed (cents): the order is refused, not charged differently, if it moved. */
  expectedTotalCents: z.number().int().nonnegative().max(1_000_000_000).optional(),
  /**
   * The lines checkout showed (SKU and quantity): the order is refused if the cart is no longer
   * these. The server still prices them itself, and orders the cart only.
   */
  lines: z
    .array(
      z.object({ variantId: z.string().min(1).max(60), quantity: z.number().int().positive().max(10_000) }),
    )
    .max(ORDER_LINES_MAX)
    .refine((l) => new Set(l.map((x) => x.variantId)).size === l.length, orderMessages.repeatedLine)
    .optional(),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBodySchema>;
/** What the checkout form itself edits; the address and the key come from elsewhere on the page. */
export const CheckoutFormSchema = PlaceOrderBodySchema.pick({ shippingType: true, comments: true });
export type PlaceOrderInput = z.output<typeof PlaceOrderBodySchema>;

export const ORDER_ITEM_STATUSES = ['pending', 'cancelled', 'delivered'] as const;
export const OrderItemSchema = z.object({
  variantId: z.string(),
  productName: z.string(),
  variantName: z.string(),
  imageUrl: z.string(),
  unitPriceCents: z.number().int(),
  /** What one of the unit price bought ("box of 10"); '' when the product did not say. */
  sellingUnit: z.string(),
  quantity: z.number().int().positive(),
  lineTotalCents: z.number().int(),
  /** State excise on the line, as charged. */
  exciseCents: z.number().int(),
  status: z.enum(ORDER_ITEM_STATUSES),
  categoryId: z.string(),
  brandId: z.string(),
  productId: z.string(),
});

export const OrderSchema = z.object({
  orderNumber: z.string(),
  datePlaced: z.string(),
  shippingType: z.enum(SHIPPING_TYPES),
  shippingDetails: PlaceOrderBodySchema.shape.shippingDetails,
  comments: z.string(),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  /** State excise in all (the lines'); part of the total. */
  exciseCents: z.number().int(),
  totalCents: z.number().int(),
  items: z.array(OrderItemSchema),
  events: z.array(z.object({ stage: z.string(), at: z.string() })),
  /** Who carries a delivery that has shipped, and its tracking number and page when staff gave one. */
  tracking: z.object({ carrier: z.string(), number: z.string(), url: z.string().nullable() }).nullable(),
  /** The member of the company who placed it (decision 015), or the staff member who took it at the desk. */
  placedBy: z.object({ id: z.string(), name: z.string() }),
  /** Taken at the order desk by staff (`placedBy`) for the company (decision 016, part 2). */
  takenAtDesk: z.boolean(),
  /** The quote it was accepted from, at the quote's prices (decision 016, part 3); null: none. */
  quoteNumber: z.string().nullable(),
  /** The changes staff made to it before it shipped, oldest first (decision 016, part 4). */
  revisions: z.array(OrderRevisionSchema),
  /**
   * The company's location it was for (its name, else its street); null for an order before
   * locations whose address matched none, or once the location is removed.
   */
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const PlaceOrderResponseSchema = z.object({ message: z.string(), order: OrderSchema });
export const OrdersQuerySchema = z.object({
  tab: z.enum(ORDER_TABS).default('Orders'),
  pastMonth: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Only the orders for this location of the company. */
  location: z.uuid({ message: orderMessages.chooseFromList }).optional(),
  /** Only the orders this member placed. */
  placedBy: z.uuid({ message: orderMessages.chooseFromList }).optional(),
});
export const OrderListSchema = z.object({ orders: z.array(OrderSchema) });

/** Buy Again: one option of one of my orders goes back in the cart, as many as ordered and in stock. */
export const BuyAgainBodySchema = z.object({ variantId: z.string().trim().min(1).max(60) });
export const BuyAgainResponseSchema = z.object({ message: z.string(), cart: CartSchema });
