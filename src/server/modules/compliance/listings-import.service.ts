import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { ListingEntry } from '#shared/compliance/compliance-csv.ts';
import { bumpComplianceVersion } from './compliance.service.ts';
import { directoryListings } from './compliance.table.ts';

/**
 * Directory listings from the catalogue CSV, inside the import's transaction: each product named
 * is listed in exactly the states given (entries upserted, other states it was listed in struck),
 * the compliance version bumped once (orders being placed finish first or are judged again), one
 * audit entry. The caller tells every instance once the import commits (`compliance.changed()`).
 */
export async function replaceListings(
  tx: Db,
  who: { staffId: string; now: Date },
  changes: readonly { productId: number; listings: readonly ListingEntry[] }[],
): Promise<void> {
  if (!changes.length) return;
  await bumpComplianceVersion(tx);
  for (const { productId, listings } of changes) {
    const states = listings.map((l) => l.state);
    await tx
      .update(directoryListings)
      .set({ listed: false, updatedAt: who.now })
      .where(
        and(
          eq(directoryListings.productId, productId),
          eq(directoryListings.listed, true),
          states.length ? notInArray(directoryListings.state, states) : undefined,
        ),
      );
    if (!listings.length) continue;
    const values = listings.map((l) => ({ productId, ...l, listed: true, updatedAt: who.now }));
    await tx
      .insert(directoryListings)
      .values(values)
      .onConflictDoUpdate({
        target: [directoryListings.productId, directoryListings.state],
        set: {
          listed: true,
          listingId: sql`excluded.listing_id`,
          listedOn: sql`excluded.listed_on`,
          updatedAt: who.now,
        },
      });
  }
  await audit(
    tx,
    {
      actorId: who.staffId,
      action: 'compliance.listings_imported',
      entity: 'directory_listing',
      entityId: 'csv',
      after: { products: changes.length, productIds: changes.slice(0, 100).map((c) => c.productId) },
    },
    who.now,
  );
}
