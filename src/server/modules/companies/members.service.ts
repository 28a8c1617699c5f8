import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { databaseErrorCode } from '#server/db/errors.ts';
import { Conflict, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { disableLogin } from '#server/modules/accounts/credentials.ts';
import { forgetUserSessions } from '#server/modules/accounts/session.service.ts';
import { companyGroups } from '#server/modules/pricing/pricing.table.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { type CompanyRole, leavesNoOwner } from '#shared/companies/companies.rules.ts';
import type { CompanyMember, UpdateMemberInput } from '#shared/companies/companies.schemas.ts';
import { type CompanyMemberRow, companyMembers } from './companies.table.ts';
import type { CompanyContext, MembershipContext } from './companies-context.ts';
import { callerCompany, lockCompany, tellMembers } from './company.service.ts';

const memberColumns = {
  member: companyMembers,
  name: users.name,
  email: users.email,
};
type MemberRowWithUser = { member: CompanyMemberRow; name: string; email: string };

const view = (r: MemberRowWithUser, callerId: string): CompanyMember => ({
  userId: r.member.userId,
  name: r.name,
  email: r.email,
  role: r.member.role as CompanyRole,
  orderLimitCents: r.member.orderLimitCents,
  joinedAt: r.member.joinedAt.toISOString(),
  isYou: r.member.userId === callerId,
});

/** What the audit log keeps of a member before and after a change: who, in which role. */
const facts = (r: MemberRowWithUser) => ({
  userId: r.member.userId,
  name: r.name,
  email: r.email,
  role: r.member.role,
  orderLimitCents: r.member.orderLimitCents,
});

/** One active member of the caller's company (another company's, or a removed one, is not found). */
async function activeMember(db: Pick<Db, 'select'>, companyId: string, userId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.userId, userId),
        eq(companyMembers.companyId, companyId),
        isNull(companyMembers.removedAt),
      ),
    );
  if (!row) throw new NotFound(companyMessages.memberNotFound);
  return row;
}

/** How many active owners the company has besides this member. */
async function otherOwners(db: Pick<Db, 'select'>, companyId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, 'owner'),
        isNull(companyMembers.removedAt),
        ne(companyMembers.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

/** Whether a database error (anywhere in its cause chain) names this constraint. */
function namesConstraint(err: unknown, name: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { constraint, message } = e as { constraint?: unknown; message?: unknown };
    if (constraint === name || (typeof message === 'string' && message.includes(name))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The database's backstop (company_keeps_an_owner, db/functions) refusing a commit says what the
 * service says: a change that slipped past the service's own count is the same conflict.
 */
export async function keepingAnOwner<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (databaseErrorCode(err) === '23514' && namesConstraint(err, 'company_keeps_an_owner'))
      throw new Conflict(companyMessages.lastOwner, 'role');
    throw err;
  }
}

/**
 * After who is in a company changed: when the company has a customer group, every instance reads
 * its price book again (a new member sees the group's prices; a removed one's entry goes).
 */
export async function membershipChanged(
  ctx: Pick<MembershipContext, 'db' | 'pricing' | 'events'>,
  companyId: string,
): Promise<void> {
  const [grouped] = await ctx.db
    .select({ id: companyGroups.companyId })
    .from(companyGroups)
    .where(eq(companyGroups.companyId, companyId));
  if (grouped) await ctx.pricing.changed();
  await tellMembers(ctx, companyId, 'profile');
}

/** The company's active members, first joined first. */
export async function listMembers(ctx: CompanyContext): Promise<CompanyMember[]> {
  const companyId = callerCompany(ctx);
  const rows = await ctx.db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), isNull(companyMembers.removedAt)))
    .orderBy(asc(companyMembers.joinedAt), asc(users.name));
  return rows.map((r) => view(r, ctx.userId));
}

/**
 * An owner sets a member's role and a buyer's order limit (stored; step 4 enforces it). The
 * company row is locked first, and the last owner is never demoted (the trigger backstops it).
 * The member's open pages, and this instance's memory of their sessions, follow the new role.
 */
export async function updateMember(
  ctx: CompanyContext,
  userId: string,
  input: UpdateMemberInput,
): Promise<CompanyMember> {
  const companyId = callerCompany(ctx);
  const updated = await keepingAnOwner(
    ctx.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const before = await activeMember(tx, companyId, userId);
      const owners = before.member.role === 'owner' ? await otherOwners(tx, companyId, userId) : 0;
      if (leavesNoOwner(before.member.role, input.role, owners))
        throw new Conflict(companyMessages.lastOwner, 'role');
      const [member] = await tx
        .update(companyMembers)
        .set({ role: input.role, orderLimitCents: input.orderLimitCents })
        .where(eq(companyMembers.userId, userId))
        .returning();
      const after = { ...before, member: member! };
      await audit(
        tx,
        {
          actorId: ctx.userId,
          action: 'company.member_role_changed',
          entity: 'company',
          entityId: companyId,
          before: facts(before),
          after: facts(after),
        },
        ctx.now,
      );
      return after;
    }),
  );
  forgetUserSessions(userId);
  await tellMembers(ctx, companyId, 'profile');
  return view(updated, ctx.userId);
}

/**
 * An owner removes a member: the membership kept with `removed_at` (orders and the audit log
 * still name them), their login disabled and its sessions ended in the same transaction, so their
 * next request anywhere is a 401. Never oneself, never the last owner.
 */
export async function removeMember(ctx: MembershipContext, userId: string): Promise<CompanyMember> {
  const companyId = callerCompany(ctx);
  if (userId === ctx.userId) throw new Conflict(companyMessages.cannotRemoveYourself);
  const removed = await keepingAnOwner(
    ctx.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const before = await activeMember(tx, companyId, userId);
      const owners = before.member.role === 'owner' ? await otherOwners(tx, companyId, userId) : 0;
      if (leavesNoOwner(before.member.role, null, owners)) throw new Conflict(companyMessages.lastOwner);
      await tx.update(companyMembers).set({ removedAt: ctx.now }).where(eq(companyMembers.userId, userId));
      await disableLogin(tx, userId, ctx.now);
      const entry = { actorId: ctx.userId, action: 'company.member_removed', entity: 'company' };
      await audit(tx, { ...entry, entityId: companyId, before: facts(before), after: null }, ctx.now);
      return before;
    }),
  );
  await membershipChanged(ctx, companyId);
  return view(removed, ctx.userId);
}
