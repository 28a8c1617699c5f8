import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import { companies } from '#server/modules/companies/companies.table.ts';
import { companyStaffMessages } from '#shared/companies/companies.messages.ts';

/** A company's id in a console path: anything else is no company (404's message). */
export const CompanyParams = z.object({ id: z.uuid({ message: companyStaffMessages.companyNotFound }) });

/**
 * A company staff may see or act on — a sales rep, only their own (`scope`) — or 404, as if it
 * did not exist. `lock`: held (FOR SHARE) until the caller's transaction ends, so it is not
 * disabled or reassigned under a payment being recorded.
 */
export async function staffCompany(
  db: Db,
  scope: string | null,
  companyId: string,
  lock = false,
): Promise<{ id: string; businessName: string }> {
  const query = db
    .select({ id: companies.id, businessName: companies.businessName, salesRepId: companies.salesRepId })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [company] = lock ? await query.for('share') : await query;
  if (!company || (scope && company.salesRepId !== scope))
    throw new NotFound(companyStaffMessages.companyNotFound);
  return { id: company.id, businessName: company.businessName };
}
