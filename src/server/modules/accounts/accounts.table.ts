import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StaffRole } from '#shared/staff/staff-roles.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('buyer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    businessName: text('business_name').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    isCompleted: boolean('is_completed').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Staff only: the TOTP key (base32, sealed by SecretBox); pending until totp_enabled_at is set by a first code. */
    totpSecret: text('totp_secret'),
    /** Staff made with a one-time password choose their own before anything else. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** Staff only: the 30-second step of the last authenticator code accepted; a code of that step or before is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Staff only: what they may do in the console (shared/staff/staff-roles.ts); null for buyers. */
    staffRole: text('staff_role').$type<StaffRole>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('buyer', 'staff')`),
    check(
      'users_staff_role_check',
      sql`(${t.role} = 'staff') = (${t.staffRole} is not null) and ${t.staffRole} in ('admin', 'sales', 'warehouse', 'accounting', 'compliance')`,
    ),
  ],
);

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff sessions reach the console only once a TOTP or recovery code was given in them. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, per client address and per account, for the brute-force limit. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.key, t.failedAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Single-use links sent by mail (verify email, reset password). Only a hash of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** For email changes: the address being verified. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('email_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
    check('email_tokens_purpose_check', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
);
