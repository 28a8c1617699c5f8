import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';

/**
 * Sales rolled up as invoices are issued (decision 018): every figure is what the invoices and
 * credit notes say (a credit note's amounts taken off), on the store's days (an invoice's
 * `invoice_date`). The database keeps them: a trigger on `invoices` queues each document in the
 * transaction that issued it (`sales_rollup_queue`), and `fold_sales_rollups()` adds what is
 * queued to the rollups — a job every second, and every report before it reads them, so a report
 * is exact (db/functions/fold_sales_rollups.sql, roll_up_invoices.sql).
 * Amounts are bigint cents: a year of a busy store passes int4 in one row.
 */
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Documents issued and not yet in the rollups: one insert in the issuing transaction, no row shared
 * with another order (the rollups' rows are, and adding to them there made orders wait in turn).
 */
export const salesRollupQueue = pgTable('sales_rollup_queue', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  invoiceId: uuid('invoice_id').notNull(),
});

/** One row per store day with an invoice or a credit note: the sales chart and the dashboard. */
export const salesDayTotals = pgTable('sales_day_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Orders first invoiced that day (an order's first invoice). */
  orders: integer('orders').notNull().default(0),
  invoices: integer('invoices').notNull().default(0),
  creditNotes: integer('credit_notes').notNull().default(0),
  goodsCents: money('goods_cents'),
  shippingCents: money('shipping_cents'),
  exciseCents: money('excise_cents'),
  totalCents: money('total_cents'),
  /** What credit notes took off (their totals, positive). */
  creditedCents: money('credited_cents'),
});

/**
 * Sales by company, ship-to state (the invoice's excise state: the store's own for a pickup) and
 * the company's sales rep when the invoice was issued, per day (`grain` 'd') and per month ('m',
 * `period` its first day): a range reads whole months from the monthly rows and its ends from
 * the daily ones. A key part with no value is '' (an order of no company, a company with no rep).
 */
export const salesCustomerRollups = pgTable(
  'sales_customer_rollups',
  {
    grain: text('grain').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    companyKey: text('company_key').notNull(),
    state: text('state').notNull(),
    repKey: text('rep_key').notNull(),
    orders: integer('orders').notNull().default(0),
    goodsCents: money('goods_cents'),
    shippingCents: money('shipping_cents'),
    exciseCents: money('excise_cents'),
    totalCents: money('total_cents'),
    creditedCents: money('credited_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.period, t.companyKey, t.state, t.repKey] }),
    check('sales_customer_rollups_grain', sql`${t.grain} in ('d', 'm')`),
  ],
);

/**
 * Sales by item (an option, or a SKU sold without one), per day and per month as above. Its
 * product, brand and category are the catalogue's when a report is read (an order's items can be
 * changed away; the option stays). Delivery fees are in the totals only. `credited_*` is what
 * credit notes took back (positive); quantity and goods are net of it.
 */
export const salesItemRollups = pgTable(
  'sales_item_rollups',
  {
    grain: text('grain').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    /** `v:<option id>`, or `sku:<sku>` for an item without one. */
    itemKey: text('item_key').notNull(),
    /** The option of a `v:` key (no foreign key: a deleted option's sales stay). */
    variantId: integer('variant_id'),
    sku: text('sku').notNull(),
    /** The least of its lines' descriptions (one value, however the lines came in). */
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(0),
    goodsCents: money('goods_cents'),
    exciseCents: money('excise_cents'),
    creditedQuantity: integer('credited_quantity').notNull().default(0),
    creditedCents: money('credited_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.period, t.itemKey] }),
    check('sales_item_rollups_grain', sql`${t.grain} in ('d', 'm')`),
    // Slow movers and low stock: an option's last sale, and its last 30 days.
    index('sales_item_rollups_variant_idx').on(t.variantId, t.grain, t.period),
  ],
);

/** An option's reorder point, set by staff; an option without one uses the report settings'. */
export const reorderPoints = pgTable(
  'reorder_points',
  {
    variantId: integer('variant_id')
      .primaryKey()
      .references(() => variants.id, { onDelete: 'cascade' }),
    point: integer('point').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [check('reorder_points_point_check', sql`${t.point} >= 0`)],
);

/** The reports' settings: one row (id 1), written by the migration with its defaults. */
export const reportSettings = pgTable(
  'report_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** The reorder point of an option that has none of its own. */
    defaultReorderPoint: integer('default_reorder_point').notNull().default(10),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('report_settings_one_row', sql`${t.id} = 1`),
    check('report_settings_point_check', sql`${t.defaultReorderPoint} >= 0`),
  ],
);
