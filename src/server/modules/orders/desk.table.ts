import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { addresses } from '#server/modules/companies/locations.table.ts';
import { quotes } from './quotes.table.ts';

/**
 * An order being taken at the desk (decision 016, part 2): one per staff member and company, so a
 * reload or a second tab finds it, and the staff member's own storefront cart is never touched.
 * `version` goes up with every change; placing names the version the page showed.
 */
export const deskDrafts = pgTable(
  'desk_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The location chosen; null: the company's default. */
    locationId: uuid('location_id').references(() => addresses.id, { onDelete: 'set null' }),
    shippingType: text('shipping_type').notNull().default('Shiptoaddress'),
    /** The delivery fee set for this order, with its reason; null: the store's. */
    feeCents: integer('fee_cents'),
    feeReason: text('fee_reason').notNull().default(''),
    buyerNote: text('buyer_note').notNull().default(''),
    internalNote: text('internal_note').notNull().default(''),
    version: integer('version').notNull().default(0),
    /** The quote this draft was opened from (a buyer's request, or one sent being revised); null: none. */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    /** The quote's version when it was opened: sending refuses a quote revised since by someone else. */
    quoteVersion: integer('quote_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('desk_drafts_staff_company_unique').on(t.staffId, t.companyId),
    index('desk_drafts_company_idx').on(t.companyId),
    check('desk_drafts_shipping_type_check', sql`${t.shippingType} in ('Pickup', 'Shiptoaddress')`),
    check('desk_drafts_fee_check', sql`${t.feeCents} is null or ${t.feeCents} >= 0`),
  ],
);

/** A draft's lines: an option and how many. */
export const deskDraftLines = pgTable(
  'desk_draft_lines',
  {
    draftId: uuid('draft_id')
      .notNull()
      .references(() => deskDrafts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** A negotiated unit price for a quote (decision 016, part 3), with its reason; null: the company's. */
    unitPriceCents: integer('unit_price_cents'),
    priceReason: text('price_reason').notNull().default(''),
    /** The order lines were added in: the draft lists them so. */
    position: serial('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.draftId, t.variantId] }),
    index('desk_draft_lines_variant_idx').on(t.variantId),
    check('desk_draft_lines_quantity_check', sql`${t.quantity} > 0`),
    check('desk_draft_lines_price_check', sql`${t.unitPriceCents} is null or ${t.unitPriceCents} >= 0`),
  ],
);
