import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { Conflict, DomainError, NotFound } from '#server/errors.ts';
import { type UserRow, users } from '#server/modules/accounts/accounts.table.ts';
import { emailHasLogin, insertMemberUser } from '#server/modules/accounts/credentials.ts';
import { hashPassword } from '#server/modules/accounts/password.ts';
import { createSession, hashToken } from '#server/modules/accounts/session.service.ts';
import { isBlocked, recordFailure } from '#server/modules/accounts/sign-in-limiter.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import { type CompanyRole, invitationStatus } from '#shared/companies/companies.rules.ts';
import type { AcceptInvitationInput, InvitationPreview } from '#shared/companies/companies.schemas.ts';
import {
  type CompanyInvitationRow,
  type CompanyMemberRow,
  type CompanyRow,
  companies,
  companyInvitations,
  companyMembers,
} from './companies.table.ts';
import type { AcceptContext } from './companies-context.ts';
import { membershipChanged } from './members.service.ts';

/** A link that no longer works (used, withdrawn, expired): 410, with what to do about it. */
class Gone extends DomainError {
  constructor(message: string) {
    super(410, message);
  }
}

/** The invitation behind a link and its company, or undefined for a token no invitation has. */
async function findByToken(db: Pick<Db, 'select'>, token: string) {
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select({ invitation: companyInvitations, company: companies })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, hashToken(token)));
  return row;
}

/** Why a found invitation cannot be accepted now, or null when it can. A disabled company's is withdrawn. */
function refusal(
  found: { invitation: CompanyInvitationRow; company: CompanyRow },
  now: Date,
): DomainError | null {
  const status = invitationStatus(found.invitation, now);
  if (status === 'accepted') return new Gone(companyMessages.invitationUsed);
  if (status === 'withdrawn' || found.company.disabledAt)
    return new Gone(companyMessages.invitationWithdrawnLink);
  if (status === 'expired') return new Gone(companyMessages.invitationExpired);
  return null;
}

/** GET /invitations/:token: what the link invites to, or why it no longer works. */
export async function previewInvitation(
  ctx: { db: Db; now: Date },
  token: string,
): Promise<InvitationPreview> {
  const found = await findByToken(ctx.db, token);
  if (!found) throw new NotFound(companyMessages.invitationInvalid);
  const refused = refusal(found, ctx.now);
  if (refused) throw refused;
  return {
    businessName: found.company.businessName,
    email: found.invitation.email,
    role: found.invitation.role as CompanyRole,
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

const failureKey = (ip: string) => `invitation:ip:${ip}`;

/**
 * Accepts an invitation: a login for its email (verified: the link reached it) with the name and
 * password given, a member of the company in the invited role, signed in as sign-in does. Steps,
 * cheapest first: the address's count of unknown links (as for reset links), the link, the email
 * not taken, the costly hash, then one transaction that claims the invitation with a conditional
 * update (of two accepts at once, exactly one claims it; the other is told it was used), makes the
 * login and the membership, and audits it with the new member as actor. Any refusal inside rolls
 * all of it back, the invitation unclaimed.
 */
export async function acceptInvitation(
  ctx: AcceptContext,
  token: string,
  input: AcceptInvitationInput,
): Promise<{
  user: UserRow;
  membership: { company: CompanyRow; member: CompanyMemberRow };
  session: { token: string; expiresAt: Date };
}> {
  if (await isBlocked(ctx.db, [failureKey(ctx.ip)], ctx.now))
    throw new DomainError(429, companyMessages.tooManyInvitationAttempts);
  const found = await findByToken(ctx.db, token);
  if (!found) {
    await recordFailure(ctx.db, [failureKey(ctx.ip)], ctx.now);
    throw new NotFound(companyMessages.invitationInvalid);
  }
  const refused = refusal(found, ctx.now);
  if (refused) throw refused;
  if (await emailHasLogin(ctx.db, found.invitation.email))
    throw new Conflict(companyMessages.emailHasAccount);
  const passwordHash = await hashPassword(input.password, ctx.scryptCost);

  const joined = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(companyInvitations)
      .set({ acceptedAt: ctx.now })
      .where(
        and(
          eq(companyInvitations.tokenHash, hashToken(token)),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.withdrawnAt),
          gt(companyInvitations.expiresAt, ctx.now),
        ),
      )
      .returning();
    if (!claimed) {
      // Taken meanwhile by another accept, withdrawn, expired, or sent again with a new link.
      const current = await findByToken(tx, token);
      if (!current) throw new NotFound(companyMessages.invitationInvalid);
      throw refusal(current, ctx.now) ?? new Gone(companyMessages.invitationUsed);
    }
    const [company] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, claimed.companyId))
      .for('share');
    if (!company || company.disabledAt) throw new Gone(companyMessages.invitationWithdrawnLink);
    const login = await insertMemberUser(
      tx,
      { email: claimed.email, name: input.name, passwordHash, company },
      ctx.now,
    );
    if (!login) throw new Conflict(companyMessages.emailHasAccount);
    const [member] = await tx
      .insert(companyMembers)
      .values({
        userId: login.id,
        companyId: company.id,
        role: claimed.role,
        orderLimitCents: claimed.orderLimitCents,
        joinedAt: ctx.now,
      })
      .returning();
    await tx
      .update(companyInvitations)
      .set({ acceptedUserId: login.id })
      .where(eq(companyInvitations.id, claimed.id));
    const entry = { actorId: login.id, action: 'company.invitation_accepted', entity: 'invitation' };
    const after = { email: claimed.email, name: input.name, role: claimed.role };
    await audit(tx, { ...entry, entityId: claimed.id, after }, ctx.now);
    const [user] = await tx.select().from(users).where(eq(users.id, login.id));
    return { user: user!, membership: { company, member: member! } };
  });
  const session = await createSession(ctx.db, joined.user.id, false, ctx.now);
  await membershipChanged(ctx, joined.membership.company.id);
  return { ...joined, session };
}
