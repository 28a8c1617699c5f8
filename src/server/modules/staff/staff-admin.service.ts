import { asc, eq } from 'drizzle-orm';
import { Conflict, NotFound } from '#server/errors.ts';
import { users } from '#server/modules/accounts/accounts.table.ts';
import { clearTotp, endSessions } from '#server/modules/accounts/credentials.ts';
import type { ScryptCost } from '#server/modules/accounts/password.ts';
import type { StaffContext, WithDb } from '#server/http/request-context.ts';
import { staffAdminMessages } from '#shared/staff/staff.messages.ts';
import { audit } from './audit.service.ts';
import { staffRecoveryCodes } from './staff.table.ts';
import { createStaff, oneTimePassword } from './staff-accounts.ts';

export async function listStaff({ db }: WithDb) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      totpEnabledAt: users.totpEnabledAt,
      passwordChangeRequired: users.passwordChangeRequired,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.role, 'staff'))
    .orderBy(asc(users.name), asc(users.email));
  return rows.map(({ totpEnabledAt, createdAt, ...r }) => ({
    ...r,
    totpEnabled: Boolean(totpEnabledAt),
    createdAt: createdAt.toISOString(),
  }));
}

/** A staff account made from the console: the same as `staff:create`, its one-time password answered once. */
export async function addStaff(ctx: StaffContext, input: { name: string; email: string }, cost: ScryptCost) {
  const password = oneTimePassword();
  const created = await createStaff(ctx.db, { ...input, password, oneTimePassword: true }, cost, ctx.now);
  if (!created) throw new Conflict(staffAdminMessages.emailTaken, 'email');
  await audit(
    ctx.db,
    { actorId: ctx.staffId, action: 'staff.created', entity: 'user', entityId: created.id, after: input },
    ctx.now,
  );
  return { id: created.id, password };
}

/**
 * A lost phone: another staff member clears the authenticator key and recovery codes and ends the
 * member's sessions; at their next sign-in (password) they set up their app again. Not for
 * oneself: a stolen session must not be able to move the second factor to a new phone.
 */
export async function resetStaffTotp(ctx: StaffContext, staffId: string): Promise<void> {
  if (staffId === ctx.staffId) throw new Conflict(staffAdminMessages.notYourself);
  await ctx.db.transaction(async (tx) => {
    const target = await clearTotp(tx, staffId, ctx.staffId, ctx.now);
    if (!target) throw new NotFound(staffAdminMessages.staffNotFound);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, staffId));
    await endSessions(tx, staffId);
    await audit(
      tx,
      {
        actorId: ctx.staffId,
        action: 'staff.totp_reset',
        entity: 'user',
        entityId: staffId,
        before: { email: target.email },
      },
      ctx.now,
    );
  });
}
