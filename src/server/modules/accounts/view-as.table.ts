import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '#server/modules/companies/companies.table.ts';
import { sessions, users } from './accounts.table.ts';

/**
 * A staff session viewing the storefront as one member of a company (decision 016, part 5): at
 * most one per session, ending at `endsAt`, or with the session (signing out, expiry), or when
 * staff stop it. While it lasts, that session's storefront requests are the member's, read only.
 */
export const sessionViews = pgTable(
  'session_views',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_views_member_idx').on(t.memberId)],
);
