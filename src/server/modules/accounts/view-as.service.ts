import { and, eq, isNull } from 'drizzle-orm';
import { Conflict, NotFound } from '#server/errors.ts';
import type { RequestContext, ScopedStaffContext } from '#server/http/request-context.ts';
import { companyMembers } from '#server/modules/companies/companies.table.ts';
import { findCompany } from '#server/modules/companies/companies-staff.service.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { VIEW_AS_MINUTES, viewAsMessages } from '#shared/accounts/view-as.schemas.ts';
import { users } from './accounts.table.ts';
import { forgetViewer } from './session.service.ts';
import { sessionViews } from './view-as.table.ts';

type ViewAsContext = ScopedStaffContext & Pick<RequestContext, 'actor'>;

/**
 * Starts (or moves) the staff session's view to one active member of a company the staff member
 * may read (a sales rep: theirs; any other is a 404), for VIEW_AS_MINUTES; audited as
 * `company.viewed_as` with the member's name. The storefront's next read is the member's.
 */
export async function startViewAs(ctx: ViewAsContext, companyId: string, memberId: string) {
  const company = await findCompany(ctx.db, companyId, ctx.companyScope);
  // A disabled company's members cannot sign in: there is no store of theirs to view.
  if (company.disabledAt) throw new Conflict(viewAsMessages.companyDisabled);
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
