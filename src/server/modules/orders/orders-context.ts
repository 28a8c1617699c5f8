import type { ChangeFeed } from '#server/db/change-feed.ts';
import type { Database, Db } from '#server/db/client.ts';
import type { RequestContext } from '#server/http/request-context.ts';
import type { CartLineRow } from '#server/modules/cart/cart-lines.ts';
import type { CatalogueCache } from '#server/modules/catalogue/catalogue-cache.ts';
import type { ComplianceData } from '#server/modules/compliance/compliance.service.ts';
import type { ComplianceCache } from '#server/modules/compliance/compliance-cache.ts';
import type { MailSettings } from '#server/modules/mail/mail-settings.ts';
import type { GroupBook } from '#server/modules/pricing/price-book.ts';
import type { PricingCache } from '#server/modules/pricing/pricing-cache.ts';
import type { StoreSettings } from '#server/modules/store/store-settings.ts';

/**
 * What placing an order uses: the request (its time, the signed-in actor, a fresh look at the
 * session) and the parts it reads and tells. The route passes its `req.ctx`.
 */
export type PlaceOrderContext = Pick<RequestContext, 'now' | 'actor' | 'session'> & {
  db: Db;
  /**
   * Raw statements: place_order is called through it, not the query builder (drizzle's PGlite
   * driver gives every statement its own result parsers, and PGlite then copies its 318-entry
   * parser table: about 80 µs a statement, a tenth of an order's time on PGlite).
   */
  database: Pick<Database, 'query'>;
  mail: MailSettings;
  /** The store's settings: the delivery fee, the unverified cap, its own state, the carrier. */
  settings: StoreSettings;
  /**
   * The catalogue read model this instance keeps current (the database checks its prices); an
   * order's stock is taken off it before the answer, so the buyer's next page shows it.
   */
  catalogue: CatalogueCache;
  /** State rules, listings and rates; the database checks their version. */
  compliance: ComplianceCache;
  /** Customer groups and price lists; the database checks the buyer's group and its version. */
  pricing: PricingCache;
  /** Told after an order commits, so every instance reads its change events at once. */
  changes: ChangeFeed;
};

/** The store's settings an order is placed with, read once per order. */
export interface OrderingSettings {
  deliveryFeeCents: number;
  /** Orders from buyers without both documents verified are capped at this subtotal. */
  unverifiedCapCents: number;
  /** Pickup orders are judged and taxed as shipped to the store's own state. */
  storeState: string;
  /** Recorded on each order for the PACT Act report. */
  carrier: string;
}

/**
 * What one try at placing an order reads, once, and is priced and judged by: from this instance's
 * memory on the first try (no query when it can), from the database on a later one, after
 * place_order found the memory behind (order-lines.ts, readOrder).
 */
export interface OrderReading {
  source: 'memory' | 'database';
  lines: CartLineRow[];
  /** The buyer's license states when already known; undefined: read while judging. */
  licences: string[] | undefined;
  rules: ComplianceData;
  group: GroupBook | null;
}
