import { asc, eq } from 'drizzle-orm';
import { DomainError } from '#server/errors.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { BuyerContext } from '#server/http/request-context.ts';
import type { DocumentPair, Locations } from '#shared/companies/locations.schemas.ts';
import { companies } from './companies.table.ts';
import { memberCompanySql } from './company-sql.ts';
import { documentView } from './documents.service.ts';
import { addresses, type DocumentRow, documents } from './locations.table.ts';
import { toAddress } from './locations.service.ts';

/** A location's (or the company's own) Sales ID and license as the buyer sees them. */
function pairOf(rows: DocumentRow[], now: Date): DocumentPair {
  const view = (kind: string) => {
    const row = rows.find((d) => d.kind === kind);
    return row ? documentView(row, now) : null;
  };
  return { salesId: view('sales_id'), tobaccoLicense: view('tobacco_license') };
}

/**
 * The member's company's locations, each with its own documents, beside the company's own (which
 * stand for a location without its own of a kind) and how many locations it may have. A login
 * without a company (staff) has none to show: 403.
 */
export async function listLocations({ db, userId, now }: BuyerContext): Promise<Locations> {
  const [company] = await db
    .select({ id: companies.id, locationLimit: companies.locationLimit })
    .from(companies)
    .where(eq(companies.id, memberCompanySql(userId)));
  if (!company) throw new DomainError(403, accountMessages.businessAccountOnly);
  const [rows, docs] = await Promise.all([
    db
      .select()
      .from(addresses)
      .where(eq(addresses.companyId, company.id))
      .orderBy(asc(addresses.createdAt), asc(addresses.id)),
    db.select().from(documents).where(eq(documents.companyId, company.id)),
  ]);
  return {
    locations: rows.map((a) => ({
      ...toAddress(a),
      documents: pairOf(
        docs.filter((d) => d.locationId === a.id),
        now,
      ),
    })),
    companyDocuments: pairOf(
      docs.filter((d) => d.locationId === null),
      now,
    ),
    locationLimit: company.locationLimit,
  };
}
