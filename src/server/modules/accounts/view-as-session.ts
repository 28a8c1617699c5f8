import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { companies, companyMembers } from '#server/modules/companies/companies.table.ts';
import type { Viewing } from '#shared/accounts/view-as.schemas.ts';
import { seesOwnCompaniesOnly, staffMay } from '#shared/staff/staff-roles.ts';
import { users } from './accounts.table.ts';
import type { ActiveSession } from './active-session.ts';
import { sessionViews } from './view-as.table.ts';

/**
 * The member a staff session is viewing the store as (decision 016, part 5), as an ActiveSession
 * of that member marked `viewing` (the session row stays the staff member's), while the view has
 * not ended and the member is still an active, enabled member of an enabled company; else null.
 */
export async function viewedSession(
  db: Pick<Db, 'select'>,
  staff: ActiveSession,
  now: Date,
): Promise<ActiveSession | null> {
  // Only while the staff member may still open it: their role reads companies, and a sales rep's
  // company is still theirs (a role or a rep changed since ends the view at once).
  const role = staff.user.staffRole;
  if (staff.user.role !== 'staff' || !role || !staffMay(role, 'companies.read')) return null;
  const [row] = await db
    .select({ view: sessionViews, user: users, member: companyMembers, company: companies })
    .from(sessionViews)
    .innerJoin(users, eq(users.id, sessionViews.memberId))
    .innerJoin(
      companyMembers,
      and(
        eq(companyMembers.userId, sessionViews.memberId),
        eq(companyMembers.companyId, sessionViews.companyId),
        isNull(companyMembers.removedAt),
      ),
    )
    .innerJoin(companies, eq(companies.id, sessionViews.companyId))
    .where(
      and(
        eq(sessionViews.sessionId, staff.session.id),
        gt(sessionViews.endsAt, now),
        isNull(users.disabledAt),
        isNull(companies.disabledAt),
        seesOwnCompaniesOnly(role) ? eq(companies.salesRepId, staff.user.id) : undefined,
      ),
    );
  if (!row) return null;
  return {
    session: staff.session,
    user: row.user,
    member: row.member,
    company: row.company,
    viewing: {
      staffId: staff.user.id,
      staffName: staff.user.name,
      companyId: row.company.id,
      businessName: row.company.businessName,
      endsAt: row.view.endsAt,
    },
  };
}

/** The banner's words for a viewing session, or null. */
export function viewingOf(s: ActiveSession | null): Viewing | null {
  if (!s?.viewing) return null;
  return {
    staffName: s.viewing.staffName,
    memberName: s.user.name,
    businessName: s.viewing.businessName,
    companyId: s.viewing.companyId,
    endsAt: s.viewing.endsAt.toISOString(),
  };
}
