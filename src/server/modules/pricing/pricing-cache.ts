import type { Database } from '#server/db/client.ts';
import { NotifiedCache } from '#server/db/notified-cache.ts';
import { loadPriceBook, type PriceBook } from './price-book.ts';

export const PRICING_CHANNEL = 'pricing_changed';

/**
 * Customer groups, their price lists and who is in which, read once and kept in memory: grouped
 * buyers' storefront answers and carts are priced from here. A staff change calls `changed()`,
 * which drops this copy and tells every other instance through NOTIFY. Orders check the group's
 * version in their transaction (place_order), so a stale copy can never charge a wrong price.
 */
export class PricingCache extends NotifiedCache<PriceBook> {
  constructor(database: Database) {
    super(database, PRICING_CHANNEL, () => loadPriceBook(database.db));
  }
}
