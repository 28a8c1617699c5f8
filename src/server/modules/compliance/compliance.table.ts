import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from '#server/modules/catalogue/catalogue.table.ts';
import type { ProductKind, RuleEffect, TaxBasis } from '#shared/compliance/compliance.constants.ts';
import type { RuleCondition } from '#shared/compliance/rules.ts';

/**
 * State rules as data: where (states, '*' for all), about what (a condition on the compliance
 * attributes), what they do, from and until when, on whose word. Retired rules stay for the record.
 */
export const complianceRules = pgTable(
  'compliance_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    states: text('states').array().notNull(),
    condition: jsonb('condition').$type<RuleCondition>().notNull(),
    effect: text('effect').$type<RuleEffect>().notNull(),
    effectiveFrom: date('effective_from').notNull(),
    /** The first day it no longer applies. */
    effectiveUntil: date('effective_until'),
    source: text('source').notNull(),
    retired: boolean('retired').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'compliance_rules_effect_check',
      sql`${t.effect} in ('no_sale', 'directory_only', 'licence_required', 'no_delivery')`,
    ),
    check(
      'compliance_rules_dates_check',
      sql`${t.effectiveUntil} is null or ${t.effectiveUntil} > ${t.effectiveFrom}`,
    ),
  ],
);

/** A product listed (or struck) in a state's directory of approved vapor products. */
export const directoryListings = pgTable(
  'directory_listings',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    listed: boolean('listed').notNull().default(true),
    listingId: text('listing_id').notNull().default(''),
    listedOn: date('listed_on'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.state] })],
);

/** A state's excise rate (shared/compliance/excise.ts says how it is charged). */
export const exciseRates = pgTable(
  'excise_rates',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull(),
    name: text('name').notNull(),
    kinds: text('kinds').array().$type<ProductKind[]>().notNull(),
    basis: text('basis').$type<TaxBasis>().notNull(),
    rateMilli: integer('rate_milli').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    effectiveUntil: date('effective_until'),
    collects: boolean('collects').notNull().default(true),
    source: text('source').notNull(),
    retired: boolean('retired').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'excise_rates_basis_check',
      sql`${t.basis} in ('percent_wholesale', 'per_ml', 'per_unit', 'per_cartridge')`,
    ),
    check('excise_rates_rate_check', sql`${t.rateMilli} >= 0`),
  ],
);

/**
 * One row: bumped in the same transaction as every change to rules, listings or rates. An order
 * holds it shared while it is placed and checks it is still the version it was judged by, so a
 * rule added meanwhile is honoured (the order is judged again) and never slips past.
 */
export const complianceVersion = pgTable(
  'compliance_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('compliance_version_one_row', sql`${t.id} = 1`)],
);

/** A month's PACT Act report for a state, marked filed by staff. */
export const pactFilings = pgTable(
  'pact_filings',
  {
    state: text('state').notNull(),
    /** YYYY-MM. */
    month: text('month').notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    filedBy: text('filed_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.month] })],
);

/**
 * A month's excise return for a state, marked filed by staff (decision 018), like the PACT list;
 * the amount filed is kept, so a credit note issued later shows as a change to file.
 */
export const exciseFilings = pgTable(
  'excise_filings',
  {
    state: text('state').notNull(),
    /** YYYY-MM. */
    month: text('month').notNull(),
    /** The excise the return showed when it was marked filed, in cents. */
    filedCents: bigint('filed_cents', { mode: 'number' }).notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    filedBy: uuid('filed_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.month] })],
);
