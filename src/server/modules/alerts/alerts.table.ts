import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';

/**
 * "Notify me": a buyer waiting for an out-of-stock option. When its stock rises above zero the
 * buyer gets one email (through the outbox, in the same transaction) and the alert ends.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    index('stock_alerts_variant_idx').on(t.variantId),
  ],
);
