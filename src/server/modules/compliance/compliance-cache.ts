import type { Database } from '#server/db/client.ts';
import { NotifiedCache } from '#server/db/notified-cache.ts';
import { type ComplianceData, loadCompliance } from './compliance.service.ts';

export const COMPLIANCE_CHANNEL = 'compliance_changed';

/** How many buyers' licence states an instance remembers (all are forgotten when it is full). */
export const LICENCE_MEMO_MAX = 50_000;

/**
 * The state rules, directory listings and excise rates, read once and kept in memory: the product
 * page's check and every cart read judge from here. A staff change calls `changed()`, which drops
 * this copy and tells every other instance through NOTIFY. Orders do not trust the copy: the
 * order's transaction checks the version it was judged by (see place_order).
 */
export class ComplianceCache extends NotifiedCache<ComplianceData> {
  private readonly licenceMemo = new Map<string, { day: string; states: string[] }>();

  constructor(database: Database) {
    super(database, COMPLIANCE_CHANNEL, () => loadCompliance(database.db));
  }

  /**
   * The license states last read for a buyer and a location of their company (null: the default)
   * on this day (a cart read or an order's judgement read them), for the order that follows to be
   * judged without reading them again. Only a first guess:
   * place_order compares them with the database's under lock, and a stale memory means one more
   * try from the database, never a wrong judgement.
   */
  licencesOf(userId: string, locationId: string | null, day: string): string[] | undefined {
    const known = this.licenceMemo.get(`${userId}:${locationId ?? ''}`);
    return known?.day === day ? known.states : undefined;
  }

  rememberLicences(userId: string, locationId: string | null, day: string, states: string[]): void {
    if (this.licenceMemo.size >= LICENCE_MEMO_MAX) this.licenceMemo.clear();
    this.licenceMemo.set(`${userId}:${locationId ?? ''}`, { day, states });
  }
}
