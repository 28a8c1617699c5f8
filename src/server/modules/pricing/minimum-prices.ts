import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { minimumPrices } from './pricing.table.ts';

/**
 * The lowest unit prices staff set for these options (decision 016, part 3), by option id; an
 * option without one is absent. The desk checks a negotiated price against it, and sending a
 * quote checks again.
 */
export async function minimumPricesOf(
  db: Pick<Db, 'select'>,
  variantIds: readonly number[],
): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ variantId: minimumPrices.variantId, minPriceCents: minimumPrices.minPriceCents })
    .from(minimumPrices)
    .where(inArray(minimumPrices.variantId, [...variantIds]));
  return new Map(rows.map((r) => [r.variantId, r.minPriceCents]));
}
