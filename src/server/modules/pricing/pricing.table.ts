import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import type { Tier } from '#shared/pricing/price-resolution.ts';

/** A customer group (Retail shop, Chain, Distributor…) and its one price list. */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Moves with every change to the group's price list: an order holds it while it checks prices. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_groups_name_unique').on(sql`lower(${t.name})`)],
);

/** Which group a buyer is in: at most one, by the key. */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'restrict' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_group_members_group_idx').on(t.groupId)],
);

/** A company's customer group (decision 015): its members see the group's prices. */
export const companyGroups = pgTable(
  'company_groups',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'restrict' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_groups_group_idx').on(t.groupId)],
);

/**
 * One line of a group's price list: a fixed price (with tiers) for an option or a product, or a
 * percentage off the list price (hundredths of a percent) for a brand or a category.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    /** The variant's, product's, brand's or category's id. */
    targetId: integer('target_id').notNull(),
    priceCents: integer('price_cents'),
    basisPoints: integer('basis_points'),
    tiers: jsonb('tiers').$type<Tier[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_list_entries_target_unique').on(t.groupId, t.scope, t.targetId),
    check('price_list_entries_scope_check', sql`${t.scope} in ('variant', 'product', 'brand', 'category')`),
    check(
      'price_list_entries_kind_check',
      sql`(${t.scope} in ('variant', 'product') and ${t.priceCents} >= 0 and ${t.basisPoints} is null)
        or (${t.scope} in ('brand', 'category') and ${t.basisPoints} between 0 and 10000
            and ${t.priceCents} is null and ${t.tiers} = '[]'::jsonb)`,
    ),
  ],
);

/**
 * The lowest unit price staff may quote for an option (decision 016, part 3): a negotiated price
 * below it is refused at the desk and again when the quote is sent. Staff with `prices` set it,
 * audited; an option without a row has no minimum.
 */
export const minimumPrices = pgTable(
  'minimum_prices',
  {
    variantId: integer('variant_id')
      .primaryKey()
      .references(() => variants.id, { onDelete: 'cascade' }),
    minPriceCents: integer('min_price_cents').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('minimum_prices_amount_check', sql`${t.minPriceCents} >= 0`)],
);
