import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { orders } from './orders.table.ts';

export const quoteNumberSeq = pgSequence('quote_number_seq', { startWith: 1001 });

/**
 * A quote (decision 016, part 3): an order offered to a company at quoted prices until a day
 * (`sent`), accepted once (`accepted`, with the order it made), `declined` or `withdrawn`; or a
 * buyer's request from their cart (`requested`) waiting for staff to price it at the desk. A quote
 * past its day is expired without a write: status `sent` and `expires_on` before today.
 * `version` rises each time it is sent again, revised: a buyer accepts the version they saw.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** The staff member who sent it last; null on a request not yet worked on. */
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** The member who asked for it from their cart; null when staff offered it. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestNote: text('request_note').notNull().default(''),
    status: text('status').notNull(),
    shippingType: text('shipping_type').notNull().default('Shiptoaddress'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    feeNote: text('fee_note').notNull().default(''),
    buyerNote: text('buyer_note').notNull().default(''),
    internalNote: text('internal_note').notNull().default(''),
    /** As sent: the lines' totals, their excise then, and the total with the fee. */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    exciseCents: integer('excise_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** The last day it stands (UTC calendar day, as license expiry); null on a request. */
    expiresOn: date('expires_on', { mode: 'string' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    closedReason: text('closed_reason').notNull().default(''),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_company_created_idx').on(t.companyId, t.createdAt),
    index('quotes_status_updated_idx').on(t.status, t.updatedAt),
    check(
      'quotes_status_check',
      sql`${t.status} in ('requested', 'sent', 'accepted', 'declined', 'withdrawn')`,
    ),
    check('quotes_shipping_type_check', sql`${t.shippingType} in ('Pickup', 'Shiptoaddress')`),
    // A sent quote stands until a day; a request (and what it ends as) may have none.
    check('quotes_sent_check', sql`${t.status} <> 'sent' or ${t.expiresOn} is not null`),
  ],
);

/**
 * A quote's lines, kept as they were quoted (the catalogue may change later): the option, its SKU
 * and names then, the quantity, the quoted unit price (null on a request), the company's own
 * price then and the reason when they differ, and the excise worked out when it was sent.
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** No reference: a quote keeps a line whose option was deleted since, and says it is no longer sold. */
    variantId: integer('variant_id').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull(),
    sellingUnit: text('selling_unit').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents'),
    listUnitPriceCents: integer('list_unit_price_cents'),
    priceReason: text('price_reason').notNull().default(''),
    exciseCents: integer('excise_cents').notNull().default(0),
    position: serial('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.variantId] }),
    check('quote_lines_quantity_check', sql`${t.quantity} > 0`),
    check('quote_lines_price_check', sql`${t.unitPriceCents} is null or ${t.unitPriceCents} >= 0`),
  ],
);
