import { eq } from 'drizzle-orm';
import { audit } from '#server/modules/staff/audit.service.ts';
import type { CompanyRole } from '#shared/companies/companies.rules.ts';
import type { Company, UpdateCompanyInput } from '#shared/companies/companies.schemas.ts';
import { type CompanyRow, companies } from './companies.table.ts';
import type { CompanyContext } from './companies-context.ts';
import { callerCompany, lockCompany, tellMembers } from './company.service.ts';

const view = (c: CompanyRow, role: CompanyRole): Company => ({
  id: c.id,
  businessName: c.businessName,
  phoneNumber: c.phone,
  taxId: c.taxId,
  role,
});

type DetailsContext = CompanyContext & { actor: { member: { role: string } | null } };

/** GET /company: the caller's company and their role in it. */
export async function companyDetails(ctx: DetailsContext): Promise<Company> {
  const [row] = await ctx.db
    .select()
    .from(companies)
    .where(eq(companies.id, callerCompany(ctx)));
  return view(row!, ctx.actor.member!.role as CompanyRole);
}

/**
 * PATCH /company (owners): the business name, phone and tax id (left out: kept). Audited with the
 * owner as actor; every member's open pages read their profile again (the name is theirs too).
 */
export async function updateCompany(ctx: DetailsContext, input: UpdateCompanyInput): Promise<Company> {
  const companyId = callerCompany(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockCompany(tx, companyId);
    const [after] = await tx
      .update(companies)
      .set({
        businessName: input.businessName,
        phone: input.phoneNumber,
        ...(input.taxId === undefined ? {} : { taxId: input.taxId }),
        updatedAt: ctx.now,
      })
      .where(eq(companies.id, companyId))
      .returning();
    const facts = (c: CompanyRow) => ({ businessName: c.businessName, phone: c.phone, taxId: c.taxId });
    const entry = { actorId: ctx.userId, action: 'company.updated', entity: 'company', entityId: companyId };
    await audit(tx, { ...entry, before: facts(before), after: facts(after!) }, ctx.now);
    return after!;
  });
  await tellMembers(ctx, companyId, 'profile');
  return view(row, ctx.actor.member!.role as CompanyRole);
}
