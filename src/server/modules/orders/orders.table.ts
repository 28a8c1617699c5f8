import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { type ComplianceAttributes, DEFAULT_ATTRIBUTES } from '#shared/compliance/attributes.ts';

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The company the order is for (its members see it); null only for staff orders made before companies. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /**
     * The company's location the order was for (its licenses judged it; Pickup too); null for orders
     * before locations whose address matched none, and once the location is removed.
     */
    locationId: uuid('location_id').references(() => addresses.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    shippingType: text('shipping_type').notNull(),
    shipName: text('ship_name').notNull(),
    shipBusinessName: text('ship_business_name').notNull(),
    shipAddress: text('ship_address').notNull(),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipPostalCode: text('ship_postal_code').notNull(),
    comments: text('comments').notNull().default(''),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    /** State excise the store collected (sum of the items'); part of the total. */
    exciseCents: integer('excise_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    /** Who carries a delivery (the PACT Act report names it); the store's setting when placed. */
    carrier: text('carrier').notNull().default(''),
    /** The carrier's tracking number, given by staff when the order ships ('' when none). */
    trackingNumber: text('tracking_number').notNull().default(''),
    /** The stages the buyer has had a mail for: a stage reached again after a step back is not mailed twice. */
    mailedStages: text('mailed_stages').array().notNull().default(sql`'{}'::text[]`),
    /** The compliance version (rules, listings, rates) the order was judged by, held until it committed. */
    complianceVersion: integer('compliance_version'),
    /** Taken at the order desk by the staff member `user_id` names, for the company (decision 016). */
    takenAtDesk: boolean('taken_at_desk').notNull().default(false),
    /** The desk's note for staff only ('' when none); the buyer's note is `comments`. */
    internalNote: text('internal_note').notNull().default(''),
    /** Why the desk changed the delivery fee from the store's ('' when it did not). */
    feeNote: text('fee_note').notNull().default(''),
    /** Raised by each change staff make before it ships: a change names the version it was made on. */
    version: integer('version').notNull().default(0),
    /** The quote this order was accepted from (decision 016, part 3), at its prices; null: none. */
    quoteNumber: text('quote_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    // The dashboard's orders of today, this week and this month (decision 018).
    index('orders_created_idx').on(t.createdAt),
    index('orders_location_idx').on(t.locationId).where(sql`${t.locationId} is not null`),
    check('orders_shipping_type_check', sql`${t.shippingType} in ('Pickup', 'Shiptoaddress')`),
  ],
);

/** A snapshot of what was bought, at the price paid; the catalogue may change later. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id'),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull(),
    imageUrl: text('image_url').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** What one of the unit price bought ("box of 10"), as the product said when ordered. */
    sellingUnit: text('selling_unit').notNull().default(''),
    quantity: integer('quantity').notNull(),
    categorySlug: text('category_slug').notNull(),
    brandSlug: text('brand_slug').notNull(),
    productSlug: text('product_slug').notNull(),
    brandName: text('brand_name').notNull().default(''),
    /** The option's compliance attributes when ordered (kind, ml, cartridges…), for reports. */
    compliance: jsonb('compliance').$type<ComplianceAttributes>().notNull().default(DEFAULT_ATTRIBUTES),
    /** State excise on this line, rounded half up to the cent. */
    exciseCents: integer('excise_cents').notNull().default(0),
    status: text('status').notNull().default('pending'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The cancelled items of a range's orders (decision 018's report): few among many.
    index('order_items_cancelled_idx').on(t.orderId).where(sql`${t.status} = 'cancelled'`),
    check('order_items_status_check', sql`${t.status} in ('pending', 'cancelled', 'delivered')`),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * The orders no stage has moved on from Placed yet: the console's "orders to ship" (its menu count
 * and the dashboard's queue, decision 018) count these rows rather than every order. Kept by a
 * trigger on `order_events` (db/functions/order_events_awaiting.sql): a Placed event adds the
 * order, any other stage takes it out, and taking the last such stage back puts it in again.
 */
export const ordersAwaitingShipment = pgTable('orders_awaiting_shipment', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
});

/** The order's status history (placed, shipped, out for delivery, delivered, completed…). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    note: text('note'),
    /** The items a Delivered stage marked delivered, so stepping back from it returns them to pending. */
    deliveredItemIds: integer('delivered_item_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * An order's history of changes before it shipped (decision 016, part 4): who, when, why, what
 * (a sentence each) and the totals before and after. The buyer sees it.
 */
export const orderRevisions = pgTable(
  'order_revisions',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's version this change made. */
    version: integer('version').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    changes: jsonb('changes').$type<string[]>().notNull(),
    totalBeforeCents: integer('total_before_cents').notNull(),
    totalAfterCents: integer('total_after_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_revisions_order_version_unique').on(t.orderId, t.version)],
);
