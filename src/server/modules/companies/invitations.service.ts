import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { Conflict, DomainError, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { emailHasLogin } from '#server/modules/accounts/credentials.ts';
import { hashToken } from '#server/modules/accounts/session.service.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { invitationMail } from '#server/modules/mail/templates.ts';
import { audit } from '#server/modules/staff/audit.service.ts';
import { companyMessages } from '#shared/companies/companies.messages.ts';
import {
  type CompanyRole,
  INVITATION_DAYS,
  INVITATION_LIFETIME_MS,
  INVITATION_RESEND_GAP_MS,
  INVITATION_SEND_LIMIT,
  invitationStatus,
} from '#shared/companies/companies.rules.ts';
import type { Invitation, InviteInput } from '#shared/companies/companies.schemas.ts';
import { type CompanyInvitationRow, type CompanyRow, companyInvitations } from './companies.table.ts';
import type { CompanyContext, InvitationContext } from './companies-context.ts';
import { callerCompany, lockCompany } from './company.service.ts';

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** A new link: 256 random bits in the mail, only their SHA-256 stored (as sessions and email tokens). */
export function newInvitationToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

const ROLE_PHRASES: Record<CompanyRole, string> = { owner: 'an owner', buyer: 'a buyer', viewer: 'a viewer' };

export function invitationView(row: CompanyInvitationRow, invitedBy: string, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as CompanyRole,
    orderLimitCents: row.orderLimitCents,
    invitedBy,
    sentAt: (row.resentAt ?? row.createdAt).toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row, now) === 'pending' ? 'pending' : 'expired',
  };
}

/** The invitation in the outbox, in the caller's transaction: sent when it commits. */
async function queueInvitationMail(
  tx: Tx,
  ctx: InvitationContext,
  invite: { row: CompanyInvitationRow; token: string; company: CompanyRow; inviter: string },
) {
  const url = `${ctx.mail.publicUrl}/invitation?token=${invite.token}`;
  const mail = invitationMail(
    ctx.mail.storeName,
    invite.row.email,
    {
      businessName: invite.company.businessName,
      inviter: invite.inviter,
      role: ROLE_PHRASES[invite.row.role as CompanyRole],
      days: INVITATION_DAYS,
    },
    url,
  );
  await enqueueMail(tx, mail, ctx.now);
}

/**
 * The company's invitation mails (new or sent again) within the window are under the limit: the
 * count runs under the company row's lock, so two owners sending at once count each other.
 */
async function checkSendLimit(tx: Tx, companyId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - INVITATION_SEND_LIMIT.windowMs);
  const [row] = await tx
    .select({ n: count() })
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        or(gt(companyInvitations.createdAt, since), gt(companyInvitations.resentAt, since)),
      ),
    );
  if ((row?.n ?? 0) >= INVITATION_SEND_LIMIT.max)
    throw new DomainError(429, companyMessages.tooManyInvitations);
}

const inviterName = async (db: Pick<Db, 'select'>, userId: string) =>
  (await db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]?.name ?? '';

/** The company's open invitations (not accepted, not withdrawn), the latest sent first. */
export async function listInvitations(ctx: CompanyContext): Promise<Invitation[]> {
  const companyId = callerCompany(ctx);
  const rows = await ctx.db
    .select({ row: companyInvitations, invitedBy: users.name })
    .from(companyInvitations)
    .innerJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isNull(companyInvitations.acceptedAt),
        isNull(companyInvitations.withdrawnAt),
      ),
    )
    .orderBy(desc(sql`coalesce(${companyInvitations.resentAt}, ${companyInvitations.createdAt})`));
  return rows.map((r) => invitationView(r.row, r.invitedBy, ctx.now));
}

/**
 * An owner invites someone by email, as owner, buyer (with an optional order limit) or viewer.
 * Refused: an email that has a login already (one company per login, decision 015 open question
 * 1; a removed member's too), one with an open invitation here, past the company's send limit.
 * The invitation, its mail and its audit entry commit together.
 */
export async function invite(ctx: InvitationContext, input: InviteInput): Promise<Invitation> {
  const companyId = callerCompany(ctx);
  if (await emailHasLogin(ctx.db, input.email)) throw new Conflict(companyMessages.emailHasAccount, 'email');
  const { token, tokenHash } = newInvitationToken();
  const inviter = await inviterName(ctx.db, ctx.userId);
  let row: CompanyInvitationRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const company = await lockCompany(tx, companyId);
      await checkSendLimit(tx, companyId, ctx.now);
      const [open] = await tx
        .select({ id: companyInvitations.id })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            sql`lower(${companyInvitations.email}) = ${input.email.toLowerCase()}`,
            isNull(companyInvitations.acceptedAt),
            isNull(companyInvitations.withdrawnAt),
          ),
        );
      if (open) throw new Conflict(companyMessages.alreadyInvited, 'email');
      const [created] = await tx
        .insert(companyInvitations)
        .values({
          companyId,
          email: input.email,
          role: input.role,
          orderLimitCents: input.orderLimitCents,
          tokenHash,
          invitedBy: ctx.userId,
          createdAt: ctx.now,
          expiresAt: new Date(ctx.now.getTime() + INVITATION_LIFETIME_MS),
        })
        .returning();
      await queueInvitationMail(tx, ctx, { row: created!, token, company, inviter });
      const { email, role, orderLimitCents } = input;
      const entry = { actorId: ctx.userId, action: 'company.member_invited', entity: 'invitation' };
      await audit(tx, { ...entry, entityId: created!.id, after: { email, role, orderLimitCents } }, ctx.now);
      return created!;
    });
  } catch (err) {
    // Another path raced this one to the same email: the partial unique index let one through.
    if (isUniqueViolation(err) === 'company_invitations_open_email_unique')
      throw new Conflict(companyMessages.alreadyInvited, 'email');
    throw err;
  }
  ctx.mail.kick();
  return invitationView(row, inviter, ctx.now);
}

/** One invitation of the caller's company that is still open (another company's is not found). */
async function openInvitation(tx: Tx, companyId: string, id: string): Promise<CompanyInvitationRow> {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.id, id), eq(companyInvitations.companyId, companyId)));
  if (!row) throw new NotFound(companyMessages.invitationNotFound);
  if (row.acceptedAt) throw new Conflict(companyMessages.alreadyAccepted);
  if (row.withdrawnAt) throw new Conflict(companyMessages.alreadyWithdrawn);
  return row;
}

/**
 * Sends an open invitation again (an expired one too): a new link, valid 7 days from now; the old
 * link stops working. At most once a minute, and within the company's send limit.
 */
export async function resendInvitation(ctx: InvitationContext, id: string): Promise<Invitation> {
  const companyId = callerCompany(ctx);
  const { token, tokenHash } = newInvitationToken();
  const inviter = await inviterName(ctx.db, ctx.userId);
  const row = await ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    const before = await openInvitation(tx, companyId, id);
    const lastSent = (before.resentAt ?? before.createdAt).getTime();
    if (ctx.now.getTime() - lastSent < INVITATION_RESEND_GAP_MS)
      throw new DomainError(429, companyMessages.sentMomentAgo);
    await checkSendLimit(tx, companyId, ctx.now);
    if (await emailHasLogin(tx, before.email)) throw new Conflict(companyMessages.emailHasAccount);
    const expiresAt = new Date(ctx.now.getTime() + INVITATION_LIFETIME_MS);
    const [updated] = await tx
      .update(companyInvitations)
      .set({ tokenHash, expiresAt, resentAt: ctx.now })
      .where(eq(companyInvitations.id, id))
      .returning();
    await queueInvitationMail(tx, ctx, { row: updated!, token, company, inviter });
    const entry = { actorId: ctx.userId, action: 'company.invitation_resent', entity: 'invitation' };
    await audit(
      tx,
      {
        ...entry,
        entityId: id,
        before: { email: before.email, expiresAt: before.expiresAt.toISOString() },
        after: { email: before.email, expiresAt: expiresAt.toISOString() },
      },
      ctx.now,
    );
    return updated!;
  });
  ctx.mail.kick();
  return invitationView(row, inviter, ctx.now);
}

/** Withdraws an open invitation: its link stops working at once. */
export async function withdrawInvitation(ctx: InvitationContext, id: string): Promise<void> {
  const companyId = callerCompany(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await openInvitation(tx, companyId, id);
    const [done] = await tx
      .update(companyInvitations)
      .set({ withdrawnAt: ctx.now })
      .where(
        and(
          eq(companyInvitations.id, id),
          isNull(companyInvitations.acceptedAt),
          isNull(companyInvitations.withdrawnAt),
        ),
      )
      .returning({ id: companyInvitations.id });
    // Accepted between the read and the write: it is a member now, not an invitation.
    if (!done) throw new Conflict(companyMessages.alreadyAccepted);
    const entry = { actorId: ctx.userId, action: 'company.invitation_withdrawn', entity: 'invitation' };
    await audit(tx, { ...entry, entityId: id, before: { email: before.email, role: before.role } }, ctx.now);
  });
}
