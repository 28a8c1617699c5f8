import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { variants } from '#server/modules/catalogue/catalogue.table.ts';

/** The buyer's cart, on the server so it follows them across devices (DESIGN). */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);
