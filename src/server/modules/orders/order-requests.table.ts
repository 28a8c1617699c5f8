import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { orders } from './orders.table.ts';

/**
 * An order over its buyer's limit, waiting for an owner of the company (decision 015, step 4): not
 * an order yet, so no stock is taken and the console's lists, reports and invoices never see it.
 * Approved, it becomes an order with the same number; declined or withdrawn, it stays as a record.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** From the orders' sequence: the order made on approval keeps it. */
    number: text('number').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The member who placed it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    locationId: uuid('location_id').references(() => addresses.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The order's fields as place_order was given them (ship-to, type, comments, amounts, carrier). */
    shipping: jsonb('shipping').$type<Record<string, unknown>>().notNull(),
    /** The lines as place_order was given them: the snapshot and what they were priced from. */
    lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    exciseCents: integer('excise_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The buyer's limit it was over, as it was then. */
    limitCents: integer('limit_cents').notNull(),
    status: text('status').notNull().default('awaiting'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The owner's note on a decline. */
    note: text('note'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_requests_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('order_requests_company_status_idx').on(t.companyId, t.status, t.createdAt),
    check(
      'order_requests_status_check',
      sql`${t.status} in ('awaiting', 'approved', 'declined', 'withdrawn')`,
    ),
  ],
);
export type OrderRequestRow = typeof orderRequests.$inferSelect;
