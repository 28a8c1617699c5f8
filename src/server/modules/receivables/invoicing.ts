import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Keeps an order's invoices equal to what it owes, inside the caller's transaction (the database
 * function invoice_order, decision 017): its first invoice as it ships (when none was issued as it
 * was placed); after a change, a credit note or a supplementary invoice for the difference.
 */
export async function invoiceOrder(
  tx: Pick<Db, 'execute'>,
  orderId: string,
  now: Date,
  event: 'shipped' | 'changed',
  reason = '',
): Promise<void> {
  await tx.execute(
    sql`select invoice_order(${orderId}::uuid, ${now.toISOString()}::timestamptz, ${event}, ${reason})`,
  );
}
