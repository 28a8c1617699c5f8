import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
  check,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { companies } from './companies.table.ts';

/**
 * A company's locations, the spec's saved addresses (AddressArray): at most the company's limit
 * (the spec's 5), exactly one default once any exist. Decision 015: the SQL name stays `addresses`.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who added it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whose it is; null only for the addresses staff kept from before companies (step 6 removes them). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** What the company calls it ("Main St store"); '' shows the street. */
    name: text('name').notNull().default(''),
    streetAddress: text('street_address').notNull(),
    streetAddress2: text('street_address_2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
    index('addresses_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('addresses_company_default').on(t.companyId).where(sql`${t.isDefault}`),
  ],
);
export type AddressRow = typeof addresses.$inferSelect;

/**
 * A company's Sales ID or tobacco license (or a location's own): one current file per kind. Files live in private
 * storage under a server-made key; the buyer's file name is kept for display only.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who uploaded it; the company's own documents keep it (the release before reads them by it). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Whose documents these are (decision 015). */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A location's own document; null: the company's, standing for every location without its own. */
    locationId: uuid('location_id').references(() => addresses.id, { onDelete: 'cascade' }),
    /** Who uploaded it (any document; `user_id` stays on the company's own for the release before). */
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    md5: text('md5').notNull(),
    status: text('status').notNull().default('pending'),
    reviewerId: uuid('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Recorded by staff when verifying: the license or certificate number and issuing state. */
    documentNumber: text('document_number'),
    issuingState: text('issuing_state'),
    note: text('note'),
    expiresOn: text('expires_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_user_kind_unique').on(t.userId, t.kind),
    uniqueIndex('documents_company_kind_unique').on(t.companyId, t.kind).where(sql`${t.locationId} is null`),
    uniqueIndex('documents_location_kind_unique')
      .on(t.locationId, t.kind)
      .where(sql`${t.locationId} is not null`),
    check('documents_kind_check', sql`${t.kind} in ('sales_id', 'tobacco_license')`),
    check('documents_status_check', sql`${t.status} in ('pending', 'verified', 'reupload_requested')`),
  ],
);
export type DocumentRow = typeof documents.$inferSelect;

/**
 * Expiry reminders sent, one per document, expiry date and stage ('30d', '7d', 'expired'), so
 * every instance's hourly run sends each once, and a renewed document starts over.
 */
export const documentReminders = pgTable(
  'document_reminders',
  {
    id: serial('id').primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    expiresOn: text('expires_on').notNull(),
    stage: text('stage').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_reminders_unique').on(t.documentId, t.expiresOn, t.stage)],
);
