import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { variants } from './catalogue.table.ts';
import { STOCK_CHANNEL } from './catalogue-cache.ts';

/**
 * Gives stock back (a cancelled order item), inside the caller's transaction; every instance's
 * storefront hears of it when the transaction commits. Taking stock is place_order's (one
 * statement, db/functions/place_order.sql), which the orders module runs.
 */
export async function returnStock(tx: Db, variantId: number, quantity: number): Promise<void> {
  await tx
    .update(variants)
    .set({ stock: sql`${variants.stock} + ${quantity}` })
    .where(eq(variants.id, variantId));
  await tx.execute(sql`select pg_notify(${STOCK_CHANNEL}, ${String(variantId)})`);
}
