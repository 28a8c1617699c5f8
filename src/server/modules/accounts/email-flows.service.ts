import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { DomainError, Invalid } from '#server/errors.ts';
import { enqueueMail } from '#server/modules/mail/outbox.ts';
import { passwordResetMail, verificationMail } from '#server/modules/mail/templates.ts';
import type { RequestContext } from '#server/http/request-context.ts';
import { accountMessages } from '#shared/accounts/accounts.messages.ts';
import type { AccountsContext } from './accounts-context.ts';
import { type UserRow, users } from './accounts.table.ts';
import { consumeToken, endTokens, issueToken, tokenIsLive, tokensSentSince } from './email-tokens.ts';
import { hashPassword } from './password.ts';
import { deleteOtherSessions } from './session.service.ts';
import { isBlocked, reauthenticate, recordFailure } from './sign-in-limiter.ts';

/** At most 3 verification mails per 10 minutes per account. */
const VERIFY_RESEND = { max: 3, windowMs: 10 * 60_000 };
/** At most 3 reset mails per hour per account (the answer stays the same beyond it). */
const RESET_RESEND = { max: 3, windowMs: 3_600_000 };

export async function queueVerificationMail(tx: Db, user: UserRow, ctx: AccountsContext): Promise<void> {
  const token = await issueToken(tx, user.id, 'verify_email', ctx.now);
  const url = `${ctx.mail.publicUrl}/verify-email?token=${token}`;
  await enqueueMail(tx, verificationMail(ctx.mail.storeName, user.email, user.name, url), ctx.now);
}

class TooManyMails extends DomainError {
  constructor() {
    super(429, accountMessages.tooManyVerificationMails);
  }
}

/** Account banner "Send Link". */
export async function resendVerification(ctx: AccountsContext, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) throw new Invalid(accountMessages.alreadyVerified);
  const since = new Date(ctx.now.getTime() - VERIFY_RESEND.windowMs);
  await ctx.db.transaction(async (tx) => {
    if ((await tokensSentSince(tx, user.id, 'verify_email', since)) >= VERIFY_RESEND.max)
      throw new TooManyMails();
    await queueVerificationMail(tx, user, ctx);
  });
  ctx.mail.kick();
}

export async function verifyEmail(ctx: AccountsContext, token: string): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify_email', ctx.now);
    if (!userId) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    return true;
  });
  if (!done) throw new Invalid(accountMessages.linkInvalid);
}

/**
 * Lost password: the same answer whether or not the email has an account (no enumeration);
 * only a known, enabled account gets mail.
 */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  if (!user || user.disabledAt) return;
  const since = new Date(ctx.now.getTime() - RESET_RESEND.windowMs);
  await ctx.db.transaction(async (tx) => {
    if ((await tokensSentSince(tx, user.id, 'reset_password', since)) >= RESET_RESEND.max) return;
    const token = await issueToken(tx, user.id, 'reset_password', ctx.now);
    const url = `${ctx.mail.publicUrl}/reset-password?token=${token}`;
    await enqueueMail(tx, passwordResetMail(ctx.mail.storeName, user.email, user.name, url), ctx.now);
  });
  ctx.mail.kick();
}

const resetFailureKey = (ip: string) => `reset:ip:${ip}`;

/**
 * Sets the new password, ends every session of the account and every other reset link.
 * Steps, cheapest first: the address's failed-link count (10 in 15 minutes, as for sign-in),
 * then the link itself, then the costly hash (in the shared hashing queue), then one
 * transaction that consumes the link (the final check: of two racing requests one wins).
 */
export async function resetPassword(
  ctx: AccountsContext & { ip: string },
  input: { token: string; password: string },
): Promise<void> {
  const failureKey = resetFailureKey(ctx.ip);
  if (await isBlocked(ctx.db, [failureKey], ctx.now))
    throw new DomainError(429, accountMessages.tooManyResetAttempts);
  if (!(await tokenIsLive(ctx.db, input.token, 'reset_password', ctx.now))) {
    await recordFailure(ctx.db, [failureKey], ctx.now);
    throw new Invalid(accountMessages.linkInvalid);
  }
  const passwordHash = await hashPassword(input.password, ctx.scryptCost);
  const done = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'reset_password', ctx.now);
    if (!userId) return false;
    await tx
      .update(users)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: ctx.now })
      .where(eq(users.id, userId));
    await endTokens(tx, userId, 'reset_password', ctx.now);
    await deleteOtherSessions(tx, userId);
    return true;
  });
  if (!done) throw new Invalid(accountMessages.linkInvalid);
}

/** Change Password: re-checks the old password, keeps this session, ends the others. */
export async function changePassword(
  ctx: AccountsContext & Pick<RequestContext, 'actor'>,
  { oldPassword, password }: { oldPassword: string; password: string },
) {
  const { user, session } = ctx.actor;
  await reauthenticate(ctx.db, user, oldPassword, ctx.now, 'oldPassword');
  const passwordHash = await hashPassword(password, ctx.scryptCost);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: ctx.now })
      .where(eq(users.id, user.id));
    await endTokens(tx, user.id, 'reset_password', ctx.now);
    await deleteOtherSessions(tx, user.id, session.id);
  });
}
