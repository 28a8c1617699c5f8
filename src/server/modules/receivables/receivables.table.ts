import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { orderItems, orders } from '#server/modules/orders/orders.table.ts';
import type { BillTo, InvoiceLicense, ShipTo } from '#shared/receivables/invoices.schemas.ts';

/**
 * The store's receivables settings (decision 017): one row (id 1), written by the migration with
 * its defaults and edited by staff. The database functions read it when they issue an invoice.
 */
export const receivablesSettings = pgTable(
  'receivables_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** When an order's invoice is issued: as it is placed, or as it ships. */
    invoiceOn: text('invoice_on').notNull(),
    /** The terms of a company that has none of its own. */
    defaultTerms: text('default_terms').notNull(),
    /** The store's time zone (an IANA name): invoice dates, due dates and aging are its days. */
    timeZone: text('time_zone').notNull(),
    /** A company with an invoice more than this many days past due is on credit hold. */
    holdAfterDays: integer('hold_after_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('receivables_settings_one_row', sql`${t.id} = 1`),
    check('receivables_settings_invoice_on', sql`${t.invoiceOn} in ('placed', 'shipped')`),
  ],
);

/**
 * A company's account with the store: its payment terms (null: the store's default), its credit
 * limit (null: none) and a hold staff lifted (until when, and why). Placing an order of a company
 * with a limit holds this row (FOR UPDATE): two orders at once are judged one after the other.
 */
export const companyAccounts = pgTable(
  'company_accounts',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    paymentTerms: text('payment_terms'),
    creditLimitCents: integer('credit_limit_cents'),
    holdLiftedUntil: timestamp('hold_lifted_until', { withTimezone: true }),
    holdLiftReason: text('hold_lift_reason').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_accounts_limit_check', sql`${t.creditLimitCents} is null or ${t.creditLimitCents} >= 0`),
  ],
);

/**
 * The last number given in a series (INV, CN) in a year. Issuing takes the next one by updating
 * this row in its own transaction: the row stays locked until it commits, so numbers have no gaps
 * (a PostgreSQL sequence would leave one on every rollback).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * An invoice or a credit note (`kind`), issued once and never changed (a trigger refuses UPDATE
 * and DELETE). An order's first invoice has no `references_id`; a change after it issues a credit
 * note (what the order no longer owes) or a supplementary invoice (what it owes more), each
 * referencing the first. Everything a shop files is kept as it was on the day: bill-to, ship-to,
 * the licenses the order relied on, terms and due date.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    number: text('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The order's number, as printed (statements and exports list it without reading the order). */
    orderNumber: text('order_number').notNull().default(''),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /** The order's placer, who may see it when their role shows only their own orders. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The order's first invoice, for a credit note or a supplementary invoice; null on the first. */
    referencesId: uuid('references_id'),
    /** Why a credit note or a supplementary invoice was issued ('' on the first invoice). */
    reason: text('reason').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The store's calendar day it was issued (its time zone). */
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    terms: text('terms').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    billTo: jsonb('bill_to').$type<BillTo>().notNull(),
    shipTo: jsonb('ship_to').$type<ShipTo>().notNull(),
    licenses: jsonb('licenses').$type<InvoiceLicense[]>().notNull(),
    /** The state whose excise the lines carry (where it ships; the store's state for a pickup). */
    exciseState: text('excise_state').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    exciseCents: integer('excise_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      'invoices_total_check',
      sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + ${t.exciseCents}`,
    ),
    uniqueIndex('invoices_first_per_order').on(t.orderId).where(sql`${t.referencesId} is null`),
    index('invoices_order_idx').on(t.orderId),
    index('invoices_company_date_idx').on(t.companyId, t.invoiceDate),
    index('invoices_issued_idx').on(t.issuedAt),
    // A state's excise return for a month (decision 018).
    index('invoices_excise_state_date_idx').on(t.exciseState, t.invoiceDate),
  ],
);

/**
 * A document's lines: an order's item (by option and unit price) or its delivery fee. A credit
 * note's quantities and amounts are positive; its kind says they are taken off.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    /** What the line is of: the option (`v:12`, `sku:X` for an item without one) and unit price, or 'delivery'. */
    lineKey: text('line_key').notNull(),
    sku: text('sku').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    exciseCents: integer('excise_cents').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/**
 * What is left of each document: of an invoice, what is still owed (its total less what payments
 * and credit notes paid of it); of a credit note, the credit not used yet. Written when it is
 * issued and by every allocation and refund; the invoice itself never changes.
 */
export const invoiceBalances = pgTable(
  'invoice_balances',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id'),
    kind: text('kind').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    openCents: integer('open_cents').notNull(),
  },
  (t) => [
    check('invoice_balances_open_check', sql`${t.openCents} >= 0`),
    index('invoice_balances_open_idx').on(t.companyId, t.kind, t.dueDate).where(sql`${t.openCents} > 0`),
  ],
);

/**
 * Money a company paid, recorded by staff: applied to invoices (allocations), the rest unapplied
 * credit later invoices take. Voided with a reason (its allocations are undone), never removed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** What is not applied to an invoice nor paid back: credit on the account. */
    unappliedCents: integer('unapplied_cents').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'restrict' }),
    voidReason: text('void_reason').notNull().default(''),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check(
      'payments_unapplied_check',
      sql`${t.unappliedCents} >= 0 and ${t.unappliedCents} <= ${t.amountCents}`,
    ),
    check('payments_method_check', sql`${t.method} in ('check', 'ach', 'card', 'cash', 'other')`),
    index('payments_company_idx').on(t.companyId, t.receivedOn),
  ],
);

/** Part of a payment or of a credit note (the source) paying part of an invoice. */
export const allocations = pgTable(
  'allocations',
  {
    id: serial('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    creditNoteId: uuid('credit_note_id').references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('allocations_amount_check', sql`${t.amountCents} > 0`),
    check('allocations_one_source', sql`(${t.paymentId} is null) <> (${t.creditNoteId} is null)`),
    index('allocations_invoice_idx').on(t.invoiceId),
    index('allocations_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    index('allocations_credit_note_idx').on(t.creditNoteId).where(sql`${t.creditNoteId} is not null`),
  ],
);

/** Money paid back to a company out of a payment's or a credit note's unapplied credit. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    creditNoteId: uuid('credit_note_id').references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    reason: text('reason').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_one_source', sql`(${t.paymentId} is null) <> (${t.creditNoteId} is null)`),
    index('refunds_company_idx').on(t.companyId, t.paidOn),
  ],
);

/**
 * A mail about a document, sent once: its PDF as issued ('issued'), and the reminders before and
 * after its due date ('due_soon', 'due_today', 'overdue_7', 'overdue_14'…). The row is written in
 * the transaction that queues the mail; a second writer (a restart, another instance) fails the
 * primary key and queues nothing.
 */
export const invoiceMails = pgTable(
  'invoice_mails',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);

/**
 * Units of a delivered item the company sent back, as staff recorded them (decision 017): what the
 * order owes is less by them (invoice_order), so a credit note is issued for them. The item itself
 * stays delivered; how many of it came back is here, with why and who.
 */
export const itemReturns = pgTable(
  'item_returns',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('item_returns_quantity_check', sql`${t.quantity} > 0`),
    index('item_returns_item_idx').on(t.orderItemId),
  ],
);
