import { sql } from 'drizzle-orm';
import { bigserial, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (`xid8`), as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Changes written inside the transaction that makes them (an order's stock and the buyer's cart
 * event), read by every instance after commit: see change-feed.ts. Kept an hour.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The transaction that wrote it: readers take only transactions older than every running one. */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    channel: text('channel').notNull(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_events_xid_idx').on(t.xid)],
);
