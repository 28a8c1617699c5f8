import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { NotFound } from '#server/errors.ts';
import type { RequestContext, ScopedStaffContext } from '#server/http/request-context.ts';
import { companies, companyMembers } from '#server/modules/companies/companies.table.ts';
import { findCompany } from '#server/modules/companies/companies-staff.service.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { VIEW_AS_MINUTES, type Viewing, viewAsMessages } from '#shared/accounts/view-as.schemas.ts';
import { users } from './accounts.table.ts';
import type { ActiveSession } from './active-session.ts';
import { forgetViewer } from './session.service.ts';
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
  if (staff.user.role !== 'staff') return null;
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

type ViewAsContext = ScopedStaffContext & Pick<RequestContext, 'actor'>;

/**
 * Starts (or moves) the staff session's view to one active member of a company the staff member
 * may read (a sales rep: theirs; any other is a 404), for VIEW_AS_MINUTES; audited as
 * `company.viewed_as` with the member's name. The storefront's next read is the member's.
 */
export async function startViewAs(ctx: ViewAsContext, companyId: string, memberId: string) {
  const company = await findCompany(ctx.db, companyId, ctx.companyScope);
  const [member] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.userId, memberId),
        isNull(companyMembers.removedAt),
        isNull(users.disabledAt),
      ),
    );
  if (!member) throw new NotFound(viewAsMessages.memberNotFound);
  const endsAt = new Date(ctx.now.getTime() + VIEW_AS_MINUTES * 60_000);
  const { session } = ctx.actor;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(sessionViews)
      .values({
        sessionId: session.id,
        staffId: ctx.staffId,
        memberId,
        companyId,
        startedAt: ctx.now,
        endsAt,
      })
      .onConflictDoUpdate({
        target: sessionViews.sessionId,
        set: { memberId, companyId, startedAt: ctx.now, endsAt },
      });
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'company.viewed_as',
        entity: 'company',
        entityId: companyId,
        after: { member: memberId, name: member.name, email: member.email, minutes: VIEW_AS_MINUTES },
      },
      ctx.now,
    );
  });
  forgetViewer(session.tokenHash);
  return {
    message: viewAsMessages.started(member.name, company.businessName),
    viewing: {
      staffName: ctx.actor.user.name,
      memberName: member.name,
      businessName: company.businessName,
      companyId,
      endsAt: endsAt.toISOString(),
    },
  };
}

/** Ends the staff session's view, if any: the storefront is the staff member's own again. */
export async function stopViewAs(ctx: ViewAsContext) {
  const { session } = ctx.actor;
  const ended = await ctx.db
    .delete(sessionViews)
    .where(eq(sessionViews.sessionId, session.id))
    .returning({ id: sessionViews.sessionId });
  forgetViewer(session.tokenHash);
  return { message: ended.length ? viewAsMessages.stopped : viewAsMessages.notViewing };
}
