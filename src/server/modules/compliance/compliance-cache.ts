import type { Database } from '#server/db/client.ts';
import { NotifiedCache } from '#server/db/notified-cache.ts';
import { type ComplianceData, loadCompliance } from './compliance.service.ts';

export const COMPLIANCE_CHANNEL = 'compliance_changed';

/**
 * The state rules, directory listings and excise rates, read once and kept in memory: the product
 * page's check and every cart read judge from here. A staff change calls `changed()`, which drops
 * this copy and tells every other instance through NOTIFY. Orders do not trust the copy: the
 * order's transaction checks the version it was judged by (see place_order).
 */
export class ComplianceCache extends NotifiedCache<ComplianceData> {
  constructor(database: Database) {
    super(database, COMPLIANCE_CHANNEL, () => loadCompliance(database.db));
  }
}
