import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';

/**
 * A business that buys from the store (decision 015): its name, phone and tax id, whether its
 * profile is complete, how many locations it may keep. Its people are `company_members`; its
 * customer group is pricing's `company_groups`; its orders carry `orders.company_id`.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    phone: text('phone').notNull(),
    /** An EIN or a state id, as the business gives it (no format check); null when not given. */
    taxId: text('tax_id'),
    /** SPEC isCompleted: the first address and the documents given (/nextpage). */
    isCompleted: boolean('is_completed').notNull().default(false),
    /** The address book's limit (the spec's 5); staff raise it for a chain. */
    locationLimit: integer('location_limit').notNull().default(5),
    /** A disabled company's members cannot sign in, and their sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The sales rep who looks after the company (decision 016): a staff member whose role is sales
     * sees only the companies that name them. Staff set it; it outlives a change of the rep's role.
     */
    salesRepId: uuid('sales_rep_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_location_limit_check', sql`${t.locationLimit} between 1 and 50`),
    index('companies_sales_rep_idx').on(t.salesRepId),
    index('companies_name_trgm_idx').using('gin', sql`lower(${t.businessName}) gin_trgm_ops`),
  ],
);
export type CompanyRow = typeof companies.$inferSelect;

export const COMPANY_ROLES = ['owner', 'buyer', 'viewer'] as const;

/**
 * A login's place in a company: one company per login (the key). A removed member's row stays,
 * so orders and the audit log still name them.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    role: text('role').notNull(),
    /** A buyer's order limit in cents (orders over it wait for an owner); null: no limit. */
    orderLimitCents: integer('order_limit_cents'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId).where(sql`${t.removedAt} is null`),
    check('company_members_role_check', sql`${t.role} in ('owner', 'buyer', 'viewer')`),
    check(
      'company_members_limit_check',
      sql`${t.orderLimitCents} is null or (${t.role} = 'buyer' and ${t.orderLimitCents} >= 0)`,
    ),
  ],
);
export type CompanyMemberRow = typeof companyMembers.$inferSelect;

/**
 * An invitation to join a company by email (decision 015, step 3): a single-use link whose token
 * is kept only as its SHA-256 (as sessions and email tokens are), working for 7 days from when it
 * was sent or sent again. Accepted, withdrawn and expired ones stay, as the record of who asked whom.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    orderLimitCents: integer('order_limit_cents'),
    tokenHash: text('token_hash').notNull().unique(),
    /** The member (or, from step 5, the staff member) who sent it. */
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resentAt: timestamp('resent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    // One open invitation per email and company (an expired one is sent again, not doubled).
    uniqueIndex('company_invitations_open_email_unique')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
    index('company_invitations_email_idx').on(sql`lower(${t.email})`),
    check('company_invitations_role_check', sql`${t.role} in ('owner', 'buyer', 'viewer')`),
    check(
      'company_invitations_limit_check',
      sql`${t.orderLimitCents} is null or (${t.role} = 'buyer' and ${t.orderLimitCents} >= 0)`,
    ),
  ],
);
export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;

/**
 * What staff note about a company in the console (decision 015, step 5): a call, a promise, a
 * warning for the next colleague. Written by staff only; kept with the company.
 */
export const companyNotes = pgTable(
  'company_notes',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The staff member who wrote it. */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_notes_company_created_idx').on(t.companyId, t.createdAt),
    check('company_notes_body_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
export type CompanyNoteRow = typeof companyNotes.$inferSelect;
